/**
 * The generic store over the in-memory storage: create/get/list/update/patch/delete with
 * upstream's metadata handling, error statuses and messages, selectors, paging,
 * resourceVersion semantics, dry runs, finalizers, generation and status subresources.
 */
import { describe, expect, it, vi } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { StorageError, type Storage } from "../../../apiserver/storage/interface.js";
import { GenericStore, restStorageFor } from "../../../apiserver/registry/store.js";
import { kindStrategy } from "../../../apiserver/registry/resources/kind-strategy.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import type { ResourceInfo } from "../../../runtime/scheme.js";
import { FRESHNESS_WAIT_MS } from "../../../apiserver/registry/cacher/read-semantics.js";
import { cm, ctx, scheme, statusOf, storeFor, utf8 } from "./helpers.js";

/** `fn()` on a fake clock run past the freshness wait: a read ahead of the storage times out without 3 s of real time. */
async function pastFreshnessWait<T>(fn: () => Promise<T>): Promise<T> {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  try {
    const result = fn();
    await vi.advanceTimersByTimeAsync(FRESHNESS_WAIT_MS);
    return await result;
  } finally {
    vi.useRealTimers();
  }
}

function setup() {
  const storage = new MemoryStorage();
  return { storage, configmaps: storeFor(storage, "", "configmaps"), leases: storeFor(storage, "coordination.k8s.io", "leases") };
}

const widgets: ResourceInfo = {
  plural: "widgets",
  singular: "widget",
  kind: "Widget",
  listKind: "WidgetList",
  namespaced: true,
  shortNames: [],
  categories: [],
  verbs: ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
  subresources: ["status"],
  printerColumns: [],
};

describe("create and get", () => {
  it("fills uid, creationTimestamp and resourceVersion and takes the namespace from the request", async () => {
    const { configmaps, storage } = setup();
    const obj = await configmaps.create(ctx("default"), cm("a", { k: "v" }));
    expect(obj.metadata?.namespace).toBe("default");
    expect(obj.metadata?.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(obj.metadata?.creationTimestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(obj.metadata?.resourceVersion).toBe(String(await storage.currentRevision()));
    expect(obj).toMatchObject({ apiVersion: "v1", kind: "ConfigMap", data: { k: "v" } });
    expect(await configmaps.get(ctx("default"), "a")).toEqual(obj);
    // Stored without its resourceVersion, as enveloped protobuf.
    const kv = await storage.get("/registry/core/configmaps/default/a");
    expect(Buffer.from(kv!.value.subarray(0, 4)).toString("latin1")).toBe("k8s\0");
  });

  it("rejects a namespace that differs from the request's, and resourceVersion on create", async () => {
    const { configmaps } = setup();
    const other = { ...cm("a"), metadata: { name: "a", namespace: "other" } };
    expect(await statusOf(configmaps.create(ctx("default"), other))).toMatchObject({
      code: 400,
      reason: "BadRequest",
      message: "the namespace of the provided object does not match the namespace sent on the request",
    });
    const withRV = { ...cm("b"), metadata: { name: "b", resourceVersion: "5" } };
    expect(await statusOf(configmaps.create(ctx("default"), withRV))).toMatchObject({
      code: 500,
      message: "resourceVersion should not be set on objects to be created",
    });
  });

  it("answers AlreadyExists and NotFound with upstream's messages", async () => {
    const { configmaps, leases } = setup();
    await configmaps.create(ctx("default"), cm("a"));
    expect(await statusOf(configmaps.create(ctx("default"), cm("a")))).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: 'configmaps "a" already exists',
      reason: "AlreadyExists",
      details: { name: "a", kind: "configmaps" },
      code: 409,
    });
    await leases.create(ctx("default"), { metadata: { name: "l" }, spec: {} });
    expect((await statusOf(leases.create(ctx("default"), { metadata: { name: "l" } }))).message).toBe(
      'leases.coordination.k8s.io "l" already exists',
    );
    expect(await statusOf(configmaps.get(ctx("default"), "nope"))).toMatchObject({
      code: 404,
      reason: "NotFound",
      message: 'configmaps "nope" not found',
      details: { name: "nope", kind: "configmaps" },
    });
    expect((await statusOf(leases.get(ctx("default"), "nope"))).message).toBe('leases.coordination.k8s.io "nope" not found');
  });

  it("generates names from generateName, retrying on collisions", async () => {
    const { configmaps } = setup();
    const obj = await configmaps.create(ctx("default"), { metadata: { generateName: "web-" } });
    expect(obj.metadata?.name).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    const long = await configmaps.create(ctx("default"), { metadata: { generateName: "x".repeat(70) } });
    expect(long.metadata?.name).toHaveLength(63);

    let failures = 2;
    const inner = new MemoryStorage();
    const flaky: Storage = Object.assign(Object.create(inner) as Storage, {
      create: (key: string, value: Uint8Array) =>
        failures-- > 0 ? Promise.reject(new StorageError("KeyExists", key, "exists")) : inner.create(key, value),
    });
    const store = storeFor(flaky as MemoryStorage, "", "configmaps");
    expect((await store.create(ctx("default"), { metadata: { generateName: "r-" } })).metadata?.name).toMatch(/^r-/);
    failures = 100;
    const status = await statusOf(store.create(ctx("default"), { metadata: { generateName: "r-" } }));
    expect(status).toMatchObject({ code: 409, reason: "AlreadyExists", details: { retryAfterSeconds: 1, kind: "configmaps" } });
    expect(status.message).toMatch(
      /^configmaps "r-\w{5}" already exists, the server was not able to generate a unique name for the object$/,
    );
  });

  it("does not persist dry-run creates but still reports conflicts", async () => {
    const { configmaps, storage } = setup();
    const before = await storage.currentRevision();
    const dry = await configmaps.create(ctx("default"), cm("a"), { dryRun: true });
    expect(dry.metadata?.uid).toBeDefined();
    expect(dry.metadata?.resourceVersion).toBeUndefined();
    expect(await storage.currentRevision()).toBe(before);
    await configmaps.create(ctx("default"), cm("a"));
    expect((await statusOf(configmaps.create(ctx("default"), cm("a"), { dryRun: true }))).reason).toBe("AlreadyExists");
  });
});

