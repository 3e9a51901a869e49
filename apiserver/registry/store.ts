/**
 * The generic registry store: one resource's REST verbs over the Storage interface, following
 * upstream's genericregistry.Store (system metadata on create, generateName with retries,
 * strategies, optimistic concurrency, finalizers and deletionTimestamp, preconditions,
 * resourceVersion semantics for get/list/watch, selectors, dry runs).
 */
import type { Status } from "../../api/meta/v1/types.js";
import type { ResourceInfo, Scheme } from "../../runtime/scheme.js";
import { apiVersionOf } from "../../runtime/scheme.js";
import {
  StatusError,
  isAlreadyExists,
  isNotFound,
  newBadRequest,
  newConflict,
  newNotFound,
  type QualifiedName,
} from "../../runtime/rest/errors.js";
import { StorageError, type KeyValue, type Storage } from "../storage/interface.js";
import { type ContinuePoint, decodeContinue, encodeContinue } from "../storage/continue-token.js";
import { bytesEqual } from "../storage/bytes.js";
import { jsonCodec, protobufCodec, type ObjectCodec } from "./codec.js";
import {
  OPTIMISTIC_LOCK_MESSAGE,
  generateNameConflict,
  interpretStorageError,
  storagePreconditionConflict,
  unknownError,
  unsupportedMediaType,
} from "./errors.js";
import { formatTime, generateName } from "./system-fields.js";
import { applyPatch, decodePatched, parsePatch, PATCH_MEDIA_TYPES } from "./patch/index.js";
import {
  apply as applyConfiguration,
  applySchemaFor,
  managerOrUserAgent,
  parseApplyConfiguration,
  recordUpdate,
  UNTYPED_SCHEMA,
  type ApplySchema,
  type FieldManagerOptions,
  zeroValueFor,
} from "./apply/index.js";
import { patchSchemaFor, type PatchSchema } from "./patch/patch-meta.js";
import { parseResourceVersion, validateListOptions } from "./resource-version.js";
import type {
  DeleteOptions,
  KubeList,
  KubeObject,
  ListOptions,
  PatchOptions,
  PatchType,
  RESTStorage,
  RequestContext,
  WatchEvent,
  WatchOptions,
  WriteAdmission,
  WriteOptions,
} from "./rest.js";
import { buildPredicate, type Predicate } from "./selection.js";
import { deepEqual, defaultStrategy, specOf, statusUpdateStrategy, type Strategy, type UpdateStrategy } from "./strategy.js";
import { fieldErrors, FieldPath, invalidError } from "./validation/field.js";
import { pathSegmentName } from "../../runtime/validation/strings.js";
import { validateObjectMeta, validateObjectMetaUpdate } from "./validation/object-meta.js";
import { deferredIterator, startWatch } from "./watch.js";
import { objectCopier, type ObjectCopier } from "./copy.js";
import { markDefaulted, takeDefaulted } from "./defaults/once.js";
import { readConversionFor, withConversion } from "./conversion/index.js";
import {
  defaultGarbageCollectionPolicy,
  deletionFinalizersForGarbageCollection,
  type GarbageCollectionPolicy,
} from "./deletion-finalizers.js";
import { type CachePage, Cacher, type CacherOptions } from "./cacher/cacher.js";
import { checkContinueOptions, exactListRevision, listExpired, waitForRevision } from "./cacher/read-semantics.js";
import type { CacheWatcher } from "./cacher/cache-watcher.js";
import { type RevisionBatcher, revisionBatcherFor } from "./cacher/revision-batcher.js";
import { OBJECT_META_FIELD_ORDER } from "./schema/prune.js";
import { beforeDelete } from "./graceful-delete.js";

const MAX_GENERATE_NAME_ATTEMPTS = 8;
/** Deletes a deletecollection keeps in flight unless the store says otherwise. */
const DELETE_COLLECTION_WORKERS = 16;

export interface GenericStoreOptions {
  storage: Storage;
  /** The scheme with the kind's protobuf codec (for protobuf encoding). */
  scheme: Scheme;
  group: string;
  version: string;
  info: ResourceInfo;
  /** The kind's strategy; absent: {@link defaultStrategy}. */
  strategy?: Strategy;
  /** Update strategies of subresources served by this store (`status`, `finalize`...); `status` defaults to one that changes only status. */
  subresourceStrategies?: Readonly<Record<string, UpdateStrategy>>;
  /** How objects are stored: enveloped protobuf (built-in kinds, the default) or JSON (custom resources). */
  encoding?: "protobuf" | "json";
  /** Delete answers with the deleted object instead of a Success Status (namespaces). */
  returnDeletedObject?: boolean;
  /** Milliseconds between watch bookmarks (default one minute). */
  bookmarkIntervalMs?: number;
  /**
   * Whether a delete adds the orphan/foregroundDeletion finalizers its propagation policy asks
   * for (kube-apiserver's `--enable-garbage-collector`); default true. A garbage collector must
   * run to remove them.
   */
  garbageCollection?: boolean;
  /** What a delete naming no policy does to dependents; default: the resource's as upstream ({@link defaultGarbageCollectionPolicy}). */
  garbageCollectionPolicy?: GarbageCollectionPolicy;
  /** Extra condition for deleting an object when an update empties its finalizers (namespaces: no spec finalizers). */
  shouldDeleteDuringUpdate?: (obj: KubeObject, old: KubeObject) => boolean;
  /** The structure server-side apply merges by; absent: looked up by kind in the served OpenAPI, else typed by shape. */
  applySchema?: ApplySchema;
  /** Patch metadata for strategic merge patch; absent: looked up by kind in the generated OpenAPI (protobuf kinds only). */
  patchSchema?: PatchSchema | null;
  /** Deletes a deletecollection keeps in flight (default 16). */
  deleteCollectionWorkers?: number;
  /** The clock (tests). */
  now?: () => Date;
  /**
   * Serve watches, and lists and gets at "any" revision, from a watch cache (one storage watch
   * for the resource); absent or false: every read goes to storage.
   */
  watchCache?: boolean | Pick<CacherOptions, "buffer" | "watcherCapacity" | "readyTimeoutMs">;
}

/** Thrown inside a storage update to end it without writing. */
class NoChange {
  constructor(readonly current: KeyValue) {}
}

/** Thrown inside a delete's storage update: a graceful deletion is already under way and not shortened. */
class AlreadyDeleting {}

/** Thrown inside a delete's storage update: nothing to write, the object goes at once. */
class DeleteNow {
  constructor(readonly current: KeyValue) {}
}

/**
 * Marks an object held by finalizers as being deleted (upstream's markAsDeleting): deletionTimestamp
 * now unless an earlier one is set, grace 0, and a new generation the first time.
 */
function markAsDeleting(obj: KubeObject, now: Date): void {
  const meta = (obj.metadata ??= {});
  if (!meta.deletionTimestamp && (meta.generation ?? 0) > 0) meta.generation = meta.generation! + 1;
  const stamp = formatTime(now);
  if (!meta.deletionTimestamp || meta.deletionTimestamp > stamp) meta.deletionTimestamp = stamp;
  meta.deletionGracePeriodSeconds = 0;
}

/** Thrown inside a storage update when the update emptied the finalizers of an object being deleted. */
class DeleteDuringUpdate {
  constructor(
    readonly obj: KubeObject,
    readonly current: KeyValue,
  ) {}
}

interface UpdateParams {
  /** The new object, computed from the stored one (undefined when missing and creation is allowed). */
  transform(existing: KubeObject | undefined): KubeObject | Promise<KubeObject>;
  strategy: UpdateStrategy;
  allowCreate: boolean;
  dryRun: boolean;
  /** Whether a uid in the new object is a precondition (PUT), as opposed to a field to validate (PATCH). */
  uidPrecondition: boolean;
  warnings: string[];
  /** The manager recorded in managedFields for this write; undefined when the write records its own (apply). */
  fieldManager?: string;
  /** The subresource written, if any (recorded on managedFields entries). */
  subresource?: string;
  /** Admission with the computed and the stored object: mutating before the strategy, validating after. */
  admission?: WriteAdmission;
}

/** ObjectMeta's fields that come after resourceVersion, in its order (responses keep it, as upstream's). */
const AFTER_RESOURCE_VERSION = new Set(OBJECT_META_FIELD_ORDER.slice(OBJECT_META_FIELD_ORDER.indexOf("resourceVersion") + 1));

/** An object as encoded for storage, and its bytes. */
interface Encoded {
  stored: KubeObject;
  bytes: Uint8Array;
}

/** The object as stored: without its resourceVersion (the revision is the resourceVersion). */
function storedForm(obj: KubeObject): KubeObject {
  const meta = obj.metadata;
  if (meta?.resourceVersion === undefined) return obj;
  const { resourceVersion: _, ...rest } = meta;
  return { ...obj, metadata: rest };
}

