/**
 * List and watch as kube-apiserver 1.34 answers them, over HTTP, on the real registry with its
 * watch caches, on SQLite and on a real etcd started for this file: the watch-list with its
 * initial-events-end bookmark, exact reads for a paged relist at a resourceVersion, the continue
 * rules, the wait for a revision slightly ahead, every 410 text once history is compacted (with
 * the inconsistent-continue token), bookmarks before a watch's deadline, and timeoutSeconds.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/index.js";
import type { Storage } from "../../../apiserver/storage/interface.js";
import { SqliteStorage } from "../../../apiserver/storage/sqlite/sqlite-storage.js";
import { EtcdStorage } from "../../../apiserver/storage/etcd/etcd-storage.js";
import { startTestServer, type TestServer } from "../server/harness.js";
import { startEtcd, type EtcdServer } from "../storage/etcd-server.js";
import { describeWithTools, type Tool } from "../../support/tools.js";

interface Event {
  type: string;
  object: {
    kind?: string;
    code?: number;
    message?: string;
    metadata?: { name?: string; resourceVersion?: string; annotations?: Record<string, string> };
  };
}

const JSON_CT = { "Content-Type": "application/json" };
const INCONSISTENT =
  "The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, " +
  "or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an " +
  "inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.";

/** Reads JSON watch events until `until` says stop (or the stream ends), then closes the stream. */
async function readEvents(
  t: TestServer,
  url: string,
  until: (events: Event[]) => boolean = () => false,
): Promise<{ status: number; events: Event[]; ended: boolean }> {
  const w = await t.stream(url);
  const events: Event[] = [];
  let buf = "";
  let ended = true;
  for await (const chunk of w.chunks) {
    buf += chunk.toString("utf8");
    let nl: number;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (line.trim() !== "") events.push(JSON.parse(line) as Event);
    }
    if (until(events)) {
      ended = false;
      break;
    }
  }
  w.close();
  return { status: w.status, events, ended };
}

