/**
 * CPU of this process per create on etcd, at the storage layer: EtcdStorage creates at 16 in
 * flight, alone and with a watch on the prefix consumed as the watch cache consumes it (the
 * apiserver's storage share of a create: the transaction, then the event that fills its cache).
 * Beside it, the same creates as bare Txn calls on the gRPC client, and the etcd3 client's puts
 * at the same concurrency (their CPU is the reference for what a gRPC call costs in Node).
 * CPU per op (process.cpuUsage) rather than wall time: it moves little when others load the
 * machine. Run alone with a profile: `tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/etcd-create-cpu.bench.ts`.
 */
import { Etcd3 } from "etcd3";
import { EtcdStorage } from "../apiserver/storage/etcd/etcd-storage.js";
import { EtcdKVClient } from "../apiserver/storage/etcd/kv-client.js";
import { etcdAvailable, startEtcd } from "../test/apiserver/storage/etcd-server.js";
import { type BenchModule, formatDuration, formatOps, median, printNote, printTable, runIfMain } from "./support/table.js";

const IN_FLIGHT = 16;
const ROUNDS = 3;
const OPS_PER_ROUND = Number(process.env["KUBEGEN_BENCH_ETCD_OPS"] ?? 3_000);
/** About a small ConfigMap in enveloped protobuf. */
const VALUE = Buffer.alloc(512, 0x61);
/** KUBEGEN_BENCH_ETCD_ONLY=turns (a word of the row's name) runs only matching rows, e.g. under a profiler. */
const ONLY = process.env["KUBEGEN_BENCH_ETCD_ONLY"]?.toLowerCase();

interface Measure {
  cpuUs: number;
  opsPerS: number;
}

/** Runs `count` ops, `IN_FLIGHT` at a time; CPU of this process per op, and ops/s. */
async function measure(count: number, op: (n: number) => Promise<unknown>, drain?: () => Promise<void>): Promise<Measure> {
  let n = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (n < count) await op(n++);
    }),
  );
  await drain?.();
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { cpuUs: (cpu.user + cpu.system) / count, opsPerS: (count * 1000) / ms };
}

/** Creates under `prefix` while a watch on it is consumed as the cacher does: every event read back. */
async function createsWatched(storage: EtcdStorage, prefix: string): Promise<Measure> {
  const ac = new AbortController();
  const watch = storage.watchWithProgress({ prefix, afterRevision: 0, signal: ac.signal });
  let seen = 0;
  let opened = false;
  let allSeen: () => void = () => {};
  const done = new Promise<void>((resolve) => (allSeen = resolve));
  const consumer = (async () => {
    for await (const ev of watch) {
      if (ev.type === "PROGRESS") continue;
      if (ev.key.includes("/open-")) opened = true;
      else if (++seen >= OPS_PER_ROUND) allSeen();
    }
  })();
  // The stream is open once an event arrives (a watch from now may open after a write).
  for (let i = 0; !opened; i++) {
    await storage.create(`${prefix}open-${i}`, VALUE);
    await new Promise((r) => setTimeout(r, 20));
  }
  const m = await measure(
    OPS_PER_ROUND,
    (n) => storage.create(`${prefix}${n}`, VALUE),
    () => done,
  );
  ac.abort();
  await consumer;
  return m;
}

async function run(): Promise<void> {
  if (!etcdAvailable()) {
    printNote("etcd: /usr/bin/etcd is missing (apt install etcd-server); skipped");
    return;
  }
  const server = await startEtcd();
  const storage = new EtcdStorage({ endpoints: [server.endpoint] });
  const client = new EtcdKVClient([server.endpoint], 30_000);
  const raw = new Etcd3({ hosts: server.endpoint });
  const results = new Map<string, Measure[]>();
  const wanted = (name: string): boolean => ONLY === undefined || name.toLowerCase().includes(ONLY);
  const record = async (name: string, m: () => Promise<Measure>): Promise<void> => {
    if (wanted(name)) results.set(name, [...(results.get(name) ?? []), await m()]);
  };
  try {
    await storage.create("/registry/warm-up", VALUE);
    await raw.put("/warm-up").value("x");
    for (let round = 0; round < ROUNDS; round++) {
      const base = `/registry/r${round}`;
      await record("EtcdKVClient txn (create's shape)", () =>
        measure(OPS_PER_ROUND, (n) => {
          const k = Buffer.from(`${base}/txn/${n}`);
          return client.txn([{ key: k, target: "Create", revision: 0 }], [{ put: { key: k, value: VALUE } }], []);
        }),
      );
      // In the apiserver each create's call starts in its own loop turn (its own HTTP request).
      await record("EtcdStorage create, one per loop turn", () =>
        measure(OPS_PER_ROUND, async (n) => {
          await new Promise((r) => setImmediate(r));
          return storage.create(`${base}/turns/${n}`, VALUE);
        }),
      );
      await record("EtcdStorage create", () => measure(OPS_PER_ROUND, (n) => storage.create(`${base}/create/${n}`, VALUE)));
      await record("EtcdStorage create + its watch event", () => createsWatched(storage, `${base}/watched/`));
      await record("etcd3 client put (reference)", () => measure(OPS_PER_ROUND, (n) => raw.put(`${base}/raw/${n}`).value(VALUE).exec()));
    }
  } finally {
    await storage.close();
    client.close();
    raw.close();
    await server.stop();
  }
  printTable(
    `CPU of this process per create on etcd, ${IN_FLIGHT} in flight (median of ${ROUNDS} rounds of ${OPS_PER_ROUND})`,
    ["what", "CPU per op", "ops/s"],
    [...results].map(([name, ms]) => [
      name,
      formatDuration(median(ms.map((m) => m.cpuUs)) / 1000),
      formatOps(median(ms.map((m) => m.opsPerS))),
    ]),
  );
}

export const bench: BenchModule = {
  name: "etcd-create-cpu",
  description: "CPU per create on etcd at the storage layer (client, storage, storage + watch event), 16 in flight",
  run,
};

await runIfMain(import.meta.url, bench);
