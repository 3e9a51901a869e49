/**
 * Consistent reads (GET and LIST without a resourceVersion) served from the watch cache, on
 * SQLite and on a real etcd: the cache answers them once the storage watch has proved (a
 * progress notice) that it saw every write up to the storage's current revision, so a write
 * acknowledged to one client is visible to every later consistent read, whichever client reads.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildStore } from "../../../apiserver/registry/builtin.js";
import { markRequestSignal, RevisionBatcher, requestReadScope } from "../../../apiserver/registry/cacher/revision-batcher.js";
import type { GenericStore } from "../../../apiserver/registry/store.js";
import { EtcdStorage, progressNotifyOrdered } from "../../../apiserver/storage/etcd/etcd-storage.js";
import type { Storage } from "../../../apiserver/storage/interface.js";
import { tempSqliteStorages } from "../../support/temp-sqlite.js";
import { type EtcdServer, etcdAvailable, startEtcd } from "../storage/etcd-server.js";
import { cm, ctx, ns, scheme } from "./helpers.js";
import { until } from "../../support/wait.js";

function storeOn(storage: Storage, group: string, plural: string, watchCache: boolean): GenericStore {
  const gv = scheme.groupVersions().find((g) => g.group === group && scheme.resourcesFor(g).some((r) => r.plural === plural))!;
  const info = scheme.resourcesFor(gv).find((r) => r.plural === plural)!;
  return buildStore(storage, scheme, gv, info, { watchCache });
}

/** Counts the reads that reach storage (the ones the cache did not answer). */
function countReads(storage: Storage): { gets: number; lists: number } {
  const counts = { gets: 0, lists: 0 };
  const get = storage.get.bind(storage);
  const list = storage.list.bind(storage);
  storage.get = (key) => {
    counts.gets++;
    return get(key);
  };
  storage.list = (opts) => {
    counts.lists++;
    return list(opts);
  };
  return counts;
}

const rvOf = (o: { metadata?: { resourceVersion?: string } }): number => Number(o.metadata?.resourceVersion);

interface Backend {
  name: string;
  open(): Promise<Storage>;
  /** Whether the cache can prove itself current here (else consistent GETs go to storage). */
  proves: () => boolean;
}

