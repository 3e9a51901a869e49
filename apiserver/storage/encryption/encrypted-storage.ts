/**
 * A Storage that encrypts the values of configured resources on the way in and decrypts them on
 * the way out (upstream's value transformers, below the registry, above either backend). A
 * write whose plaintext equals what is stored keeps the stored bytes, unless they were written
 * by another provider than the first: then it re-encrypts (`kubectl replace` rotates keys).
 */
import type { KeyValue, ListOptions, ListResult, Preconditions, Storage, StorageEvent, UpdateFn, WatchOptions } from "../interface.js";
import { StorageError } from "../interface.js";
import { bytesEqual } from "../bytes.js";
import type { ResourceEncryption } from "./config.js";
import { PrefixTransformers } from "./transformers.js";

/** `secrets` -> `/registry/core/secrets/`, `deployments.apps` -> `/registry/apps/deployments/`; stars match any. */
function matcher(resource: string): (key: string) => boolean {
  const dot = resource.indexOf(".");
  const plural = dot < 0 ? resource : resource.slice(0, dot);
  const group = dot < 0 ? "core" : resource.slice(dot + 1);
  return (key) => {
    const parts = key.split("/"); // "", "registry", group, plural, ...
    if (parts[1] !== "registry") return false;
    const g = parts[2] ?? "";
    const p = parts[3] ?? "";
    if (group !== "*" && g !== group) return false;
    if (resource === "*.*") return true;
    return plural === "*" || p === plural;
  };
}

export class EncryptedStorage implements Storage {
  private readonly rules: { match: (key: string) => boolean; t: PrefixTransformers }[];

  constructor(
    private readonly inner: Storage,
    config: readonly ResourceEncryption[],
  ) {
    this.rules = config.flatMap((c) => c.resources.map((r) => ({ match: matcher(r), t: new PrefixTransformers(c.transformers) })));
    if (inner.healthCheck) this.healthCheck = (ms) => inner.healthCheck!(ms);
    if (inner.compactedRevision) this.compactedRevision = () => inner.compactedRevision!();
    if (inner.compactRound) this.compactRound = (s) => inner.compactRound!(s);
    if (inner.observeCommitBatches) this.observeCommitBatches = (o) => inner.observeCommitBatches!(o);
  }

  healthCheck?: Storage["healthCheck"];
  compactedRevision?: Storage["compactedRevision"];
  compactRound?: Storage["compactRound"];
  observeCommitBatches?: Storage["observeCommitBatches"];

  private transformerFor(key: string): PrefixTransformers | undefined {
    return this.rules.find((r) => r.match(key))?.t;
  }

  private out(kv: KeyValue): KeyValue;
  private out(kv: KeyValue | undefined): KeyValue | undefined;
  private out(kv: KeyValue | undefined): KeyValue | undefined {
    if (!kv) return kv;
    const t = this.transformerFor(kv.key);
    if (!t) return kv;
    try {
      return { ...kv, value: t.read(kv.value).plain };
    } catch (err) {
      throw new StorageError("Unavailable", kv.key, `${kv.key}: ${(err as Error).message}`);
    }
  }

  async create(key: string, value: Uint8Array): Promise<KeyValue> {
    const t = this.transformerFor(key);
    const stored = await this.inner.create(key, t ? t.write(value) : value);
    return t ? { ...stored, value } : stored;
  }

  async get(key: string): Promise<KeyValue | undefined> {
    return this.out(await this.inner.get(key));
  }

  async list(options: ListOptions): Promise<ListResult> {
    const predicate = options.predicate;
    const result = await this.inner.list({ ...options, ...(predicate && { predicate: (kv: KeyValue) => predicate(this.out(kv)) }) });
    return { ...result, items: result.items.map((kv) => this.out(kv)) };
  }

  async guaranteedUpdate(
    key: string,
    update: UpdateFn,
    options?: { preconditions?: Preconditions; ignoreNotFound?: boolean },
  ): Promise<KeyValue> {
    const t = this.transformerFor(key);
    if (!t) return this.inner.guaranteedUpdate(key, update, options);
    const result = await this.inner.guaranteedUpdate(
      key,
      async (current) => {
        let plainCurrent: KeyValue | undefined;
        let stale = false;
        if (current) {
          const r = t.read(current.value);
          plainCurrent = { ...current, value: r.plain };
          stale = r.stale;
        }
        const next = await update(plainCurrent);
        // Unchanged and already under the writing provider: hand back the stored bytes (no write).
        if (current && plainCurrent && !stale && bytesEqual(next, plainCurrent.value)) return current.value;
        return t.write(next);
      },
      options,
    );
    return this.out(result);
  }

  async delete(key: string, options?: { preconditions?: Preconditions }): Promise<KeyValue> {
    return this.out(await this.inner.delete(key, options));
  }

  async *watch(options: WatchOptions): AsyncIterable<StorageEvent> {
    for await (const ev of this.inner.watch(options)) {
      yield { ...ev, kv: this.out(ev.kv), ...(ev.prev && { prev: this.out(ev.prev) }) };
    }
  }

  currentRevision(): Promise<number> {
    return this.inner.currentRevision();
  }

  committedRevision(): number | undefined {
    return this.inner.committedRevision?.();
  }

  compact(revision: number): Promise<void> {
    return this.inner.compact(revision);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