describe("update and patch", () => {
  it("detects a stale resourceVersion with upstream's conflict message", async () => {
    const { configmaps } = setup();
    const obj = await configmaps.create(ctx("default"), cm("a", { k: "1" }));
    const next = await configmaps.update(ctx("default"), "a", { ...obj, data: { k: "2" } });
    expect(next.created).toBe(false);
    expect(Number(next.object.metadata?.resourceVersion)).toBeGreaterThan(Number(obj.metadata?.resourceVersion));
    expect(await statusOf(configmaps.update(ctx("default"), "a", { ...obj, data: { k: "3" } }))).toMatchObject({
      code: 409,
      reason: "Conflict",
      message:
        'Operation cannot be fulfilled on configmaps "a": the object has been modified; please apply your changes to the latest version and try again',
      details: { name: "a", kind: "configmaps" },
    });
  });

  it("updates unconditionally without a resourceVersion, except where the kind requires one", async () => {
    const { configmaps, leases } = setup();
    await configmaps.create(ctx("default"), cm("a", { k: "1" }));
    const { object } = await configmaps.update(ctx("default"), "a", cm("a", { k: "2" }));
    expect(object.data).toEqual({ k: "2" });
    await leases.create(ctx("default"), { metadata: { name: "l" }, spec: { holderIdentity: "me" } });
    const status = await statusOf(leases.update(ctx("default"), "l", { metadata: { name: "l" }, spec: {} }));
    expect(status).toMatchObject({ code: 422, reason: "Invalid" });
    expect(status.message).toBe(
      'leases.coordination.k8s.io "l" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update',
    );
  });

  it("keeps uid and creationTimestamp, and conflicts on a different uid", async () => {
    const { configmaps } = setup();
    const obj = await configmaps.create(ctx("default"), cm("a"));
    const meta = { ...obj.metadata, creationTimestamp: "2001-01-01T00:00:00Z" };
    const { object } = await configmaps.update(ctx("default"), "a", { ...obj, metadata: meta, data: { x: "y" } });
    expect(object.metadata?.creationTimestamp).toBe(obj.metadata?.creationTimestamp);
    const wrongUid = { ...object, metadata: { ...object.metadata, uid: "00000000-0000-0000-0000-000000000000" } };
    expect((await statusOf(configmaps.update(ctx("default"), "a", wrongUid))).message).toBe(
      `Operation cannot be fulfilled on configmaps "a": StorageError: invalid object, Code: 4, Key: /registry/core/configmaps/default/a, ResourceVersion: 0, AdditionalErrorMsg: Precondition failed: UID in precondition: 00000000-0000-0000-0000-000000000000, UID in object meta: ${obj.metadata?.uid}`,
    );
    const patchUid = await statusOf(configmaps.patch(ctx("default"), "a", "merge", utf8({ metadata: { uid: "u2" } })));
    expect(patchUid.message).toBe('ConfigMap "a" is invalid: metadata.uid: Invalid value: "u2": field is immutable');
  });

  it("rejects a body whose name is not the URL's", async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), cm("a"));
    expect((await statusOf(configmaps.update(ctx("default"), "a", cm("b")))).message).toBe(
      "the name of the object (b) does not match the name on the URL (a)",
    );
  });

  it("returns NotFound for updates and patches of missing objects unless the kind creates on update", async () => {
    const { configmaps, storage } = setup();
    expect((await statusOf(configmaps.update(ctx("default"), "a", cm("a")))).reason).toBe("NotFound");
    expect(await statusOf(configmaps.patch(ctx("default"), "a", "merge", utf8({})))).toMatchObject({ code: 404 });
    const created = await configmaps.update(ctx("default"), "a", cm("a"), { createIfMissing: true });
    expect(created.created).toBe(true);
    const roles = storeFor(storage, "rbac.authorization.k8s.io", "roles");
    const role = { metadata: { name: "r" }, rules: [{ apiGroups: [""], resources: ["pods"], verbs: ["get"] }] };
    expect((await roles.update(ctx("default"), "r", role)).created).toBe(true);
  });

  it("does not write an update that changes nothing", async () => {
    const { configmaps, storage } = setup();
    const obj = await configmaps.create(ctx("default"), cm("a", { k: "v" }));
    const rev = await storage.currentRevision();
    const { object } = await configmaps.update(ctx("default"), "a", obj);
    expect(object.metadata?.resourceVersion).toBe(obj.metadata?.resourceVersion);
    expect(await storage.currentRevision()).toBe(rev);
  });

  it("does not persist dry-run updates and patches", async () => {
    const { configmaps, storage } = setup();
    const obj = await configmaps.create(ctx("default"), cm("a", { k: "1" }));
    const rev = await storage.currentRevision();
    const dry = await configmaps.update(ctx("default"), "a", { ...obj, data: { k: "2" } }, { dryRun: true });
    expect(dry.object.data).toEqual({ k: "2" });
    expect(dry.object.metadata?.resourceVersion).toBe(obj.metadata?.resourceVersion);
    const dryPatch = await configmaps.patch(ctx("default"), "a", "merge", utf8({ data: { k: "3" } }), { dryRun: true });
    expect(dryPatch.object.data).toEqual({ k: "3" });
    expect(await storage.currentRevision()).toBe(rev);
    expect((await configmaps.get(ctx("default"), "a")).data).toEqual({ k: "1" });
  });

  it("applies JSON, merge and strategic merge patches", async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), cm("a", { k: "1" }, { app: "web", tier: "front" }));
    const json = await configmaps.patch(ctx("default"), "a", "json", utf8([{ op: "replace", path: "/data/k", value: "2" }]));
    expect(json.object.data).toEqual({ k: "2" });
    const merge = await configmaps.patch(ctx("default"), "a", "merge", utf8({ metadata: { labels: { tier: null } }, data: { j: "x" } }));
    expect(merge.object.metadata?.labels).toEqual({ app: "web" });
    expect(merge.object.data).toEqual({ k: "2", j: "x" });
    const smp = await configmaps.patch(ctx("default"), "a", "strategic", utf8({ metadata: { finalizers: ["example.com/a"] } }));
    const smp2 = await configmaps.patch(ctx("default"), "a", "strategic", utf8({ metadata: { finalizers: ["example.com/b"] } }));
    expect(smp.object.metadata?.finalizers).toEqual(["example.com/a"]);
    expect(smp2.object.metadata?.finalizers).toEqual(["example.com/b", "example.com/a"]);
    const failed = await statusOf(configmaps.patch(ctx("default"), "a", "json", utf8([{ op: "test", path: "/data/k", value: "nope" }])));
    expect(failed).toMatchObject({
      code: 422,
      reason: "Invalid",
      message: "the server rejected our request due to an error in our request",
    });
    // Server-side apply is served (test/apiserver/registry/apply.test.ts); only the strategic type is refused for JSON-stored kinds.
    expect(await statusOf(configmaps.patch(ctx("default"), "a", "apply", utf8("{}")))).toMatchObject({ code: 400 });
  });
});