/** `meta` with its resourceVersion set to `rv`, placed where ObjectMeta puts it (before generation). */
function withResourceVersion(meta: KubeObject["metadata"], rv: string): NonNullable<KubeObject["metadata"]> {
  const m = meta ?? {};
  if (m.resourceVersion !== undefined) {
    m.resourceVersion = rv;
    return m;
  }
  const out: Record<string, unknown> = {};
  let placed = false;
  for (const [k, v] of Object.entries(m)) {
    if (!placed && AFTER_RESOURCE_VERSION.has(k)) {
      out.resourceVersion = rv;
      placed = true;
    }
    out[k] = v;
  }
  if (!placed) out.resourceVersion = rv;
  return out;
}

/** One resource's storage. Implements every verb; see {@link restStorageFor} for the served subset. */
export class GenericStore implements RESTStorage {
  readonly info: ResourceInfo;
  readonly group: string;
  readonly version: string;
  readonly strategy: Strategy;
  readonly codec: ObjectCodec;
  readonly returnDeletedObject: boolean;
  readonly patchTypes: readonly PatchType[];
  readonly subresources: Readonly<Record<string, RESTStorage>>;
  readonly admitsWrites = true;
  protected readonly storage: Storage;
  protected readonly options: GenericStoreOptions;
  private readonly apiVersion: string;
  private readonly now: () => Date;
  private patchSchemaCache: PatchSchema | null | undefined;
  private applySchemaCache: ApplySchema | undefined;
  private zeroValueCache: Readonly<Record<string, unknown>> | undefined;
  /** Decoded watch objects, shared by every watcher that receives the same stored value. */
  private readonly watchDecodeCache = new WeakMap<KeyValue, KubeObject>();
  /**
   * Objects this store decoded from the values it just wrote, by value: the watch cache takes
   * them instead of decoding the same bytes again when the write's event reaches it.
   */
  private readonly decodedWrites = new WeakMap<Uint8Array, KubeObject>();
  /** The watch cache, when enabled. */
  readonly cacher: Cacher | undefined;
  /** The storage's current revision for consistent reads, one request shared by those that arrive together (of every store on the storage). */
  private readonly revisions: RevisionBatcher;
  /** What a decoded object of this kind needs before it is answered (conversion/index.ts). */
  private readonly readConversion: ((obj: KubeObject) => void) | undefined;
  /** Copies objects before they are changed: the kind's generated deepcopy through the scheme, JSON for custom resources. */
  readonly copy: ObjectCopier;

  constructor(options: GenericStoreOptions) {
    this.options = options;
    this.storage = options.storage;
    this.revisions = revisionBatcherFor(options.storage);
    this.info = options.info;
    this.group = options.group;
    this.version = options.version;
    this.apiVersion = apiVersionOf({ group: options.group, version: options.version });
    this.copy = objectCopier(options.scheme);
    this.strategy = withConversion(
      options.strategy ?? defaultStrategy({ namespaced: options.info.namespaced, hasStatus: options.info.subresources.includes("status") }),
      options.group,
      options.version,
      options.info.kind,
    );
    this.readConversion = readConversionFor(options.group, options.version, options.info.kind);
    this.codec = options.encoding === "json" ? jsonCodec() : protobufCodec(options.scheme);
    this.returnDeletedObject = options.returnDeletedObject ?? false;
    this.now = options.now ?? (() => new Date());
    this.patchTypes = options.encoding === "json" ? ["json", "merge", "apply"] : ["json", "merge", "strategic", "apply"];
    if (options.patchSchema !== undefined) this.patchSchemaCache = options.patchSchema;
    const strategies: Record<string, UpdateStrategy> = { ...options.subresourceStrategies };
    // A status subresource changes only status, whether or not the kind says more about it.
    if (options.info.subresources.includes("status") && !strategies.status) {
      const strategy = this.strategy;
      strategies.status = statusUpdateStrategy((obj, old) => [
        ...validateObjectMetaUpdate(obj.metadata, old.metadata),
        ...(strategy.validateStatusUpdate?.(obj, old) ?? []),
      ]);
    }
    const subs: Record<string, RESTStorage> = {};
    for (const [name, strategy] of Object.entries(strategies)) {
      subs[name] = new SubresourceStorage(this, strategy, name !== "finalize", name);
    }
    this.subresources = subs;
    if (options.watchCache) {
      const tuning = typeof options.watchCache === "object" ? options.watchCache : {};
      this.cacher = new Cacher({
        ...tuning,
        storage: this.storage,
        prefix: this.keyRoot(),
        decode: (kv, rv) => this.decodeForCache(kv, rv),
        decoded: (kv, rv) => this.takeDecodedWrite(kv, rv),
      });
      this.cacher.start();
    }
  }

  /** Stops the watch cache (its storage watch and watchers); reads go to storage afterwards. */
  stopWatchCache(): void {
    this.cacher?.close();
  }

  /**
   * The watch cache when it provably holds everything written up to the storage's current
   * revision (upstream's consistent reads from cache): it waits briefly for the cache to catch
   * up, else undefined and storage serves the read.
   */
  private async consistentCache(needProof: boolean, scope: object | undefined): Promise<Cacher | undefined> {
    const c = this.cacher;
    if (!c?.ready) return undefined;
    if (this.cacheIsCurrent(c)) return c;
    // Without progress the cache is current only when no write at all came after its last
    // event; a get then costs two round trips for a likely miss, so it goes to storage, unless
    // its scope already knows a revision the cache has reached (no round trip at all).
    if (needProof && !c.canProveFresh) {
      const known = scope !== undefined ? this.revisions.known(scope) : undefined;
      return known !== undefined && c.revision >= known ? c : undefined;
    }
    let current: number;
    try {
      current = await this.revisions.current(scope);
    } catch {
      return undefined;
    }
    // Usually already current: answered without another await (a microtask hop per read).
    const fresh = c.waitUntilFresh(current);
    return (typeof fresh === "boolean" ? fresh : await fresh) ? c : undefined;
  }

  /**
   * Whether the cache has reached the storage's committed revision, when the storage knows it
   * synchronously (SQLite, memory: one process owns them). Read now, that revision covers every
   * write acknowledged before this read: a consistent read then needs no revision request.
   */
  private cacheIsCurrent(c: Cacher): boolean {
    const committed = this.revisions.committed();
    return committed !== undefined && c.revision >= committed;
  }

  /**
   * A consistent get's object straight from a current cache (above), found by namespace and
   * name: no key to build, no promise. Undefined otherwise, and when the cache has no such
   * object: the full path then checks the name (a 400 comes before a 404) and answers.
   */
  private currentCached(ctx: RequestContext, name: string): KubeObject | undefined {
    const c = this.cacher;
    if (c === undefined || !c.ready || !this.cacheIsCurrent(c)) return undefined;
    return c.getByName(this.info.namespaced ? (ctx.namespace ?? "") : "", name);
  }

  /** The watch cache when it has its first list (waiting for it briefly), else undefined. */
  private async readyCache(): Promise<Cacher | undefined> {
    const c = this.cacher;
    if (!c) return undefined;
    if (c.ready) return c;
    return (await c.waitReady()) ? c : undefined;
  }

  /** The resource as errors name it (`namespaces`, `leases.coordination.k8s.io`). */
  get qualifiedResource(): QualifiedName {
    return { group: this.group, resource: this.info.plural };
  }

  protected get groupKind(): { group: string; kind: string } {
    return { group: this.group, kind: this.info.kind };
  }

  // ---- keys ----

  /** The key prefix of the resource, or of one namespace of it. */
  keyRoot(namespace?: string): string {
    const base = `/registry/${this.group === "" ? "core" : this.group}/${this.info.plural}/`;
    return this.info.namespaced && namespace ? `${base}${namespace}/` : base;
  }

  /** The key of one object; 400 for a missing namespace or a name that cannot be a key. */
  keyFor(ctx: RequestContext, name: string): string {
    if (this.info.namespaced && !ctx.namespace) throw newBadRequest("Namespace parameter required.");
    if (!name) throw newBadRequest("Name parameter required.");
    const problems = pathSegmentName(name, false);
    if (problems.length > 0) throw newBadRequest(`Name parameter invalid: ${JSON.stringify(name)}: ${problems.join(";")}`);
    return this.keyRoot(ctx.namespace) + name;
  }

  private requestNamespace(ctx: RequestContext): string {
    return this.info.namespaced ? (ctx.namespace ?? "") : "";
  }

  // ---- encoding ----

  /** The object as stored: no resourceVersion (the revision is the resourceVersion). */
  encode(obj: KubeObject): Uint8Array {
    return this.codec.encode(storedForm(obj));
  }

  /** {@link encode}, with the object the bytes were written from (see {@link decodeWritten}). */
  private encodeWrite(obj: KubeObject): Encoded {
    const stored = storedForm(obj);
    return { stored, bytes: this.codec.encode(stored) };
  }

