/**
 * The generated FakeClientset: the same interfaces as the real one over an in-memory tracker,
 * with resourceVersions, API errors, selectors, watches, reactors and recorded actions.
 */
import { describe, expect, it } from "vitest";
import type { ConfigMap, Namespace } from "../../generated/apis/core/v1/index.js";
import type { Role } from "../../generated/apis/rbac/v1/index.js";
import type { ClientsetInterface, coreV1 } from "../../generated/clientset/index.js";
import { FakeClientset, coreV1 as fakeCoreV1 } from "../../generated/clientset/fake/index.js";
import { isAlreadyExists, isConflict, isNotFound, newForbidden, type WatchEvent } from "../../runtime/rest/index.js";
import { testing } from "../../runtime/testing/entry.js";

const cm = (namespace: string, name: string, labels: Record<string, string> = {}): ConfigMap => ({
  apiVersion: "v1",
  kind: "ConfigMap",
  metadata: { namespace, name, labels },
  data: { k: name },
});

/** Reads `n` events from a stream, then stops it. */
async function take<T>(stream: AsyncIterable<WatchEvent<T>>, n: number): Promise<WatchEvent<T>[]> {
  const out: WatchEvent<T>[] = [];
  if (n === 0) return out;
  for await (const ev of stream) {
    out.push(ev);
    if (out.length === n) break;
  }
  return out;
}

