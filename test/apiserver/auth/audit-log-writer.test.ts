/**
 * The audit log writer buffers a turn's events and writes them in one go: nothing buffered is
 * lost when it is closed, a turn's events reach the file by the next turn, and rotation still
 * counts what is buffered.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
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

  it("a turn's events are in the file by the next turn, without close()", async () => {
    const file = path.join(tempDir(), "audit.log");
    const w = new AuditLogWriter({ path: file });
    try {
      w.write({ i: 1 });
      w.write({ i: 2 });
      await new Promise((r) => setImmediate(r));
      expect(lines(file).map((e) => e.i)).toEqual([1, 2]);
      w.write({ i: 3 });
      await new Promise((r) => setImmediate(r));
      expect(lines(file).map((e) => e.i)).toEqual([1, 2, 3]);
    } finally {
      await w.close();
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
