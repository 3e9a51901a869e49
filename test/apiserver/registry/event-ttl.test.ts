/**
 * `--event-ttl` (registry/resources/events/ttl.ts): with a fake clock, an event is deleted once
 * its last write is older than the TTL, a renewed one stays, and a renewal racing the sweep wins
 * (the delete's revision precondition fails). Also the flag's parsing.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addAPIServerFlags, apiserverRunOptions, type APIServerFlags } from "../../../cmd/apiserver.js";
import { protobufCodec } from "../../../apiserver/registry/codec.js";
import {
  EVENTS_PREFIX,
  EventSweeper,
  lastWriteOf,
  protobufWriteTime,
  sweepIntervalMs,
  type WriteTimeOf,
} from "../../../apiserver/registry/resources/events/ttl.js";
import type { KeyValue } from "../../../apiserver/storage/interface.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { scheme } from "./helpers.js";

const T0 = Date.parse("2026-01-01T00:00:00Z");
const TTL = 60 * 60_000;
const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

/** A stored event, JSON for the test's own decoder: written (managedFields time) at `at`. */
function eventValue(at: number): Uint8Array {
  const time = new Date(at).toISOString().replace(/\.\d{3}Z$/, "Z");
  return utf8.encode(JSON.stringify({ metadata: { creationTimestamp: time, managedFields: [{ manager: "t", time }] } }));
}

const jsonWriteTime: WriteTimeOf = (kv: KeyValue) => lastWriteOf(JSON.parse(fromUtf8.decode(kv.value)).metadata);

describe("lastWriteOf", () => {
  it("takes the latest managedFields time, else the creationTimestamp, as the end of its second", () => {
    expect(
      lastWriteOf({
        creationTimestamp: "2026-01-01T00:00:00Z",
        managedFields: [{ time: "2026-01-01T00:00:05Z" }, { time: "2026-01-01T00:00:09Z" }, {}],
      }),
    ).toBe(T0 + 9_999);
    expect(lastWriteOf({ creationTimestamp: "2026-01-01T00:00:00Z" })).toBe(T0 + 999);
    expect(lastWriteOf({})).toBeUndefined();
    expect(lastWriteOf(undefined)).toBeUndefined();
  });

  it("sweeps every tenth of the TTL, at most every minute", () => {
    expect(sweepIntervalMs(1000)).toBe(100);
    expect(sweepIntervalMs(TTL)).toBe(60_000);
  });
});

describe("EventSweeper", () => {
  it("deletes an event whose last write is older than the TTL and keeps one renewed since", async () => {
    const storage = new MemoryStorage();
    let now = T0;
    const sweeper = new EventSweeper(storage, { ttlMs: TTL, writeTime: jsonWriteTime, now: () => now });
    await storage.create(`${EVENTS_PREFIX}default/old`, eventValue(T0));
    await storage.create(`${EVENTS_PREFIX}default/renewed`, eventValue(T0));
    await storage.create(`/registry/core/configmaps/default/untouched`, eventValue(T0));
    now = T0 + 30 * 60_000;
    expect(await sweeper.sweep()).toEqual([]);
    await storage.guaranteedUpdate(`${EVENTS_PREFIX}default/renewed`, () => eventValue(now));
    now = T0 + TTL + 1_000;
    expect(await sweeper.sweep()).toEqual([`${EVENTS_PREFIX}default/old`]);
    expect(await storage.get(`${EVENTS_PREFIX}default/old`)).toBeUndefined();
    expect(await storage.get(`${EVENTS_PREFIX}default/renewed`)).toBeDefined();
    expect(await storage.get(`/registry/core/configmaps/default/untouched`)).toBeDefined();
    now = T0 + 30 * 60_000 + TTL + 1_000;
    expect(await sweeper.sweep()).toEqual([`${EVENTS_PREFIX}default/renewed`]);
  });

  it("keeps an event renewed between the sweep's read and its delete (revision precondition)", async () => {
    const storage = new MemoryStorage();
    const key = `${EVENTS_PREFIX}default/racing`;
    await storage.create(key, eventValue(T0));
    const now = T0 + TTL + 1_000;
    // The renewal lands just before the sweep's delete reaches the storage.
    const racing = Object.create(storage) as MemoryStorage;
    racing.delete = async (k, opts) => {
      await storage.guaranteedUpdate(k, () => eventValue(now));
      return storage.delete(k, opts);
    };
    const sweeper = new EventSweeper(racing, { ttlMs: TTL, writeTime: jsonWriteTime, now: () => now });
    expect(await sweeper.sweep()).toEqual([]);
    const kept = await storage.get(key);
    expect(kept && jsonWriteTime(kept)).toBe(now + 999 - (now % 1000));
  });

  it("leaves an event whose write time is unknown", async () => {
    const storage = new MemoryStorage();
    await storage.create(`${EVENTS_PREFIX}default/opaque`, utf8.encode("{}"));
    const sweeper = new EventSweeper(storage, { ttlMs: 1, writeTime: () => undefined, now: () => T0 + TTL });
    expect(await sweeper.sweep()).toEqual([]);
  });

  it("pages through many events", async () => {
    const storage = new MemoryStorage();
    for (let i = 0; i < 1_200; i++) await storage.create(`${EVENTS_PREFIX}ns/e${i}`, eventValue(T0));
    const sweeper = new EventSweeper(storage, { ttlMs: TTL, writeTime: jsonWriteTime, now: () => T0 + TTL + 1_000 });
    expect((await sweeper.sweep()).length).toBe(1_200);
    expect((await storage.list({ prefix: EVENTS_PREFIX })).items).toEqual([]);
  });

  it("reads the write time from a stored protobuf Event", () => {
    const bytes = protobufCodec(scheme).encode({
      apiVersion: "v1",
      kind: "Event",
      metadata: {
        name: "e",
        namespace: "default",
        creationTimestamp: "2026-01-01T00:00:00Z",
        managedFields: [{ manager: "m", operation: "Update", apiVersion: "v1", time: "2026-01-01T00:00:07Z" }],
      },
      involvedObject: {},
    });
    const kv: KeyValue = { key: `${EVENTS_PREFIX}default/e`, value: bytes, createRevision: 2, modRevision: 2 };
    expect(protobufWriteTime(scheme)(kv)).toBe(T0 + 7_999);
    expect(protobufWriteTime(scheme)({ ...kv, value: utf8.encode("not protobuf") })).toBeUndefined();
  });
});

describe("--event-ttl", () => {
  const parse = (argv: string[]): APIServerFlags =>
    addAPIServerFlags(new Command().exitOverride()).parse(argv, { from: "user" }).opts<APIServerFlags>();

  it("defaults to upstream's hour and takes a Go duration", () => {
    expect(apiserverRunOptions(parse([])).eventTTLMs).toBe(3_600_000);
    expect(apiserverRunOptions(parse(["--event-ttl", "90s"])).eventTTLMs).toBe(90_000);
    expect(apiserverRunOptions(parse(["--event-ttl=1h30m"])).eventTTLMs).toBe(5_400_000);
  });
});
