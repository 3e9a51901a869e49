/**
 * Child process of the SQLite durability test: opens the database named by argv[2] and creates
 * keys with 16 writes in flight until killed, printing each key once its create is
 * acknowledged (stdout to a pipe is synchronous on Linux, so a printed key was acknowledged).
 * Every 10th key is then updated, so the log holds updates as well.
 */
import { SqliteStorage } from "../../../apiserver/storage/sqlite/sqlite-storage.js";

const file = process.argv[2];
if (!file) throw new Error("usage: durability-writer.ts DB");
const storage = new SqliteStorage({ path: file });
const enc = new TextEncoder();
let next = 0;

async function writer(): Promise<never> {
  for (;;) {
    const n = next++;
    const key = `/registry/durability/k${String(n).padStart(7, "0")}`;
    await storage.create(key, enc.encode(JSON.stringify({ n, pad: "x".repeat(200) })));
    process.stdout.write(`${key}\n`);
    if (n % 10 === 0) {
      await storage.guaranteedUpdate(key, () => enc.encode(JSON.stringify({ n, updated: true })));
      process.stdout.write(`updated ${key}\n`);
    }
  }
}

process.stdout.write("ready\n");
await Promise.all(Array.from({ length: 16 }, writer));