function consistencySuite(backend: Backend, { readYourWrites = true } = {}): void {
  // Suites on the same etcd share its keyspace: each writes under names of its own.
  const space = backend.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  describe(`consistent reads from the watch cache on ${backend.name}`, () => {
    it("answers a consistent GET and LIST from the cache after writes to other resources, at the current revision", async () => {
      const storage = await backend.open();
      const configmaps = storeOn(storage, "", "configmaps", true);
      const namespaces = storeOn(storage, "", "namespaces", false);
      try {
        expect(await configmaps.cacher!.waitReady()).toBe(true);
        const created = await configmaps.create(ctx(space), cm("a", { v: "1" }));
        // Where notices are trusted against the release's ordering, a notice may overtake the
        // create's event (see below): what is checked here is the mechanism, so let the event land.
        // Nothing has asked for progress yet, so only events move the cache's revision.
        if (!readYourWrites) await until(() => configmaps.cacher!.revision >= rvOf(created), 10_000, "the create's event in the cache");
        // Writes elsewhere move the storage's revision past the cache's last event.
        for (let i = 0; i < 3; i++) await namespaces.create(ctx(), ns(`${space}-other-${i}`));
        const current = await storage.currentRevision();
        expect(current).toBeGreaterThan(rvOf(created));
        const reads = countReads(storage);
        const proves = backend.proves();
        expect(configmaps.cacher!.canProveFresh).toBe(proves);
        const got = await configmaps.get(ctx(space), "a");
        expect(got.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
        expect((got as { data?: Record<string, string> }).data).toEqual({ v: "1" });
        const list = await configmaps.list(ctx(space));
        expect(list.items.map((o) => o.metadata?.name)).toEqual(["a"]);
        // The cache was proved current: the list is at the storage's revision, not its last event's.
        expect(rvOf(list)).toBeGreaterThanOrEqual(current);
        // Where notices cannot be trusted, storage answers (and says the same).
        expect(reads).toEqual(proves ? { gets: 0, lists: 0 } : { gets: 1, lists: 1 });
        await expect(configmaps.get(ctx(space), "missing")).rejects.toMatchObject({ status: { code: 404 } });
        expect(reads.gets).toBe(proves ? 0 : 2);
        // Read from storage or not, a GET answers with the cache's object once the cache holds that
        // revision (no second decode). Without trusted notices its event may land after the read.
        await until(() => configmaps.cacher!.revision >= rvOf(created), 10_000, "the create's event in the cache");
        const again = await configmaps.get(ctx(space), "a");
        expect(again).toBe(configmaps.cacher!.get(configmaps.keyRoot(space) + "a"));
      } finally {
        configmaps.stopWatchCache();
        await storage.close();
      }
    });

    it("shares one current-revision request between the stores on a storage, and one per read scope", async () => {
      const storage = await backend.open();
      // The requests' sharing itself: a storage that knows its committed revision synchronously
      // (SQLite) asks nothing while the cache is current (below), so it is made to ask here, as
      // a worker's storage (a round trip to the owner of the SQLite file) does.
      (storage as { committedRevision?: unknown }).committedRevision = undefined;
      const configmaps = storeOn(storage, "", "configmaps", true);
      const secrets = storeOn(storage, "", "secrets", true);
      const namespaces = storeOn(storage, "", "namespaces", false);
      // Requests, not calls: etcd's storage hands callers the same request until it is sent.
      let asked = 0;
      let last: Promise<number> | undefined;
      const currentRevision = storage.currentRevision.bind(storage);
      storage.currentRevision = () => {
        const p = currentRevision();
        if (p !== last) asked++;
        last = p;
        return p;
      };
      const sharesUntilSent = (storage as { sharesRevisionRequests?: boolean }).sharesRevisionRequests === true;
      try {
        expect(await configmaps.cacher!.waitReady()).toBe(true);
        expect(await secrets.cacher!.waitReady()).toBe(true);
        const created = await configmaps.create(ctx(space), cm("shared", { v: "1" }));
        // Where notices are trusted against the release's ordering, a notice may overtake the
        // create's event (see the first test): what is checked here is the sharing, so let it land.
        if (!readYourWrites) await until(() => configmaps.cacher!.revision >= rvOf(created), 10_000, "the create's event in the cache");
        await namespaces.create(ctx(), ns(`${space}-shared`));
        // Consistent lists arriving together: the first asks; the others arrived while it was in
        // flight, so they may not use its answer, and one more request serves them all, whatever
        // their resource. Where storage shares its request until it is sent (etcd), all three
        // asked before it left: one request.
        asked = 0;
        last = undefined;
        const [cms, scs, again] = await Promise.all([configmaps.list(ctx(space)), secrets.list(ctx(space)), configmaps.list(ctx(space))]);
        expect(asked).toBe(sharesUntilSent ? 1 : 2);
        expect(cms.items.map((o) => o.metadata?.name)).toContain("shared");
        expect(again.items.map((o) => o.metadata?.name)).toContain("shared");
        expect(scs.items).toEqual([]);
        // One request's lookups, one after the other: only the first asks, and all see the write.
        asked = 0;
        last = undefined;
        const readScope = {};
        for (let i = 0; i < 3; i++) {
          const list = await configmaps.list({ ...ctx(space), readScope });
          expect(list.items.find((o) => o.metadata?.name === "shared")?.metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
          await secrets.list({ ...ctx(space), readScope });
        }
        expect(asked).toBe(1);
        // Without a scope each read asks (each may follow a write acknowledged meanwhile).
        asked = 0;
        last = undefined;
        await configmaps.list(ctx(space));
        await configmaps.list(ctx(space));
        expect(asked).toBe(2);
      } finally {
        configmaps.stopWatchCache();
        secrets.stopWatchCache();
        await storage.close();
      }
    });

    // Registered only where it must hold (see the forced-trust suite below), never skipped.
    if (readYourWrites)
      it("makes every acknowledged write visible to every later consistent read, under concurrent writers and readers", async () => {
        const storage = await backend.open();
        const configmaps = storeOn(storage, "", "configmaps", true);
        const namespaces = storeOn(storage, "", "namespaces", false);
        const names = ["n0", "n1", "n2", "n3"];
        try {
          expect(await configmaps.cacher!.waitReady()).toBe(true);
          for (const n of names) await configmaps.create(ctx(space), cm(n, { v: "0" }));
          let round = 0;
          await fc.assert(
            fc.asyncProperty(
              // Per writer: the objects it writes, in order (a write to a namespace moves only the revision).
              fc.array(fc.array(fc.integer({ min: 0, max: names.length }), { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 4 }),
              fc.integer({ min: 1, max: 3 }),
              async (writers, readers) => {
                round++;
                /** The newest acknowledged revision of each object (what every later read must see). */
                const acked = new Map<string, { rv: number; value: string }>();
                let writing = true;
                const problems: string[] = [];
                const check = (
                  name: string,
                  seen: { metadata?: { resourceVersion?: string } } | undefined,
                  floor: number,
                  who: string,
                ): void => {
                  if (!seen) problems.push(`${who}: ${name} missing, acknowledged at ${floor}`);
                  else if (rvOf(seen) < floor) problems.push(`${who}: ${name} at ${rvOf(seen)}, acknowledged at ${floor}`);
                };
                const write = async (w: number, ops: number[]): Promise<void> => {
                  for (const [i, target] of ops.entries()) {
                    if (target === names.length) {
                      await namespaces.create(ctx(), ns(`${space}-r${round}-w${w}-${i}`));
                      continue;
                    }
                    const name = names[target]!;
                    const value = `r${round}-w${w}-${i}`;
                    const { object } = await configmaps.update(ctx(space), name, cm(name, { v: value }));
                    const rv = rvOf(object);
                    if ((acked.get(name)?.rv ?? 0) < rv) acked.set(name, { rv, value });
                    // The writer reads its own write back at once.
                    const own = await configmaps.get(ctx(space), name);
                    check(name, own, rv, `writer ${w} get`);
                  }
                };
                const read = async (r: number): Promise<void> => {
                  let pass = 0;
                  do {
                    // What was acknowledged before the read began must be in what it returns.
                    const before = new Map(acked);
                    // Every other pass is one request's lookups sharing a read scope: its first
                    // read asks for the current revision, the later ones reuse that answer.
                    const readCtx = pass++ % 2 === 0 ? ctx(space) : { ...ctx(space), readScope: {} };
                    const who = `reader ${r}${readCtx.readScope ? " (scoped)" : ""}`;
                    const list = await configmaps.list(readCtx);
                    const byName = new Map(list.items.map((o) => [o.metadata?.name ?? "", o]));
                    for (const [name, a] of before) check(name, byName.get(name), a.rv, `${who} list`);
                    for (const [name, a] of before) {
                      const got = await configmaps.get(readCtx, name);
                      check(name, got, a.rv, `${who} get`);
                      if (rvOf(got) === a.rv && (got as { data?: Record<string, string> }).data?.v !== a.value) {
                        problems.push(
                          `${who} get: ${name} at ${a.rv} holds ${String((got as { data?: Record<string, string> }).data?.v)}, not ${a.value}`,
                        );
                      }
                    }
                    // Reads the cache answers never leave the microtask queue: let the commits run.
                    await new Promise((r) => setImmediate(r));
                  } while (writing);
                };
                const readersDone = Promise.all(Array.from({ length: readers }, (_, r) => read(r)));
                await Promise.all(writers.map((ops, w) => write(w, ops)));
                writing = false;
                await readersDone;
                expect(problems).toEqual([]);
              },
            ),
            { seed: 20, numRuns: 12 },
          );
        } finally {
          configmaps.stopWatchCache();
          await storage.close();
        }
      });
  });
}

describe("consistent reads where the storage knows its committed revision synchronously (SQLite)", () => {
  const open = tempSqliteStorages("kubegen-consistency-sync-");

  it("answers from a current cache by namespace and name, with no revision request and no storage read", async () => {
    const storage = await open();
    const configmaps = storeOn(storage, "", "configmaps", true);
    const namespaces = storeOn(storage, "", "namespaces", true);
    let asked = 0;
    const currentRevision = storage.currentRevision.bind(storage);
    storage.currentRevision = () => {
      asked++;
      return currentRevision();
    };
    try {
      expect(await configmaps.cacher!.waitReady()).toBe(true);
      expect(await namespaces.cacher!.waitReady()).toBe(true);
      const created = await configmaps.create(ctx("sync"), cm("a", { v: "1" }));
      const space = await namespaces.create(ctx(), ns("sync"));
      await until(() => configmaps.cacher!.revision >= rvOf(created), 10_000, "the create's event in the configmaps cache");
      await until(() => namespaces.cacher!.revision >= rvOf(space), 10_000, "the create's event in the namespaces cache");
      // The namespace's create is past the configmaps cache's last event: the first read proves
      // the cache current the slow way (a revision request, a progress notice)...
      expect(configmaps.cacher!.revision).toBeLessThan(storage.committedRevision()!);
      expect((await configmaps.get(ctx("sync"), "a")).metadata?.resourceVersion).toBe(created.metadata?.resourceVersion);
      expect(asked).toBe(1);
      expect(configmaps.cacher!.revision).toBe(storage.committedRevision());
      // ... and from then on every consistent read compares revisions synchronously.
      asked = 0;
      const reads = countReads(storage);
      const got = await configmaps.get(ctx("sync"), "a");
      expect(got).toBe(configmaps.cacher!.get(configmaps.keyRoot("sync") + "a"));
      expect(await namespaces.get(ctx(), "sync")).toBe(namespaces.cacher!.get(namespaces.keyRoot() + "sync"));
      expect((await configmaps.list(ctx("sync"))).items.map((o) => o.metadata?.name)).toEqual(["a"]);
      expect(await configmaps.get(ctx("sync"), "a", { resourceVersion: "0" })).toBe(got);
      // Misses take the full path: the name is checked (400 before 404), then 404.
      await expect(configmaps.get(ctx("sync"), "missing")).rejects.toMatchObject({ status: { code: 404 } });
      await expect(configmaps.get(ctx("sync"), "a%b")).rejects.toMatchObject({ status: { code: 400 } });
      await expect(configmaps.get(ctx(), "a")).rejects.toMatchObject({ status: { code: 400, message: "Namespace parameter required." } });
      await expect(configmaps.get(ctx("other"), "a")).rejects.toMatchObject({ status: { code: 404 } });
      expect(asked).toBe(0);
      expect(reads).toEqual({ gets: 0, lists: 0 });
      // An update and a delete reach the by-name lookup as they reach the cache.
      const updated = await configmaps.update(ctx("sync"), "a", { ...got, data: { v: "2" } });
      expect((await configmaps.get(ctx("sync"), "a")).metadata?.resourceVersion).toBe(updated.object.metadata?.resourceVersion);
      await configmaps.delete(ctx("sync"), "a");
      await expect(configmaps.get(ctx("sync"), "a")).rejects.toMatchObject({ status: { code: 404 } });
    } finally {
      configmaps.stopWatchCache();
      namespaces.stopWatchCache();
      await storage.close();
    }
  });
});

describe("revision batcher", () => {
  it("gives a read only an answer requested after it began, one request for the reads that arrive together", async () => {
    let revision = 10;
    const pending: (() => void)[] = [];
    let requests = 0;
    const batcher = new RevisionBatcher(() => {
      requests++;
      // The answer is the revision when the request is served (later), as a round trip would.
      return new Promise((resolve) => pending.push(() => resolve(revision)));
    });
    const first = batcher.current();
    revision = 11; // a write acknowledged after the first request was sent
    const second = batcher.current();
    const third = batcher.current();
    expect(requests).toBe(1);
    pending.shift()!();
    expect(await first).toBe(11);
    await new Promise((r) => setImmediate(r));
    expect(requests).toBe(2);
    revision = 12;
    pending.shift()!();
    expect(await second).toBe(12);
    expect(await third).toBe(12);
    expect(requests).toBe(2);
  });
});

describe("revision batcher read scopes", () => {
  it("answers a scope's reads with its first request, forgets a failed one, and scopes only marked request signals", async () => {
    let revision = 10;
    let fail = false;
    let requests = 0;
    const batcher = new RevisionBatcher(async () => {
      requests++;
      if (fail) throw new Error("unavailable");
      return revision;
    });
    const scope = {};
    expect(await batcher.current(scope)).toBe(10);
    expect(batcher.known(scope)).toBe(10);
    revision = 11; // acknowledged after the scope began: the scope may stay at its first answer
    expect(await batcher.current(scope)).toBe(10);
    expect(await batcher.current()).toBe(11);
    expect(requests).toBe(2);
    // A failed request is not remembered for its scope.
    const other = {};
    fail = true;
    await expect(batcher.current(other)).rejects.toThrow("unavailable");
    expect(batcher.known(other)).toBeUndefined();
    fail = false;
    expect(await batcher.current(other)).toBe(11);
    // Only a request's own signal makes a scope: a long-lived one (a controller's) does not.
    const longLived = new AbortController().signal;
    expect(requestReadScope(longLived)).toBeUndefined();
    const request = markRequestSignal(new AbortController().signal);
    expect(requestReadScope(request)).toBe(request);
  });
});

consistencySuite({
  name: "SQLite",
  open: tempSqliteStorages("kubegen-consistency-"),
  proves: () => true,
});

describe.runIf(etcdAvailable())("etcd", () => {
  let server: EtcdServer;
  beforeAll(async () => {
    server = await startEtcd();
  }, 30_000);
  afterAll(async () => {
    await server?.stop();
  });
  let version = "";
  beforeAll(async () => {
    version = ((await (await fetch(`${server.endpoint}/version`)).json()) as { etcdserver: string }).etcdserver;
  });
  // Each suite opens its own clients and objects of its own (the keyspace is shared).
  consistencySuite({
    name: "etcd",
    open: async () => new EtcdStorage({ endpoints: [server.endpoint] }),
    proves: () => progressNotifyOrdered(version),
  });
  // The progress mechanism itself, on whatever release is installed. Not the read-your-writes
  // property: on releases before 3.4.31/3.5.13 (Debian's is 3.4.23) a notice may overtake
  // pending events, which is exactly why the store does not trust them there; forcing trust on
  // such a release makes that property fail by design (seen in a run: a GET after a create found
  // nothing).
  consistencySuite(
    {
      name: "etcd, progress notices trusted",
      open: async () => new EtcdStorage({ endpoints: [server.endpoint], trustProgressNotify: true }),
      proves: () => true,
    },
    { readYourWrites: false },
  );
});

describe("etcd releases whose progress notices come after pending events", () => {
  it("3.4.31+, 3.5.13+ and 3.6+", () => {
    expect(["3.4.23", "3.4.30", "3.5.12", "3.3.27", "x"].map(progressNotifyOrdered)).toEqual([false, false, false, false, false]);
    expect(["3.4.31", "3.5.13", "3.5.21", "3.6.0", "4.0.0"].map(progressNotifyOrdered)).toEqual([true, true, true, true, true]);
  });
});
