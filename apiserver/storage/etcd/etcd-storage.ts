/**
 * The etcd storage backend (etcd3 client): keys and values stored as given, writes as
 * compare-and-swap transactions on create/mod revisions, lists as ranges at a revision, watches
 * from a revision with the previous value, as upstream's etcd3 store does.
 */
import { Etcd3, type IRequestOp, type ITxnResponse } from "etcd3";
import { decodeContinue, encodeContinue } from "../continue-token.js";
import {
  bytesEqual,
  checkPreconditions,
  closedError,
  keyExists,
  keyNotFound,
  preconditionFailed,
} from "../errors.js";
import type {
  KeyValue,
  ListOptions,
  ListResult,
  Preconditions,
  Storage,
  StorageEvent,
  UpdateFn,
  WatchOptions,
} from "../interface.js";
import { prefixEndBytes } from "../key-range.js";
import { translateError } from "./errors.js";
import { keyValueOf } from "./key-value.js";
import { EtcdWatch } from "./watch.js";

export interface EtcdStorageOptions {
  /** Client URLs or host:port of the members, e.g. `http://127.0.0.1:2379`. */
  endpoints: string[];
  /** A unary call that takes longer fails with "Unavailable" (default 30 s). */
  callTimeoutMs?: number;
}

/** The whole keyspace's range end for a range request (etcd: "\0" means every key >= key). */
const ALL_KEYS = Buffer.from([0]);

/** Pages read while filtering with a predicate grow up to this many keys per range request. */
const MAX_FILTER_PAGE = 10_000;

export class EtcdStorage implements Storage {
  private readonly client: Etcd3;
  private readonly watches = new Set<EtcdWatch>();
  private closed = false;

  constructor(options: EtcdStorageOptions) {
    const timeout = options.callTimeoutMs ?? 30_000;
    this.client = new Etcd3({
      hosts: options.endpoints,
      // A list of a whole resource comes back in one response: as upstream, no receive cap
      // below 2 GiB (gRPC's default is 4 MiB, about 8,000 small objects).
      grpcOptions: { "grpc.max_receive_message_length": 2 ** 31 - 1 },
      // Streams (watches) live as long as they are wanted; unary calls get a deadline.
      defaultCallOptions: (ctx) => (ctx.isStream ? {} : { deadline: Date.now() + timeout }),
    });
  }

  async create(key: string, value: Uint8Array): Promise<KeyValue> {
    this.checkOpen(key);
    const k = Buffer.from(key);
    const res = await this.call(key, () =>
      this.client.kv.txn({
        compare: [{ key: k, target: "Create", result: "Equal", create_revision: 0 }],
        success: [{ request_put: { key: k, value: Buffer.from(value.buffer, value.byteOffset, value.byteLength) } }],
        failure: [],
      }),
    );
    if (!res.succeeded) throw keyExists(key);
    const rev = Number(res.header.revision);
    return { key, value, createRevision: rev, modRevision: rev };
  }

  async get(key: string): Promise<KeyValue | undefined> {
    this.checkOpen(key);
    const res = await this.call(key, () => this.client.kv.range({ key: Buffer.from(key) }));
    const kv = res.kvs[0];
    return kv && keyValueOf(kv);
  }

  async list(options: ListOptions): Promise<ListResult> {
    const { prefix, predicate } = options;
    this.checkOpen(prefix);
    let start = prefix;
    let revision = options.revision ?? 0;
    if (options.continue) {
      const c = decodeContinue(options.continue, prefix);
      start = c.startKey;
      revision = c.revision;
    }
    const end = prefixEndBytes(prefix) ?? ALL_KEYS;
    const limit = options.limit && options.limit > 0 ? options.limit : 0;
    const items: KeyValue[] = [];
    let more = false;
    let remaining: number | undefined;
    // etcd refuses an empty key: the whole keyspace starts at "\0".
    let from = start === "" ? ALL_KEYS : Buffer.from(start);
    // Without a predicate one range answers the page; with one, ranges continue (at the same
    // revision, each twice the size of the last) until `limit` values matched.
    let pageSize = limit;
    for (;;) {
      const res = await this.call(
        prefix,
        () => this.client.kv.range({ key: from, range_end: end, limit: pageSize, revision: revision || undefined }),
        revision,
      );
      if (!revision) revision = Number(res.header.revision);
      let last: Buffer | undefined;
      let stoppedEarly = false;
      for (const kv of res.kvs) {
        if (limit && items.length === limit) {
          stoppedEarly = true;
          break;
        }
        last = kv.key;
        const item = keyValueOf(kv);
        if (!predicate || predicate(item)) items.push(item);
      }
      if (!predicate) {
        more = res.more;
        if (more) remaining = Number(res.count) - res.kvs.length;
        break;
      }
      if (stoppedEarly || (limit && items.length === limit && res.more)) {
        more = true;
        break;
      }
      if (!res.more || !last) break;
      from = Buffer.concat([last, ALL_KEYS]);
      pageSize = Math.min(Math.max(pageSize * 2, 1), MAX_FILTER_PAGE);
    }
    const result: ListResult = { items, revision };
    if (more && items.length > 0) {
      result.continue = encodeContinue(items[items.length - 1]!.key, prefix, revision);
      if (remaining !== undefined) result.remainingItemCount = remaining;
    }
    return result;
  }

