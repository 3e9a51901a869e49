/**
 * SQLite storages in temp dirs for a test file: each call opens one in a fresh dir, removed by
 * an afterAll the first call registers in the calling file.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { SqliteStorage } from "../../apiserver/storage/sqlite/sqlite-storage.js";

/** An opener of temp SQLite storages whose dirs go once the file's tests are done. Call at module level. */
export function tempSqliteStorages(prefix: string): () => Promise<SqliteStorage> {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return new SqliteStorage({ path: path.join(dir, "db.sqlite") });
  };
}
