/**
 * A Map-backed RESTStorage for the endpoint tests: enough of the registry's behaviour (names,
 * resourceVersions, 404/409, label selectors, merge patch, watch) to drive the HTTP layer
 * without the real registry.
 */
import { EventEmitter } from "node:events";
import { newAlreadyExists, newBadRequest, newInvalid, newNotFound, newResourceExpired } from "../../../runtime/rest/errors.js";
import { parseLabelSelector } from "../../../runtime/selectors/index.js";
import type { ResourceInfo } from "../../../runtime/scheme.js";
import type {
  DeleteOptions,
  KubeList,
  KubeObject,
  ListOptions,
  PatchType,
  RESTStorage,
  RequestContext,
  WatchEvent,
  WatchOptions,
  WriteOptions,
} from "../../../apiserver/registry/rest.js";

let revision = 100;
const events = new EventEmitter();
events.setMaxListeners(0);

const copy = <T>(v: T): T => structuredClone(v);

export class FakeStorage implements RESTStorage {
  readonly objects = new Map<string, KubeObject>();
  subresources?: Record<string, RESTStorage>;
  /** Set to make every call throw this (to test error paths). */
  failWith: unknown;
  /** Milliseconds every call waits first (timeouts, in-flight limits). */
  delayMs = 0;

  constructor(
    readonly info: ResourceInfo,
    readonly group = "",
    readonly version = "v1",
  ) {}

  private get gr() {
    return { group: this.group, resource: this.info.plural };
  }

  private key(ns: string | undefined, name: string): string {
    return `${this.info.namespaced ? (ns ?? "") : ""}/${name}`;
  }

