/**
 * Shares the storage's current-revision requests between concurrent consistent reads (on etcd
 * each is a round trip). A read may only use a request sent after it began (an older answer may
 * predate a write acknowledged before the read), so a read arriving while one is in flight waits
 * for the next, which starts when that one ends and serves every read that arrived meanwhile.
 * A source that shares its request itself until the request is sent (etcd's storage, which
 * knows when its frames leave) is asked for every read instead: a read then waits one round
 * trip, not up to two.
 *
 * Every store on one storage shares one batcher ({@link revisionBatcherFor}), so reads of
 * different resources that arrive together share a request too. Reads may also name a scope
 * (one request's read-only lookups, e.g. admission reading webhook configurations, policies and
 * the namespace): the scope's first read asks, the later ones reuse that answer. That is still a
 * consistent read: the answer was requested after the scope (the request) began, so it covers
 * every write acknowledged before the request, and the request may take effect at that point.
 */
export class RevisionBatcher {
  private inFlight: Promise<number> | undefined;
  private next: Promise<number> | undefined;
  /** Each scope's answer, kept as long as the scope object lives. */
  private readonly scoped = new WeakMap<object, Promise<number>>();
  /** The same answers once they arrived. */
  private readonly settled = new WeakMap<object, number>();

  /**
   * @param sharedBySource - the source shares one request among its callers until it is sent
   * (etcd's storage does): every read asks it, with no wait for the request in flight to end.
   */
  constructor(
    private readonly fetch: () => Promise<number>,
    private readonly sharedBySource = false,
    private readonly committedNow: () => number | undefined = () => undefined,
  ) {}

  /**
   * The storage's committed revision when it knows it synchronously (a storage this process
   * owns): read now, it covers every write acknowledged before this call, so a read needs no
   * request (and no promise) at all. Undefined when only {@link current} can tell.
   */
  committed(): number | undefined {
    return this.committedNow();
  }

  current(scope?: object): Promise<number> {
    if (scope !== undefined) {
      let p = this.scoped.get(scope);
      if (p === undefined) {
        const asked = this.current();
        p = asked;
        this.scoped.set(scope, p);
        p.then(
          (rev) => this.settled.set(scope, rev),
          // A failed request is not remembered: the scope's next read asks again.
          () => this.scoped.get(scope) === asked && this.scoped.delete(scope),
        );
      }
      return p;
    }
    if (this.sharedBySource || this.inFlight === undefined) return this.start();
    this.next ??= this.inFlight.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  /** The answer a scope already has, if it arrived. */
  known(scope: object): number | undefined {
    return this.settled.get(scope);
  }

  private start(): Promise<number> {
    this.next = undefined;
    const p = this.fetch();
    this.inFlight = p;
    // Unnamed arrows: tsx names each closure assigned to a name, a defineProperty per read.
    p.then(
      () => this.ended(p),
      () => this.ended(p),
    );
    return p;
  }

  private ended(p: Promise<number>): void {
    if (this.inFlight === p) this.inFlight = undefined;
  }
}

const perStorage = new WeakMap<object, RevisionBatcher>();

/** The batcher of a storage, shared by every store on it. */
export function revisionBatcherFor(storage: {
  currentRevision(): Promise<number>;
  committedRevision?(): number | undefined;
  /** The storage shares one revision request among callers until it is sent (EtcdStorage). */
  readonly sharesRevisionRequests?: boolean;
}): RevisionBatcher {
  let b = perStorage.get(storage);
  if (b === undefined) {
    const committed = storage.committedRevision === undefined ? undefined : () => storage.committedRevision!();
    b = new RevisionBatcher(() => storage.currentRevision(), storage.sharesRevisionRequests === true, committed);
    perStorage.set(storage, b);
  }
  return b;
}

/** Signals of HTTP requests (each lives as long as its request), marked by the server as it makes them. */
const requestSignals = new WeakSet<AbortSignal>();

/** Marks a request's own signal: lookups made under it may share one read scope. */
export function markRequestSignal(signal: AbortSignal): AbortSignal {
  requestSignals.add(signal);
  return signal;
}

/**
 * The read scope of lookups made under `signal`: the signal itself when it is one request's,
 * else none (a long-lived signal, a controller's, must not pin one answer for its whole life).
 */
export function requestReadScope(signal: AbortSignal): AbortSignal | undefined {
  return requestSignals.has(signal) ? signal : undefined;
}