describe("list", () => {
  async function seeded() {
    const s = setup();
    await s.configmaps.create(ctx("default"), cm("a", {}, { app: "web", tier: "front" }));
    await s.configmaps.create(ctx("default"), cm("b", {}, { app: "web", tier: "back" }));
    await s.configmaps.create(ctx("default"), cm("c", {}, { app: "db" }));
    await s.configmaps.create(ctx("other"), cm("d", {}, { app: "web" }));
    return s;
  }

  const names = (l: { items: { metadata?: { name?: string } }[] }): (string | undefined)[] => l.items.map((i) => i.metadata?.name);

  it("lists one namespace or all, with the storage revision as resourceVersion", async () => {
    const { configmaps, storage } = await seeded();
    const list = await configmaps.list(ctx("default"));
    expect(list).toMatchObject({
      apiVersion: "v1",
      kind: "ConfigMapList",
      metadata: { resourceVersion: String(await storage.currentRevision()) },
    });
    expect(names(list)).toEqual(["a", "b", "c"]);
    expect(names(await configmaps.list(ctx()))).toEqual(["a", "b", "c", "d"]);
  });

  it("selects by labels and fields", async () => {
    const { configmaps } = await seeded();
    expect(names(await configmaps.list(ctx("default"), { labelSelector: "app=web,tier!=back" }))).toEqual(["a"]);
    expect(names(await configmaps.list(ctx("default"), { labelSelector: "app in (db)" }))).toEqual(["c"]);
    expect(names(await configmaps.list(ctx(), { fieldSelector: "metadata.namespace=other" }))).toEqual(["d"]);
    expect(names(await configmaps.list(ctx("default"), { fieldSelector: "metadata.name!=b", labelSelector: "app" }))).toEqual(["a", "c"]);
  });

  it("rejects bad selectors and unsupported field labels with 400", async () => {
    const { configmaps, storage } = await seeded();
    expect(await statusOf(configmaps.list(ctx("default"), { fieldSelector: "spec.foo=x" }))).toMatchObject({
      code: 400,
      reason: "BadRequest",
      message: '"spec.foo" is not a known field selector: only "metadata.name", "metadata.namespace"',
    });
    const secrets = storeFor(storage, "", "secrets");
    expect((await statusOf(secrets.list(ctx("default"), { fieldSelector: "data=x" }))).message).toBe("field label not supported: data");
    expect((await statusOf(configmaps.list(ctx("default"), { labelSelector: "a in (" }))).code).toBe(400);
  });

  it("pages with limit and continue at one revision", async () => {
    const { configmaps } = await seeded();
    const first = await configmaps.list(ctx(), { limit: 2 });
    expect(names(first)).toEqual(["a", "b"]);
    expect(first.metadata.remainingItemCount).toBe(2);
    await configmaps.create(ctx("default"), cm("bb"));
    const second = await configmaps.list(ctx(), { limit: 2, continue: first.metadata.continue });
    expect(names(second)).toEqual(["c", "d"]);
    expect(second.metadata.resourceVersion).toBe(first.metadata.resourceVersion);
    expect(second.metadata.continue).toBeUndefined();
    expect(await statusOf(configmaps.list(ctx(), { continue: "garbage" }))).toMatchObject({ code: 400 });
  });

  it("honours resourceVersion and resourceVersionMatch", async () => {
    const { configmaps, storage } = await seeded();
    const rv = String(await storage.currentRevision());
    await configmaps.delete(ctx("default"), "a");
    expect(names(await configmaps.list(ctx("default"), { resourceVersion: rv, resourceVersionMatch: "Exact" }))).toEqual(["a", "b", "c"]);
    expect(names(await configmaps.list(ctx("default"), { resourceVersion: rv, resourceVersionMatch: "NotOlderThan" }))).toEqual(["b", "c"]);
    expect(names(await configmaps.list(ctx("default"), { resourceVersion: "0" }))).toEqual(["b", "c"]);
    const tooLarge = await pastFreshnessWait(() => statusOf(configmaps.list(ctx("default"), { resourceVersion: "999" })));
    expect(tooLarge).toMatchObject({
      code: 504,
      reason: "Timeout",
      message: `Timeout: Too large resource version: 999, current: ${await storage.currentRevision()}`,
    });
    expect(tooLarge.details?.causes).toEqual([{ reason: "ResourceVersionTooLarge", message: "Too large resource version" }]);
    await storage.compact(await storage.currentRevision());
    expect(await statusOf(configmaps.list(ctx("default"), { resourceVersion: rv, resourceVersionMatch: "Exact" }))).toMatchObject({
      code: 410,
      reason: "Expired",
      message: "The resourceVersion for the provided list is too old.",
    });
    expect((await statusOf(configmaps.list(ctx("default"), { resourceVersion: "abc" }))).message).toBe(
      'configmaps "" is invalid: resourceVersion: Invalid value: "abc": strconv.ParseUint: parsing "abc": invalid syntax',
    );
    expect((await statusOf(configmaps.list(ctx("default"), { resourceVersionMatch: "Exact" }))).message).toBe(
      'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided',
    );
  });

  it("answers a get for a resourceVersion beyond the storage with 504", async () => {
    const { configmaps } = await seeded();
    expect((await pastFreshnessWait(() => statusOf(configmaps.get(ctx("default"), "a", { resourceVersion: "1000" })))).code).toBe(504);
    expect((await configmaps.get(ctx("default"), "a", { resourceVersion: "1" })).metadata?.name).toBe("a");
  });
});

