/**
 * The garbage collector with the real kubectl against `kubegen up` (apiserver and
 * controller-manager in one process): `kubectl delete --cascade=background|foreground|orphan`
 * behave as on upstream, step by step (the owner's finalizers during a foreground deletion are
 * observed through a blocking dependent that holds a finalizer of its own); a CronTab owning a
 * ConfigMap and a Secret takes them with it; a ClusterRole owning a namespaced ConfigMap too.
 */
import path from "node:path";
import { expect, it } from "vitest";
import { ROOT } from "../support/apiserver-process.js";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";
import { eventually as until } from "../support/wait.js";

const { kubectl, file: writeFile } = kubectlServer("kubegen-gc-e2e-", {
  enabled: kubectlAvailable,
  spawn: { command: "up", extraArgs: ["--endpoint-reconciler-type", "none", "--leader-elect=false"] },
});

async function uid(kind: string, name: string, ns?: string): Promise<string> {
  const r = await kubectl("get", kind, name, "-o", "jsonpath={.metadata.uid}", ...(ns ? ["-n", ns] : []));
  expect(r.code).toBe(0);
  return r.stdout.trim();
}

/** The object as JSON, or undefined when it is gone. */
async function get(
  kind: string,
  name: string,
  ns = "default",
): Promise<{ metadata: { finalizers?: string[]; deletionTimestamp?: string; ownerReferences?: { name: string }[] } } | undefined> {
  const r = await kubectl("get", kind, name, "-n", ns, "-o", "json");
  if (r.code !== 0) {
    expect(r.stderr).toContain("NotFound");
    return undefined;
  }
  return JSON.parse(r.stdout);
}

const gone = async (kind: string, name: string, ns = "default"): Promise<boolean> => (await get(kind, name, ns)) === undefined;

interface Owner {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  block?: boolean;
}

/** Creates ConfigMaps owned by `owner` with kubectl apply. */
async function dependents(owner: Owner, names: string[], ns = "default", finalizers: string[] = []): Promise<void> {
  const docs = names.map((n) =>
    [
      "apiVersion: v1",
      "kind: ConfigMap",
      "metadata:",
      `  name: ${n}`,
      `  namespace: ${ns}`,
      ...(finalizers.length ? ["  finalizers:", ...finalizers.map((f) => `  - ${f}`)] : []),
      "  ownerReferences:",
      `  - apiVersion: ${owner.apiVersion}`,
      `    kind: ${owner.kind}`,
      `    name: ${owner.name}`,
      `    uid: ${owner.uid}`,
      ...(owner.block ? ["    blockOwnerDeletion: true"] : []),
      "data:",
      "  a: b",
    ].join("\n"),
  );
  const r = await kubectl("apply", "-f", writeFile(`deps-${names[0]}.yaml`, docs.join("\n---\n") + "\n"));
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
}

async function configMapOwner(name: string): Promise<Owner> {
  expect((await kubectl("create", "configmap", name)).code).toBe(0);
  return { apiVersion: "v1", kind: "ConfigMap", name, uid: await uid("configmap", name) };
}

