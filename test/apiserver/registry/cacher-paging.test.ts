/**
 * Paged lists from the watch cache, on SQLite and etcd: the first page keeps the cache's sorted
 * state at its revision, the pages after it read that snapshot whatever is written meanwhile, so
 * the pages together equal the unpaged list at that revision (items, order, resourceVersions);
 * tokens and remainingItemCount as storage gives them; a snapshot gone or compacted past sends the
 * continuation to storage, which answers 410 below its compaction point.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStore } from "../../../apiserver/registry/builtin.js";
import type { KubeList, KubeObject, ListOptions } from "../../../apiserver/registry/rest.js";
import type { GenericStore } from "../../../apiserver/registry/store.js";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import type { Storage } from "../../../apiserver/storage/interface.js";
import { tempSqliteStorages } from "../../support/temp-sqlite.js";
import { type EtcdServer, etcdAvailable, startEtcd } from "../storage/etcd-server.js";
import { until } from "../../support/wait.js";
import { cm, ctx, scheme, statusOf } from "./helpers.js";

function configmapsOn(storage: Storage, now?: () => number): GenericStore {
  const gv = scheme.groupVersions().find((g) => g.group === "" && g.version === "v1")!;
  const info = scheme.resourcesFor(gv).find((r) => r.plural === "configmaps")!;
  return buildStore(storage, scheme, gv, info, { watchCache: now ? { buffer: { now } } : true });
}

/** Counts the lists that reach storage. */
function countLists(storage: Storage): { lists: number } {
  const counts = { lists: 0 };
  const list = storage.list.bind(storage);
  storage.list = (opts) => {
    counts.lists++;
    return list(opts);
  };
  return counts;
}

const entry = (o: KubeObject): string => `${o.metadata?.name}@${o.metadata?.resourceVersion}`;

/** Every page of a list, following its continue tokens; the pages' revisions and counts too. */
async function allPages(store: GenericStore, namespace: string, opts: ListOptions, between?: () => Promise<void>): Promise<KubeList[]> {
  const pages = [await store.list(ctx(namespace), opts)];
  while (pages.at(-1)!.metadata.continue) {
    await between?.();
    pages.push(await store.list(ctx(namespace), { ...opts, resourceVersion: undefined, continue: pages.at(-1)!.metadata.continue }));
  }
  return pages;
}

interface Backend {
  name: string;
  open(): Promise<Storage>;
  /** Whether consistent reads come from the cache here (progress notices it trusts). */
  consistentFromCache: boolean;
  /**
   * Progress notices trusted on an etcd that may send one ahead of the events it covers (before
   * 3.4.31, as Debian's): a consistent first page could then come from a cache behind storage, a
   * flaw of that etcd, not of the cache. The suite waits for the cache to apply the writes first.
   */
  progressMayPassEvents?: boolean;
}