describe("FakeClientset", () => {
  it("is a ClientsetInterface whose typed fakes are the generated interfaces", () => {
    const cs: ClientsetInterface = new FakeClientset();
    const namespaces: coreV1.NamespaceInterface = cs.coreV1().namespaces();
    const typed: coreV1.NamespaceInterface = new fakeCoreV1.FakeNamespaceClient(new FakeClientset().fake);
    expect(typeof namespaces.finalize).toBe("function");
    expect(typeof typed.finalize).toBe("function");
    // Namespace skips deleteCollection: neither the interface nor the class has it.
    expect("deleteCollection" in namespaces).toBe(false);
    expect(typeof cs.coreV1().configMaps("a").deleteCollection).toBe("function");
  });

  it("serves its initial objects and CRUD with resourceVersions and API errors", async () => {
    const cs = new FakeClientset(cm("a", "one"), { apiVersion: "v1", kind: "Namespace", metadata: { name: "a" } });
    const cms = cs.coreV1().configMaps("a");
    const one = await cms.get("one");
    expect(one.data).toEqual({ k: "one" });
    expect(one.metadata?.resourceVersion).toBe("1");
    expect((await cs.coreV1().namespaces().get("a")).metadata?.name).toBe("a");

    const two = await cms.create({ metadata: { name: "two" }, data: { x: "y" } });
    expect(two.metadata).toMatchObject({ name: "two", namespace: "a", resourceVersion: "3" });
    expect(two.kind).toBe("ConfigMap");
    expect(isAlreadyExists(await cms.create({ metadata: { name: "two" } }).catch((e: unknown) => e))).toBe(true);

    const updated = await cms.update({ ...two, data: { x: "z" } });
    expect(updated.metadata?.resourceVersion).toBe("4");
    // The stale version two carried is now a conflict.
    expect(isConflict(await cms.update({ ...two, data: { x: "stale" } }).catch((e: unknown) => e))).toBe(true);

    expect(isConflict(await cms.delete("two", { preconditions: { resourceVersion: "3" } }).catch((e: unknown) => e))).toBe(true);
    await cms.delete("two", { preconditions: { resourceVersion: "4" } });
    expect(isNotFound(await cms.get("two").catch((e: unknown) => e))).toBe(true);
    expect(isNotFound(await cms.delete("two").catch((e: unknown) => e))).toBe(true);
    expect(
      isNotFound(
        await cs
          .coreV1()
          .configMaps("b")
          .get("one")
          .catch((e: unknown) => e),
      ),
    ).toBe(true);
  });

  it("lists with label and field selectors, in one namespace or all, as a typed list", async () => {
    const cs = new FakeClientset(cm("a", "x", { tier: "web" }), cm("a", "y", { tier: "db" }), cm("b", "z", { tier: "web" }));
    const all = await cs.coreV1().configMaps("").list();
    expect(all.kind).toBe("ConfigMapList");
    expect(all.apiVersion).toBe("v1");
    expect(all.items.map((c) => c.metadata?.name)).toEqual(["x", "y", "z"]);
    expect(all.metadata?.resourceVersion).toBe("3");
    const web = await cs.coreV1().configMaps("").list({ labelSelector: "tier=web" });
    expect(web.items.map((c) => `${c.metadata?.namespace}/${c.metadata?.name}`)).toEqual(["a/x", "b/z"]);
    const inA = await cs.coreV1().configMaps("a").list({ labelSelector: "tier in (web,db)", fieldSelector: "metadata.name!=y" });
    expect(inA.items.map((c) => c.metadata?.name)).toEqual(["x"]);
  });

  it("patches (merge, JSON, strategic) and applies, creating on apply", async () => {
    const cs = new FakeClientset(cm("a", "p", { keep: "1" }));
    const cms = cs.coreV1().configMaps("a");
    let got = await cms.patch("p", "application/merge-patch+json", { metadata: { labels: { added: "yes" } }, data: null });
    expect(got.metadata?.labels).toEqual({ keep: "1", added: "yes" });
    expect(got.data).toBeUndefined();
    got = await cms.patch("p", "application/json-patch+json", JSON.stringify([{ op: "add", path: "/data", value: { a: "b" } }]));
    expect(got.data).toEqual({ a: "b" });
    got = await cms.patch("p", "application/strategic-merge-patch+json", new TextEncoder().encode('{"data":{"c":"d"}}'));
    expect(got.data).toEqual({ a: "b", c: "d" });
    const applied = await cms.apply({ metadata: { name: "q" }, data: { n: "1" } }, { fieldManager: "me" });
    expect(applied.metadata).toMatchObject({ name: "q", namespace: "a" });
    expect(applied.kind).toBe("ConfigMap");
    await expect(cms.apply({ metadata: { name: "q" } }, { fieldManager: "" })).rejects.toThrow(/fieldManager/);
  });

  it("custom verbs reach the tracker: finalize updates the namespace", async () => {
    const cs = new FakeClientset({ apiVersion: "v1", kind: "Namespace", metadata: { name: "gone" }, spec: { finalizers: ["kubernetes"] } });
    const ns = await cs.coreV1().namespaces().get("gone");
    const out = await cs
      .coreV1()
      .namespaces()
      .finalize({ ...ns, spec: { finalizers: [] } });
    expect(out.spec?.finalizers).toEqual([]);
    const finalize = cs.actions().at(-1)!;
    expect(finalize).toMatchObject({
      verb: "update",
      subresource: "finalize",
      name: "gone",
      resource: { group: "", version: "v1", resource: "namespaces" },
    });
  });

  it("watches: a resourceVersion resumes from history, an unset one starts with the current objects", async () => {
    const cs = new FakeClientset(cm("a", "first"));
    const cms = cs.coreV1().configMaps("a");
    const listed = await cms.list();
    const ctl = new AbortController();
    const fromList = cms.watch({ resourceVersion: listed.metadata?.resourceVersion ?? "", signal: ctl.signal });
    const fresh = cms.watch({ labelSelector: "pick=me" });
    await cms.create({ metadata: { name: "second", labels: { pick: "me" } } });
    const second = await cms.get("second");
    await cms.update({ ...second, metadata: { ...second.metadata, labels: {} } });
    await cms.delete("first");
    const events = await take(fromList, 3);
    expect(events.map((e) => `${e.type}:${e.type === "ERROR" ? "" : e.object.metadata?.name}`)).toEqual([
      "ADDED:second",
      "MODIFIED:second",
      "DELETED:first",
    ]);
    // Under a selector, an object leaving it is a DELETED.
    const selected = await take(fresh, 2);
    expect(selected.map((e) => e.type)).toEqual(["ADDED", "DELETED"]);

    const replay = await take(cms.watch({ resourceVersion: "0" }), 1);
    expect(replay[0]).toMatchObject({ type: "ADDED", object: { kind: "ConfigMap", metadata: { name: "second" } } });
    ctl.abort();
    expect(cs.tracker().watchCount()).toBe(0);
  });

  it("a resourceVersion older than the history gets a 410 Expired ERROR event", async () => {
    const small = new testing.ObjectTracker({ historyLimit: 2 });
    const gvr = { group: "", version: "v1", resource: "configmaps" };
    for (const name of ["a", "b", "c", "d"]) small.create(gvr, cm("x", name), "x");
    const events = await take(small.watch(gvr, "x", { resourceVersion: "1" }), 1);
    expect(events[0]).toMatchObject({ type: "ERROR", object: { code: 410, reason: "Expired" } });
  });

  it("reactors inject errors and answers; actions are recorded as client-go records them", async () => {
    const cs = new FakeClientset();
    cs.prependReactor("create", "roles", (action) => ({
      handled: true,
      err: newForbidden({ group: "rbac.authorization.k8s.io", resource: "roles" }, (action.object as Role).metadata?.name ?? "", "no"),
    }));
    cs.prependReactor("get", "configmaps", (action) =>
      action.name === "canned" ? { handled: true, ret: cm(action.namespace, "canned", { from: "reactor" }) } : undefined,
    );
    const err = await cs
      .rbacV1()
      .roles("a")
      .create({ metadata: { name: "r" }, rules: [] })
      .catch((e: unknown) => e);
    expect((err as { reason?: string }).reason).toBe("Forbidden");
    expect((await cs.coreV1().configMaps("a").get("canned")).metadata?.labels).toEqual({ from: "reactor" });
    expect(
      isNotFound(
        await cs
          .coreV1()
          .configMaps("a")
          .get("other")
          .catch((e: unknown) => e),
      ),
    ).toBe(true);
    await cs.coreV1().configMaps("a").list({ labelSelector: "x=y" });

    const actions = cs.actions();
    expect(actions.map((a) => `${a.verb} ${a.resource.resource} ${a.namespace}`)).toEqual([
      "create roles a",
      "get configmaps a",
      "get configmaps a",
      "list configmaps a",
    ]);
    expect(actions[0]!.object).toEqual({ apiVersion: "rbac.authorization.k8s.io/v1", kind: "Role", metadata: { name: "r" }, rules: [] });
    expect(actions[3]!.listOptions).toEqual({ labelSelector: "x=y" });
    cs.clearActions();
    expect(cs.actions()).toEqual([]);
  });

  it("watch reactors replace the stream", async () => {
    const cs = new FakeClientset();
    const canned: WatchEvent<Namespace>[] = [{ type: "ADDED", object: { metadata: { name: "from-reactor" } } }];
    cs.prependWatchReactor("namespaces", () => ({
      handled: true,
      watch: (async function* () {
        yield* canned;
      })(),
    }));
    const got = await take(cs.coreV1().namespaces().watch(), 1);
    expect(got).toEqual(canned);
    expect(cs.actions().map((a) => a.verb)).toEqual(["watch"]);
  });
});