describe("delete", () => {
  it("deletes and answers with a Success status naming the object", async () => {
    const { configmaps } = setup();
    const obj = await configmaps.create(ctx("default"), cm("a"));
    const res = await configmaps.delete(ctx("default"), "a");
    expect(res).toEqual({
      deleted: true,
      object: {
        kind: "Status",
        apiVersion: "v1",
        metadata: {},
        status: "Success",
        details: { name: "a", kind: "configmaps", uid: obj.metadata?.uid },
      },
    });
    expect((await statusOf(configmaps.delete(ctx("default"), "a"))).reason).toBe("NotFound");
  });

  it("checks uid and resourceVersion preconditions", async () => {
    const { configmaps } = setup();
    const obj = await configmaps.create(ctx("default"), cm("a"));
    expect((await statusOf(configmaps.delete(ctx("default"), "a", { preconditions: { uid: "x" } }))).message).toBe(
      `Operation cannot be fulfilled on ConfigMap "a": the UID in the precondition (x) does not match the UID in record (${obj.metadata?.uid}). The object might have been deleted and then recreated`,
    );
    expect((await statusOf(configmaps.delete(ctx("default"), "a", { preconditions: { resourceVersion: "1" } }))).message).toBe(
      `Operation cannot be fulfilled on ConfigMap "a": the ResourceVersion in the precondition (1) does not match the ResourceVersion in record (${obj.metadata?.resourceVersion}). The object might have been modified`,
    );
    const ok = await configmaps.delete(ctx("default"), "a", {
      preconditions: { uid: obj.metadata?.uid, resourceVersion: obj.metadata?.resourceVersion },
    });
    expect(ok.deleted).toBe(true);
  });

  it("keeps an object with finalizers, marked with deletionTimestamp, until an update removes the last one", async () => {
    const { configmaps, storage } = setup();
    const obj = await configmaps.create(ctx("default"), {
      ...cm("a"),
      metadata: { name: "a", finalizers: ["example.com/x", "example.com/y"] },
    });
    const res = await configmaps.delete(ctx("default"), "a");
    expect(res.deleted).toBe(false);
    expect(res.object.metadata).toMatchObject({ deletionGracePeriodSeconds: 0, finalizers: ["example.com/x", "example.com/y"] });
    expect(res.object.metadata?.deletionTimestamp).toMatch(/Z$/);
    const again = await configmaps.delete(ctx("default"), "a");
    expect(again.object.metadata?.deletionTimestamp).toBe(res.object.metadata?.deletionTimestamp);
    // No new finalizers once deleting.
    const adding = await statusOf(
      configmaps.patch(
        ctx("default"),
        "a",
        "merge",
        utf8({ metadata: { finalizers: ["example.com/x", "example.com/y", "example.com/z"] } }),
      ),
    );
    expect(adding.message).toBe(
      'ConfigMap "a" is invalid: metadata.finalizers: Forbidden: no new finalizers can be added if the object is being deleted, found new finalizers []string{"example.com/z"}',
    );
    // The deletion timestamp cannot be removed by an update.
    const cleared = await configmaps.update(ctx("default"), "a", {
      ...res.object,
      metadata: { ...res.object.metadata, deletionTimestamp: undefined, finalizers: ["example.com/y"] },
    });
    expect(cleared.object.metadata?.deletionTimestamp).toBe(res.object.metadata?.deletionTimestamp);
    await configmaps.patch(ctx("default"), "a", "merge", utf8({ metadata: { finalizers: null } }));
    expect(await storage.get("/registry/core/configmaps/default/a")).toBeUndefined();
    expect(obj.metadata?.uid).toBeDefined();
  });

  it("does not persist dry-run deletes", async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), cm("a"));
    expect((await configmaps.delete(ctx("default"), "a", { dryRun: true })).deleted).toBe(true);
    await configmaps.create(ctx("default"), { ...cm("b"), metadata: { name: "b", finalizers: ["example.com/f"] } });
    expect((await configmaps.delete(ctx("default"), "b", { dryRun: true })).object.metadata?.deletionTimestamp).toBeDefined();
    expect((await configmaps.get(ctx("default"), "a")).metadata?.name).toBe("a");
    expect((await configmaps.get(ctx("default"), "b")).metadata?.deletionTimestamp).toBeUndefined();
  });

  it("deletes a collection by selector and returns what it deleted", async () => {
    const { configmaps } = setup();
    await configmaps.create(ctx("default"), cm("a", {}, { app: "web" }));
    await configmaps.create(ctx("default"), cm("b", {}, { app: "db" }));
    await configmaps.create(ctx("other"), cm("c", {}, { app: "web" }));
    const gone = await configmaps.deleteCollection(ctx("default"), {}, { labelSelector: "app=web" });
    expect(gone.items.map((i) => i.metadata?.name)).toEqual(["a"]);
    expect((await configmaps.list(ctx())).items.map((i) => i.metadata?.name)).toEqual(["b", "c"]);
  });

  it("deletes a large collection with several deletes in flight, and reports a failing one", async () => {
    const storage = new MemoryStorage();
    let inFlight = 0;
    let maxInFlight = 0;
    const realDelete = storage.delete.bind(storage);
    storage.delete = async (key, options) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        await new Promise((r) => setTimeout(r, 1));
        if (key.endsWith("/bad")) throw new StorageError("Unavailable", key, "storage is down");
        return await realDelete(key, options);
      } finally {
        inFlight--;
      }
    };
    const configmaps = storeFor(storage, "", "configmaps");
    for (let i = 0; i < 100; i++) await configmaps.create(ctx("default"), cm(`cm-${i}`));
    const gone = await configmaps.deleteCollection(ctx("default"));
    expect(gone.items).toHaveLength(100);
    expect((await configmaps.list(ctx("default"))).items).toEqual([]);
    expect(maxInFlight).toBeGreaterThan(1);
    expect(maxInFlight).toBeLessThanOrEqual(16);

    await configmaps.create(ctx("default"), cm("bad"));
    await configmaps.create(ctx("default"), cm("good"));
    await expect(configmaps.deleteCollection(ctx("default"))).rejects.toMatchObject({ status: { code: 500 } });
  });
});

