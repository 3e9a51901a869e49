/**
 * When watches send bookmarks (upstream's cache watchers): every interval, and once more 2 s
 * before the watch's deadline, nothing after it; and the apiserver's compactor, started from
 * --etcd-compaction-interval, compacting the storage it opened.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Command } from "commander";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { scheduleBookmarks } from "../../../apiserver/registry/cacher/bookmark-timer.js";
import { runAPIServer } from "../../../apiserver/server/run.js";
import { addAPIServerFlags, apiserverRunOptions, type APIServerFlags } from "../../../cmd/apiserver.js";

describe("bookmark times", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The times (ms from the start) at which bookmarks fire within `untilMs`. */
  function fired(intervalMs: number, timeoutMs: number | undefined, untilMs: number): number[] {
    const start = performance.now();
    const at: number[] = [];
    const stop = scheduleBookmarks(intervalMs, timeoutMs, () => at.push(Math.round(performance.now() - start)));
    vi.advanceTimersByTime(untilMs);
    stop();
    return at;
  }

  it("every interval, then 2 s before the deadline, then none", () => {
    expect(fired(60_000, 150_000, 400_000)).toEqual([60_000, 120_000, 148_000]);
  });

  it("only 2 s before the deadline for a watch shorter than the interval", () => {
    expect(fired(60_000, 10_000, 100_000)).toEqual([8_000]);
  });

  it("none for a watch of 2 s or less; every interval without a deadline", () => {
    expect(fired(60_000, 2_000, 100_000)).toEqual([]);
    expect(fired(60_000, undefined, 200_000)).toEqual([60_000, 120_000, 180_000]);
  });

  it("stops when cancelled", () => {
    const at: number[] = [];
    const stop = scheduleBookmarks(1_000, undefined, () => at.push(1));
    vi.advanceTimersByTime(2_500);
    stop();
    vi.advanceTimersByTime(10_000);
    expect(at).toHaveLength(2);
  });
});

describe("--etcd-compaction-interval", () => {
  const parse = (args: string[]): APIServerFlags => {
    const cmd = addAPIServerFlags(new Command("apiserver")).exitOverride();
    cmd.parse(args, { from: "user" });
    return cmd.opts<APIServerFlags>();
  };

  it("defaults to 5 minutes, takes Go durations, 0 disables", () => {
    expect(apiserverRunOptions(parse([])).etcdCompactionIntervalMs).toBe(300_000);
    expect(apiserverRunOptions(parse(["--etcd-compaction-interval", "90s"])).etcdCompactionIntervalMs).toBe(90_000);
    expect(apiserverRunOptions(parse(["--etcd-compaction-interval=0"])).etcdCompactionIntervalMs).toBe(0);
  });

  it("the running apiserver compacts its storage every interval", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-compaction-"));
    const running = await runAPIServer({
      dataDir,
      securePort: 0,
      bindAddress: "127.0.0.1",
      endpointReconcilerType: "none",
      etcdCompactionIntervalMs: 50,
      log: () => {},
    });
    try {
      const enc = new TextEncoder();
      const first = await running.storage.create("/registry/test/a", enc.encode("1"));
      const deadline = performance.now() + 10_000;
      while ((running.storage.compactedRevision?.() ?? 0) < first.modRevision && performance.now() < deadline) {
        await running.storage.create(`/registry/test/k${performance.now()}`, enc.encode("x"));
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(running.storage.compactedRevision?.()).toBeGreaterThanOrEqual(first.modRevision);
      await expect(running.storage.list({ prefix: "/registry/test/", revision: first.modRevision - 1 })).rejects.toMatchObject({
        code: "Compacted",
      });
    } finally {
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