  /**
   * What {@link decode} gives for `kv` at `rv`, from the object its bytes were written from when
   * they are `from`'s: the codec's canonical form of it, no bytes read.
   */
  private writtenObject(kv: KeyValue, from: Encoded | undefined, rv: number = kv.modRevision): KubeObject {
    const canonical = this.codec.canonical;
    if (canonical === undefined || from === undefined || from.bytes !== kv.value) return this.decode(kv, rv);
    const obj = canonical(from.stored);
    obj.metadata = withResourceVersion(obj.metadata, String(rv));
    this.readConversion?.(obj);
    return obj;
  }

  /** A dry run's object as it would be stored and read back (no resourceVersion). */
  private asStored(from: Encoded): KubeObject {
    const canonical = this.codec.canonical;
    const out = canonical !== undefined ? canonical(from.stored) : this.codec.decode(from.bytes);
    this.readConversion?.(out);
    return out;
  }

  /** A stored value as an object whose resourceVersion is `rv` (its modRevision by default). */
  decode(kv: KeyValue, rv: number = kv.modRevision): KubeObject {
    const obj = this.codec.decode(kv.value);
    // Freshly decoded, so ours to change in place.
    obj.metadata = withResourceVersion(obj.metadata, String(rv));
    this.readConversion?.(obj);
    return obj;
  }

  /**
   * The object a write returns: what a read of what was stored gives (as upstream, so that it
   * equals a later read), made from the object written (`from`, when kv holds its bytes) without
   * decoding them. One object serves both the caller and the watch cache when someone watches:
   * whichever of the two comes first makes it, the other takes that object. Nobody watching, the
   * cache keeps the bytes and the caller's object is its own. It is shared either way: nobody
   * changes it, as nobody changes the watch cache's objects that reads return.
   */
  private decodeWritten(kv: KeyValue, from?: Encoded): KubeObject {
    const cacher = this.cacher;
    if (cacher === undefined) return this.writtenObject(kv, from);
    const cached = cacher.decodedObjectFor(kv);
    if (cached !== undefined) return cached;
    const obj = this.writtenObject(kv, from);
    // Only for an event still to come: one the cache has applied already never asks (it kept
    // the bytes), and the entry would keep the object alive beside them.
    if (cacher.revision < kv.modRevision) this.decodedWrites.set(kv.value, obj);
    return obj;
  }

  /** The object this store decoded for the write of `kv`, if it did: the cache takes it, once. */
  private takeDecodedWrite(kv: KeyValue, rv: number): KubeObject | undefined {
    const written = this.decodedWrites.get(kv.value);
    if (written === undefined || rv !== kv.modRevision || written.metadata?.resourceVersion !== String(rv)) return undefined;
    this.decodedWrites.delete(kv.value);
    return written;
  }

  private decodeForCache(kv: KeyValue, rv: number): KubeObject {
    return this.takeDecodedWrite(kv, rv) ?? this.decode(kv, rv);
  }

  private decodeForWatch(kv: KeyValue, rv: number): KubeObject {
    let obj = this.watchDecodeCache.get(kv);
    if (!obj) {
      obj = this.decode(kv);
      this.watchDecodeCache.set(kv, obj);
    }
    return rv === kv.modRevision ? obj : { ...obj, metadata: { ...obj.metadata, resourceVersion: String(rv) } };
  }

  // ---- get / list ----

  async get(ctx: RequestContext, name: string, opts: { resourceVersion?: string } = {}): Promise<KubeObject> {
    // A found object's name is one the store accepted: it needs no check again.
    if (!opts.resourceVersion) {
      const obj = this.currentCached(ctx, name);
      if (obj !== undefined) return obj;
    } else if (opts.resourceVersion === "0" && this.cacher?.ready) {
      const obj = this.cacher.getByName(this.info.namespaced ? (ctx.namespace ?? "") : "", name);
      if (obj !== undefined) return obj;
    }
    const key = this.keyFor(ctx, name);
    const rv = parseResourceVersion(opts.resourceVersion, this.qualifiedResource, name);
    if (opts.resourceVersion === "0") {
      // "Any" revision: the cached object (upstream's cacher serves these too).
      // A ready cache without an await (admission reads every create this way).
      const cache = this.cacher?.ready ? this.cacher : await this.readyCache();
      if (cache) {
        const obj = cache.get(key);
        if (!obj) throw newNotFound(this.qualifiedResource, name);
        return obj;
      }
    }
    // Consistent (no resourceVersion): the cache once it has seen the storage's current revision.
    const cache = opts.resourceVersion ? undefined : await this.consistentCache(true, ctx.readScope);
    if (cache) {
      const obj = cache.get(key);
      if (!obj) throw newNotFound(this.qualifiedResource, name);
      return obj;
    }
    // Not older than rv: a revision slightly ahead is waited for before reading.
    if (rv > 0) await this.checkNotTooLarge(rv, ctx.signal);
    const kv = await this.read(key, name);
    if (!kv) throw newNotFound(this.qualifiedResource, name);
    // The cache's object when it holds this very revision (on etcd without trusted progress
    // notices, every consistent get comes here): no decode, and its shared encoding serves it.
    return this.cacher?.objectFor(kv) ?? this.decode(kv);
  }

  private async read(key: string, name: string): Promise<KeyValue | undefined> {
    try {
      return await this.storage.get(key);
    } catch (err) {
      throw interpretStorageError(err, "get", this.qualifiedResource, name);
    }
  }

  /** Waits up to 3 s for a revision slightly ahead, then 504 (upstream's freshness wait). */
  private async checkNotTooLarge(rv: number, signal?: AbortSignal): Promise<void> {
    await waitForRevision(this.storage, rv, signal);
  }

  async list(ctx: RequestContext, opts: ListOptions = {}): Promise<KubeList> {
    validateListOptions(opts, false);
    checkContinueOptions(opts);
    const predicate = buildPredicate(opts, this.strategy, this.info.namespaced);
    const rv = parseResourceVersion(opts.resourceVersion, this.qualifiedResource);
    if (!opts.continue && rv > 0) await this.checkNotTooLarge(rv, ctx.signal);
    const revision = exactListRevision(opts, rv);
    const prefix = this.keyRoot(this.requestNamespace(ctx));
    const fromCache = await this.listFromCache(
      opts,
      rv,
      prefix,
      predicate.everything ? undefined : (obj) => predicate.matches(obj),
      ctx.readScope,
    );
    if (fromCache) return fromCache;
    // Storage answers, and the cache spares decoding every value it holds at the same revision.
    const cache = this.cacher?.ready ? this.cacher : undefined;
    const decoded = new Map<KeyValue, KubeObject>();
    const decodeOnce = (kv: KeyValue): KubeObject => {
      let obj = decoded.get(kv);
      if (!obj) decoded.set(kv, (obj = cache?.objectFor(kv) ?? this.decode(kv)));
      return obj;
    };
    let result;
    try {
      result = await this.storage.list({
        prefix,
        revision,
        limit: opts.limit,
        continue: opts.continue,
        predicate: predicate.everything ? undefined : (kv) => predicate.matches(decodeOnce(kv)),
      });
    } catch (err) {
      if (err instanceof StorageError && err.code === "Compacted") throw listExpired(opts, prefix);
      throw interpretStorageError(err, "list", this.qualifiedResource, "");
    }
    const list: KubeList = {
      apiVersion: this.apiVersion,
      kind: this.info.listKind,
      metadata: { resourceVersion: String(result.revision) },
      items: result.items.map(decodeOnce),
    };
    if (result.continue) list.metadata.continue = result.continue;
    if (result.continue && result.remainingItemCount !== undefined) list.metadata.remainingItemCount = result.remainingItemCount;
    return list;
  }

  /**
   * A list the watch cache can answer, as upstream's cacher with snapshots (1.34): resourceVersion
   * "0" (any revision; like upstream, the limit is ignored and everything is returned); not older
   * than a revision the cache has reached; a consistent read (resourceVersion unset) when the
   * cache is at the storage's current revision; an exact revision (resourceVersionMatch=Exact, or
   * a resourceVersion with a limit) the cache is at or kept a snapshot of; and the pages after a
   * first page the cache served, from that page's snapshot. With a limit the answer is a page
   * with upstream's continue token and remainingItemCount. Anything else goes to storage.
   */
  private async listFromCache(
    opts: ListOptions,
    rv: number,
    prefix: string,
    matches: ((obj: KubeObject) => boolean) | undefined,
    scope: object | undefined,
  ): Promise<KubeList | undefined> {
    if (!this.cacher) return undefined;
    if (opts.continue) return this.continueFromCache(this.cacher, opts.continue, opts.limit, prefix, matches);
    const exact = exactListRevision(opts, rv);
    let cache: Cacher | undefined;
    if (opts.resourceVersion === "0") {
      // A ready cache without an await: admission lists this way several times per create.
      cache = this.cacher.ready ? this.cacher : await this.readyCache();
      if (!cache) return undefined;
      const { items, revision } = cache.list(prefix, matches);
      return { apiVersion: this.apiVersion, kind: this.info.listKind, metadata: { resourceVersion: String(revision) }, items };
    }
    if (!this.cacher.ready) return undefined;
    if (exact !== undefined) {
      // Only the cache's own revision or a kept snapshot: listPage answers undefined otherwise.
      if (!this.compactedPast(exact)) cache = this.cacher;
    } else if (rv > 0) {
      if (this.cacher.revision >= rv) cache = this.cacher;
    } else {
      // Consistent: once the cache has provably seen every write up to the current revision.
      cache = await this.consistentCache(false, scope);
    }
    if (!cache) return undefined;
    if (!opts.limit && exact === undefined) {
      const { items, revision } = cache.list(prefix, matches);
      return { apiVersion: this.apiVersion, kind: this.info.listKind, metadata: { resourceVersion: String(revision) }, items };
    }
    const page = cache.listPage(prefix, matches, { limit: opts.limit, revision: exact });
    return page && this.pageList(page, prefix);
  }

