/**
 * The audit log backend (`--audit-log-path`, `-maxsize` MB, `-maxbackup` files, `-maxage` days):
 * JSON lines appended to the file, rotated to `<name>-<timestamp><ext>` when it would outgrow
 * maxsize, old backups pruned by count and age. `-` writes to stdout.
 */
import { createWriteStream, mkdirSync, openSync, readdirSync, renameSync, rmSync, statSync, type WriteStream } from "node:fs";
import path from "node:path";

export interface LogWriterOptions {
  path: string;
  maxSizeMB?: number;
  maxBackups?: number;
  maxAgeDays?: number;
  now?: () => Date;
}

export class AuditLogWriter {
  private stream: WriteStream | undefined;
  private size = 0;
  private readonly now: () => Date;

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
    // Opened now (not when the stream gets round to it), so that a rotation can always rename it;
    // writes still pending then land in the renamed file, through this descriptor.
    this.stream = createWriteStream("", { fd: openSync(this.options.path, "a", 0o600) });
  }

  write(event: object): void {
    const line = `${JSON.stringify(event)}\n`;
    if (this.options.path === "-") {
      process.stdout.write(line);
      return;
    }
    const max = (this.options.maxSizeMB ?? 0) * 1024 * 1024;
    if (max > 0 && this.size > 0 && this.size + Buffer.byteLength(line) > max) this.rotate();
    // Lines of one turn of the event loop go out in one write.
    this.pending.push(line);
    if (this.pending.length === 1) setImmediate(() => this.flush());
    this.size += Buffer.byteLength(line);
  }

  private pending: string[] = [];

  private flush(): void {
    if (this.pending.length === 0 || !this.stream) return;
    this.stream.write(this.pending.join(""));
    this.pending = [];
  }

  private rotate(): void {
    this.flush();
    this.stream!.end();
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

  close(): Promise<void> {
    this.flush();
    const s = this.stream;
    if (!s) return Promise.resolve();
    return new Promise((resolve) => s.end(() => resolve()));
  }
}