describe("the names' path-segment check after the kind's rules", () => {
  // A kind whose own name rule takes anything: only the store's check can refuse these names.
  const lax = kindStrategy({ kind: "Widget", version: "v1", namespaced: true, hasStatus: true, nameValidator: () => [] });
  const store = (strategy = lax) =>
    new GenericStore({
      storage: new MemoryStorage(),
      scheme,
      group: "example.com",
      version: "v1",
      info: widgets,
      encoding: "json",
      strategy,
    });
  const widget = (metadata: Record<string, unknown>) => ({ apiVersion: "example.com/v1", kind: "Widget", metadata, spec: {} });

  it("refuses a name or generateName no path can hold, whether or not the kind's rules checked ObjectMeta", async () => {
    const own = { ...lax, validatesObjectMeta: false };
    for (const strategy of [lax, own]) {
      const bad = await statusOf(store(strategy).create(ctx("default"), widget({ name: "a%b" })));
      expect(bad).toMatchObject({
        code: 422,
        message: `Widget.example.com "a%b" is invalid: metadata.name: Invalid value: "a%b": may not contain '%'`,
      });
      const dots = await statusOf(store(strategy).create(ctx("default"), widget({ name: ".." })));
      expect(dots.message).toBe(`Widget.example.com ".." is invalid: metadata.name: Invalid value: "..": may not be '..'`);
      const gen = await statusOf(store(strategy).create(ctx("default"), widget({ name: "ok", generateName: "x/" })));
      expect(gen.message).toMatch(
        /^Widget\.example\.com "ok" is invalid: metadata\.generateName: Invalid value: "x\/": may not contain '\/'/,
      );
    }
  });

  it("the kind's ObjectMeta problems come first and alone; a good name passes", async () => {
    const labels = await statusOf(store().create(ctx("default"), widget({ name: "a%b", labels: { "bad key!": "v" } })));
    expect(labels.message).toMatch(/metadata\.labels: Invalid value: "bad key!"/);
    expect(labels.message).not.toMatch(/may not contain/);
    expect((await store().create(ctx("default"), widget({ name: "fine" }))).metadata?.name).toBe("fine");
  });
});