  /**
   * A continued list from the snapshot its first page kept in the cache; undefined (storage
   * serves it, and answers 410 once compacted) when the cache no longer has it, when storage
   * compacted past it (as upstream's cacher drops snapshots below etcd's compaction), and for
   * the token offered with a 410 (revision -1: the newest, which storage reads).
   */
  private continueFromCache(
    cache: Cacher,
    token: string,
    limit: number | undefined,
    prefix: string,
    matches: ((obj: KubeObject) => boolean) | undefined,
  ): KubeList | undefined {
    let point: ContinuePoint;
    try {
      point = decodeContinue(token, prefix);
    } catch (err) {
      throw interpretStorageError(err, "list", this.qualifiedResource, "");
    }
    if (point.revision <= 0 || this.compactedPast(point.revision)) return undefined;
    const page = cache.listPage(prefix, matches, { limit, startKey: point.startKey, revision: point.revision });
    return page && this.pageList(page, prefix);
  }

  /** Whether storage compacted history past `revision`: reads at it get storage's 410, not the cache's snapshot. */
  private compactedPast(revision: number): boolean {
    return revision < (this.storage.compactedRevision?.() ?? 0);
  }

  /** A page from the cache as a list, with the continue token storage would have given. */
  private pageList(page: CachePage, prefix: string): KubeList {
    const list: KubeList = {
      apiVersion: this.apiVersion,
      kind: this.info.listKind,
      metadata: { resourceVersion: String(page.revision) },
      items: page.items,
    };
    if (page.lastKey !== undefined) {
      list.metadata.continue = encodeContinue(page.lastKey, prefix, page.revision);
      if (page.remainingItemCount !== undefined) list.metadata.remainingItemCount = page.remainingItemCount;
    }
    return list;
  }

  // ---- create ----

  /**
   * Not async, nor are the steps below while admission is done at once (a ConfigMap's create):
   * the create reaches the storage's write with no async frame or microtask of its own, and its
   * answer is one `then` on the write. Only a generated name's retries loop in an async frame.
   */
  create(ctx: RequestContext, input: KubeObject, opts: WriteOptions = {}): Promise<KubeObject> {
    const generated = !!input.metadata?.generateName && !input.metadata?.name;
    return generated ? this.createGenerated(ctx, input, opts) : this.createOnce(ctx, input, opts, false);
  }

