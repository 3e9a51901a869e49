/**
 * The SQLite watch hub's fan-out: subscribers indexed by their "/"-ended prefix receive exactly
 * the events the plain rule gives (key starts with the prefix, revision after the subscriber's).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { StorageEvent } from "../../../apiserver/storage/interface.js";
import { WatchHub } from "../../../apiserver/storage/sqlite/watch.js";

interface FakeSubscriber {
  prefix: string;
  after: number;
  got: number[];
  queue: { push(e: StorageEvent): void };
}

function subscriber(prefix: string, after = 0): FakeSubscriber {
  const got: number[] = [];
  return { prefix, after, got, queue: { push: (e) => got.push(e.revision) } };
}

function put(key: string, revision: number): StorageEvent {
  return { type: "PUT", key, kv: { key, value: new Uint8Array(), createRevision: revision, modRevision: revision }, revision };
}

/** What each subscriber should receive: the events whose key starts with its prefix, after its revision. */
function expected(subs: FakeSubscriber[], events: StorageEvent[]): number[][] {
  return subs.map((s) => events.filter((e) => e.key.startsWith(s.prefix) && e.revision > s.after).map((e) => e.revision));
}

describe("WatchHub", () => {
  it("sends each event to every subscriber whose prefix it matches, slash-ended or not", () => {
    const hub = new WatchHub();
    const subs = [
      subscriber("/registry/configmaps/"),
      subscriber("/registry/configmaps/ns1/"),
      subscriber("/registry/configmaps/ns1/"),
      subscriber("/registry/"),
      subscriber("/"),
      subscriber(""),
      subscriber("/registry/configmaps/ns1/cm"),
      subscriber("/registry/configmaps/ns1/cm-1"),
      subscriber("/registry/configmapsx/"),
      subscriber("/registry/configmaps/", 3),
    ];
    for (const s of subs) hub.subscribe(s as never);
    const events = [
      put("/registry/configmaps/ns1/cm-1", 2),
      put("/registry/configmaps/ns2/cm-1", 3),
      put("/registry/configmapsx/ns1/a", 4),
      put("/registry/secrets/ns1/cm-1", 5),
      put("/registry/configmaps/ns1/cm-10", 6),
      put("registry/configmaps/ns1/cm-1", 7),
    ];
    for (const e of events) hub.publish(e);
    expect(subs.map((s) => s.got)).toEqual(expected(subs, events));
    expect(subs[0]!.got).toEqual([2, 3, 6]);
  });

  it("stops sending to a subscriber once it unsubscribes, and keeps the others of its prefix", () => {
    const hub = new WatchHub();
    const [a, b, c] = [subscriber("/registry/pods/"), subscriber("/registry/pods/"), subscriber("/registry/pods/x")];
    for (const s of [a, b, c]) hub.subscribe(s as never);
    hub.publish(put("/registry/pods/x", 2));
    hub.unsubscribe(a as never);
    hub.unsubscribe(c as never);
    hub.unsubscribe(c as never);
    hub.publish(put("/registry/pods/x", 3));
    expect([a.got, b.got, c.got]).toEqual([[2], [2, 3], [2]]);
    expect(hub.size).toBe(1);
    hub.unsubscribe(b as never);
    hub.publish(put("/registry/pods/x", 4));
    expect(b.got).toEqual([2, 3]);
    expect(hub.size).toBe(0);
  });

  it("agrees with the plain prefix rule on generated keys and prefixes", () => {
    const segment = fc.constantFrom("", "a", "ab", "b", "registry", "x/");
    const path = fc.array(segment, { maxLength: 4 }).map((parts) => parts.join("/"));
    const prefix = fc.tuple(fc.boolean(), path, fc.boolean()).map(([lead, p, trail]) => `${lead ? "/" : ""}${p}${trail ? "/" : ""}`);
    fc.assert(
      fc.property(fc.array(fc.tuple(prefix, fc.nat(5)), { maxLength: 8 }), fc.array(prefix, { maxLength: 10 }), (subSpecs, keys) => {
        const hub = new WatchHub();
        const subs = subSpecs.map(([p, after]) => subscriber(p, after));
        for (const s of subs) hub.subscribe(s as never);
        const events = keys.map((k, i) => put(k, i + 1));
        for (const e of events) hub.publish(e);
        expect(subs.map((s) => s.got)).toEqual(expected(subs, events));
      }),
    );
  });
});
