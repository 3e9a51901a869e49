/**
 * The audit log writer queues events and writes them in order, one asynchronous write at a time:
 * nothing queued is lost when it is closed or flushed, events reach the file without either,
 * rotation still counts what is queued, and a queue past its bound drops events (counted)
 * instead of growing.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AuditLogWriter } from "../../../apiserver/audit/log-writer.js";

const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(path.join(os.tmpdir(), "kubegen-audit-writer-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const lines = (file: string): { i: number }[] =>
  readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as { i: number });

describe("AuditLogWriter", () => {
  it("close() writes every buffered event, in order, before it resolves", async () => {
    const file = path.join(tempDir(), "audit.log");
    const w = new AuditLogWriter({ path: file });
    // More than one buffer's worth, and a tail still buffered when close() is called.
    for (let i = 0; i < 3000; i++) w.write({ i, pad: "é".repeat(100) });
    await w.close();
    const got = lines(file);
    expect(got).toHaveLength(3000);
    expect(got.map((e) => e.i)).toEqual(Array.from({ length: 3000 }, (_, i) => i));
    // Events after close are dropped, not thrown at the request that produced them.
    expect(() => w.write({ i: 3000 })).not.toThrow();
    expect(lines(file)).toHaveLength(3000);
  });

  it("writes the lines' exact bytes across batches: multi-byte text, a line larger than a batch, lines filling a batch to its end", async () => {
    const file = path.join(tempDir(), "audit.log");
    const w = new AuditLogWriter({ path: file });
    const want: string[] = [];
    const put = (line: string): void => {
      w.writeLine(line);
      want.push(line);
    };
    for (let i = 0; i < 2000; i++) put(`{"i":${i},"t":"${"é😀a".repeat(i % 97)}"}\n`);
    put(`{"big":"${"ü".repeat(1_500_000)}"}\n`);
    // ASCII lines whose sizes do not divide a batch: some end exactly where a batch is full, some do not fit.
    for (let i = 0; i < 3000; i++) put(`${"x".repeat(300 + (i % 700))}\n`);
    // Mostly multi-byte lines near a batch's end take the exact-length path.
    for (let i = 0; i < 500; i++) put(`${"€".repeat(2000 + i)}\n`);
    await w.close();
    expect(readFileSync(file, "utf8") === want.join("")).toBe(true);
  });

  it("events reach the file in order without close(), while the event loop keeps turning", async () => {
    const file = path.join(tempDir(), "audit.log");
    const w = new AuditLogWriter({ path: file });
    try {
      w.write({ i: 1 });
      w.write({ i: 2 });
      // Nothing is written on the caller's turn: the write goes to the thread pool afterwards.
      expect(readFileSync(file, "utf8")).toBe("");
      for (let t = 0; t < 200 && lines(file).length < 2; t++) await sleep(5);
      expect(lines(file).map((e) => e.i)).toEqual([1, 2]);
      w.write({ i: 3 });
      for (let t = 0; t < 200 && lines(file).length < 3; t++) await sleep(5);
      expect(lines(file).map((e) => e.i)).toEqual([1, 2, 3]);
    } finally {
      await w.close();
    }
  });

  it("bursts while writes are out: every event once and in order, after flush() and after close()", async () => {
    const file = path.join(tempDir(), "audit.log");
    const w = new AuditLogWriter({ path: file });
    let i = 0;
    // Bursts on separate turns and timer ticks, some larger than a write carries, so that later
    // ones queue behind a write in the thread pool.
    for (let burst = 0; burst < 50; burst++) {
      for (let k = 0; k < 200; k++) w.write({ i: i++, pad: "x".repeat(k % 7 === 0 ? 5000 * (burst % 5) : 50) });
      await sleep(burst % 3);
    }
    await w.flush();
    expect(lines(file).map((e) => e.i)).toEqual(Array.from({ length: i }, (_, n) => n));
    for (let k = 0; k < 500; k++) w.write({ i: i++ });
    await w.close();
    expect(lines(file).map((e) => e.i)).toEqual(Array.from({ length: i }, (_, n) => n));
  });

  it("a queue past its bound drops the events that do not fit and says how many", async () => {
    const file = path.join(tempDir(), "audit.log");
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const w = new AuditLogWriter({ path: file, maxQueuedChars: 1000 });
      // Each line is 100 characters: ten fit, the next five do not.
      const ev = (i: number) => ({ i, pad: "x".repeat(100 - 16 - String(i).length) });
      for (let i = 0; i < 15; i++) w.write(ev(i));
      expect(JSON.stringify(ev(0)).length + 1).toBe(100);
      await w.flush();
      w.write(ev(15));
      await w.close();
      expect(lines(file).map((e) => e.i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 15]);
      const said = stderr.mock.calls.map((c) => String(c[0]));
      expect(said).toEqual([`audit log ${file}: queue full, dropping events\n`, `audit log ${file}: 5 events dropped\n`]);
    } finally {
      stderr.mockRestore();
    }
  });

  it("appends to an existing log and rotates by its size, buffered bytes included", async () => {
    const dir = tempDir();
    const file = path.join(dir, "audit.log");
    const first = new AuditLogWriter({ path: file });
    first.write({ i: -1 });
    await first.close();
    let t = Date.UTC(2026, 0, 1);
    const maxSizeMB = 0.001;
    const maxBytes = maxSizeMB * 1024 * 1024;
    const w = new AuditLogWriter({ path: file, maxSizeMB, maxBackups: 5, now: () => new Date((t += 1000)) });
    // Each event is about 220 bytes: a log of maxBytes (~1 KB) holds four; nothing is written before close.
    for (let i = 0; i < 10; i++) w.write({ i, pad: "x".repeat(200) });
    await w.close();
    const backups = readdirSync(dir)
      .filter((f) => f.startsWith("audit-"))
      .sort();
    const all = [...backups.map((f) => lines(path.join(dir, f))), lines(file)];
    expect(all.flat().map((e) => e.i)).toEqual([-1, ...Array.from({ length: 10 }, (_, i) => i)]);
    for (const f of [...backups.map((b) => path.join(dir, b)), file]) expect(readFileSync(f).length).toBeLessThanOrEqual(maxBytes);
  });
});
