/**
 * Shares the storage's current-revision requests between concurrent consistent reads (on etcd
 * each is a round trip). A read may only use a request sent after it began (an older answer may
 * predate a write acknowledged before the read), so a read arriving while one is in flight waits
 * for the next, which starts when that one ends and serves every read that arrived meanwhile.
 */
export class RevisionBatcher {
  private inFlight: Promise<number> | undefined;
  private next: Promise<number> | undefined;

  constructor(private readonly fetch: () => Promise<number>) {}

  current(): Promise<number> {
    if (this.inFlight === undefined) return this.start();
    this.next ??= this.inFlight.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  private start(): Promise<number> {
    this.next = undefined;
    const p = this.fetch();
    this.inFlight = p;
    const done = (): void => {
      if (this.inFlight === p) this.inFlight = undefined;
    };
    p.then(done, done);
    return p;
  }
}
