/**
 * The CronTab example: its controller converges status on the generated fake clientset, and on
 * our apiserver serving stable.example.com compiled in (runAPIServer with apiGroups), where the
 * group is in discovery beside the built-ins, kubectl prints its columns, and status writes go
 * through the status subresource, and with its generated OpenAPI kubectl explains it, server-side
 * apply and fieldValidation know its fields, and scale is served; and the generated CRD manifest
 * applied with kubectl to our apiserver enforces the validation markers, applies defaults and
 * serves scale.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { runAPIServer } from "../../apiserver/server/run.js";
import { cronTabAPI, selectorFor, setupCronTabController } from "../../examples/crontab/controller.js";
import { Manager } from "../../framework/index.js";
import type { CronTab } from "../../examples/crontab/api/stable/v1/types.js";
import { scheme as crontabScheme } from "../../examples/crontab/generated/apis/register.js";
import * as crontabOpenAPI from "../../examples/crontab/generated/openapi/index.js";
import { Clientset } from "../../examples/crontab/generated/clientset/index.js";
import { FakeClientset } from "../../examples/crontab/generated/clientset/fake/index.js";
import { mergeSchemes, Scheme } from "../../runtime/scheme.js";
import { scheme as builtinScheme } from "../../generated/apis/register.js";
import { eventually as waitUntil } from "../support/wait.js";

const run = promisify(execFile);

/** One request as the admin user, straight over HTTPS (to set query parameters kubectl does not). */
async function fetchAs(
  server: Awaited<ReturnType<typeof runAPIServer>>,
  method: string,
  path: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method,
        ca: server.certs.ca.cert,
        cert: server.certs.admin.cert,
        key: server.certs.admin.key,
        headers: { "Content-Type": "application/json" },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** `fn()`'s first value that is neither undefined nor false, through test/support/wait.ts. */
const eventually = <T>(fn: () => Promise<T | undefined> | T | undefined, ms = 10_000): Promise<T> =>
  waitUntil("condition", async () => fn(), ms);

const cronTab = (name: string, replicas?: number): CronTab => ({
  apiVersion: "stable.example.com/v1",
  kind: "CronTab",
  metadata: { name, namespace: "default" },
  spec: { cronSpec: "* * * * */5", image: "my-awesome-cron-image", ...(replicas !== undefined ? { replicas } : {}) },
});

describe("CronTab example controller", () => {
  it("sets status from spec on the fake clientset", async () => {
    const client = new FakeClientset(cronTab("a", 3), cronTab("b"));
    // The framework's manager on the generated fake clientset: no apiserver needed.
    const mgr = new Manager({});
    mgr.setClientset(cronTabAPI, client);
    setupCronTabController(mgr);
    const stop = new AbortController();
    const running = mgr.start(stop.signal);
    try {
      const a = await eventually(async () => {
        const got = await client.stableV1().cronTabs("default").get("a");
        return got.status?.replicas === 3 ? got : undefined;
      });
      expect(a.status).toEqual({ replicas: 3, labelSelector: "crontab=a" });
      const b = await eventually(async () => {
        const got = await client.stableV1().cronTabs("default").get("b");
        return got.status?.replicas !== undefined ? got : undefined;
      });
      expect(b.status).toEqual({ replicas: 1, labelSelector: selectorFor(b) });
      // A spec change is seen through the watch and followed.
      await client
        .stableV1()
        .cronTabs("default")
        .update({ ...a, spec: { ...a.spec!, replicas: 5 } });
      await eventually(async () => ((await client.stableV1().cronTabs("default").get("a")).status?.replicas === 5 ? true : undefined));
      const writes = client.actions().filter((x) => x.verb === "update" && x.subresource === "status");
      expect(writes.length).toBe(3);
    } finally {
      stop.abort();
      await running;
    }
  });

  it("serves stable.example.com compiled in beside the built-ins and converges against it", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-crontab-"));
    const server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", apiGroups: [crontabScheme], log: () => {} });
    const stop = new AbortController();
    try {
      // The typed client speaks protobuf through the example's generated codecs; discovery reads JSON.
      const client = Clientset.fromKubeconfig({ path: server.kubeconfig }, { contentType: "application/vnd.kubernetes.protobuf" });
      const discovery = Clientset.fromKubeconfig({ path: server.kubeconfig }).discovery();
      const groups = await discovery.serverGroups();
      const names = groups.groups.map((g) => g.name);
      expect(names).toContain("stable.example.com");
      expect(names).toContain("rbac.authorization.k8s.io");
      const resources = await discovery.serverResourcesForGroupVersion("stable.example.com/v1");
      expect(resources.resources.find((r) => r.name === "crontabs")).toMatchObject({
        kind: "CronTab",
        namespaced: true,
        shortNames: ["ct"],
      });

      const cronTabs = client.stableV1().cronTabs("default");
      await cronTabs.create(cronTab("my-new-cron-object", 2));
      const mgr = new Manager({});
      mgr.setClientset(cronTabAPI, client);
      setupCronTabController(mgr);
      const running = mgr.start(stop.signal);
      const done = await eventually(async () => {
        const got = await cronTabs.get("my-new-cron-object");
        return got.status?.replicas === 2 ? got : undefined;
      });
      expect(done.status).toEqual({ replicas: 2, labelSelector: "crontab=my-new-cron-object" });
      // Writes to the main resource leave status alone: the status subresource owns it.
      const put = await cronTabs.update({ ...done, status: { replicas: 99 } });
      expect(put.status?.replicas).toBe(2);

      // kubectl finds the group by short name and prints the declared columns.
      const kubectl = (...args: string[]): Promise<string> =>
        run("kubectl", ["--kubeconfig", server.kubeconfig, ...args], { timeout: 30_000 }).then((r) => r.stdout);
      const table = (await kubectl("get", "ct", "-n", "default")).trim().split("\n");
      expect(table[0]!.split(/\s{2,}/)).toEqual(["NAME", "SPEC", "REPLICAS", "AGE"]);
      expect(table[1]!.split(/\s{2,}/).slice(0, 3)).toEqual(["my-new-cron-object", "* * * * */5", "2"]);
      expect(
        await kubectl(
          "get",
          "crontabs.stable.example.com",
          "my-new-cron-object",
          "-n",
          "default",
          "-o",
          "jsonpath={.status.labelSelector}",
        ),
      ).toBe("crontab=my-new-cron-object");
      stop.abort();
      await running;
    } finally {
      stop.abort();
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("serves the compiled-in group's OpenAPI: explain, server-side apply, fieldValidation, scale", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-crontab-openapi-"));
    const server = await runAPIServer({
      dataDir,
      securePort: 0,
      bindAddress: "127.0.0.1",
      apiGroups: [{ scheme: crontabScheme, openapi: crontabOpenAPI }],
      log: () => {},
    });
    const kubectl = async (...args: string[]): Promise<{ code: number; out: string; err: string }> => {
      try {
        const r = await run("kubectl", ["--kubeconfig", server.kubeconfig, ...args], { timeout: 30_000, maxBuffer: 64 << 20 });
        return { code: 0, out: r.stdout, err: r.stderr };
      } catch (e) {
        const err = e as { code?: number; stdout?: string; stderr?: string };
        return { code: typeof err.code === "number" ? err.code : 1, out: err.stdout ?? "", err: err.stderr ?? "" };
      }
    };
    const manifest = (file: string, name: string, spec: string): string => {
      const at = path.join(dataDir, file);
      fs.writeFileSync(
        at,
        `apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: ${name}\n  namespace: default\nspec:\n${spec}`,
      );
      return at;
    };
    try {
      // The documents: the group's definitions in v2, its group-version document listed in v3.
      const v2 = JSON.parse((await kubectl("get", "--raw", "/openapi/v2")).out) as {
        definitions: Record<string, unknown>;
        paths: Record<string, unknown>;
      };
      expect(v2.definitions["com.example.crontab.api.stable.v1.CronTab"]).toMatchObject({
        "x-kubernetes-group-version-kind": [{ group: "stable.example.com", kind: "CronTab", version: "v1" }],
      });
      expect(v2.definitions["io.k8s.api.core.v1.Namespace"]).toBeDefined();
      // meta/v1 definitions both documents have stay the built-in ones, listing the group's kinds too.
      expect(v2.definitions["io.k8s.apimachinery.pkg.apis.meta.v1.DeleteOptions"]).toMatchObject({
        "x-kubernetes-group-version-kind": expect.arrayContaining([
          { group: "", kind: "DeleteOptions", version: "v1" },
          { group: "stable.example.com", kind: "DeleteOptions", version: "v1" },
        ]),
      });
      expect(v2.paths["/apis/stable.example.com/v1/namespaces/{namespace}/crontabs/{name}"]).toBeDefined();
      const v3 = JSON.parse((await kubectl("get", "--raw", "/openapi/v3")).out) as { paths: Record<string, { serverRelativeURL: string }> };
      const link = v3.paths["apis/stable.example.com/v1"]?.serverRelativeURL;
      expect(link).toMatch(/^\/openapi\/v3\/apis\/stable.example.com\/v1\?hash=[0-9A-F]{128}$/);
      expect(v3.paths["api/v1"]).toBeDefined();
      const doc = JSON.parse((await kubectl("get", "--raw", link!)).out) as { components: { schemas: Record<string, unknown> } };
      expect(doc.components.schemas["com.example.crontab.api.stable.v1.CronTabSpec"]).toBeDefined();

      const explain = await kubectl("explain", "crontab.spec");
      expect(explain.code, explain.err).toBe(0);
      expect(explain.out).toContain("cronSpec");
      expect(explain.out).toContain("The schedule in cron format");

      // Server-side apply, twice; a second manager changing a field the first owns conflicts.
      const applied = manifest("applied.yaml", "applied", "  cronSpec: '* * * * */5'\n  image: one\n  replicas: 2\n");
      const first = await kubectl("apply", "--server-side", "-f", applied);
      expect(first.code, first.err).toBe(0);
      expect(first.out).toContain("crontab.stable.example.com/applied serverside-applied");
      const again = await kubectl(
        "apply",
        "--server-side",
        "-f",
        manifest("applied.yaml", "applied", "  cronSpec: '* * * * */5'\n  image: two\n  replicas: 2\n"),
      );
      expect(again.code, again.err).toBe(0);
      const live = JSON.parse(
        (await kubectl("get", "ct", "applied", "-n", "default", "-o", "json", "--show-managed-fields")).out,
      ) as CronTab;
      expect(live.spec).toEqual({ cronSpec: "* * * * */5", image: "two", replicas: 2 });
      expect(live.metadata?.managedFields?.map((m) => [m.manager, m.operation])).toEqual([["kubectl", "Apply"]]);
      expect(live.metadata?.managedFields?.[0]?.fieldsV1).toEqual({ "f:spec": { "f:cronSpec": {}, "f:image": {}, "f:replicas": {} } });
      const other = await kubectl(
        "apply",
        "--server-side",
        "--field-manager=other",
        "-f",
        manifest("other.yaml", "applied", "  cronSpec: '* * * * */5'\n  replicas: 4\n"),
      );
      expect(other.code).not.toBe(0);
      expect(other.err).toContain('conflict with "kubectl": .spec.replicas');
      // Strategic merge patch is served (the kind has a schema).
      const smp = await kubectl("patch", "ct", "applied", "-n", "default", "--type=strategic", "-p", '{"spec":{"image":"three"}}');
      expect(smp.code, smp.err).toBe(0);

      // fieldValidation: unknown fields fail under Strict, warn (and are dropped) under Warn.
      const unknown = manifest("unknown.yaml", "unknown", "  cronSpec: '* * * * */5'\n  bogus: 1\n");
      const strict = await kubectl("create", "--validate=strict", "-f", unknown);
      expect(strict.code).not.toBe(0);
      expect(strict.err).toContain('unknown field "spec.bogus"');
      const raw = await fetchAs(server, "POST", "/apis/stable.example.com/v1/namespaces/default/crontabs?fieldValidation=Strict", {
        apiVersion: "stable.example.com/v1",
        kind: "CronTab",
        metadata: { name: "raw" },
        spec: { cronSpec: "* * * * */5", bogus: 1 },
      });
      expect(raw.status).toBe(400);
      expect(raw.body).toMatchObject({ kind: "Status", reason: "BadRequest" });
      expect((raw.body as { message: string }).message).toContain('strict decoding error: unknown field "spec.bogus"');
      const warn = await kubectl("create", "--validate=warn", "-f", unknown);
      expect(warn.code, warn.err).toBe(0);
      expect(warn.err).toContain('unknown field "spec.bogus"');
      const stored = JSON.parse((await kubectl("get", "ct", "unknown", "-n", "default", "-o", "json")).out) as CronTab;
      // replicas: the schema's +default=1, applied compiled in as for the CRD.
      expect(stored.spec).toEqual({ cronSpec: "* * * * */5", replicas: 1 });

      // The scale subresource, from the kind's +kubebuilder:subresource:scale paths.
      const resources = JSON.parse((await kubectl("get", "--raw", "/apis/stable.example.com/v1")).out) as {
        resources: { name: string; kind: string; group?: string; version?: string }[];
      };
      expect(resources.resources.find((r) => r.name === "crontabs/scale")).toMatchObject({
        kind: "Scale",
        group: "autoscaling",
        version: "v1",
      });
      const scaled = await kubectl("scale", "ct", "applied", "-n", "default", "--replicas=3");
      expect(scaled.code, scaled.err).toBe(0);
      expect((await kubectl("get", "ct", "applied", "-n", "default", "-o", "jsonpath={.spec.replicas}")).out).toBe("3");
      const scale = JSON.parse(
        (await kubectl("get", "--raw", "/apis/stable.example.com/v1/namespaces/default/crontabs/applied/scale")).out,
      ) as Record<string, unknown>;
      expect(scale).toMatchObject({
        apiVersion: "autoscaling/v1",
        kind: "Scale",
        metadata: { name: "applied", namespace: "default" },
        spec: { replicas: 3 },
        status: { replicas: 0 },
      });
      const negative = await kubectl("scale", "ct", "applied", "-n", "default", "--replicas=-1");
      expect(negative.code).not.toBe(0);

      // A CRD served beside the group: the documents it extends keep the compiled-in group.
      const crd = path.join(dataDir, "crd.yaml");
      fs.writeFileSync(
        crd,
        [
          "apiVersion: apiextensions.k8s.io/v1",
          "kind: CustomResourceDefinition",
          "metadata: {name: gadgets.tools.example.net}",
          "spec:",
          "  group: tools.example.net",
          "  scope: Namespaced",
          "  names: {plural: gadgets, singular: gadget, kind: Gadget, listKind: GadgetList}",
          "  versions:",
          "  - name: v1",
          "    served: true",
          "    storage: true",
          "    schema: {openAPIV3Schema: {type: object, properties: {spec: {type: object, properties: {size: {type: integer}}}}}}",
          "",
        ].join("\n"),
      );
      expect((await kubectl("apply", "-f", crd)).code).toBe(0);
      expect((await kubectl("wait", "--for=condition=Established", "crd/gadgets.tools.example.net", "--timeout=20s")).code).toBe(0);
      const both = await eventually(async () => {
        const d = JSON.parse((await kubectl("get", "--raw", "/openapi/v2")).out) as { definitions: Record<string, unknown> };
        return d.definitions["net.example.tools.v1.Gadget"] ? d : undefined;
      });
      expect(both.definitions["com.example.crontab.api.stable.v1.CronTab"]).toBeDefined();
      const index = JSON.parse((await kubectl("get", "--raw", "/openapi/v3")).out) as { paths: Record<string, unknown> };
      expect(Object.keys(index.paths)).toEqual(
        expect.arrayContaining(["apis/stable.example.com/v1", "apis/tools.example.net/v1", "api/v1"]),
      );
      expect((await kubectl("explain", "crontab.spec.cronSpec")).code).toBe(0);
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("applies the generated CRD manifest to our apiserver: markers enforced, defaults, columns, scale", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-crontab-crd-"));
    const server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", log: () => {} });
    const kubectl = async (...args: string[]): Promise<{ code: number; out: string }> => {
      try {
        const r = await run("kubectl", ["--kubeconfig", server.kubeconfig, ...args], { timeout: 30_000 });
        return { code: 0, out: r.stdout };
      } catch (e) {
        const err = e as { code?: number; stderr?: string };
        return { code: err.code ?? 1, out: err.stderr ?? "" };
      }
    };
    const manifest = (name: string, spec: string): string => {
      const file = path.join(dataDir, `${name}.yaml`);
      fs.writeFileSync(
        file,
        `apiVersion: stable.example.com/v1\nkind: CronTab\nmetadata:\n  name: ${name}\n  namespace: default\nspec:\n${spec}`,
      );
      return file;
    };
    try {
      const crd = path.resolve("examples/crontab/generated/crds/stable.example.com_crontabs.yaml");
      expect((await kubectl("apply", "-f", crd)).code).toBe(0);
      expect((await kubectl("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=20s")).code).toBe(0);

      const bad = await kubectl("create", "-f", manifest("bad", "  cronSpec: nope\n  replicas: 11\n"));
      expect(bad.code).not.toBe(0);
      expect(bad.out).toContain('The CronTab "bad" is invalid');
      expect(bad.out).toContain("spec.cronSpec: Invalid value");
      expect(bad.out).toContain("spec.replicas: Invalid value: 11: spec.replicas in body should be less than or equal to 10");

      expect((await kubectl("create", "-f", manifest("good", "  cronSpec: '* * * * */5'\n  image: my-awesome-cron-image\n"))).code).toBe(0);
      // +kubebuilder:default=1 applied by the server.
      expect((await kubectl("get", "ct", "good", "-n", "default", "-o", "jsonpath={.spec.replicas}")).out).toBe("1");
      const table = (await kubectl("get", "ct", "-n", "default")).out.trim().split("\n");
      expect(table[0]!.split(/\s{2,}/)).toEqual(["NAME", "SPEC", "REPLICAS", "AGE"]);
      expect((await kubectl("scale", "ct", "good", "-n", "default", "--replicas=3")).code).toBe(0);
      expect((await kubectl("get", "ct", "good", "-n", "default", "-o", "jsonpath={.spec.replicas}")).out).toBe("3");
    } finally {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);

  it("merges schemes: the user's meta/v1 registration is the built-in one, other clashes throw", () => {
    const merged = mergeSchemes(builtinScheme, crontabScheme);
    expect(merged.recognizes({ group: "stable.example.com", version: "v1", kind: "CronTab" })).toBe(true);
    expect(merged.recognizes({ group: "", version: "v1", kind: "Namespace" })).toBe(true);
    expect(merged.groupVersions().filter((gv) => gv.group === "meta.k8s.io")).toHaveLength(1);
    const clash = new Scheme();
    clash.addKnownTypes({ group: "stable.example.com", version: "v1" }, [{ kind: "CronTab" }]);
    expect(() => mergeSchemes(crontabScheme, clash)).toThrow(/kind CronTab is already registered in stable.example.com\/v1/);
  });
});