describeWithTools(["kubectl"], "kubegen up: the garbage collector through kubectl", () => {
  it("--cascade=background deletes the owner at once, then its dependents", async () => {
    const owner = await configMapOwner("bg-owner");
    await dependents(owner, ["bg-a", "bg-b"]);
    const del = await kubectl("delete", "configmap", "bg-owner", "--cascade=background");
    expect(del.code).toBe(0);
    expect(del.stdout).toContain('configmap "bg-owner" deleted');
    expect(await gone("configmap", "bg-owner")).toBe(true);
    await until("bg-a and bg-b gone", async () => (await gone("configmap", "bg-a")) && (await gone("configmap", "bg-b")));
  }, 60_000);

  it("--cascade=foreground keeps the owner with foregroundDeletion until its blocking dependents are gone", async () => {
    const owner = await configMapOwner("fg-owner");
    await dependents({ ...owner, block: true }, ["fg-held"], "default", ["example.com/hold"]);
    await dependents({ ...owner, block: true }, ["fg-plain"]);
    const del = await kubectl("delete", "configmap", "fg-owner", "--cascade=foreground", "--wait=false");
    expect(del.code).toBe(0);
    expect(del.stdout).toContain('configmap "fg-owner" deleted');

    // The collector deletes the dependents; the held one stays, marked, and so does the owner.
    await until("fg-plain gone", () => gone("configmap", "fg-plain"));
    await until("fg-held marked", async () => (await get("configmap", "fg-held"))?.metadata.deletionTimestamp !== undefined);
    const waiting = await get("configmap", "fg-owner");
    expect(waiting?.metadata.deletionTimestamp).toBeDefined();
    expect(waiting?.metadata.finalizers).toEqual(["foregroundDeletion"]);
    expect((await get("configmap", "fg-held"))?.metadata.finalizers).toEqual(["example.com/hold"]);

    // Once the held dependent lets go, it goes, and then the owner.
    expect((await kubectl("patch", "configmap", "fg-held", "--type=merge", "-p", '{"metadata":{"finalizers":null}}')).code).toBe(0);
    await until("fg-held gone", () => gone("configmap", "fg-held"));
    await until("fg-owner gone", () => gone("configmap", "fg-owner"));
  }, 60_000);

  it("--cascade=foreground with kubectl waiting returns once the owner is gone, its dependents gone before it", async () => {
    const owner = await configMapOwner("fgw-owner");
    await dependents({ ...owner, block: true }, ["fgw-a", "fgw-b"]);
    const del = await kubectl("delete", "configmap", "fgw-owner", "--cascade=foreground");
    expect(del.code).toBe(0);
    expect(del.stdout).toContain('configmap "fgw-owner" deleted');
    expect(await gone("configmap", "fgw-owner")).toBe(true);
    expect(await gone("configmap", "fgw-a")).toBe(true);
    expect(await gone("configmap", "fgw-b")).toBe(true);
  }, 60_000);

  it("--cascade=orphan deletes the owner and leaves its dependents without the reference", async () => {
    const owner = await configMapOwner("or-owner");
    await dependents({ ...owner, block: true }, ["or-a", "or-b"]);
    const del = await kubectl("delete", "configmap", "or-owner", "--cascade=orphan");
    expect(del.code).toBe(0);
    expect(await gone("configmap", "or-owner")).toBe(true);
    for (const n of ["or-a", "or-b"]) {
      const dep = await get("configmap", n);
      expect(dep).toBeDefined();
      expect(dep?.metadata.ownerReferences).toBeUndefined();
    }
  }, 60_000);

  it("a CronTab (custom resource) owning a ConfigMap and a Secret takes them with it", async () => {
    expect((await kubectl("apply", "-f", path.join(ROOT, "examples/crontab/generated/crds/stable.example.com_crontabs.yaml"))).code).toBe(
      0,
    );
    const cr = writeFile(
      "crontab.yaml",
      'apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: nightly\nspec:\n  cronSpec: "* * * * */5"\n  image: my-awesome-cron-image\n',
    );
    await until("the CronTab created", async () => (await kubectl("apply", "-f", cr)).code === 0);
    const owner: Owner = {
      apiVersion: "stable.example.com/v1",
      kind: "CronTab",
      name: "nightly",
      uid: await uid("crontab", "nightly"),
      block: true,
    };
    await dependents(owner, ["cron-settings"]);
    const secret = writeFile(
      "secret.yaml",
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: cron-secret\n  ownerReferences:\n  - apiVersion: stable.example.com/v1\n    kind: CronTab\n    name: nightly\n    uid: ${owner.uid}\nstringData:\n  token: x\n`,
    );
    expect((await kubectl("apply", "-f", secret)).code).toBe(0);
    expect((await kubectl("delete", "crontab", "nightly")).code).toBe(0);
    await until(
      "the CronTab's ConfigMap and Secret gone",
      async () => (await gone("configmap", "cron-settings")) && (await gone("secret", "cron-secret")),
    );
  }, 60_000);

  it("a ClusterRole (cluster-scoped) owning a ConfigMap in a namespace takes it with it", async () => {
    expect((await kubectl("create", "namespace", "gc-team")).code).toBe(0);
    expect((await kubectl("create", "clusterrole", "gc-reader", "--verb=get", "--resource=configmaps")).code).toBe(0);
    const owner: Owner = {
      apiVersion: "rbac.authorization.k8s.io/v1",
      kind: "ClusterRole",
      name: "gc-reader",
      uid: await uid("clusterrole", "gc-reader"),
    };
    await dependents(owner, ["reader-settings"], "gc-team");
    expect((await kubectl("delete", "clusterrole", "gc-reader")).code).toBe(0);
    await until("reader-settings gone", () => gone("configmap", "reader-settings", "gc-team"));
  }, 60_000);
});