  async guaranteedUpdate(
    key: string,
    update: UpdateFn,
    options: { preconditions?: Preconditions; ignoreNotFound?: boolean } = {},
  ): Promise<KeyValue> {
    this.checkOpen(key);
    let current = await this.get(key);
    for (;;) {
      if (!current && !options.ignoreNotFound) throw keyNotFound(key);
      checkPreconditions(key, current, options.preconditions);
      const value = await update(current);
      if (current && bytesEqual(value, current.value)) return current;
      const res = await this.casTxn(key, current, {
        request_put: { key: Buffer.from(key), value: Buffer.from(value.buffer, value.byteOffset, value.byteLength) },
      });
      if (res.succeeded) {
        const rev = Number(res.header.revision);
        return { key, value, createRevision: current?.createRevision ?? rev, modRevision: rev };
      }
      current = freshValue(res);
    }
  }

  async delete(key: string, options: { preconditions?: Preconditions } = {}): Promise<KeyValue> {
    this.checkOpen(key);
    let current = await this.get(key);
    for (;;) {
      if (!current) throw keyNotFound(key);
      const expected = options.preconditions?.revision;
      if (expected !== undefined && expected !== current.modRevision) {
        throw preconditionFailed(key, expected, current.modRevision);
      }
      const res = await this.casTxn(key, current, { request_delete_range: { key: Buffer.from(key) } });
      if (res.succeeded) return { ...current, modRevision: Number(res.header.revision) };
      current = freshValue(res);
    }
  }

  watch(options: WatchOptions): AsyncIterable<StorageEvent> {
    const w = new EtcdWatch(this.client, options, (self) => this.watches.delete(self));
    if (this.closed) w.fail(closedError(options.prefix));
    else this.watches.add(w);
    return w;
  }

  async currentRevision(): Promise<number> {
    this.checkOpen("");
    const res = await this.call("", () => this.client.kv.range({ key: ALL_KEYS, count_only: true }));
    return Number(res.header.revision);
  }

  async compact(revision: number): Promise<void> {
    this.checkOpen("");
    try {
      await this.call("", () => this.client.kv.compact({ revision, physical: false }), revision);
    } catch (e) {
      // Compacting at or below the point already compacted is a no-op, as the interface says.
      if ((e as { code?: string }).code === "Compacted") return;
      throw e;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.watches].map((w) => w.stop()));
    this.client.close();
  }

  /**
   * A transaction doing `op` if the key is still as `current` says (same mod revision, or
   * missing), else reading its fresh value (so a retry needs no extra round trip).
   */
  private casTxn(key: string, current: KeyValue | undefined, op: IRequestOp): Promise<ITxnResponse> {
    const k = Buffer.from(key);
    const compare = current
      ? { key: k, target: "Mod" as const, result: "Equal" as const, mod_revision: current.modRevision }
      : { key: k, target: "Create" as const, result: "Equal" as const, create_revision: 0 };
    return this.call(key, () =>
      this.client.kv.txn({ compare: [compare], success: [op], failure: [{ request_range: { key: k } }] }),
    );
  }

  /** Runs a call, its failures as StorageErrors (`revision`: the one read at, for messages). */
  private async call<T>(key: string, fn: () => Promise<T>, revision?: number): Promise<T> {
    try {
      return await fn();
    } catch (e) {
      throw translateError(e, key, revision);
    }
  }

  private checkOpen(key: string): void {
    if (this.closed) throw closedError(key);
  }
}

/** The value a failed compare-and-swap read back in its failure branch. */
function freshValue(res: ITxnResponse): KeyValue | undefined {
  const kv = res.responses[0]?.response_range?.kvs[0];
  return kv && keyValueOf(kv);
}
