/**
 * The lists admission reads on every create, kept while the followed resource does not change:
 * read once, answered again until an event, a relist or the age bound; read every time where
 * nothing can be followed or before the follow synced, or after the server stopped.
 */
import { describe, expect, it } from "vitest";
import { FollowedLists } from "../../../apiserver/admission/followed-lists.js";
import type { AdmissionObjects } from "../../../apiserver/admission/objects.js";
import type { FollowHandlers } from "../../../runtime/cache/follow.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const SIGNAL = new AbortController().signal;
const lr = (name: string, namespace: string): KubeObject => ({ metadata: { name, namespace } });

function fakeObjects(opts: { follow?: boolean; synced?: Promise<void> } = {}) {
  const stored: KubeObject[] = [];
  const reads: string[] = [];
  const followed: Record<string, FollowHandlers<KubeObject>> = {};
  const stop = new AbortController();
  const objects: AdmissionObjects = {
    get: (_g, resource, namespace, name) => {
      reads.push(`get ${resource}/${namespace}/${name}`);
      return Promise.resolve(stored.find((x) => x.metadata?.namespace === namespace && x.metadata.name === name));
    },
    list: (_g, resource, namespace, _s, o) => {
      reads.push(`${resource}/${namespace}${o?.liveWhenEmpty ? " live" : ""}`);
      return Promise.resolve(stored.filter((x) => x.metadata?.namespace === namespace));
    },
    updateStatus: () => Promise.resolve(),
    ...(opts.follow !== false && {
      follow: (_g: string, resource: string, handlers: FollowHandlers<KubeObject>) => {
        followed[resource] = handlers;
        return { synced: opts.synced ?? Promise.resolve(), signal: stop.signal };
      },
    }),
  };
  return { objects, stored, reads, followed, stop };
}

/** Lets the follow's `synced` settle. */
const settle = () => new Promise((r) => setImmediate(r));

