/**
 * Durability of the SQLite backend: a child process streams creates and reports each one
 * acknowledged; SIGKILL lands mid-stream; the reopened database holds every acknowledged write
 * and a revision log that replays all of it, gap-free.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import type { StorageEvent } from "../../../apiserver/storage/interface.js";
import { SqliteStorage } from "../../../apiserver/storage/sqlite/sqlite-storage.js";
import { take } from "./conformance.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-durability-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the writer until it has acknowledged `acks` creates, then SIGKILLs it. */
async function writeAndKill(file: string, acks: number): Promise<{ created: string[]; updated: string[] }> {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(here, "durability-writer.ts"), file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const created: string[] = [];
  const updated: string[] = [];
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  let rest = "";
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (d: Buffer) => {
      const lines = (rest + d.toString()).split("\n");
      rest = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith("/")) created.push(line);
        else if (line.startsWith("updated ")) updated.push(line.slice(8));
      }
      if (created.length >= acks && child.exitCode === null) {
        child.kill("SIGKILL");
        resolve();
      }
    });
    child.on("exit", (code) => {
      if (created.length < acks) reject(new Error(`writer exited (${code}) after ${created.length} acks:\n${stderr}`));
    });
  });
  expect(await exited).toBe("SIGKILL");
  return { created, updated };
}

it("keeps every acknowledged write across SIGKILL, with a consistent revision log", async () => {
  const file = path.join(dir, "kubegen.db");
  const { created, updated } = await writeAndKill(file, 1500);

  const s = new SqliteStorage({ path: file });
  const all = await s.list({ prefix: "/registry/durability/" });
  const stored = new Map(all.items.map((kv) => [kv.key, kv]));
  const missing = created.filter((k) => !stored.has(k));
  expect(missing).toEqual([]);
  for (const k of updated) {
    expect(JSON.parse(new TextDecoder().decode(stored.get(k)!.value))).toMatchObject({ updated: true });
  }
  // The writer may have committed a few writes it never got to print: more stored, never fewer.
  expect(stored.size).toBeGreaterThanOrEqual(created.length);

  // The log replays every revision from the first write on, gap-free, and ends at the newest.
  const newest = await s.currentRevision();
  const ac = new AbortController();
  const iter = s.watch({ prefix: "/", afterRevision: 1, signal: ac.signal })[Symbol.asyncIterator]();
  const events: StorageEvent[] = await take(iter, newest - 1);
  expect(events.map((e) => e.revision)).toEqual(Array.from({ length: newest - 1 }, (_, i) => i + 2));
  const lastWrite = new Map<string, number>();
  for (const e of events) lastWrite.set(e.key, e.revision);
  expect(lastWrite.size).toBe(stored.size);
  for (const [key, kv] of stored) expect(kv.modRevision).toBe(lastWrite.get(key));
  ac.abort();

  // And the store goes on from there.
  const more = await s.create("/registry/durability/after", new Uint8Array([1]));
  expect(more.modRevision).toBe(newest + 1);
  await s.close();
});
