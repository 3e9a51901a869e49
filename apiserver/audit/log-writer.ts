/**
 * The audit log backend (`--audit-log-path`, `-maxsize` MB, `-maxbackup` files, `-maxage` days):
 * JSON lines appended to the file, rotated to `<name>-<timestamp><ext>` when it would outgrow
 * maxsize, old backups pruned by count and age. `-` writes to stdout.
 *
 * Events are buffered and the buffer goes out in one synchronous write per turn of the event
 * loop (sooner when it holds MAX_BUFFERED_CHARS), as upstream's buffered backend batches in front
 * of its blocking file writer. Synchronous, because an fs.WriteStream write cost a GET more CPU
 * than the rest of its audit (stream bookkeeping, a thread-pool hop, a completion callback: the
 * security bench's profile); a write to the page cache is a few microseconds. close() writes
 * what is buffered, so a graceful shutdown loses no event.
 */
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import path from "node:path";

export interface LogWriterOptions {
  path: string;
  maxSizeMB?: number;
  maxBackups?: number;
  maxAgeDays?: number;
  now?: () => Date;
}

/** A buffer this large (in characters) is written at once rather than at the end of the turn. */
const MAX_BUFFERED_CHARS = 256 * 1024;

export class AuditLogWriter {
  private fd: number | undefined;
  /** Bytes in the file, written or buffered; counted only when the log rotates by size. */
  private size = 0;
  private readonly now: () => Date;
  private pending: string[] = [];
  private pendingChars = 0;
  private flushScheduled = false;
  private failed = false;

  constructor(private readonly options: LogWriterOptions) {
    this.now = options.now ?? (() => new Date());
    if (options.path !== "-") {
      mkdirSync(path.dirname(options.path), { recursive: true });
      this.open();
    }
  }

  private open(): void {
    try {
      this.size = statSync(this.options.path).size;
    } catch {
      this.size = 0;
    }
    this.fd = openSync(this.options.path, "a", 0o600);
  }

  write(event: object): void {
    const line = `${JSON.stringify(event)}\n`;
    if (this.options.path === "-") {
      process.stdout.write(line);
      return;
    }
    if (this.fd === undefined) return;
    // Bytes are only counted for rotation; the buffer's bound goes by characters.
    const max = (this.options.maxSizeMB ?? 0) * 1024 * 1024;
    if (max > 0) {
      const bytes = Buffer.byteLength(line);
      if (this.size > 0 && this.size + bytes > max) this.rotate();
      this.size += bytes;
    }
    this.pending.push(line);
    this.pendingChars += line.length;
    if (this.pendingChars >= MAX_BUFFERED_CHARS) this.flush();
    else if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Writes what is buffered. */
  flush(): void {
    this.flushScheduled = false;
    if (this.pending.length === 0 || this.fd === undefined) return;
    const data = this.pending.length === 1 ? this.pending[0]! : this.pending.join("");
    this.pending = [];
    this.pendingChars = 0;
    try {
      const written = writeSync(this.fd, data);
      // A short write (a nearly full disk) leaves the rest to write from its bytes.
      if (written < Buffer.byteLength(data)) {
        const bytes = Buffer.from(data);
        for (let off = written; off < bytes.length;) off += writeSync(this.fd, bytes, off);
      }
    } catch (err) {
      // A full or failing disk must not take the server down; say so once, as upstream logs it.
      if (!this.failed) process.stderr.write(`audit log ${this.options.path}: ${(err as Error).message}\n`);
      this.failed = true;
    }
  }

  private rotate(): void {
    this.flush();
    closeSync(this.fd!);
    const { dir, name, ext } = path.parse(this.options.path);
    const stamp = this.now().toISOString().replace(/:/g, "-");
    renameSync(this.options.path, path.join(dir, `${name}-${stamp}${ext}`));
    this.open();
    this.prune();
  }

  /** The rotated files, newest first. */
  backups(): string[] {
    const { dir, name, ext } = path.parse(this.options.path);
    return readdirSync(dir)
      .filter((f) => f.startsWith(`${name}-`) && f.endsWith(ext))
      .sort()
      .reverse()
      .map((f) => path.join(dir, f));
  }

  private prune(): void {
    const files = this.backups();
    const maxBackups = this.options.maxBackups ?? 0;
    const maxAgeMs = (this.options.maxAgeDays ?? 0) * 24 * 3600 * 1000;
    files.forEach((f, i) => {
      const tooMany = maxBackups > 0 && i >= maxBackups;
      const tooOld = maxAgeMs > 0 && this.now().getTime() - statSync(f).mtimeMs > maxAgeMs;
      if (tooMany || tooOld) rmSync(f, { force: true });
    });
  }

  /** Writes what is buffered and closes the file; later events are dropped. */
  close(): Promise<void> {
    this.flush();
    if (this.fd !== undefined) {
      closeSync(this.fd);
      this.fd = undefined;
    }
    return Promise.resolve();
  }
}