describe("FollowedLists", () => {
  it("answers again without a read until the resource changes, then reads what changed", async () => {
    const f = fakeObjects();
    const lists = new FollowedLists(f.objects);
    expect(await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true })).toEqual([]);
    await settle();
    const first = await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true });
    const again = await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true });
    expect(again).toBe(first);
    expect(f.reads).toEqual(["limitranges/a live", "limitranges/a live"]);
    // A LimitRange added: the follow's event forgets the kept answer, the next Pod sees it.
    f.stored.push(lr("limits", "a"));
    f.followed.limitranges!.event(lr("limits", "a"), false);
    expect(await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true })).toEqual([lr("limits", "a")]);
    expect(f.reads.length).toBe(3);
    // Any namespace's change forgets every namespace's answer; a relist does too.
    f.followed.limitranges!.event(lr("other", "b"), false);
    await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true });
    expect(f.reads.length).toBe(4);
    f.followed.limitranges!.replace([]);
    await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true });
    expect(f.reads.length).toBe(5);
    // A delete as well.
    f.stored.length = 0;
    f.followed.limitranges!.event(lr("limits", "a"), true);
    expect(await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true })).toEqual([]);
  });

  it("keeps answers per namespace, per resource and per read kind", async () => {
    const f = fakeObjects();
    const lists = new FollowedLists(f.objects);
    await lists.list("", "limitranges", "a", SIGNAL);
    await lists.list("", "resourcequotas", "a", SIGNAL);
    await settle();
    for (let i = 0; i < 2; i++) {
      await lists.list("", "limitranges", "a", SIGNAL);
      await lists.list("", "limitranges", "b", SIGNAL);
      await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true });
      await lists.list("", "resourcequotas", "a", SIGNAL);
    }
    expect(f.reads.slice(2)).toEqual(["limitranges/a", "limitranges/b", "limitranges/a live", "resourcequotas/a"]);
    // A quota event leaves the LimitRange answers kept.
    f.followed.resourcequotas!.event(lr("q", "a"), false);
    await lists.list("", "limitranges", "a", SIGNAL);
    await lists.list("", "resourcequotas", "a", SIGNAL);
    expect(f.reads.slice(6)).toEqual(["resourcequotas/a"]);
  });

  it("keeps live-when-empty answers of namespaces taken in turn each under its own key", async () => {
    const f = fakeObjects();
    f.stored.push(lr("la", "a"), lr("lb", "b"));
    const lists = new FollowedLists(f.objects);
    await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true });
    await settle();
    const answers: KubeObject[][] = [];
    for (const ns of ["a", "b", "a", "b", "c", "a"]) answers.push(await lists.list("", "limitranges", ns, SIGNAL, { liveWhenEmpty: true }));
    expect(answers.map((a) => a.map((x) => x.metadata?.name))).toEqual([["la"], ["lb"], ["la"], ["lb"], [], ["la"]]);
    expect(answers[2]).toBe(answers[0]);
    expect(answers[3]).toBe(answers[1]);
    expect(f.reads).toEqual(["limitranges/a live", "limitranges/a live", "limitranges/b live", "limitranges/c live"]);
  });

  it("forgets an event that arrives while the read is under way", async () => {
    const f = fakeObjects();
    const lists = new FollowedLists(f.objects);
    await lists.list("", "limitranges", "a", SIGNAL);
    await settle();
    const pending = lists.list("", "limitranges", "a", SIGNAL);
    f.followed.limitranges!.event(lr("limits", "a"), false);
    await pending;
    await lists.list("", "limitranges", "a", SIGNAL);
    expect(f.reads.length).toBe(3);
  });

  it("reads again once an answer is older than the age bound", async () => {
    const f = fakeObjects();
    let now = 0;
    const lists = new FollowedLists(f.objects, () => now);
    await lists.list("", "limitranges", "a", SIGNAL);
    await settle();
    await lists.list("", "limitranges", "a", SIGNAL);
    now += 999;
    await lists.list("", "limitranges", "a", SIGNAL);
    expect(f.reads.length).toBe(2);
    now += 1;
    await lists.list("", "limitranges", "a", SIGNAL);
    expect(f.reads.length).toBe(3);
  });

  it("reads every time where nothing is followed, before the follow synced, and after the server stopped", async () => {
    const none = fakeObjects({ follow: false });
    const a = new FollowedLists(none.objects);
    for (let i = 0; i < 3; i++) await a.list("", "limitranges", "a", SIGNAL);
    await settle();
    await a.list("", "limitranges", "a", SIGNAL);
    expect(none.reads.length).toBe(4);

    const slow = fakeObjects({ synced: new Promise(() => {}) });
    const b = new FollowedLists(slow.objects);
    for (let i = 0; i < 3; i++) await b.list("", "limitranges", "a", SIGNAL);
    await settle();
    await b.list("", "limitranges", "a", SIGNAL);
    expect(slow.reads.length).toBe(4);

    const stopping = fakeObjects();
    const c = new FollowedLists(stopping.objects);
    await c.list("", "limitranges", "a", SIGNAL);
    await settle();
    await c.list("", "limitranges", "a", SIGNAL);
    expect(stopping.reads.length).toBe(2);
    stopping.stop.abort();
    await c.list("", "limitranges", "a", SIGNAL);
    await c.list("", "limitranges", "a", SIGNAL);
    expect(stopping.reads.length).toBe(4);
  });

  it("a failed first list is not followed, and a later call follows again", async () => {
    let fail = true;
    const f = fakeObjects();
    const follow = f.objects.follow!.bind(f.objects);
    f.objects.follow = (g, r, h) => {
      const out = follow(g, r, h)!;
      return fail ? { ...out, synced: Promise.reject(new Error("down")) } : out;
    };
    const lists = new FollowedLists(f.objects);
    await lists.list("", "limitranges", "a", SIGNAL);
    await settle();
    fail = false;
    await lists.list("", "limitranges", "a", SIGNAL);
    await settle();
    await lists.list("", "limitranges", "a", SIGNAL);
    await lists.list("", "limitranges", "a", SIGNAL);
    expect(f.reads.length).toBe(3);
  });

  it("a failed read is not kept", async () => {
    const f = fakeObjects();
    let fail = false;
    const list = f.objects.list.bind(f.objects);
    f.objects.list = (...args) => (fail ? Promise.reject(new Error("down")) : list(...args));
    const lists = new FollowedLists(f.objects);
    await lists.list("", "limitranges", "a", SIGNAL);
    await settle();
    fail = true;
    await expect(lists.list("", "limitranges", "a", SIGNAL)).rejects.toThrow("down");
    await settle();
    fail = false;
    expect(await lists.list("", "limitranges", "a", SIGNAL)).toEqual([]);
  });
  it("keeps a found object until the resource changes, and never a miss", async () => {
    const f = fakeObjects();
    const lists = new FollowedLists(f.objects);
    expect(await lists.get("", "serviceaccounts", "a", "default", SIGNAL)).toBeUndefined();
    await settle();
    expect(await lists.get("", "serviceaccounts", "a", "default", SIGNAL)).toBeUndefined();
    f.stored.push(lr("default", "a"));
    // Created a moment ago, its event not seen yet: found all the same (a miss is read again).
    expect(await lists.get("", "serviceaccounts", "a", "default", SIGNAL)).toEqual(lr("default", "a"));
    expect(await lists.get("", "serviceaccounts", "a", "default", SIGNAL)).toEqual(lr("default", "a"));
    expect(f.reads).toEqual(Array(3).fill("get serviceaccounts/a/default"));
    const changed = { ...lr("default", "a"), automountServiceAccountToken: false };
    f.stored[0] = changed;
    f.followed.serviceaccounts!.event(changed, false);
    expect(await lists.get("", "serviceaccounts", "a", "default", SIGNAL)).toBe(changed);
    expect(f.reads.length).toBe(4);
  });
  it("does not keep a found object when the resource changed while it was read", async () => {
    const f = fakeObjects();
    const lists = new FollowedLists(f.objects);
    await lists.list("", "serviceaccounts", "a", SIGNAL);
    await settle();
    let gets = 0;
    let release: ((o: KubeObject) => void) | undefined;
    f.objects.get = () => {
      gets++;
      return gets === 1 ? new Promise((r) => (release = r)) : Promise.resolve(lr("default", "a"));
    };
    const pending = lists.get("", "serviceaccounts", "a", "default", SIGNAL);
    f.followed.serviceaccounts!.event(lr("default", "a"), false);
    release!(lr("old", "a"));
    expect(await pending).toEqual(lr("old", "a"));
    await settle();
    expect(await lists.get("", "serviceaccounts", "a", "default", SIGNAL)).toEqual(lr("default", "a"));
    expect(await lists.get("", "serviceaccounts", "a", "default", SIGNAL)).toEqual(lr("default", "a"));
    expect(gets).toBe(2);
  });

  it("answers a kept object or list at once (no promise) once its read resolved, and nothing otherwise", async () => {
    const f = fakeObjects();
    let now = 0;
    const lists = new FollowedLists(f.objects, () => now);
    f.stored.push(lr("default", "a"));
    // Not followed yet: nothing at once.
    expect(lists.keptObject("", "serviceaccounts", "a", "default")).toBeUndefined();
    expect(lists.keptList("", "limitranges", "a", { liveWhenEmpty: true })).toBeUndefined();
    await lists.get("", "serviceaccounts", "a", "default", SIGNAL);
    await lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true });
    await settle();
    // Followed, but the answers before were not kept: read again, then kept.
    let release: ((o: KubeObject[]) => void) | undefined;
    f.objects.list = () => new Promise((r) => (release = r));
    const pending = lists.list("", "limitranges", "a", SIGNAL, { liveWhenEmpty: true });
    expect(lists.keptList("", "limitranges", "a", { liveWhenEmpty: true })).toBeUndefined();
    release!([lr("limits", "a")]);
    const items = await pending;
    expect(lists.keptList("", "limitranges", "a", { liveWhenEmpty: true })).toBe(items);
    // Each read kind and namespace on its own.
    expect(lists.keptList("", "limitranges", "a")).toBeUndefined();
    expect(lists.keptList("", "limitranges", "b", { liveWhenEmpty: true })).toBeUndefined();
    const sa = await lists.get("", "serviceaccounts", "a", "default", SIGNAL);
    expect(lists.keptObject("", "serviceaccounts", "a", "default")).toBe(sa);
    expect(lists.keptObject("", "serviceaccounts", "a", "other")).toBeUndefined();
    // A change forgets them; so does age.
    f.followed.serviceaccounts!.event(lr("default", "a"), false);
    expect(lists.keptObject("", "serviceaccounts", "a", "default")).toBeUndefined();
    now += 1000;
    expect(lists.keptList("", "limitranges", "a", { liveWhenEmpty: true })).toBeUndefined();
  });
});
