/**
 * Group commit: writes submitted while the event loop works through one round of I/O are queued
 * and applied together at the next check phase (setImmediate), in one transaction and so one
 * fsync, then each caller is answered. With many concurrent clients the cost of a durable commit
 * is shared by all the writes that arrived meanwhile; a lone writer waits at most one loop turn.
 *
 * With a `sync` step, a committed batch is made durable off the event loop (an fsync in the
 * thread pool) before its callers are answered; one batch syncs at a time, and the writes that
 * arrive meanwhile form the next. Readers wait on {@link GroupCommit.durable} so that nothing
 * not yet durable is ever read.
 */

export class GroupCommit<Op, Result> {
  private queue: { op: Op; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;
  /** The sync of the last committed batch, while it runs (callers answered when it ends). */
  private syncing: Promise<void> | undefined;
  /** Told the number of writes in each committed batch (the backend's /metrics histogram). */
  onBatch: ((writes: number) => void) | undefined;

  /**
   * @param applyBatch applies every op in one transaction and returns one result per op (in
   *   order); a throw fails the whole batch, nothing of it committed.
   * @param onCommitted runs after a batch committed (and was synced), before callers are
   *   answered (the backend fans events out to watchers there).
   * @param sync makes the committed batch durable; a rejection fails the batch's callers.
   */
  constructor(
    private readonly applyBatch: (ops: Op[]) => Result[],
    private readonly onCommitted: (results: Result[]) => void = () => {},
    private readonly sync?: () => Promise<void>,
  ) {}

  submit(op: Op): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      this.schedule();
    });
  }

  /** Writes waiting for the next commit. */
  get pending(): number {
    return this.queue.length;
  }

  /** While a committed batch is being synced: resolves once it is durable and answered. */
  durable(): Promise<void> | undefined {
    return this.syncing;
  }

  /** Commits what is queued now (or, while a sync runs, once it ends). */
  flush(): void {
    this.scheduled = false;
    if (this.syncing) return; // the sync's end flushes again
    const batch = this.queue;
    if (batch.length === 0) return;
    this.queue = [];
    let results: Result[];
    try {
      results = this.applyBatch(batch.map((w) => w.op));
    } catch (e) {
      for (const w of batch) w.reject(e);
      return;
    }
    this.onBatch?.(batch.length);
    if (this.sync === undefined) {
      this.answer(batch, results);
      return;
    }
    this.syncing = this.sync().then(
      () => {
        this.syncing = undefined;
        this.answer(batch, results);
        this.schedule();
      },
      (e: unknown) => {
        this.syncing = undefined;
        for (const w of batch) w.reject(e);
        this.schedule();
      },
    );
  }

  /** Commits and syncs everything queued, waiting for syncs in flight (close() uses it). */
  async drain(): Promise<void> {
    for (;;) {
      if (this.syncing) await this.syncing;
      else if (this.queue.length > 0) this.flush();
      else return;
    }
  }

  private schedule(): void {
    if (this.scheduled || this.syncing || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => this.flush());
  }

  private answer(batch: { resolve: (r: Result) => void }[], results: Result[]): void {
    try {
      this.onCommitted(results);
    } finally {
      // The batch is durable whatever a subscriber did: every caller gets its answer.
      for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
    }
  }
}