function pagingSuite(backend: Backend): void {
  const space = `paging-${backend.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  describe(`paged lists from the watch cache on ${backend.name}`, () => {
    it("pages read one snapshot: together they equal the unpaged list at the first page's revision, under concurrent writes", async () => {
      const storage = await backend.open();
      const configmaps = configmapsOn(storage);
      try {
        expect(await configmaps.cacher!.waitReady()).toBe(true);
        const names = Array.from({ length: 24 }, (_, i) => `cm-${String(i).padStart(2, "0")}`);
        for (const n of names) await configmaps.create(ctx(space), cm(n, { v: "0" }));
        const caughtUp = async (): Promise<void> => {
          if (!backend.progressMayPassEvents) return;
          const current = await storage.currentRevision();
          await until(() => configmaps.cacher!.revision >= current);
        };
        let round = 0;
        await fc.assert(
          fc.asyncProperty(
            fc.integer({ min: 1, max: 9 }),
            // Writes between pages: update, delete or create one of the names.
            fc.array(fc.tuple(fc.constantFrom("update", "delete", "create"), fc.integer({ min: 0, max: names.length - 1 })), {
              maxLength: 12,
            }),
            fc.boolean(),
            async (limit, writes, selector) => {
              round++;
              const counts = countLists(storage);
              let w = 0;
              const between = async (): Promise<void> => {
                for (let k = 0; k < 3 && w < writes.length; k++, w++) {
                  const [op, i] = writes[w]!;
                  const name = names[i]!;
                  if (op === "update") await configmaps.update(ctx(space), name, cm(name, { v: `r${round}-${w}` })).catch(() => undefined);
                  else if (op === "delete") await configmaps.delete(ctx(space), name).catch(() => undefined);
                  else await configmaps.create(ctx(space), cm(name, { v: `r${round}-${w}` })).catch(() => undefined);
                }
              };
              const opts: ListOptions = { limit, ...(selector && { fieldSelector: "metadata.name!=cm-03" }) };
              await caughtUp();
              const pages = await allPages(configmaps, space, opts, between);
              const fromStorage = counts.lists;
              delete (storage as { list?: unknown }).list;
              const rv = pages[0]!.metadata.resourceVersion!;
              for (const p of pages) expect(p.metadata.resourceVersion).toBe(rv);
              // The same list unpaged, from storage at that revision.
              const whole = await storage.list({ prefix: configmaps.keyRoot(space), revision: Number(rv) });
              const expected = whole.items
                .map((kv) => `${kv.key.slice(kv.key.lastIndexOf("/") + 1)}@${kv.modRevision}`)
                .filter((e) => !selector || !e.startsWith("cm-03@"));
              expect(pages.flatMap((p) => p.items.map(entry))).toEqual(expected);
              // Each page full but the last; remainingItemCount as storage counts it, and only unfiltered.
              let seen = 0;
              for (const p of pages.slice(0, -1)) {
                expect(p.items).toHaveLength(limit);
                seen += p.items.length;
                expect(p.metadata.remainingItemCount).toBe(selector ? undefined : expected.length - seen);
              }
              if (backend.consistentFromCache) expect(fromStorage).toBe(0);
            },
          ),
          { numRuns: 15 },
        );
      } finally {
        configmaps.stopWatchCache();
        await storage.close();
      }
    });

    it("continues from storage, the same pages, once the snapshot is gone; 410 once compacted past it", async () => {
      const storage = await backend.open();
      const space2 = `${space}-2`;
      let clock = 0;
      const configmaps = configmapsOn(storage, () => clock);
      try {
        expect(await configmaps.cacher!.waitReady()).toBe(true);
        let written = 0;
        for (const n of ["a", "b", "c", "d"]) written = Number((await configmaps.create(ctx(space2), cm(n))).metadata?.resourceVersion);
        // The cache applies the creates' events on its own watch (on etcd, a stream of its own).
        await until(() => configmaps.cacher!.revision >= written);
        // An exact revision the cache is at comes from it (on every backend) and keeps a snapshot there.
        const at = String(configmaps.cacher!.revision);
        const first = await configmaps.list(ctx(space2), { resourceVersion: at, limit: 2 });
        expect(first.items.map(entry).map((e) => e.split("@")[0])).toEqual(["a", "b"]);
        expect(first.metadata).toMatchObject({ resourceVersion: at, remainingItemCount: 2 });
        expect(configmaps.cacher!.snapshotRevisions).toContain(Number(at));
        // A list that fits in its first page keeps no snapshot: nothing will continue it.
        const whole = await configmaps.list(ctx(space2), { resourceVersion: at, limit: 10 });
        expect(whole.items).toHaveLength(4);
        expect(whole.metadata.continue).toBeUndefined();
        expect(configmaps.cacher!.snapshotRevisions).toContain(Number(at));
        const token = JSON.parse(Buffer.from(first.metadata.continue!, "base64url").toString()) as object;
        expect(token).toEqual({ v: "meta.k8s.io/v1", rv: Number(at), start: "b\u0000" });
        await configmaps.delete(ctx(space2), "c");

        // Idle past its time, the snapshot is dropped: storage serves the same page at that revision.
        clock += 60_000;
        const e = Number((await configmaps.create(ctx(space2), cm("e"))).metadata?.resourceVersion);
        // Snapshots are pruned as the cache applies events: once it applied this one.
        await until(() => configmaps.cacher!.revision >= e);
        expect(configmaps.cacher!.snapshotRevisions).not.toContain(Number(at));
        const now = configmaps.cacher!.revision;
        await configmaps.list(ctx(space2), { limit: 10 });
        expect(configmaps.cacher!.snapshotRevisions).not.toContain(now);
        const counts = countLists(storage);
        const rest = await configmaps.list(ctx(space2), { limit: 5, continue: first.metadata.continue });
        expect(rest.items.map((o) => o.metadata?.name)).toEqual(["c", "d"]);
        expect(rest.metadata.resourceVersion).toBe(at);
        expect(counts.lists).toBe(1);

        // A snapshot kept, then compacted past: storage's 410 with the offer to continue inconsistently.
        const again = await configmaps.list(ctx(space2), { resourceVersion: String(configmaps.cacher!.revision), limit: 1 });
        await configmaps.create(ctx(space2), cm("f"));
        await storage.compact(await storage.currentRevision());
        const status = await statusOf(configmaps.list(ctx(space2), { limit: 1, continue: again.metadata.continue }));
        expect(status).toMatchObject({ code: 410, reason: "Expired" });
        expect(status.message).toMatch(/^The provided continue parameter is too old to display a consistent list result\./);
        expect(status.metadata?.continue).toBeDefined();
        // A token that does not decode is a 400, as from storage.
        expect(await statusOf(configmaps.list(ctx(space2), { limit: 1, continue: "not a token" }))).toMatchObject({ code: 400 });
      } finally {
        configmaps.stopWatchCache();
        await storage.close();
      }
    });
  });
}

pagingSuite({
  name: "SQLite",
  open: tempSqliteStorages("kubegen-paging-"),
  consistentFromCache: true,
});

describe.runIf(etcdAvailable())("etcd", () => {
  let server: EtcdServer;
  beforeAll(async () => {
    server = await startEtcd();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });
  pagingSuite({ name: "etcd", open: async () => new EtcdStorage({ endpoints: [server.endpoint] }), consistentFromCache: false });
  pagingSuite({
    name: "etcd, progress notices trusted",
    open: async () => new EtcdStorage({ endpoints: [server.endpoint], trustProgressNotify: true }),
    consistentFromCache: true,
    progressMayPassEvents: true,
  });
});
