/**
 * The runtime's reflector against the real registry and its watch cache, on SQLite and on a real
 * etcd: a reflector whose resourceVersion was compacted away while it was not watching gets a
 * 410 and relists (or, with useWatchList, syncs again from a watch-list), ending with exactly
 * the current state.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { buildStore } from "../../../apiserver/registry/builtin.js";
import type { GenericStore } from "../../../apiserver/registry/store.js";
import type { KubeObject, WatchEvent } from "../../../apiserver/registry/rest.js";
import type { Storage } from "../../../apiserver/storage/interface.js";
import { SqliteStorage } from "../../../apiserver/storage/sqlite/sqlite-storage.js";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import { newIndexer } from "../../../runtime/cache/indexer.js";
import { Reflector } from "../../../runtime/cache/reflector.js";
import type { ListWatch, ListWatchListOptions, ListWatchWatchOptions } from "../../../runtime/cache/list-watch.js";
import { startEtcd, type EtcdServer } from "../storage/etcd-server.js";
import { cm, ctx } from "./helpers.js";
import { describeWithTools, type Tool } from "../../support/tools.js";
import { until } from "../../support/wait.js";

type Obj = KubeObject & { metadata: { name: string; namespace?: string; resourceVersion?: string } };

/** A ListWatch over a store in one namespace, whose watches the test can end and hold back. */
class GatedListWatch implements ListWatch<Obj> {
  lists: ListWatchListOptions[] = [];
  watches: ListWatchWatchOptions[] = [];
  errors: WatchEvent[] = [];
  private gate: Promise<void> | undefined;
  private release: (() => void) | undefined;
  private readonly open = new Set<AbortController>();

  constructor(
    private readonly store: GenericStore,
    private readonly namespace: string,
  ) {}

  hold(): void {
    this.gate = new Promise((r) => (this.release = r));
  }

  letGo(): void {
    this.release?.();
    this.gate = undefined;
  }

  /** Ends the open watches, as a server timeout does. */
  endWatches(): void {
    for (const c of this.open) c.abort();
  }

  async list(opts: ListWatchListOptions) {
    this.lists.push(opts);
    const list = await this.store.list(ctx(this.namespace), {
      resourceVersion: opts.resourceVersion,
      limit: opts.limit,
      continue: opts.continue,
    });
    return { items: list.items as Obj[], metadata: list.metadata };
  }

  watch(opts: ListWatchWatchOptions): AsyncIterable<WatchEvent & { object: Obj }> {
    this.watches.push(opts);
    return this.stream(opts);
  }

  private async *stream(opts: ListWatchWatchOptions): AsyncGenerator<WatchEvent & { object: Obj }> {
    if (this.gate) await this.gate;
    const ac = new AbortController();
    this.open.add(ac);
    opts.signal.addEventListener("abort", () => ac.abort(), { once: true });
    try {
      const { signal: _, ...rest } = opts;
      for await (const ev of this.store.watch(ctx(this.namespace, ac.signal), rest)) {
        if (ev.type === "ERROR") this.errors.push(ev);
        yield ev as WatchEvent & { object: Obj };
      }
    } finally {
      this.open.delete(ac);
    }
  }
}

const backends: { name: string; tools: Tool[]; open: () => Promise<{ storage: Storage; stop: () => Promise<void> }> }[] = [
  {
    name: "sqlite",
    tools: [],
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-reflector-"));
      return {
        storage: new SqliteStorage({ path: path.join(dir, "kubegen.db") }),
        stop: async () => fs.rmSync(dir, { recursive: true, force: true }),
      };
    },
  },
  {
    name: "etcd",
    tools: ["etcd"],
    open: async () => {
      const etcd: EtcdServer = await startEtcd();
      return { storage: new EtcdStorage({ endpoints: [etcd.endpoint] }), stop: () => etcd.stop() };
    },
  },
];

for (const backend of backends) {
  describeWithTools(backend.tools, `reflector over the watch cache after compaction: ${backend.name}`, () => {
    let storage: Storage;
    let stopBackend: () => Promise<void>;
    let configmaps: GenericStore;
    let n = 0;

    beforeAll(async () => {
      const opened = await backend.open();
      storage = opened.storage;
      stopBackend = opened.stop;
      const gv = scheme.groupVersions().find((g) => g.group === "" && g.version === "v1")!;
      const info = scheme.resourcesFor(gv).find((r) => r.plural === "configmaps")!;
      configmaps = buildStore(storage, scheme, gv, info, { watchCache: true });
    });
    afterAll(async () => {
      configmaps?.stopWatchCache();
      await storage?.close();
      await stopBackend?.();
    });

    for (const useWatchList of [false, true]) {
      it(`a resourceVersion compacted while not watching: 410, then ${useWatchList ? "a watch-list" : "a relist"} brings exactly the current state`, async () => {
        const ns = `refl${++n}`;
        for (const name of ["a", "b"]) await configmaps.create(ctx(ns), cm(name));
        const lw = new GatedListWatch(configmaps, ns);
        const indexer = newIndexer<Obj>();
        const errors: unknown[] = [];
        const reflector = new Reflector<Obj>(lw, indexer, {
          useWatchList,
          backoff: { initialMs: 10, maxMs: 50, jitter: 0 },
          onError: (e) => errors.push(e),
        });
        const stop = new AbortController();
        const done = reflector.run(stop.signal);
        try {
          await until(() => indexer.size() === 2 && lw.watches.length === 1, 10_000, "first sync");
          const synced = reflector.lastSyncResourceVersion();
          // The watch ends and the next one is held back while history moves on and is compacted.
          lw.hold();
          lw.endWatches();
          await until(() => lw.watches.length === 2, 10_000, "re-watch");
          expect(lw.watches[1]!.resourceVersion).toBe(synced);
          await configmaps.create(ctx(ns), cm("c"));
          await configmaps.delete(ctx(ns), "a");
          await storage.compact(await storage.currentRevision());
          lw.letGo();
          await until(() => lw.errors.length > 0, 10_000, "410");
          expect(lw.errors[0]!.object).toMatchObject({
            code: 410,
            reason: "Expired",
            message: expect.stringMatching(new RegExp(`^too old resource version: ${synced} \\(\\d+\\)$`)),
          });
          await until(() => indexer.listKeys().sort().join() === `${ns}/b,${ns}/c`, 10_000, "resync");
          if (useWatchList) expect(lw.lists).toEqual([]);
          else expect(lw.lists.length).toBeGreaterThanOrEqual(2);
          // Watching again, live.
          await configmaps.create(ctx(ns), cm("d"));
          await until(() => indexer.size() === 3, 10_000, "live event");
        } finally {
          stop.abort();
          await done;
        }
      });
    }
  });
}