  /** A create with a generated name: another name while the one made exists already. */
  private async createGenerated(ctx: RequestContext, input: KubeObject, opts: WriteOptions): Promise<KubeObject> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.createOnce(ctx, input, opts, true);
      } catch (err) {
        if (!isAlreadyExists(err)) throw err;
        if (attempt >= MAX_GENERATE_NAME_ATTEMPTS) {
          throw generateNameConflict(this.qualifiedResource, (err as StatusError).status.details?.name ?? "");
        }
      }
    }
  }

  /** One attempt at a create; a refusal is a rejection, never a throw out of the call. */
  private createOnce(ctx: RequestContext, input: KubeObject, opts: WriteOptions, generated: boolean): Promise<KubeObject> {
    try {
      // A generated name may need another attempt, which must start from the input as sent.
      const obj = opts.inputOwned && !generated ? input : this.copy(input);
      const meta = (obj.metadata ??= {});
      // Only a string is a resourceVersion: a custom object's metadata of the wrong type is refused
      // by its strategy with Go's unmarshal error (a 400), as upstream's decoder would.
      if (typeof meta.resourceVersion === "string" && meta.resourceVersion)
        throw unknownError("resourceVersion should not be set on objects to be created");
      // One clock reading for the managed fields' time and the creation timestamp.
      const now = formatTime(this.now());
      this.recordSent(obj, undefined, this.managerOf(ctx, opts), undefined, now);
      const mutating = opts.admission?.mutate(obj, undefined);
      if (mutating === undefined && this.beginCreate === undefined) return this.createAdmitted(ctx, obj, opts, generated, now);
      return this.createMutated(ctx, obj, opts, generated, now, mutating);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** {@link createOnce} once mutating admission that waits is done, and around a store's reservation. */
  private async createMutated(
    ctx: RequestContext,
    obj: KubeObject,
    opts: WriteOptions,
    generated: boolean,
    now: string,
    mutating: Promise<void> | undefined,
  ): Promise<KubeObject> {
    await mutating;
    if (this.beginCreate === undefined) return this.createAdmitted(ctx, obj, opts, generated, now);
    const finish = await this.beginCreate(obj, opts.dryRun === true);
    try {
      const out = await this.createAdmitted(ctx, obj, opts, generated, now);
      await finish(true);
      return out;
    } catch (err) {
      await finish(false);
      throw err;
    }
  }

  /**
   * Upstream's BeginCreate: a store that reserves something for the object (a Service's IPs and
   * ports) does it after mutating admission and before the strategy, so the field manager has
   * already recorded what the client sent. The returned function ends the reservation: kept when
   * the object was stored, released when not.
   */
  protected beginCreate?(obj: KubeObject, dryRun: boolean): Promise<(stored: boolean) => Promise<void>>;

  /** A create after mutating admission: the strategy, validating admission, the write. */
  private createAdmitted(ctx: RequestContext, obj: KubeObject, opts: WriteOptions, generated: boolean, now: string): Promise<KubeObject> {
    try {
      const meta = obj.metadata!;
      // A store's beginCreate may have chosen it already (Services: upstream generates it before BeginCreate).
      if (generated && !meta.name) meta.name = generateName(meta.generateName!);
      this.beforeCreate(ctx, obj, now);
      const validating = opts.admission?.validate(obj, undefined);
      if (validating !== undefined || opts.dryRun) return this.createValidated(ctx, obj, opts, validating);
      const name = meta.name!;
      const key = this.keyFor(ctx, name);
      return this.createWrite(key, name, this.encodeWrite(obj));
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** {@link createAdmitted} once validating admission that waits is done, or for a dry run. */
  private async createValidated(
    ctx: RequestContext,
    obj: KubeObject,
    opts: WriteOptions,
    validating: Promise<void> | undefined,
  ): Promise<KubeObject> {
    await validating;
    const name = obj.metadata!.name!;
    const key = this.keyFor(ctx, name);
    const written = this.encodeWrite(obj);
    if (opts.dryRun) {
      if (await this.read(key, name)) throw await this.alreadyExists(key, name);
      return this.asStored(written);
    }
    return this.createWrite(key, name, written);
  }

  /** The storage's create of the encoded object, and the object it answers. */
  private createWrite(key: string, name: string, written: Encoded): Promise<KubeObject> {
    let created: Promise<KeyValue>;
    try {
      created = this.storage.create(key, written.bytes);
    } catch (err) {
      created = Promise.reject(err);
    }
    return created.then(
      (kv) => this.decodeWritten(kv, written),
      (err: unknown) => this.createFailed(err, key, name),
    );
  }

  /** A storage create's failure as the API error: 409 AlreadyExists for an existing key. */
  private async createFailed(err: unknown, key: string, name: string): Promise<never> {
    if (err instanceof StorageError && err.code === "KeyExists") throw await this.alreadyExists(key, name);
    throw interpretStorageError(err, "create", this.qualifiedResource, name);
  }

  /** 409 AlreadyExists, saying so when the existing object is being deleted. */
  private async alreadyExists(key: string, name: string): Promise<StatusError> {
    const err = interpretStorageError(new StorageError("KeyExists", key, ""), "create", this.qualifiedResource, name) as StatusError;
    const existing = await this.storage.get(key).catch(() => undefined);
    if (existing && this.decode(existing).metadata?.deletionTimestamp) {
      err.status.message = `object is being deleted: ${err.status.message}`;
      return new StatusError(err.status);
    }
    return err;
  }

  /**
   * What upstream does before admission: the decoder's defaults, then the field manager records
   * the object as the client sent it (defaults included). What admission plugins add (a service
   * account's token volume, default tolerations) and what the strategy sets is owned by no one.
   */
  private recordSent(
    obj: KubeObject,
    old: KubeObject | undefined,
    fieldManager: string | undefined,
    subresource?: string,
    now?: string,
  ): void {
    obj.apiVersion = this.apiVersion;
    obj.kind = this.info.kind;
    if (this.strategy.defaults) {
      this.strategy.defaults(obj);
      if (old === undefined) markDefaulted(obj);
    }
    if (fieldManager !== undefined) recordUpdate(old, obj, fieldManager, this.fieldManagerOptions(subresource, now));
  }

  /**
   * Fills system metadata and runs the create strategy and validation (upstream's BeforeCreate).
   * Defaults again: what admission added is defaulted, as upstream's decoder does when the
   * stored object is read.
   */
  protected beforeCreate(ctx: RequestContext, obj: KubeObject, now: string): void {
    obj.apiVersion = this.apiVersion;
    obj.kind = this.info.kind;
    // Once is enough when admission added nothing needing defaults (defaults/once.ts); a store
    // reserving something (a Service's IPs) defaults again after that.
    if (this.beginCreate !== undefined || !takeDefaulted(obj)) this.strategy.defaults?.(obj);
    const meta = (obj.metadata ??= {});
    delete meta.deletionTimestamp;
    delete meta.deletionGracePeriodSeconds;
    delete meta.resourceVersion;
    delete (meta as Record<string, unknown>).selfLink;
    meta.uid = crypto.randomUUID();
    meta.creationTimestamp = now;
    this.ensureNamespace(ctx, obj);
    this.strategy.prepareForCreate?.(obj);
    if (this.strategy.trackGeneration) meta.generation = 1;
    else delete meta.generation;
    const own = this.strategy.validate !== undefined;
    const errs = own ? this.strategy.validate!(obj) : validateObjectMeta(obj.metadata, this.info.namespaced, pathSegmentName);
    if (errs.length > 0) throw invalidError(this.groupKind, meta.name ?? "", errs);
    // Every name must also be usable as a path segment; checked after the kind's own rules so
    // theirs are shown first. Where those rules passed all of ObjectMeta but the name rule, only
    // the names can fail now: the rest is not checked twice. Without rules of its own, it is done.
    if (own) {
      const checked = this.strategy.validatesObjectMeta
        ? { name: meta.name, generateName: meta.generateName, namespace: meta.namespace, generation: meta.generation }
        : obj.metadata;
      const common = validateObjectMeta(checked, this.info.namespaced, pathSegmentName);
      if (common.length > 0) throw invalidError(this.groupKind, meta.name ?? "", common);
    }
    for (const w of this.strategy.warningsOnCreate?.(obj) ?? []) ctx.warnings.push(w);
    this.strategy.canonicalize?.(obj);
  }

  /** The object's namespace must be the request's (filled in when empty, cleared for cluster-scoped kinds). */
  private ensureNamespace(ctx: RequestContext, obj: KubeObject): void {
    const meta = (obj.metadata ??= {});
    const expected = this.requestNamespace(ctx);
    const actual = meta.namespace ?? "";
    if (actual === expected) return;
    if (actual === "") meta.namespace = expected;
    else if (expected === "") delete meta.namespace;
    else throw newBadRequest("the namespace of the provided object does not match the namespace sent on the request");
  }

  // ---- update / patch ----

  async update(
    ctx: RequestContext,
    name: string,
    input: KubeObject,
    opts: WriteOptions & { createIfMissing?: boolean } = {},
  ): Promise<{ object: KubeObject; created: boolean }> {
    return this.updateWith(ctx, name, {
      transform: () => this.copy(input),
      strategy: this.strategy,
      admission: opts.admission,
      allowCreate: this.strategy.allowCreateOnUpdate === true || opts.createIfMissing === true,
      dryRun: opts.dryRun === true,
      uidPrecondition: true,
      warnings: ctx.warnings,
      fieldManager: this.managerOf(ctx, opts),
    });
  }

  async patch(
    ctx: RequestContext,
    name: string,
    type: PatchType,
    body: Uint8Array,
    opts: PatchOptions = {},
  ): Promise<{ object: KubeObject; created: boolean }> {
    return this.patchWith(ctx, name, type, body, opts, this.strategy);
  }

  /** The patch types this store accepts, as media types (what a 415 lists). */
  acceptedPatchMediaTypes(): string[] {
    return this.patchTypes.map((t) => PATCH_MEDIA_TYPES[t]);
  }

  /** PATCH through an update strategy (the resource's or a subresource's). */
  async patchWith(
    ctx: RequestContext,
    name: string,
    type: PatchType,
    body: Uint8Array,
    opts: PatchOptions,
    strategy: UpdateStrategy,
    subresource?: string,
  ): Promise<{ object: KubeObject; created: boolean }> {
    if (!this.patchTypes.includes(type)) throw unsupportedMediaType(this.acceptedPatchMediaTypes());
    if (type === "apply") return this.applyWith(ctx, name, body, opts, strategy, subresource);
    const parsed = parsePatch(type, body);
    const schema = type === "strategic" ? this.patchSchema() : undefined;
    return this.updateWith(ctx, name, {
      transform: (existing) => {
        if (!existing) throw newNotFound(this.qualifiedResource, name);
        // The patched object is decoded as a body would be before anything is stored.
        const object = applyPatch(parsed, existing, schema);
        return decodePatched(parsed, { object, group: this.group, version: this.version, kind: this.info.kind }, opts, ctx.warnings);
      },
      strategy,
      allowCreate: false,
      admission: opts.admission,
      dryRun: opts.dryRun === true,
      uidPrecondition: false,
      warnings: ctx.warnings,
      fieldManager: this.managerOf(ctx, opts),
      subresource,
    });
  }

  /**
   * Server-side apply: merges the applied configuration by structure, creating the object when
   * missing (subresources never). The configuration is checked before anything is read, so a
   * refused one stores nothing; duplicate keys fail (Strict) or warn (Warn) after the merge, as upstream.
   */
  private applyWith(
    ctx: RequestContext,
    name: string,
    body: Uint8Array,
    opts: PatchOptions,
    strategy: UpdateStrategy,
    subresource?: string,
  ): Promise<{ object: KubeObject; created: boolean }> {
    const fmOpts = this.fieldManagerOptions(subresource);
    const { config, strictError } = parseApplyConfiguration(body, {
      group: this.group,
      version: this.version,
      kind: this.info.kind,
      schema: fmOpts.schema,
    });
    const validation = opts.fieldValidation ?? "Warn";
    return this.updateWith(ctx, name, {
      transform: (existing) => {
        const uid = config.metadata?.uid;
        if (!existing && uid) {
          throw newConflict(
            this.qualifiedResource,
            name,
            `uid mismatch: the provided object specified uid ${uid}, and no existing object was found`,
          );
        }
        const out = applyConfiguration(existing, config, opts.fieldManager ?? "", opts.force === true, fmOpts);
        if (strictError !== undefined && validation === "Strict") throw newBadRequest(`error strict decoding YAML: ${strictError}`);
        // The applied object is decoded as a body would be, as every patch's result is.
        return decodePatched(
          { type: "apply", body },
          { object: out, group: this.group, version: this.version, kind: this.info.kind },
          { ...opts, fieldValidation: "Ignore" },
          ctx.warnings,
        );
      },
      strategy,
      allowCreate: subresource === undefined,
      admission: opts.admission,
      dryRun: opts.dryRun === true,
      uidPrecondition: false,
      warnings: ctx.warnings,
      subresource,
    }).then((result) => {
      if (strictError !== undefined && validation === "Warn") ctx.warnings.push(strictError);
      return result;
    });
  }

  /** The manager of a write: the fieldManager option, else the user agent's prefix (upstream's managerOrUserAgent). */
  private managerOf(ctx: RequestContext, opts: WriteOptions): string {
    return managerOrUserAgent(opts.fieldManager, ctx.userAgent);
  }

  /** What field ownership needs of this resource: its structure, version, and the fields a write cannot change. */
  private fieldManagerOptions(subresource?: string, now = formatTime(this.now())): FieldManagerOptions {
    this.applySchemaCache ??=
      this.options.applySchema ?? applySchemaFor({ group: this.group, version: this.version, kind: this.info.kind }) ?? UNTYPED_SCHEMA;
    this.zeroValueCache ??= zeroValueFor({ group: this.group, version: this.version, kind: this.info.kind });
    const out: FieldManagerOptions = { schema: this.applySchemaCache, apiVersion: this.apiVersion, now, zero: this.zeroValueCache };
    if (subresource) {
      out.subresource = subresource;
      out.onlyFields = subresource === "status" ? ["status"] : subresource === "finalize" ? ["spec"] : undefined;
    } else if (this.info.subresources.includes("status")) {
      out.resetFields = ["status"];
    }
    return out;
  }

  private patchSchema(): PatchSchema | undefined {
    if (this.patchSchemaCache === undefined) {
      this.patchSchemaCache = patchSchemaFor({ group: this.group, version: this.version, kind: this.info.kind }) ?? null;
    }
    return this.patchSchemaCache ?? undefined;
  }

  /**
   * The update path shared by PUT, PATCH and subresources: read, compute the new object,
   * check concurrency, run the strategy, write with compare-and-swap (retrying on races).
   */
  async updateWith(ctx: RequestContext, name: string, params: UpdateParams): Promise<{ object: KubeObject; created: boolean }> {
    const key = this.keyFor(ctx, name);
    for (;;) {
      let created = false;
      // The last attempt's write: what is answered when its bytes are the ones stored.
      let written: Encoded | undefined;
      // A create's reservation (beginCreate), ended once the write is known.
      let finishCreate: ((stored: boolean) => Promise<void>) | undefined;
      const endCreate = async (stored: boolean): Promise<void> => {
        const finish = finishCreate;
        finishCreate = undefined;
        await finish?.(stored);
      };
      const fn = async (current: KeyValue | undefined): Promise<Uint8Array> => {
        created = false;
        // A retried attempt (another writer won) starts over: the last one's reservation goes.
        await endCreate(false);
        if (!current) {
          if (!params.allowCreate) throw newNotFound(this.qualifiedResource, name);
          const obj = await params.transform(undefined);
          this.checkName(ctx, obj, name);
          const now = formatTime(this.now());
          this.recordSent(obj, undefined, params.fieldManager, undefined, now);
          await params.admission?.mutate(obj, undefined);
          // As a POST: what the store reserves is allocated after the field manager recorded the object.
          if (this.beginCreate !== undefined) finishCreate = await this.beginCreate(obj, params.dryRun);
          if (obj.metadata) delete obj.metadata.resourceVersion;
          this.beforeCreate(ctx, obj, now);
          await params.admission?.validate(obj, undefined);
          created = true;
          written = this.encodeWrite(obj);
          return written.bytes;
        }
        const existing = this.decode(current);
        const obj = await params.transform(this.copy(existing));
        this.checkName(ctx, obj, name);
        this.recordSent(obj, existing, params.fieldManager, params.subresource);
        await params.admission?.mutate(obj, existing);
        this.checkConcurrency(key, name, obj, existing, params.uidPrecondition);
        this.beforeUpdate(ctx, obj, existing, params);
        await params.admission?.validate(obj, existing);
        if (
          existing.metadata?.deletionTimestamp &&
          (obj.metadata?.finalizers ?? []).length === 0 &&
          !existing.metadata.deletionGracePeriodSeconds &&
          (this.options.shouldDeleteDuringUpdate?.(obj, existing) ?? true)
        ) {
          throw new DeleteDuringUpdate(obj, current);
        }
        const encoded = this.encodeWrite(obj);
        if (bytesEqual(encoded.bytes, current.value)) throw new NoChange(current);
        written = encoded;
        return encoded.bytes;
      };
      try {
        if (params.dryRun) {
          const current = await this.read(key, name);
          await fn(current);
          await endCreate(true);
          return { object: this.dryRunResult(written!, current), created };
        }
        const kv = await this.storage.guaranteedUpdate(key, fn, { ignoreNotFound: params.allowCreate });
        await endCreate(true);
        return { object: this.decodeWritten(kv, written), created };
      } catch (err) {
        await endCreate(false);
        if (err instanceof NoChange) return { object: this.decode(err.current), created: false };
        if (err instanceof DeleteDuringUpdate) {
          const done = await this.deleteDuringUpdate(key, err, params.dryRun);
          if (done) return { object: err.obj, created: false };
          continue;
        }
        throw interpretStorageError(err, created ? "create" : "update", this.qualifiedResource, name);
      }
    }
  }

  /** A dry run's answer: the computed object, carrying the stored resourceVersion (none when it would have been created). */
  private dryRunResult(written: Encoded, current: KeyValue | undefined): KubeObject {
    const out = this.asStored(written);
    if (current) out.metadata = withResourceVersion(out.metadata, String(current.modRevision));
    return out;
  }

  /** Deletes an object whose last finalizer an update removed; false when it changed meanwhile (the update is retried). */
  private async deleteDuringUpdate(key: string, pending: DeleteDuringUpdate, dryRun: boolean): Promise<boolean> {
    if (dryRun) return true;
    try {
      await this.storage.delete(key, { preconditions: { revision: pending.current.modRevision } });
      return true;
    } catch (err) {
      if (err instanceof StorageError && err.code === "KeyNotFound") return true;
      if (err instanceof StorageError && err.code === "Conflict") return false;
      throw interpretStorageError(err, "delete", this.qualifiedResource, pending.obj.metadata?.name ?? "");
    }
  }

  /** The object's name and namespace must be the URL's (upstream's checkName). */
  private checkName(ctx: RequestContext, obj: KubeObject, name: string): void {
    const objName = obj.metadata?.name ?? "";
    if (objName !== name) {
      throw newBadRequest(`the name of the object (${objName}) does not match the name on the URL (${name})`);
    }
    const ns = this.requestNamespace(ctx);
    const objNs = obj.metadata?.namespace ?? "";
    if (ns && objNs && objNs !== ns) {
      throw newBadRequest(`the namespace of the object (${objNs}) does not match the namespace on the URL (${ns})`);
    }
  }

  /** uid precondition and resourceVersion check (optimistic concurrency). */
  private checkConcurrency(key: string, name: string, obj: KubeObject, existing: KubeObject, uidPrecondition: boolean): void {
    const uid = obj.metadata?.uid;
    const existingUid = existing.metadata?.uid ?? "";
    if (uidPrecondition && uid && uid !== existingUid) {
      throw storagePreconditionConflict(
        this.qualifiedResource,
        name,
        key,
        `Precondition failed: UID in precondition: ${uid}, UID in object meta: ${existingUid}`,
      );
    }
    const rv = obj.metadata?.resourceVersion ?? "";
    if (rv === "" || rv === "0") {
      if (this.strategy.allowUnconditionalUpdate === false) {
        const err = fieldErrors.invalid(FieldPath.of("metadata", "resourceVersion"), 0, "must be specified for an update");
        throw invalidError({ group: this.group, kind: this.info.plural }, name, [err]);
      }
      obj.metadata = { ...obj.metadata, resourceVersion: existing.metadata?.resourceVersion };
      return;
    }
    if (rv !== existing.metadata?.resourceVersion) throw newConflict(this.qualifiedResource, name, OPTIMISTIC_LOCK_MESSAGE);
  }

  /** upstream's BeforeUpdate: keeps system fields, runs the update strategy and validation. */
  private beforeUpdate(ctx: RequestContext, obj: KubeObject, old: KubeObject, params: UpdateParams): void {
    obj.apiVersion = this.apiVersion;
    obj.kind = this.info.kind;
    this.strategy.defaults?.(obj);
    this.ensureNamespace(ctx, obj);
    const meta = (obj.metadata ??= {});
    const oldMeta = old.metadata ?? {};
    if (oldMeta.generation === undefined) delete meta.generation;
    else meta.generation = oldMeta.generation;
    params.strategy.prepareForUpdate?.(obj, old);
    const m = obj.metadata ?? {};
    obj.metadata = m;
    if (!m.uid) m.uid = oldMeta.uid;
    if (oldMeta.creationTimestamp) m.creationTimestamp = oldMeta.creationTimestamp;
    if (oldMeta.deletionTimestamp) m.deletionTimestamp = oldMeta.deletionTimestamp;
    if (oldMeta.deletionGracePeriodSeconds !== undefined && m.deletionGracePeriodSeconds === undefined) {
      m.deletionGracePeriodSeconds = oldMeta.deletionGracePeriodSeconds;
    }
    const next = (oldMeta.generation ?? 0) + 1;
    // A strategy that already moved the generation (a custom resource's change outside metadata)
    // leaves nothing to compare: the answer would be the same number.
    if (
      this.strategy.trackGeneration &&
      params.strategy === this.strategy &&
      m.generation !== next &&
      !deepEqual(specOf(obj), specOf(old))
    ) {
      m.generation = next;
    }
    const errs = [
      ...validateObjectMeta(obj.metadata, this.info.namespaced, pathSegmentName),
      ...validateObjectMetaUpdate(obj.metadata, old.metadata),
      ...(params.strategy.validateUpdate?.(obj, old) ?? []),
    ];
    if (errs.length > 0) throw invalidError(this.groupKind, m.name ?? "", errs);
    for (const w of params.strategy.warningsOnUpdate?.(obj, old) ?? []) params.warnings.push(w);
    this.strategy.canonicalize?.(obj);
  }

  // ---- delete ----

  async delete(ctx: RequestContext, name: string, opts: DeleteOptions = {}): Promise<{ object: KubeObject; deleted: boolean }> {
    const key = this.keyFor(ctx, name);
    // The grace period in force: the strategy fills it in on the first look, as upstream updates the options.
    const grace: { seconds?: number } = { seconds: opts.gracePeriodSeconds };
    for (;;) {
      const kv = await this.read(key, name);
      if (!kv) throw newNotFound(this.qualifiedResource, name);
      const obj = this.decode(kv);
      this.checkDeletePreconditions(obj, opts);
      await opts.admission?.mutate(undefined, obj);
      await opts.admission?.validate(undefined, obj);
      const { graceful, pending } = beforeDelete(this.strategy, obj, grace, this.now());
      // Finalizers cannot be changed through the options once a graceful deletion is under way.
      if (pending) return { object: this.finalizeDelete(obj), deleted: false };
      const meta = obj.metadata ?? {};
      const finalizersChange = this.gcFinalizers(meta.finalizers ?? [], opts) !== undefined;
      let target = kv;
      let last: KubeObject | undefined;
      if (graceful || (meta.finalizers ?? []).length > 0 || finalizersChange) {
        const step = await this.updateForDeletion(key, name, opts, grace);
        if (step.kind === "pending") return { object: this.finalizeDelete(obj), deleted: false };
        if (step.kind === "held") return { object: step.object, deleted: false };
        if (opts.dryRun && step.last) return { object: step.last, deleted: true };
        target = step.kv;
        last = step.last;
        // The mark changed the resourceVersion a precondition may name: the delete follows the mark.
        if (last && opts.preconditions?.resourceVersion !== undefined) {
          opts = { ...opts, preconditions: { ...opts.preconditions, resourceVersion: last.metadata?.resourceVersion } };
        }
      }
      const done = await this.deleteNow(key, name, target, opts, last);
      // The object changed between reading and deleting (a finalizer may have been added): look again.
      if (done) return done;
    }
  }

  /** The finalizers the delete's propagation policy asks for (with garbage collection on); undefined when unchanged. */
  private gcFinalizers(finalizers: readonly string[], opts: DeleteOptions): string[] | undefined {
    if (this.options.garbageCollection === false) return undefined;
    const policy = this.options.garbageCollectionPolicy ?? defaultGarbageCollectionPolicy(this.group, this.version, this.info.plural);
    return deletionFinalizersForGarbageCollection(finalizers, opts, policy);
  }

  private checkDeletePreconditions(obj: KubeObject, opts: DeleteOptions): void {
    const pre = opts.preconditions;
    if (!pre) return;
    const gr = { group: this.group, resource: this.info.kind };
    const name = obj.metadata?.name ?? "";
    const uid = obj.metadata?.uid ?? "";
    const rv = obj.metadata?.resourceVersion ?? "";
    if (pre.uid !== undefined && pre.uid !== uid) {
      throw newConflict(
        gr,
        name,
        `the UID in the precondition (${pre.uid}) does not match the UID in record (${uid}). The object might have been deleted and then recreated`,
      );
    }
    if (pre.resourceVersion !== undefined && pre.resourceVersion !== rv) {
      throw newConflict(
        gr,
        name,
        `the ResourceVersion in the precondition (${pre.resourceVersion}) does not match the ResourceVersion in record (${rv}). The object might have been modified`,
      );
    }
  }

  /**
   * The write before a delete (upstream's updateForGracefulDeletionAndFinalizers), in one
   * compare-and-swap: the graceful mark (deletionTimestamp now + grace), or for an object held
   * by finalizers deletionTimestamp now with grace 0, and the finalizers the propagation policy
   * asks for. "held": the object stays (finalizers, or a grace period still to run); "deleteNow":
   * remove the value `kv` (`last` is the written mark, when one was written with grace 0).
   */
  private async updateForDeletion(
    key: string,
    name: string,
    opts: DeleteOptions,
    grace: { seconds?: number },
  ): Promise<{ kind: "pending" } | { kind: "held"; object: KubeObject } | { kind: "deleteNow"; kv: KeyValue; last?: KubeObject }> {
    let pendingFinalizers = false;
    let lastGrace = 0;
    let out: KubeObject | undefined;
    let encoded: Encoded | undefined;
    const fn = (current: KeyValue | undefined): Uint8Array => {
      if (!current) throw newNotFound(this.qualifiedResource, name);
      const existing = this.decode(current);
      this.checkDeletePreconditions(existing, opts);
      const { graceful, pending } = beforeDelete(this.strategy, existing, grace, this.now());
      if (pending) throw new AlreadyDeleting();
      const meta = (existing.metadata ??= {});
      const finalizers = this.gcFinalizers(meta.finalizers ?? [], opts);
      if (finalizers) meta.finalizers = finalizers;
      pendingFinalizers = (meta.finalizers ?? []).length > 0;
      if (!graceful) {
        if (!pendingFinalizers) throw new DeleteNow(current);
        markAsDeleting(existing, this.now());
      } else {
        lastGrace = grace.seconds ?? 0;
      }
      out = existing;
      encoded = this.encodeWrite(existing);
      if (bytesEqual(encoded.bytes, current.value)) throw new NoChange(current);
      return encoded.bytes;
    };
    let written: KeyValue;
    try {
      if (opts.dryRun) {
        const current = await this.read(key, name);
        fn(current);
        return pendingFinalizers || lastGrace > 0 ? { kind: "held", object: out! } : { kind: "deleteNow", kv: current!, last: out };
      }
      written = await this.storage.guaranteedUpdate(key, fn);
    } catch (err) {
      if (err instanceof AlreadyDeleting) return { kind: "pending" };
      if (err instanceof DeleteNow) return { kind: "deleteNow", kv: err.current };
      if (!(err instanceof NoChange)) throw interpretStorageError(err, "update", this.qualifiedResource, name);
      written = err.current;
    }
    const object = this.decodeWritten(written, encoded);
    if (pendingFinalizers || lastGrace > 0) return { kind: "held", object };
    return { kind: "deleteNow", kv: written, last: object };
  }

  /**
   * Deletes the value read as `kv`; undefined when it changed since (the caller reads again).
   * `last`: the mark written just before; someone else deleting it first is no failure then.
   */
  private async deleteNow(
    key: string,
    name: string,
    kv: KeyValue,
    opts: DeleteOptions,
    last?: KubeObject,
  ): Promise<{ object: KubeObject; deleted: boolean } | undefined> {
    if (opts.dryRun) return { object: this.finalizeDelete(this.decode(kv)), deleted: true };
    let removed: KeyValue;
    try {
      removed = await this.storage.delete(key, { preconditions: { revision: kv.modRevision } });
    } catch (err) {
      if (err instanceof StorageError && err.code === "Conflict") return undefined;
      if (last && err instanceof StorageError && err.code === "KeyNotFound") return { object: this.finalizeDelete(last), deleted: true };
      throw interpretStorageError(err, "delete", this.qualifiedResource, name);
    }
    return { object: this.finalizeDelete(this.decode(removed)), deleted: true };
  }

  /** What a delete answers: the object (namespaces), or a Success Status naming it. */
  protected finalizeDelete(obj: KubeObject): KubeObject {
    if (this.returnDeletedObject) return obj;
    const status: Status = {
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Success",
      details: { name: obj.metadata?.name ?? "", group: this.group, kind: this.info.plural, uid: obj.metadata?.uid ?? "" },
    };
    if (status.details!.group === "") delete status.details!.group;
    return status as unknown as KubeObject;
  }

  async deleteCollection(ctx: RequestContext, opts: DeleteOptions = {}, listOpts: ListOptions = {}): Promise<KubeList> {
    const list = await this.list(ctx, {
      labelSelector: listOpts.labelSelector,
      fieldSelector: listOpts.fieldSelector,
      resourceVersion: listOpts.resourceVersion,
      resourceVersionMatch: listOpts.resourceVersionMatch,
    });
    // Several deletes in flight let the backend share one durable commit among them (upstream's
    // --delete-collection-workers); the first error other than NotFound fails the call.
    // A store whose delete is its own (namespaces, CRDs) deletes each item through it.
    const direct = !opts.dryRun && this.delete === GenericStore.prototype.delete;
    let next = 0;
    let failure: unknown;
    const worker = async (): Promise<void> => {
      while (failure === undefined && next < list.items.length) {
        const item = list.items[next++]!;
        const itemCtx = this.info.namespaced ? { ...ctx, signal: ctx.signal, namespace: item.metadata?.namespace } : ctx;
        try {
          if (!(await this.deleteListed(itemCtx, item, opts, direct))) {
            await this.delete(itemCtx, item.metadata?.name ?? "", { ...opts, preconditions: undefined });
          }
        } catch (err) {
          if (!isNotFound(err)) failure ??= err;
        }
      }
    };
    const workers = Math.min(this.options.deleteCollectionWorkers ?? DELETE_COLLECTION_WORKERS, list.items.length);
    await Promise.all(Array.from({ length: workers }, worker));
    if (failure !== undefined) throw failure;
    return list;
  }

  /**
   * Deletes a listed item straight away when {@link delete} would: no finalizers now or from
   * the propagation policy, and still at the listed revision (the store checks that). False
   * when it cannot tell (the caller deletes through {@link delete}, which reads it again).
   * Saves the read and decode of each item of a large collection.
   */
  private async deleteListed(ctx: RequestContext, item: KubeObject, opts: DeleteOptions, direct: boolean): Promise<boolean> {
    const meta = item.metadata ?? {};
    const rv = Number(meta.resourceVersion);
    // Graceful kinds (Pods) are marked first: the full path decides.
    if (!direct || this.strategy.checkGracefulDelete || !meta.name || !(rv > 0) || (meta.finalizers ?? []).length > 0) return false;
    if (this.gcFinalizers([], opts) !== undefined) return false;
    try {
      await this.storage.delete(this.keyFor(ctx, meta.name), { preconditions: { revision: rv } });
      return true;
    } catch (err) {
      // Changed since the list (maybe a finalizer added): the full path decides.
      if (err instanceof StorageError && err.code === "Conflict") return false;
      throw interpretStorageError(err, "delete", this.qualifiedResource, meta.name);
    }
  }

  // ---- watch ----

  /**
   * Watches the resource. Option errors (bad selectors, bad resourceVersion) are thrown here,
   * before any event; storage failures later arrive as an ERROR event.
   */
  watch(ctx: RequestContext, opts: WatchOptions = {}): AsyncIterable<WatchEvent> {
    validateListOptions(opts, true);
    const predicate = buildPredicate(opts, this.strategy, this.info.namespaced);
    const rv = parseResourceVersion(opts.resourceVersion, this.qualifiedResource);
    const prefix = this.keyRoot(this.requestNamespace(ctx));
    if (!this.cacher) return this.storageWatch(ctx, opts, rv, prefix, predicate);
    return {
      [Symbol.asyncIterator]: () =>
        deferredIterator(
          async () =>
            (await this.cacheWatch(ctx, opts, rv, prefix, predicate)) ??
            this.storageWatch(ctx, opts, rv, prefix, predicate)[Symbol.asyncIterator](),
        ),
    };
  }

  /**
   * A watch on the watch cache: from a resourceVersion inside its window (replaying what the
   * client missed), or with the initial state first (from the cache for "0" and for revisions it
   * has reached, else from a consistent storage list). Undefined when the cache cannot serve it
   * (not ready, or the resourceVersion is older than its window): then storage serves it, and
   * answers 410 Expired for a compacted revision.
   */
  private async cacheWatch(
    ctx: RequestContext,
    opts: WatchOptions,
    rv: number,
    prefix: string,
    predicate: Predicate,
  ): Promise<CacheWatcher | undefined> {
    const cache = await this.readyCache();
    if (!cache) return undefined;
    const matches = predicate.everything ? undefined : (obj: KubeObject): boolean => predicate.matches(obj);
    const params = {
      prefix,
      matches,
      bookmarkObject: (at: number, annotations?: Record<string, string>) => this.bookmarkObject(at, annotations),
      bookmarkIntervalMs: opts.allowWatchBookmarks ? (this.options.bookmarkIntervalMs ?? 60_000) : undefined,
      timeoutMs: opts.timeoutSeconds !== undefined && opts.timeoutSeconds > 0 ? opts.timeoutSeconds * 1000 : undefined,
      signal: ctx.signal,
      initialEventsEnd: opts.sendInitialEvents === true && opts.allowWatchBookmarks === true,
    };
    const sendInitial = opts.sendInitialEvents === true || (opts.sendInitialEvents === undefined && rv === 0);
    // A revision the cache has not reached: waited for up to 3 s, then 504 (as upstream's cacher).
    if (rv > cache.revision) await waitForRevision(this.storage, rv, ctx.signal);
    // Below the compaction point: storage answers, with upstream's 410 (the window may still hold it).
    if (!sendInitial && rv > 0 && rv + 1 < (this.storage.compactedRevision?.() ?? 0)) return undefined;
    if (!sendInitial) return cache.watch({ ...params, after: rv > 0 ? rv : cache.revision, initialEventsEnd: false });
    // The initial state from the cache when it is recent enough for the request...
    let fromCache = opts.resourceVersion === "0" || (rv > 0 && cache.revision >= rv);
    if (!fromCache && rv === 0) fromCache = cache.revision === (await this.storage.currentRevision().catch(() => -1));
    if (fromCache) {
      const { items, revision } = cache.list(prefix, matches);
      return cache.watch({ ...params, after: revision, initial: items });
    }
    // ...else a consistent list from storage; events the cache applied meanwhile are replayed from its buffer.
    const list = await this.list(ctx, { labelSelector: opts.labelSelector, fieldSelector: opts.fieldSelector });
    return cache.watch({ ...params, after: Number(list.metadata.resourceVersion), initial: list.items });
  }

  /** A watch straight on storage (no watch cache, or a resourceVersion older than its window). */
  private storageWatch(
    ctx: RequestContext,
    opts: WatchOptions,
    rv: number,
    prefix: string,
    predicate: Predicate,
  ): AsyncIterable<WatchEvent> {
    const matches = (obj: KubeObject): boolean => predicate.matches(obj);
    const base = {
      storage: this.storage,
      prefix,
      decode: (kv: KeyValue, at: number) => this.decodeForWatch(kv, at),
      matches,
      bookmarkObject: (at: number, annotations?: Record<string, string>) => this.bookmarkObject(at, annotations),
      bookmarkIntervalMs: opts.allowWatchBookmarks ? (this.options.bookmarkIntervalMs ?? 60_000) : undefined,
      timeoutMs: opts.timeoutSeconds !== undefined && opts.timeoutSeconds > 0 ? opts.timeoutSeconds * 1000 : undefined,
      signal: ctx.signal,
    };
    if (rv > 0 && opts.sendInitialEvents !== true) return startWatch({ ...base, afterRevision: rv });
    // From "" or "0" (or the watch-list at any resourceVersion): the current state as ADDED
    // events first (unless sendInitialEvents=false), then changes.
    // Not an async generator: its return() would wait behind a pending next() for an event.
    return {
      [Symbol.asyncIterator]: () =>
        deferredIterator(async () => {
          let afterRevision: number;
          let initial: KubeObject[] = [];
          if (opts.sendInitialEvents === false) {
            afterRevision = await base.storage.currentRevision();
          } else {
            if (rv > 0) await waitForRevision(base.storage, rv, ctx.signal);
            const list = await base.storage.list({ prefix });
            afterRevision = list.revision;
            initial = list.items.map((kv) => base.decode(kv, kv.modRevision)).filter(matches);
          }
          return startWatch({
            ...base,
            afterRevision,
            initial,
            initialEventsEnd: opts.sendInitialEvents === true && opts.allowWatchBookmarks === true,
          })[Symbol.asyncIterator]();
        }),
    };
  }

  private bookmarkObject(rv: number, annotations?: Record<string, string>): KubeObject {
    const metadata: KubeObject["metadata"] = { resourceVersion: String(rv) };
    if (annotations) metadata.annotations = annotations;
    return { kind: this.info.kind, apiVersion: this.apiVersion, metadata };
  }
}

/** A subresource (status, finalize): the parent's object, updated through its own strategy. */
export class SubresourceStorage implements RESTStorage {
  readonly info: ResourceInfo;
  readonly group: string;
  readonly version: string;
  readonly get?: RESTStorage["get"];
  readonly patch?: RESTStorage["patch"];
  readonly update: NonNullable<RESTStorage["update"]>;
  readonly admitsWrites = true;

  constructor(parent: GenericStore, strategy: UpdateStrategy, readable: boolean, subresource?: string) {
    this.info = parent.info;
    this.group = parent.group;
    this.version = parent.version;
    // Subresources never create on update, whatever the parent allows.
    this.update = (ctx, name, obj, opts = {}) =>
      parent.updateWith(ctx, name, {
        transform: () => parent.copy(obj),
        strategy,
        admission: opts.admission,
        allowCreate: false,
        dryRun: opts.dryRun === true,
        uidPrecondition: true,
        warnings: ctx.warnings,
        fieldManager: managerOrUserAgent(opts.fieldManager, ctx.userAgent),
        subresource,
      });
    if (readable) {
      this.get = (ctx, name, opts) => parent.get(ctx, name, opts);
      this.patch = (ctx, name, type, body, opts = {}) => parent.patchWith(ctx, name, type, body, opts, strategy, subresource);
    }
  }
}

const VERB_METHODS = {
  create: "create",
  get: "get",
  list: "list",
  update: "update",
  patch: "patch",
  delete: "delete",
  deletecollection: "deleteCollection",
  watch: "watch",
} as const;

/** The store as the endpoint layer sees it: only the verbs the resource serves (its ResourceInfo.verbs). */
export function restStorageFor(store: GenericStore): RESTStorage {
  const out: Record<string, unknown> = {
    info: store.info,
    group: store.group,
    version: store.version,
    subresources: store.subresources,
    patchTypes: store.patchTypes,
    admitsWrites: store.admitsWrites,
  };
  for (const verb of store.info.verbs) {
    const method = VERB_METHODS[verb as keyof typeof VERB_METHODS];
    if (method) out[method] = (store[method] as (...args: unknown[]) => unknown).bind(store);
  }
  return out as unknown as RESTStorage;
}