  private async enter(ctx: RequestContext): Promise<void> {
    if (this.delayMs > 0) {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, this.delayMs);
        ctx.signal.addEventListener("abort", () => {
          clearTimeout(t);
          resolve();
        });
      });
    }
    if (this.failWith !== undefined) throw this.failWith;
  }

  private emit(type: WatchEvent["type"], obj: KubeObject): void {
    events.emit(this.info.plural, { type, object: copy(obj) });
  }

  async create(ctx: RequestContext, obj: KubeObject, opts: WriteOptions): Promise<KubeObject> {
    await this.enter(ctx);
    const o = copy(obj);
    const meta = (o.metadata ??= {});
    if (!meta.name && meta.generateName) meta.name = `${meta.generateName}${Math.random().toString(36).slice(2, 7)}`;
    if (!meta.name) {
      throw newInvalid({ group: this.group, kind: this.info.kind }, "", [
        { reason: "FieldValueRequired", field: "metadata.name", message: "Required value: name or generateName is required" },
      ]);
    }
    const key = this.key(ctx.namespace, meta.name);
    if (this.objects.has(key)) throw newAlreadyExists(this.gr, meta.name);
    meta.uid = `uid-${++revision}`;
    meta.resourceVersion = String(revision);
    meta.creationTimestamp = new Date().toISOString().replace(/\.\d+Z$/, "Z");
    if (this.info.namespaced) meta.namespace = ctx.namespace;
    if (opts.dryRun) return o;
    this.objects.set(key, o);
    this.emit("ADDED", o);
    return copy(o);
  }

  async get(ctx: RequestContext, name: string): Promise<KubeObject> {
    await this.enter(ctx);
    const o = this.objects.get(this.key(ctx.namespace, name));
    if (!o) throw newNotFound(this.gr, name);
    return copy(o);
  }

  private matching(ctx: RequestContext, opts: ListOptions): KubeObject[] {
    const selector = opts.labelSelector ? parseLabelSelector(opts.labelSelector) : undefined;
    return [...this.objects.values()].filter((o) => {
      if (this.info.namespaced && ctx.namespace && o.metadata?.namespace !== ctx.namespace) return false;
      return !selector || selector.matches(o.metadata?.labels ?? {});
    });
  }

  async list(ctx: RequestContext, opts: ListOptions): Promise<KubeList> {
    await this.enter(ctx);
    const items = this.matching(ctx, opts).map(copy);
    return {
      apiVersion: this.group ? `${this.group}/${this.version}` : this.version,
      kind: this.info.listKind,
      metadata: { resourceVersion: String(revision) },
      items,
    };
  }

  async update(
    ctx: RequestContext,
    name: string,
    obj: KubeObject,
    opts: WriteOptions & { createIfMissing?: boolean },
  ): Promise<{ object: KubeObject; created: boolean }> {
    await this.enter(ctx);
    const key = this.key(ctx.namespace, name);
    const old = this.objects.get(key);
    if (!old) {
      if (opts.createIfMissing) return { object: await this.create(ctx, obj, opts), created: true };
      throw newNotFound(this.gr, name);
    }
    const o = copy(obj);
    o.metadata = {
      ...o.metadata,
      uid: old.metadata?.uid,
      creationTimestamp: old.metadata?.creationTimestamp,
      resourceVersion: String(++revision),
    };
    if (!opts.dryRun) {
      this.objects.set(key, o);
      this.emit("MODIFIED", o);
    }
    return { object: copy(o), created: false };
  }

  async patch(ctx: RequestContext, name: string, type: PatchType, body: Uint8Array): Promise<{ object: KubeObject; created: boolean }> {
    await this.enter(ctx);
    if (type !== "merge" && type !== "strategic") throw newBadRequest(`fake storage: ${type} patches are not supported`);
    const old = await this.get(ctx, name);
    const merged = mergePatch(old, JSON.parse(Buffer.from(body).toString("utf8"))) as KubeObject;
    return this.update(ctx, name, merged, {});
  }

  async delete(ctx: RequestContext, name: string, opts: DeleteOptions): Promise<{ object: KubeObject; deleted: boolean }> {
    await this.enter(ctx);
    const key = this.key(ctx.namespace, name);
    const o = this.objects.get(key);
    if (!o) throw newNotFound(this.gr, name);
    if (!opts.dryRun) {
      this.objects.delete(key);
      this.emit("DELETED", o);
    }
    return { object: copy(o), deleted: true };
  }

  async deleteCollection(ctx: RequestContext, opts: DeleteOptions, listOpts: ListOptions): Promise<KubeList> {
    const list = await this.list(ctx, listOpts);
    for (const o of list.items) await this.delete({ ...ctx, namespace: o.metadata?.namespace }, o.metadata!.name!, opts);
    return list;
  }

  async *watch(ctx: RequestContext, opts: WatchOptions): AsyncIterable<WatchEvent> {
    // A resourceVersion of 1 is "too old", to exercise the 410 path.
    if (opts.resourceVersion === "1") throw newResourceExpired("too old resource version: 1 (100)");
    const queue: WatchEvent[] = [];
    let wake: (() => void) | undefined;
    const listener = (e: WatchEvent): void => {
      if (this.info.namespaced && ctx.namespace && e.object.metadata?.namespace !== ctx.namespace) return;
      queue.push(e);
      wake?.();
    };
    events.on(this.info.plural, listener);
    const aborted = new Promise<void>((resolve) => ctx.signal.addEventListener("abort", () => resolve(), { once: true }));
    try {
      for (;;) {
        while (queue.length > 0) yield queue.shift()!;
        if (ctx.signal.aborted) return;
        await Promise.race([new Promise<void>((r) => (wake = r)), aborted]);
      }
    } finally {
      events.off(this.info.plural, listener);
    }
  }
}

/** RFC 7386 merge patch. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> = typeof target === "object" && target !== null && !Array.isArray(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/** A fake storage for each resource of a group-version in the scheme. */
export function fakeStorages(resources: readonly ResourceInfo[], group = "", version = "v1"): FakeStorage[] {
  return resources.map((info) => new FakeStorage(info, group, version));
}
