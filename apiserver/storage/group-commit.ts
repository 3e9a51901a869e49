/**
 * Group commit: writes submitted while the event loop works through one round of I/O are queued
 * and applied together at the next check phase (setImmediate), in one transaction and so one
 * fsync, then each caller is answered. With many concurrent clients the cost of a durable commit
 * is shared by all the writes that arrived meanwhile; a lone writer waits at most one loop turn.
 */

export class GroupCommit<Op, Result> {
  private queue: { op: Op; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];
  private scheduled = false;

  /**
   * @param applyBatch applies every op in one transaction and returns one result per op (in
   *   order); a throw fails the whole batch, nothing of it committed.
   * @param onCommitted runs after a batch committed, before callers are answered (the
   *   backend fans events out to watchers there).
   */
  constructor(
    private readonly applyBatch: (ops: Op[]) => Result[],
    private readonly onCommitted: (results: Result[]) => void = () => {},
  ) {}

  submit(op: Op): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  /** Writes waiting for the next commit. */
  get pending(): number {
    return this.queue.length;
  }

  /** Commits what is queued now (close() uses it to drain). */
  flush(): void {
    this.scheduled = false;
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
    try {
      this.onCommitted(results);
    } finally {
      // The batch is durable whatever a subscriber did: every caller gets its answer.
      for (let i = 0; i < batch.length; i++) batch[i]!.resolve(results[i]!);
    }
  }
}