describe("generation and status", () => {
  it("tracks generation on spec changes for custom resources stored as JSON", async () => {
    const storage = new MemoryStorage();
    const store = new GenericStore({ storage, scheme, group: "example.com", version: "v1", info: widgets, encoding: "json" });
    const created = await store.create(ctx("default"), {
      apiVersion: "example.com/v1",
      kind: "Widget",
      metadata: { name: "w" },
      spec: { size: 1 },
      status: { ready: true },
    });
    expect(created.metadata?.generation).toBe(1);
    expect(created.status).toBeUndefined();
    const kv = await storage.get("/registry/example.com/widgets/default/w");
    expect(JSON.parse(new TextDecoder().decode(kv!.value))).toMatchObject({ spec: { size: 1 } });
    const relabeled = await store.patch(ctx("default"), "w", "merge", utf8({ metadata: { labels: { a: "b" } } }));
    expect(relabeled.object.metadata?.generation).toBe(1);
    const resized = await store.patch(ctx("default"), "w", "merge", utf8({ spec: { size: 2 }, status: { ready: true } }));
    expect(resized.object.metadata?.generation).toBe(2);
    expect(resized.object.status).toBeUndefined();
    const status = await store.subresources.status!.update!(
      ctx("default"),
      "w",
      { ...resized.object, spec: { size: 9 }, status: { ready: true } },
      {},
    );
    expect(status.object).toMatchObject({ spec: { size: 2 }, status: { ready: true }, metadata: { generation: 2 } });
    expect(await statusOf(store.patch(ctx("default"), "w", "strategic", utf8({})))).toMatchObject({ code: 415 });
  });

  it("changes a service's status only through the status subresource", async () => {
    const storage = new MemoryStorage();
    const services = storeFor(storage, "", "services");
    const svc = await services.create(ctx("default"), {
      metadata: { name: "web" },
      // Only a LoadBalancer may carry ingress points in its status (upstream's ValidateLoadBalancerStatus).
      spec: { type: "LoadBalancer", ports: [{ port: 80 }] },
      status: { loadBalancer: { ingress: [{ ip: "1.2.3.4" }] } },
    });
    expect(svc.status).toEqual({ loadBalancer: {} });
    const ingress = { loadBalancer: { ingress: [{ ip: "1.2.3.4" }] } };
    const main = await services.update(ctx("default"), "web", { ...svc, status: ingress });
    expect(main.object.status).toEqual({ loadBalancer: {} });
    const viaStatus = await services.subresources.status!.patch!(
      ctx("default"),
      "web",
      "merge",
      utf8({ status: ingress, spec: { type: "NodePort" }, metadata: { labels: { x: "y" } } }),
      {},
    );
    // The status defaults give the IP its mode.
    expect(viaStatus.object.status).toEqual({ loadBalancer: { ingress: [{ ip: "1.2.3.4", ipMode: "VIP" }] } });
    expect(viaStatus.object.spec).toMatchObject({ type: "LoadBalancer" });
    expect(viaStatus.object.metadata?.labels).toBeUndefined();
  });
});