const backends: { name: string; tools: Tool[]; open: () => Promise<{ storage: Storage; stop: () => Promise<void> }> }[] = [
  {
    name: "sqlite",
    tools: [],
    open: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-listwatch-"));
      const storage = new SqliteStorage({ path: path.join(dir, "kubegen.db") });
      return { storage, stop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
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
  describeWithTools(backend.tools, `list and watch as upstream: ${backend.name}`, () => {
    let t: TestServer;
    let storage: Storage;
    let stopBackend: () => Promise<void>;
    let nsCounter = 0;
    const base = (ns: string): string => `/api/v1/namespaces/${ns}/configmaps`;
    const post = (p: string, obj: unknown) => t.request("POST", p, { body: JSON.stringify(obj), headers: JSON_CT });
    const get = async (p: string) => {
      const r = await t.request("GET", p);
      return {
        status: r.status,
        body: r.json<{
          message?: string;
          metadata: { resourceVersion?: string; continue?: string };
          items: { metadata: { name: string } }[];
          details?: { retryAfterSeconds?: number; causes?: unknown[] };
        }>(),
      };
    };
    const names = (b: { items: { metadata: { name: string } }[] }): string[] => b.items.map((i) => i.metadata.name);
    /** A fresh namespace with configmaps a, b, c; returns its name. */
    const seeded = async (): Promise<string> => {
      const ns = `lw${++nsCounter}`;
      expect((await post("/api/v1/namespaces", { metadata: { name: ns } })).status).toBe(201);
      for (const n of ["a", "b", "c"]) expect((await post(base(ns), { metadata: { name: n } })).status).toBe(201);
      return ns;
    };

    beforeAll(async () => {
      const opened = await backend.open();
      storage = opened.storage;
      stopBackend = opened.stop;
      t = await startTestServer({ storages: buildBuiltinStorages(storage, scheme) });
    });
    afterAll(async () => {
      await t?.close();
      await storage?.close();
      await stopBackend?.();
    });

    it("watch-list: sendInitialEvents with NotOlderThan streams the state, the initial-events-end bookmark, then changes", async () => {
      const ns = await seeded();
      const url = `${base(ns)}?watch=1&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true&timeoutSeconds=30`;
      const pending = readEvents(t, url, (evs) => evs.some((e) => e.type === "ADDED" && e.object.metadata?.name === "d"));
      // The change may land before or after the initial list is taken: either way it comes after the bookmark or in the state.
      await new Promise((r) => setTimeout(r, 200));
      expect((await post(base(ns), { metadata: { name: "d" } })).status).toBe(201);
      const { status, events } = await pending;
      expect(status).toBe(200);
      const end = events.findIndex((e) => e.type === "BOOKMARK");
      expect(end).toBeGreaterThan(0);
      expect(events[end]!.object.metadata?.annotations).toEqual({ "k8s.io/initial-events-end": "true" });
      const initial = events.slice(0, end);
      expect(initial.every((e) => e.type === "ADDED")).toBe(true);
      expect(initial.map((e) => e.object.metadata?.name).filter((n) => n !== "d")).toEqual(["a", "b", "c"]);
      const bookmarkRV = Number(events[end]!.object.metadata?.resourceVersion);
      for (const e of initial) expect(Number(e.object.metadata?.resourceVersion)).toBeLessThanOrEqual(bookmarkRV);
    });

    it("watch options are checked with upstream's texts", async () => {
      const ns = await seeded();
      const noMatch = await get(`${base(ns)}?watch=1&sendInitialEvents=true`);
      expect(noMatch.status).toBe(422);
      expect(noMatch.body.message).toBe(
        'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan',
      );
      const noInitial = await get(`${base(ns)}?watch=1&resourceVersionMatch=NotOlderThan`);
      expect(noInitial.status).toBe(422);
      expect(noInitial.body.message).toBe(
        'ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided',
      );
      const exact = await get(`${base(ns)}?watch=1&sendInitialEvents=true&resourceVersionMatch=Exact`);
      expect(exact.status).toBe(422);
      expect(exact.body.message).toContain('resourceVersionMatch: Unsupported value: "Exact": supported values: "NotOlderThan"');
    });

    it("a paged list at a resourceVersion without a match reads exactly that revision", async () => {
      const ns = await seeded();
      const rv = (await get(base(ns))).body.metadata.resourceVersion!;
      expect((await t.request("DELETE", `${base(ns)}/a`)).status).toBe(200);
      expect((await post(base(ns), { metadata: { name: "e" } })).status).toBe(201);
      const first = await get(`${base(ns)}?resourceVersion=${rv}&limit=2`);
      expect(first.status).toBe(200);
      expect(names(first.body)).toEqual(["a", "b"]);
      expect(first.body.metadata.resourceVersion).toBe(rv);
      const rest = await get(`${base(ns)}?limit=2&continue=${encodeURIComponent(first.body.metadata.continue!)}`);
      expect(names(rest.body)).toEqual(["c"]);
      expect(rest.body.metadata.resourceVersion).toBe(rv);
      // Without a limit the resourceVersion is a lower bound: the newest state.
      expect(names((await get(`${base(ns)}?resourceVersion=${rv}`)).body)).toEqual(["b", "c", "e"]);
    });

    it("continue together with a resourceVersion is a 400", async () => {
      const ns = await seeded();
      const first = await get(`${base(ns)}?limit=1`);
      const both = await get(
        `${base(ns)}?limit=1&resourceVersion=${first.body.metadata.resourceVersion}&continue=${encodeURIComponent(first.body.metadata.continue!)}`,
      );
      expect(both.status).toBe(400);
      expect(both.body.message).toBe("specifying resource version is not allowed when using continue");
      // "0" is no particular version: allowed.
      expect(
        (await get(`${base(ns)}?limit=1&resourceVersion=0&continue=${encodeURIComponent(first.body.metadata.continue!)}`)).status,
      ).toBe(200);
    });

    it("waits for a revision a few writes ahead; past 3 s answers 504 with retryAfterSeconds 1", async () => {
      const ns = await seeded();
      const current = await storage.currentRevision();
      const waiting = get(`${base(ns)}?resourceVersion=${current + 1}&resourceVersionMatch=NotOlderThan`);
      await new Promise((r) => setTimeout(r, 300));
      expect((await post(base(ns), { metadata: { name: "late" } })).status).toBe(201);
      const got = await waiting;
      expect(got.status).toBe(200);
      expect(names(got.body)).toContain("late");
      const far = current + 1000;
      const tooLarge = await get(`${base(ns)}?resourceVersion=${far}&resourceVersionMatch=NotOlderThan`);
      expect(tooLarge.status).toBe(504);
      expect(tooLarge.body.message).toMatch(new RegExp(`^Timeout: Too large resource version: ${far}, current: \\d+$`));
      expect(tooLarge.body.details?.retryAfterSeconds).toBe(1);
      expect(tooLarge.body.details?.causes).toEqual([{ reason: "ResourceVersionTooLarge", message: "Too large resource version" }]);
    });

    it("a watch from a revision too far ahead ends with a 504 ERROR event after the wait", async () => {
      const ns = await seeded();
      const far = (await storage.currentRevision()) + 1000;
      const { status, events } = await readEvents(
        t,
        `${base(ns)}?watch=1&resourceVersion=${far}&timeoutSeconds=30`,
        (evs) => evs.length > 0,
      );
      expect(status).toBe(200);
      expect(events).toEqual([
        {
          type: "ERROR",
          object: expect.objectContaining({
            code: 504,
            reason: "Timeout",
            message: expect.stringMatching(new RegExp(`^Timeout: Too large resource version: ${far}, current: \\d+$`)),
          }),
        },
      ]);
    });

    it("after compaction: lists, continue tokens and watches below the point get upstream's 410s", async () => {
      const ns = await seeded();
      const old = (await get(base(ns))).body.metadata.resourceVersion!;
      const page = await get(`${base(ns)}?limit=1`);
      expect((await post(base(ns), { metadata: { name: "d" } })).status).toBe(201);
      await storage.compact(await storage.currentRevision());

      const exact = await get(`${base(ns)}?resourceVersion=${old}&resourceVersionMatch=Exact`);
      expect(exact.status).toBe(410);
      expect(exact.body.message).toBe("The resourceVersion for the provided list is too old.");
      const paged = await get(`${base(ns)}?resourceVersion=${old}&limit=2`);
      expect(paged.status).toBe(410);
      expect(paged.body.message).toBe("The resourceVersion for the provided list is too old.");

      const cont = await get(`${base(ns)}?limit=1&continue=${encodeURIComponent(page.body.metadata.continue!)}`);
      expect(cont.status).toBe(410);
      expect(cont.body.message).toBe(INCONSISTENT);
      const offered = cont.body.metadata.continue!;
      expect(JSON.parse(Buffer.from(offered, "base64url").toString())).toMatchObject({ rv: -1 });
      const rest = await get(`${base(ns)}?continue=${encodeURIComponent(offered)}`);
      expect(rest.status).toBe(200);
      expect(names(rest.body)).toEqual(["b", "c", "d"]);

      const compacted = storage.compactedRevision!();
      const watch = await readEvents(
        t,
        `${base(ns)}?watch=1&resourceVersion=${Number(old) - 1}&timeoutSeconds=10`,
        (evs) => evs.length > 0,
      );
      expect(watch.events).toEqual([
        {
          type: "ERROR",
          object: expect.objectContaining({
            kind: "Status",
            code: 410,
            reason: "Expired",
            message: `too old resource version: ${Number(old) - 1} (${compacted - 1})`,
          }),
        },
      ]);
      // A list at "", "0" or not older than the old version is still served.
      expect(names((await get(`${base(ns)}?resourceVersion=${old}`)).body)).toEqual(["a", "b", "c", "d"]);
    });

    it("a watch from inside its window lives through compaction", async () => {
      const ns = await seeded();
      const from = (await get(base(ns))).body.metadata.resourceVersion!;
      const pending = readEvents(t, `${base(ns)}?watch=1&resourceVersion=${from}&timeoutSeconds=30`, (evs) => evs.length >= 2);
      await new Promise((r) => setTimeout(r, 100));
      expect((await post(base(ns), { metadata: { name: "x" } })).status).toBe(201);
      await storage.compact(await storage.currentRevision());
      expect((await post(base(ns), { metadata: { name: "y" } })).status).toBe(201);
      const { events } = await pending;
      expect(events.map((e) => `${e.type} ${e.object.metadata?.name}`)).toEqual(["ADDED x", "ADDED y"]);
    });

    it("sends a bookmark 2 s before the watch's deadline, then ends at timeoutSeconds", async () => {
      const ns = await seeded();
      const rv = (await get(base(ns))).body.metadata.resourceVersion!;
      const { events, ended } = await readEvents(t, `${base(ns)}?watch=1&resourceVersion=${rv}&allowWatchBookmarks=true&timeoutSeconds=3`);
      expect(ended).toBe(true);
      expect(events.map((e) => e.type)).toEqual(["BOOKMARK"]);
      expect(Number(events[0]!.object.metadata?.resourceVersion)).toBeGreaterThanOrEqual(Number(rv));
    });

    it("a negative timeoutSeconds ends the watch at once; a huge one does not", async () => {
      const ns = await seeded();
      const negative = await readEvents(t, `${base(ns)}?watch=1&timeoutSeconds=-5`);
      expect(negative.status).toBe(200);
      expect(negative.ended).toBe(true);
      expect(negative.events).toEqual([]);
      const rv = (await get(base(ns))).body.metadata.resourceVersion!;
      const huge = readEvents(t, `${base(ns)}?watch=1&resourceVersion=${rv}&timeoutSeconds=99999999999`, (evs) => evs.length > 0);
      await new Promise((r) => setTimeout(r, 100));
      expect((await post(base(ns), { metadata: { name: "z" } })).status).toBe(201);
      const got = await huge;
      expect(got.ended).toBe(false);
      expect(got.events.map((e) => e.object.metadata?.name)).toEqual(["z"]);
    });
  });
}
