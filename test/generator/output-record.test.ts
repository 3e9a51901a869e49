/**
 * The output record (generator/write/output-record.ts): a file whose stat matches its record is
 * known without reading it; any write since (even of the same length, with its modification
 * time put back) is noticed, and a file recorded just after it was written is read again.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { OutputRecord } from "../../generator/write/output-record.js";

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-output-record-"));
const cacheDir = path.join(tmp, "cache");
const out = path.join(tmp, "out");
fs.mkdirSync(out);
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

const file = path.join(out, "a.ts");
const record = (): OutputRecord => new OutputRecord(cacheDir, "key");

/** Runs `fn` and says whether it read `file`. */
function reads(fn: () => boolean): { result: boolean; read: boolean } {
  const spy = vi.spyOn(fs, "readFileSync");
  const result = fn();
  const read = spy.mock.calls.some(([p]) => p === file);
  spy.mockRestore();
  return { result, read };
}

/** One run: checks `content` against the file and saves the record. */
function run(content: string): { result: boolean; read: boolean } {
  const r = record();
  const seen = reads(() => r.holds("a.ts", file, content));
  r.save();
  return seen;
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 300));

describe("output record", () => {
  it("reads a file until its record can be trusted, then compares hashes only", async () => {
    fs.writeFileSync(file, "export const a = 1;\n");
    // Just written: the record of this run is not trusted (a later write could share its times).
    expect(run("export const a = 1;\n")).toEqual({ result: true, read: true });
    expect(run("export const a = 1;\n")).toEqual({ result: true, read: true });
    await settle();
    expect(run("export const a = 1;\n")).toEqual({ result: true, read: true });
    expect(run("export const a = 1;\n")).toEqual({ result: true, read: false });
    // Other content, of the same length or another, is told apart without reading. The run that
    // finds a difference writes the file, so it keeps no record of it.
    expect(run("export const a = 2;\n")).toEqual({ result: false, read: false });
    expect(run("export const a = 1;\n")).toEqual({ result: true, read: true });
    expect(run("export const a = 12;\n")).toEqual({ result: false, read: false });
  });

  it("notices a write of the same length even with the modification time put back", async () => {
    await settle();
    expect(run("export const a = 1;\n").result).toBe(true);
    expect(run("export const a = 1;\n")).toEqual({ result: true, read: false });
    const { atime, mtime } = fs.statSync(file);
    fs.writeFileSync(file, "export const a = 9;\n");
    fs.utimesSync(file, atime, mtime);
    expect(run("export const a = 1;\n")).toEqual({ result: false, read: true });
    expect(run("export const a = 9;\n")).toEqual({ result: true, read: true });
  });

  it("a missing file, or a folder in its place, holds nothing", () => {
    fs.rmSync(file);
    expect(run("export const a = 9;\n").result).toBe(false);
    fs.mkdirSync(file);
    expect(run("export const a = 9;\n").result).toBe(false);
  });

  it("a corrupt record only means reading", async () => {
    fs.rmSync(file, { recursive: true });
    fs.writeFileSync(file, "x\n");
    await settle();
    run("x\n");
    for (const f of fs.readdirSync(cacheDir)) fs.writeFileSync(path.join(cacheDir, f), "{ not json");
    expect(run("x\n")).toEqual({ result: true, read: true });
  });
});
