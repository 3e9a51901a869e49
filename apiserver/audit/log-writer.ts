/**
 * The audit log backend (`--audit-log-path`, `-maxsize` MB, `-maxbackup` files, `-maxage` days):
 * JSON lines appended to the file, rotated to `<name>-<timestamp><ext>` when it would outgrow
 * maxsize, old backups pruned by count and age. `-` writes to stdout.
 *
 * Events are queued and written in order by one asynchronous write at a time in the thread pool,
 * at most one every BATCH_MS: a busy server's events go in batches of tens, and the pool's thread
 * is woken that seldom (on a loaded machine the woken thread can take the main thread's CPU for
 * a fraction of a millisecond: ~0.5 ms a write in the security bench's profile). Not
 * writeSync on the main thread: an append waits whenever the filesystem's journal does (another
 * process's fsync, writeback throttling), a few milliseconds at times, and every request in
 * flight waited with it (the security bench's GET p99). The queue is bounded, as upstream's
 * batch backend's buffer: past it events are dropped and counted on stderr rather than growing
 * without end behind a stalled disk. close() waits for the queue to be written, so a graceful
 * shutdown loses no event.
 */
import { closeSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, write } from "node:fs";
import path from "node:path";

export interface LogWriterOptions {
  path: string;
  maxSizeMB?: number;
  maxBackups?: number;
  maxAgeDays?: number;
  now?: () => Date;
  /** The queue's bound in characters (events past it are dropped); 64 Mi by default. */
  maxQueuedChars?: number;
}

/** About 100,000 Metadata events: seconds of a busy server's events behind a stalled disk. */
const MAX_QUEUED_CHARS = 64 * 1024 * 1024;
/** One write carries at most this many characters (the rest goes in the next). */
const MAX_BATCH_CHARS = 1024 * 1024;
/**
 * How long events wait for others to join their write; a full batch goes at once. A crash (not a
 * graceful stop) can lose this much, as upstream's batch mode loses its buffer.
 */
const BATCH_MS = 20;

/** A batch's buffer: 1 MiB, so that one write carries about as much as before (MAX_BATCH_CHARS). */
const BATCH_BYTES = 1024 * 1024;
/** Written buffers kept for the next batches (a busy server fills one while another is written). */
const MAX_SPARE = 2;

/** Lines encoded into `buf` up to `len` bytes; `chars` is their length in characters (the queue's bound). */
interface Batch {
  buf: Buffer;
  len: number;
  chars: number;
}

/** A point in the queue where the file is rotated: the lines before it go to the old file. */
const ROTATE = Symbol("rotate");

export class AuditLogWriter {
  private fd: number | undefined;
  /** Bytes in the file, written or queued; counted only when the log rotates by size. */
  private size = 0;
  private readonly now: () => Date;
  private readonly maxQueuedChars: number;
  /**
   * Batches of lines, each encoded as it comes into a buffer of BATCH_BYTES (reused once
   * written), and the points where the file rotates. Not a string per batch: a megabyte rope of
   * lines flattened and encoded at once made the collector work for each (large objects and
   * external memory), about two microseconds an event.
   */
  private queue: (Batch | typeof ROTATE)[] = [];
  /** Written batches' buffers, for the next ones. */
  private spare: Buffer[] = [];
  private queuedChars = 0;
  private writing = false;
  private timer: NodeJS.Timeout | undefined;
  /** When the last write started (performance.now()). */
  private lastWrite = Number.NEGATIVE_INFINITY;
  private closing = false;
  private failed = false;
  private dropped = 0;
  /** Resolved when the queue is empty and no write is out. */
  private drained: (() => void)[] = [];

