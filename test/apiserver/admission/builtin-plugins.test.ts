/**
 * The Priority and DefaultStorageClass admission plugins through the real apiserver (SQLite, the
 * default plugin set), with upstream's messages.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { defaultStorageClass } from "../../../apiserver/admission/default-storage-class.js";
import { startRunningServer, type Reply, type TestAPIServer } from "../../support/running-server.js";

let server: TestAPIServer;
const call = (method: string, p: string, body?: unknown): Promise<Reply> => server.call(method, p, body);

const pod = (name: string, spec: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name },
  spec: { containers: [{ name: "c", image: "busybox" }], ...spec },
});
const priorityClass = (name: string, value: number, extra: Record<string, unknown> = {}) => ({
  apiVersion: "scheduling.k8s.io/v1",
  kind: "PriorityClass",
  metadata: { name },
  value,
  ...extra,
});
const PODS = "/api/v1/namespaces/default/pods";
const CLASSES = "/apis/scheduling.k8s.io/v1/priorityclasses";

beforeAll(async () => {
  server = await startRunningServer();
  // The ServiceAccount plugin wants the `default` account (the controller-manager's job): make it.
  await call("POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "default" } });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("managed fields and admission", () => {
  it("owns what the client sent, defaults included, and nothing the admission plugins added", async () => {
    const a = await call("POST", PODS, pod("owned-a"));
    const b = await call("POST", PODS, pod("owned-b"));
    expect(a.status).toBe(201);
    // Admission added the token volume, its mount, tolerations and the priority...
    expect(a.body.spec.volumes[0].name).toMatch(/^kube-api-access-/);
    expect(a.body.spec.tolerations.length).toBe(2);
    // ...which upstream's field manager, run before admission, never records for the client.
    const [entry] = a.body.metadata.managedFields;
    expect(entry).toMatchObject({ operation: "Update", fieldsType: "FieldsV1" });
    const spec = entry.fieldsV1["f:spec"];
    expect(Object.keys(spec)).toEqual(expect.arrayContaining(["f:containers", "f:restartPolicy", "f:dnsPolicy"]));
    for (const added of ["f:volumes", "f:tolerations", "f:priority", "f:preemptionPolicy", "f:serviceAccountName"]) {
      expect(spec, added).not.toHaveProperty([added]);
    }
    const container = spec["f:containers"]['k:{"name":"c"}'];
    expect(container).toHaveProperty(["f:imagePullPolicy"]);
    expect(container).not.toHaveProperty(["f:volumeMounts"]);
    // Two Pods sent alike record the same fields, whatever name admission gave their volumes.
    expect(b.body.metadata.managedFields[0].fieldsV1).toEqual(entry.fieldsV1);
  });
});

describe("Priority admission", () => {
  it("without a default class: priority 0 and PreemptLowerPriority, no class name", async () => {
    const r = await call("POST", PODS, pod("plain"));
    expect(r.status).toBe(201);
    expect(r.body.spec.priority).toBe(0);
    expect(r.body.spec.preemptionPolicy).toBe("PreemptLowerPriority");
    expect(r.body.spec.priorityClassName).toBeUndefined();
    // The ServiceAccount plugin's token volume is named as upstream's: 5 letters of its generated-name alphabet.
    expect(r.body.spec.volumes[0].name).toMatch(/^kube-api-access-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
  });

  it("resolves a named class's value and preemptionPolicy; refuses an unknown class and a conflicting priority", async () => {
    expect((await call("POST", CLASSES, priorityClass("high", 1000, { preemptionPolicy: "Never" }))).status).toBe(201);
    const r = await call("POST", PODS, pod("named", { priorityClassName: "high" }));
    expect(r.status).toBe(201);
    expect(r.body.spec).toMatchObject({ priority: 1000, preemptionPolicy: "Never", priorityClassName: "high" });

    const missing = await call("POST", PODS, pod("missing", { priorityClassName: "nope" }));
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe('pods "missing" is forbidden: no PriorityClass with name nope was found');

    const wrong = await call("POST", PODS, pod("wrong", { priorityClassName: "high", priority: 5 }));
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(
      'pods "wrong" is forbidden: the integer value of priority (5) must not be provided in pod spec; priority admission controller computed 1000 from the given PriorityClass name',
    );
    const policy = await call("POST", PODS, pod("policy", { priorityClassName: "high", preemptionPolicy: "PreemptLowerPriority" }));
    expect(policy.status).toBe(403);
    expect(policy.body.message).toBe(
      'pods "policy" is forbidden: the string value of PreemptionPolicy (PreemptLowerPriority) must not be provided in pod spec; priority admission controller computed Never from the given PriorityClass name',
    );
    // The same value the class gives is fine (what a controller copying a pod sends).
    expect((await call("POST", PODS, pod("same", { priorityClassName: "high", priority: 1000 }))).status).toBe(201);
    // A generated name is named by its prefix, as upstream's admission.NewForbidden.
    const generated = await call("POST", PODS, {
      ...pod(""),
      metadata: { generateName: "gen-" },
      spec: { ...pod("").spec, priorityClassName: "x" },
    });
    expect(generated.body.message).toBe('pods "gen-" is forbidden: no PriorityClass with name x was found');
  });

  it("system classes resolve in any namespace (upstream 1.34), and cannot be deleted", async () => {
    const r = await call("POST", PODS, pod("critical", { priorityClassName: "system-cluster-critical" }));
    expect(r.status).toBe(201);
    expect(r.body.spec.priority).toBe(2000000000);
    const del = await call("DELETE", `${CLASSES}/system-node-critical`);
    expect(del.status).toBe(403);
    expect(del.body.message).toBe(
      'priorityclasses.scheduling.k8s.io "system-node-critical" is forbidden: this is a system priority class and cannot be deleted',
    );
  });

  it("the globalDefault class applies to pods naming none; a second default is refused", async () => {
    expect((await call("POST", CLASSES, priorityClass("fallback", 7, { globalDefault: true }))).status).toBe(201);
    const second = await call("POST", CLASSES, priorityClass("another", 8, { globalDefault: true }));
    expect(second.status).toBe(403);
    expect(second.body.message).toBe(
      'priorityclasses.scheduling.k8s.io "another" is forbidden: PriorityClass fallback is already marked as default. Only one default can exist',
    );
    const marked = await call("PUT", `${CLASSES}/high`, {
      ...(await call("GET", `${CLASSES}/high`)).body,
      globalDefault: true,
    });
    expect(marked.status).toBe(403);
    // The plugin reads classes from a cache that follows their storage: the next create after the
    // cache has the new default gets it (a dry run shows what a create would be given).
    await vi.waitFor(async () => {
      const probe = await call("POST", `${PODS}?dryRun=All`, pod("probe"));
      expect(probe.body.spec?.priorityClassName).toBe("fallback");
    });
    const r = await call("POST", PODS, pod("defaulted"));
    expect(r.body.spec).toMatchObject({ priority: 7, priorityClassName: "fallback", preemptionPolicy: "PreemptLowerPriority" });
    // An update that leaves the resolved fields out keeps them.
    const { priority: _p, preemptionPolicy: _pp, ...rest } = r.body.spec;
    const updated = await call("PUT", `${PODS}/defaulted`, { ...r.body, metadata: { ...r.body.metadata, labels: { a: "b" } }, spec: rest });
    expect(updated.status).toBe(200);
    expect(updated.body.spec).toMatchObject({ priority: 7, preemptionPolicy: "PreemptLowerPriority" });
  });
});

describe("DefaultStorageClass admission", () => {
  const PVCS = "/api/v1/namespaces/default/persistentvolumeclaims";
  const SCS = "/apis/storage.k8s.io/v1/storageclasses";
  const pvc = (name: string, spec: Record<string, unknown> = {}) => ({
    apiVersion: "v1",
    kind: "PersistentVolumeClaim",
    metadata: { name },
    spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } }, ...spec },
  });
  const sc = (name: string, isDefault: boolean) => ({
    apiVersion: "storage.k8s.io/v1",
    kind: "StorageClass",
    metadata: { name, ...(isDefault && { annotations: { "storageclass.kubernetes.io/is-default-class": "true" } }) },
    provisioner: "example.com/disk",
  });

  it("leaves a claim alone without a default; gives the default to claims naming no class", async () => {
    expect((await call("POST", PVCS, pvc("before"))).body.spec.storageClassName).toBeUndefined();
    expect((await call("POST", SCS, sc("plain", false))).status).toBe(201);
    expect((await call("POST", SCS, sc("the-default", true))).status).toBe(201);
    // Seen by the next create once the plugin's cache of StorageClasses has it.
    await vi.waitFor(async () => {
      const probe = await call("POST", `${PVCS}?dryRun=All`, pvc("probe"));
      expect(probe.body.spec?.storageClassName).toBe("the-default");
    });
    expect((await call("POST", PVCS, pvc("one"))).body.spec.storageClassName).toBe("the-default");
    // An explicit class, even "", is the claim's own choice.
    expect((await call("POST", PVCS, pvc("explicit", { storageClassName: "plain" }))).body.spec.storageClassName).toBe("plain");
    expect((await call("POST", PVCS, pvc("none", { storageClassName: "" }))).body.spec.storageClassName).toBe("");
  });

  it("several defaults: the newest wins, equal timestamps go to the first name; the beta annotation counts", () => {
    const at = (name: string, ts: string, key = "storageclass.kubernetes.io/is-default-class") => ({
      metadata: { name, creationTimestamp: ts, annotations: { [key]: "true" } },
    });
    const older = at("a-old", "2026-01-01T00:00:00Z");
    const newer = at("z-new", "2026-01-02T00:00:00Z", "storageclass.beta.kubernetes.io/is-default-class");
    const tie = at("b-tie", "2026-01-02T00:00:00Z");
    expect(defaultStorageClass([older, newer])?.metadata?.name).toBe("z-new");
    expect(defaultStorageClass([older, newer, tie])?.metadata?.name).toBe("b-tie");
    expect(
      defaultStorageClass([{ metadata: { name: "x", annotations: { "storageclass.kubernetes.io/is-default-class": "false" } } }]),
    ).toBe(undefined);
  });
});

describe("--disable-admission-plugins", () => {
  it("without Priority and DefaultStorageClass nothing is resolved", async () => {
    const off = await startRunningServer({ disableAdmissionPlugins: ["Priority", "DefaultStorageClass", "ServiceAccount"] });
    try {
      const r = await off.call("POST", PODS, pod("unresolved", { priorityClassName: "nope" }));
      expect(r.status).toBe(201);
      expect(r.body.spec.priority).toBeUndefined();
      const claim = await off.call("POST", "/api/v1/namespaces/default/persistentvolumeclaims", {
        metadata: { name: "c" },
        spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } },
      });
      expect(claim.body.spec.storageClassName).toBeUndefined();
    } finally {
      await off.stop();
    }
  }, 60_000);
});
