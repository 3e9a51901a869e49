/**
 * What the output folder held when a run last compared it: per file its size, inode, change
 * and modification times (ns) and the sha256 of its text. A file whose stat still matches holds
 * that text, so planning compares hashes instead of reading every file back. Any write to a
 * file moves its change time, which no tool can set back; a file changed within a moment of
 * its record could share the recorded time, so such entries are never trusted (git's "racily
 * clean" rule) and the file is read as before. Kept beside the other caches; one that cannot be
 * read or written only costs time.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const FORMAT = 1;

/** An entry whose change time is within this of when it was recorded is not trusted. */
const RACY_NS = 200_000_000n;

/** [size, inode, mtime ns, ctime ns, sha256] as decimal strings (inode and times are 64-bit). */
type Entry = [string, string, string, string, string];

interface RecordFile {
  format: number;
  files: Record<string, Entry>;
}

export const sha256 = (text: string): string => createHash("sha256").update(text).digest("hex");

function entryOf(st: fs.BigIntStats, hash: string): Entry {
  return [String(st.size), String(st.ino), String(st.mtimeNs), String(st.ctimeNs), hash];
}

export class OutputRecord {
  private readonly file: string;
  private readonly known: Record<string, Entry>;
  private readonly next: Record<string, Entry> = {};

  constructor(dir: string, key: string) {
    this.file = path.join(dir, `outputs-${sha256(key).slice(0, 16)}.json`);
    this.known = this.load() ?? {};
  }

  private load(): Record<string, Entry> | undefined {
    try {
      const data = JSON.parse(fs.readFileSync(this.file, "utf8")) as RecordFile;
      return data.format === FORMAT ? data.files : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Whether the file at `abs` (`rel` in the output) holds `content`: from its record when its
   * stat matches, else by reading it. Either way an unchanged file is recorded for the next run.
   */
  holds(rel: string, abs: string, content: string): boolean {
    const st = fs.statSync(abs, { bigint: true, throwIfNoEntry: false });
    if (!st?.isFile()) return false;
    const e = this.known[rel];
    if (e && e[0] === String(st.size) && e[1] === String(st.ino) && e[2] === String(st.mtimeNs) && e[3] === String(st.ctimeNs)) {
      // A differing length needs no hash.
      if (Buffer.byteLength(content) !== Number(st.size)) return false;
      if (sha256(content) !== e[4]) return false;
      this.next[rel] = e;
      return true;
    }
    if (fs.readFileSync(abs, "utf8") !== content) return false;
    // Trusted next time only if it had not just been written: a later write could share its times.
    if (BigInt(Date.now()) * 1_000_000n - st.ctimeNs > RACY_NS) this.next[rel] = entryOf(st, sha256(content));
    return true;
  }

  /** Keeps what this run found; called once the run succeeded. */
  save(): void {
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      // Written aside and renamed, so a concurrent run never reads half a file.
      const tmp = `${this.file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, files: this.next } satisfies RecordFile));
      fs.renameSync(tmp, this.file);
    } catch {
      // A cache that cannot be written only costs time.
    }
  }
}
