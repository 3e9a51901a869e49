/**
 * The watch cache in process (no HTTP, so the figures do not drift with the machine's network
 * and TLS load), on SQLite in a temp dir, the same resource served with and without the cache:
 *   - a list of 10,000 ConfigMaps encoded as JSON: consistent (no resourceVersion) and at
 *     resourceVersion=0;
 *   - 1,000 watchers of one namespace and one create: the time until every watcher holds the
 *     event encoded for the wire (JSON), as the watch handler would write it.
 * The cache should make both cheaper: decoded objects and their encodings are shared, and one
 * storage watch feeds every watcher instead of one storage watch each.
 */
import { setMaxListeners } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { scheme } from "../generated/apis/register.js";
import { buildStore } from "../apiserver/registry/builtin.js";
import { sharedEncoding } from "../apiserver/registry/cacher/shared-encoding.js";
import type { GenericStore } from "../apiserver/registry/store.js";
import type { RequestContext, WatchEvent } from "../apiserver/registry/rest.js";
import { encodeJSON } from "../apiserver/endpoints/serializers.js";
import { SqliteStorage } from "../apiserver/storage/sqlite/sqlite-storage.js";
import { type BenchModule, formatDuration, formatRatio, median, printNote, printTable, runIfMain } from "./support/table.js";

const OBJECTS = 10_000;
const WATCHERS = 1_000;
const EVENTS = 5;
const DATA = { k: "v".repeat(200) };

const ctx = (namespace?: string, signal = new AbortController().signal): RequestContext => ({
  namespace,
  user: { name: "admin", groups: ["system:masters"] },
  signal,
  warnings: [],
});

function configmaps(storage: SqliteStorage, watchCache: boolean): GenericStore {
  const gv = scheme.groupVersions().find((g) => g.group === "")!;
  const info = scheme.resourcesFor(gv).find((r) => r.plural === "configmaps")!;
  return buildStore(storage, scheme, gv, info, { watchCache });
}

async function fill(store: GenericStore, ns: string, count: number): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: 64 }, async () => {
      while (next < count) {
        const n = next++;
        await store.create(ctx(ns), {
          apiVersion: "v1",
          kind: "ConfigMap",
          metadata: { name: `cm-${String(n).padStart(6, "0")}` },
          data: DATA,
        });
      }
    }),
  );
}

let otherWrites = 0;

/**
 * Median ms of a list of the namespace encoded as JSON (the first of 6 is a warm-up). With
 * `behind`, another resource is written before each list, so the cache is not at storage's
 * current revision and a consistent list must read storage.
 */
async function listMs(store: GenericStore, ns: string, resourceVersion?: string, behind?: SqliteStorage): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 6; i++) {
    if (behind) await behind.create(`/registry/bench-other/o${otherWrites++}`, new Uint8Array([1]));
    const t0 = performance.now();
    const list = await store.list(ctx(ns), resourceVersion ? { resourceVersion } : {});
    const bytes = encodeJSON(list);
    if (list.items.length !== OBJECTS || bytes.length === 0) throw new Error(`list: ${list.items.length} items`);
    if (i > 0) times.push(performance.now() - t0);
  }
  return median(times);
}

/** The watch handler's JSON line for an event: shared bytes for shared objects, as the handler does. */
function encodeLine(ev: WatchEvent): Uint8Array {
  return sharedEncoding(ev.object, `${ev.type} json `, () => Buffer.from(`${JSON.stringify({ type: ev.type, object: ev.object })}\n`));
}

/** Per-delivery latency (ms) from each create to each watcher holding its encoded event. */
async function fanOut(store: GenericStore, ns: string): Promise<number[]> {
  const stop = new AbortController();
  setMaxListeners(0, stop.signal); // one signal for every watcher here (each request has its own in the server)
  const rv = (await store.list(ctx(ns), { limit: 1 })).metadata.resourceVersion;
  const sent = new Map<string, number>();
  const latencies: number[] = [];
  let pending = 0;
  let wake: (() => void) | undefined;
  const watchers = Array.from({ length: WATCHERS }, async () => {
    for await (const ev of store.watch(ctx(ns, stop.signal), { resourceVersion: rv })) {
      encodeLine(ev);
      const at = sent.get(ev.object.metadata?.name ?? "");
      if (at !== undefined) latencies.push(performance.now() - at);
      if (--pending === 0) wake?.();
    }
  });
  await new Promise((r) => setTimeout(r, 200)); // every watch registered
  for (let e = 0; e < EVENTS; e++) {
    const name = `watched-${e}`;
    pending = WATCHERS;
    const done = new Promise<void>((r) => (wake = r));
    sent.set(name, performance.now());
    await store.create(ctx(ns), { apiVersion: "v1", kind: "ConfigMap", metadata: { name }, data: DATA });
    await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
  }
  stop.abort();
  await Promise.all(watchers);
  return latencies;
}

function p99(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? NaN;
}

async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-watch-cache-"));
  const storage = new SqliteStorage({ path: path.join(dir, "db.sqlite") });
  try {
    const plain = configmaps(storage, false);
    const cached = configmaps(storage, true);
    await fill(plain, "bench", OBJECTS);
    await new Promise((r) => setTimeout(r, 100)); // the cache has applied every create
    const lists = [
      ["consistent (no resourceVersion)", await listMs(plain, "bench"), await listMs(cached, "bench")],
      [
        "consistent, another resource written since (storage + the cache's decoded objects)",
        await listMs(plain, "bench", undefined, storage),
        await listMs(cached, "bench", undefined, storage),
      ],
      ["resourceVersion=0", await listMs(plain, "bench", "0"), await listMs(cached, "bench", "0")],
    ] as const;
    printTable(
      `list of ${OBJECTS.toLocaleString("en-US")} ConfigMaps + JSON encoding, in process (SQLite)`,
      ["read", "storage", "watch cache", "storage/cache"],
      lists.map(([what, s, c]) => [what, formatDuration(s), formatDuration(c), formatRatio(s / c)]),
    );
    const plainLat = await fanOut(plain, "watch-plain");
    const cachedLat = await fanOut(cached, "watch-cached");
    printTable(
      `${WATCHERS.toLocaleString("en-US")} watchers, ${EVENTS} creates: from the create to every watcher holding its encoded event, in process`,
      ["serving", "deliveries", "p50", "p99"],
      [
        ["a storage watch per watcher", String(plainLat.length), formatDuration(median(plainLat)), formatDuration(p99(plainLat))],
        [
          "watch cache (one storage watch, shared bytes)",
          String(cachedLat.length),
          formatDuration(median(cachedLat)),
          formatDuration(p99(cachedLat)),
        ],
      ],
    );
    printNote("the apiserver bench measures the same over HTTPS, where TLS writes to every socket add to both");
    cached.stopWatchCache();
  } finally {
    await storage.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const bench: BenchModule = {
  name: "watch-cache",
  description: "the watch cache in process: list of 10,000 and 1,000-watcher fan-out, with and without it (SQLite)",
  run,
};

await runIfMain(import.meta.url, bench);