describe("served verbs", () => {
  it("exposes only the verbs each resource lists", () => {
    const storages = buildBuiltinStorages(new MemoryStorage(), scheme);
    const by = (plural: string) => storages.find((s) => s.info.plural === plural)!;
    expect(typeof by("namespaces").deleteCollection).toBe("undefined");
    expect(typeof by("namespaces").delete).toBe("function");
    expect(Object.keys(by("namespaces").subresources ?? {}).sort()).toEqual(["finalize", "status"]);
    expect(typeof by("namespaces").subresources?.finalize?.get).toBe("undefined");
    expect(typeof by("services").deleteCollection).toBe("undefined");
    expect(typeof by("configmaps").deleteCollection).toBe("function");
    expect(typeof by("customresourcedefinitions").subresources?.status?.patch).toBe("function");
    // Every resource of the whole API is served, the workloads with their subresources.
    const served = storages.map((s) => `${s.group}/${s.info.plural}`);
    for (const r of [
      "/pods",
      "/persistentvolumeclaims",
      "/nodes",
      "apps/deployments",
      "batch/cronjobs",
      "networking.k8s.io/ingresses",
      "policy/poddisruptionbudgets",
      "scheduling.k8s.io/priorityclasses",
      "rbac.authorization.k8s.io/roles",
    ]) {
      expect(served).toContain(r);
    }
    expect(Object.keys(by("pods").subresources ?? {}).sort()).toEqual([
      "attach",
      "binding",
      "ephemeralcontainers",
      "eviction",
      "exec",
      "log",
      "portforward",
      "proxy",
      "resize",
      "status",
    ]);
    expect(Object.keys(by("deployments").subresources ?? {}).sort()).toEqual(["scale", "status"]);
    expect(Object.keys(by("replicationcontrollers").subresources ?? {}).sort()).toEqual(["scale", "status"]);
    expect(typeof by("services").subresources?.proxy?.connect).toBe("function");
    expect(restStorageFor(storeFor(new MemoryStorage(), "", "configmaps")).patchTypes).toEqual(["json", "merge", "strategic", "apply"]);
  });
});
