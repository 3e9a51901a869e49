/**
 * Keys, the store and its indexes: namespace index built in, custom ones, tombstones.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { metaNamespaceIndexFunc, NamespaceIndex, newIndexer, newStore } from "../../../runtime/cache/indexer.js";
import {
  DeletedFinalStateUnknown,
  deletionHandlingMetaNamespaceKeyFunc,
  KeyError,
  metaNamespaceKeyFunc,
  splitMetaNamespaceKey,
} from "../../../runtime/cache/keys.js";
import type { Obj } from "./fake-list-watch.js";

const obj = (ns: string, name: string, labels: Record<string, string> = {}, rv = "1"): Obj => ({
  metadata: { name, namespace: ns || undefined, labels, resourceVersion: rv },
});
const byLabel = (label: string) => (o: Obj) => (o.metadata.labels?.[label] !== undefined ? [o.metadata.labels[label]] : []);

describe("keys", () => {
  it("are namespace/name, or name for cluster scope", () => {
    expect(metaNamespaceKeyFunc(obj("ns", "a"))).toBe("ns/a");
    expect(metaNamespaceKeyFunc(obj("", "a"))).toBe("a");
    expect(metaNamespaceKeyFunc("already/key")).toBe("already/key");
    expect(() => metaNamespaceKeyFunc({ metadata: {} })).toThrow(KeyError);
    expect(splitMetaNamespaceKey("ns/a")).toEqual({ namespace: "ns", name: "a" });
    expect(splitMetaNamespaceKey("a")).toEqual({ namespace: "", name: "a" });
    expect(() => splitMetaNamespaceKey("a/b/c")).toThrow();
  });

  it("a tombstone answers with the key it was stored under", () => {
    expect(deletionHandlingMetaNamespaceKeyFunc(new DeletedFinalStateUnknown("ns/gone", obj("x", "y")))).toBe("ns/gone");
    expect(deletionHandlingMetaNamespaceKeyFunc(obj("ns", "a"))).toBe("ns/a");
  });
});

describe("store and indexer", () => {
  it("adds, updates, gets, lists and deletes by key", () => {
    const s = newStore<Obj>();
    s.add(obj("ns", "a"));
    s.add(obj("ns", "b"));
    s.update(obj("ns", "a", {}, "2"));
    expect(s.size()).toBe(2);
    expect(s.get(obj("ns", "a"))!.metadata.resourceVersion).toBe("2");
    expect(s.getByKey("ns/b")).toBeDefined();
    expect(s.listKeys()).toEqual(["ns/a", "ns/b"]);
    s.delete(new DeletedFinalStateUnknown("ns/b", obj("ns", "b")));
    s.delete(obj("ns", "missing"));
    expect(s.list().map((o) => o.metadata.name)).toEqual(["a"]);
  });

  it("has the namespace index built in and keeps it in step", () => {
    const s = newIndexer<Obj>();
    expect(Object.keys(s.getIndexers())).toEqual([NamespaceIndex]);
    s.add(obj("x", "a"));
    s.add(obj("x", "b"));
    s.add(obj("y", "c"));
    s.add(obj("", "cluster"));
    expect(s.byIndex(NamespaceIndex, "x").map((o) => o.metadata.name)).toEqual(["a", "b"]);
    expect(s.indexKeys(NamespaceIndex, "")).toEqual(["cluster"]);
    expect(s.listIndexFuncValues(NamespaceIndex).sort()).toEqual(["", "x", "y"]);
    s.delete(obj("y", "c"));
    expect(s.listIndexFuncValues(NamespaceIndex).sort()).toEqual(["", "x"]); // empty sets are dropped
    expect(s.index(NamespaceIndex, obj("x", "whatever")).length).toBe(2);
    expect(metaNamespaceIndexFunc({})).toEqual([""]);
  });

  it("custom multi-valued indexes follow updates, and are built over existing objects when added", () => {
    const s = newIndexer<Obj>();
    s.add(obj("ns", "a", { app: "web" }));
    s.add(obj("ns", "b", { app: "db" }));
    s.addIndexers({ app: byLabel("app") });
    expect(s.byIndex("app", "web").map((o) => o.metadata.name)).toEqual(["a"]);
    s.update(obj("ns", "a", { app: "db" }));
    expect(s.byIndex("app", "web")).toEqual([]);
    expect(s.indexKeys("app", "db").sort()).toEqual(["ns/a", "ns/b"]);
    s.addIndexers({ tags: (o) => Object.keys(o.metadata.labels ?? {}) });
    s.add(obj("ns", "c", { app: "x", tier: "1" }));
    expect(
      s
        .index("tags", obj("", "q", { app: "", tier: "" }))
        .map((o) => o.metadata.name)
        .sort(),
    ).toEqual(["a", "b", "c"]);
    expect(() => s.addIndexers({ app: byLabel("app") })).toThrow(/conflict/);
    expect(() => s.byIndex("nope", "x")).toThrow(/does not exist/);
  });

  it("replace swaps the whole content and rebuilds indexes", () => {
    const s = newIndexer<Obj>({ [NamespaceIndex]: metaNamespaceIndexFunc, app: byLabel("app") });
    s.add(obj("old", "a", { app: "web" }));
    s.replace([obj("new", "b", { app: "db" }), obj("new", "c")], "42");
    expect(s.listKeys()).toEqual(["new/b", "new/c"]);
    expect(s.byIndex(NamespaceIndex, "old")).toEqual([]);
    expect(s.byIndex("app", "web")).toEqual([]);
    expect(s.byIndex("app", "db").length).toBe(1);
  });

  it("property: indexes always equal a rebuild from the stored objects", () => {
    const op = fc.record({
      del: fc.boolean(),
      ns: fc.constantFrom("a", "b", ""),
      name: fc.constantFrom("x", "y", "z"),
      app: fc.option(fc.constantFrom("web", "db"), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const s = newIndexer<Obj>({ [NamespaceIndex]: metaNamespaceIndexFunc, app: byLabel("app") });
        for (const o of ops) {
          const it = obj(o.ns, o.name, o.app ? { app: o.app } : {});
          if (o.del) s.delete(it);
          else s.add(it);
        }
        const fresh = newIndexer<Obj>({ [NamespaceIndex]: metaNamespaceIndexFunc, app: byLabel("app") });
        fresh.replace(s.list(), "");
        for (const name of [NamespaceIndex, "app"]) {
          expect(s.listIndexFuncValues(name).sort()).toEqual(fresh.listIndexFuncValues(name).sort());
          for (const v of fresh.listIndexFuncValues(name)) expect(s.indexKeys(name, v).sort()).toEqual(fresh.indexKeys(name, v).sort());
        }
      }),
      { numRuns: 200 },
    );
  });

  it("property: after a replace (indexes left to be built on first read), writes and reads interleaved answer as a model does", () => {
    const item = fc.record({
      ns: fc.constantFrom("a", "b", ""),
      name: fc.constantFrom("x", "y", "z"),
      app: fc.option(fc.constantFrom("web", "db"), { nil: undefined }),
    });
    const op = fc.oneof(
      fc.record({ kind: fc.constant("add" as const), item }),
      fc.record({ kind: fc.constant("delete" as const), item }),
      fc.record({ kind: fc.constant("replace" as const), items: fc.array(item, { maxLength: 6 }) }),
      fc.record({ kind: fc.constant("read" as const), index: fc.constantFrom(NamespaceIndex, "app") }),
    );
    const make = (i: { ns: string; name: string; app: string | undefined }): Obj => obj(i.ns, i.name, i.app ? { app: i.app } : {});
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const indexers: Record<string, (o: Obj) => string[]> = { [NamespaceIndex]: metaNamespaceIndexFunc, app: byLabel("app") };
        const s = newIndexer<Obj>(indexers);
        const model = new Map<string, Obj>();
        const check = (name: string): void => {
          const expected = new Map<string, string[]>();
          for (const [key, o] of model) for (const v of indexers[name]!(o)) expected.set(v, [...(expected.get(v) ?? []), key]);
          expect(s.listIndexFuncValues(name).sort()).toEqual([...expected.keys()].sort());
          for (const [v, keys] of expected) {
            expect(s.indexKeys(name, v).sort()).toEqual(keys.sort());
            expect(
              s
                .byIndex(name, v)
                .map((o) => deletionHandlingMetaNamespaceKeyFunc(o))
                .sort(),
            ).toEqual(keys.sort());
          }
        };
        for (const o of ops) {
          if (o.kind === "add") {
            const it = make(o.item);
            s.add(it);
            model.set(deletionHandlingMetaNamespaceKeyFunc(it), it);
          } else if (o.kind === "delete") {
            const it = make(o.item);
            s.delete(it);
            model.delete(deletionHandlingMetaNamespaceKeyFunc(it));
          } else if (o.kind === "replace") {
            const items = o.items.map(make);
            s.replace(items, "");
            model.clear();
            for (const it of items) model.set(deletionHandlingMetaNamespaceKeyFunc(it), it);
          } else check(o.index);
        }
        check(NamespaceIndex);
        check("app");
      }),
      { numRuns: 300 },
    );
  });

  it("an index function that throws fails addIndexers at once, not a later read", () => {
    const s = newIndexer<Obj>({});
    s.add(obj("ns", "a"));
    expect(() =>
      s.addIndexers({
        broken: () => {
          throw new Error("boom");
        },
      }),
    ).toThrow(/boom/);
  });
});