  constructor(private readonly options: LogWriterOptions) {
    this.now = options.now ?? (() => new Date());
    this.maxQueuedChars = options.maxQueuedChars ?? MAX_QUEUED_CHARS;
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

  /** Writes an event given as an object (its JSON line). */
  write(event: object): void {
    this.writeLine(`${JSON.stringify(event)}\n`);
  }

  /** Writes an event already serialised: one JSON line, its newline included. */
  writeLine(line: string): void {
    if (this.options.path === "-") {
      process.stdout.write(line);
      return;
    }
    if (this.fd === undefined || this.closing) return;
    if (this.queuedChars + line.length > this.maxQueuedChars) {
      // Said once per episode of overflow, with the count, as upstream logs a blocked buffer.
      if (this.dropped++ === 0) process.stderr.write(`audit log ${this.options.path}: queue full, dropping events\n`);
      return;
    }
    if (this.dropped > 0) {
      process.stderr.write(`audit log ${this.options.path}: ${this.dropped} events dropped\n`);
      this.dropped = 0;
    }
    // Bytes are only counted for rotation; the queue's bound goes by characters.
    const max = (this.options.maxSizeMB ?? 0) * 1024 * 1024;
    if (max > 0) {
      const bytes = Buffer.byteLength(line);
      if (this.size > 0 && this.size + bytes > max) {
        this.queue.push(ROTATE);
        this.size = 0;
      }
      this.size += bytes;
    }
    this.append(line);
    this.queuedChars += line.length;
    if (this.writing) return;
    if (this.queuedChars >= MAX_BATCH_CHARS) this.next();
    else this.schedule();
  }

  /** Encodes a line at the end of the last batch, or of a new one when it does not fit. */
  private append(line: string): void {
    const tail = this.queue.length > 0 ? this.queue[this.queue.length - 1]! : ROTATE;
    // At most 3 bytes a UTF-16 unit: the exact length is only needed near a batch's end.
    if (tail !== ROTATE && (line.length * 3 <= tail.buf.length - tail.len || Buffer.byteLength(line) <= tail.buf.length - tail.len)) {
      tail.len += tail.buf.write(line, tail.len);
      tail.chars += line.length;
      return;
    }
    const bytes = line.length * 3 <= BATCH_BYTES ? BATCH_BYTES : Math.max(BATCH_BYTES, Buffer.byteLength(line));
    const buf = bytes === BATCH_BYTES ? (this.spare.pop() ?? Buffer.allocUnsafeSlow(BATCH_BYTES)) : Buffer.allocUnsafeSlow(bytes);
    this.queue.push({ buf, len: buf.write(line, 0), chars: line.length });
  }

  /** The next write, BATCH_MS after the last one started. */
  private schedule(): void {
    if (this.timer !== undefined) return;
    const wait = Math.max(0, this.lastWrite + BATCH_MS - performance.now());
    this.timer = setTimeout(() => this.next(), wait);
  }

  /** Starts the next write, or resolves close() when there is nothing left. */
  private next(): void {
    if (this.timer !== undefined) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.writing) return;
    while (this.queue[0] === ROTATE) {
      this.queue.shift();
      this.rotate();
    }
    if (this.queue.length === 0 || this.fd === undefined) {
      for (const resolve of this.drained.splice(0)) resolve();
      return;
    }
    const batch = this.queue.shift() as Batch;
    this.queuedChars -= batch.chars;
    this.writing = true;
    this.lastWrite = performance.now();
    this.writeAll(batch, 0);
  }

  private writeAll(batch: Batch, offset: number): void {
    write(this.fd!, batch.buf, offset, batch.len - offset, null, (err, written) => {
      if (!err && offset + written < batch.len) {
        // A short write (a nearly full disk) goes on from where it stopped.
        this.writeAll(batch, offset + written);
        return;
      }
      if (batch.buf.length === BATCH_BYTES && this.spare.length < MAX_SPARE) this.spare.push(batch.buf);
      if (err) {
        // A full or failing disk must not take the server down; said once, as upstream logs it.
        if (!this.failed) process.stderr.write(`audit log ${this.options.path}: ${err.message}\n`);
        this.failed = true;
      }
      this.writing = false;
      // Closing writes the rest at once; otherwise what queued meanwhile waits its turn.
      if (this.drained.length > 0 || this.queuedChars >= MAX_BATCH_CHARS) this.next();
      else if (this.queue.length > 0) this.schedule();
    });
  }

  private rotate(): void {
    closeSync(this.fd!);
    const { dir, name, ext } = path.parse(this.options.path);
    const stamp = this.now().toISOString().replace(/:/g, "-");
    renameSync(this.options.path, path.join(dir, `${name}-${stamp}${ext}`));
    this.fd = openSync(this.options.path, "a", 0o600);
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

  /** Resolves once every event queued so far is in the file. */
  flush(): Promise<void> {
    if (this.fd === undefined || (!this.writing && this.queue.length === 0)) return Promise.resolve();
    return new Promise((resolve) => {
      this.drained.push(resolve);
      if (!this.writing) this.next();
    });
  }

  /** Writes what is queued and closes the file; later events are dropped. */
  async close(): Promise<void> {
    this.closing = true;
    await this.flush();
    if (this.fd !== undefined) {
      closeSync(this.fd);
      this.fd = undefined;
    }
  }
}
