/**
 * The CRD controllers of the apiserver, in one reconciler over an in-process watch of the CRD
 * storage: naming (NamesAccepted and status.acceptedNames), establishing (Established), serving
 * (a REST storage per served version in the resource index once Established, reinstalled when
 * the CRD changes) and finalizing (deleting every custom object of a CRD being deleted, then
 * removing the customresourcecleanup finalizer).
 */
import type { Scheme } from "../../runtime/scheme.js";
import { isConflict, isNotFound } from "../../runtime/rest/errors.js";
import { compareKubeAwareVersions } from "../../runtime/version-priority.js";
import type { ResourceIndex } from "../endpoints/installer.js";
import { defaultCRDDeprecationWarning } from "../endpoints/deprecation.js";
import { customResourcePrinter } from "../endpoints/table/printers.js";
import type { KubeObject, RESTStorage, RequestContext } from "../registry/rest.js";
import { formatTime } from "../registry/system-fields.js";
import { deepEqual } from "../registry/strategy.js";
import type { Storage } from "../storage/interface.js";
import {
  CLEANUP_FINALIZER,
  isConditionTrue,
  findCondition,
  setCondition,
  viewOf,
  type CRDCondition,
  type CRDNames,
  type CRDView,
} from "../registry/resources/customresourcedefinitions/crd.js";
import { customResourceStorage } from "./storage.js";
import { copyObject } from "../registry/copy.js";

export const CRD_GROUP = "apiextensions.k8s.io";

export interface CRDControllerOptions {
  index: ResourceIndex;
  /** The CRD REST storage (with its status subresource). */
  crds: RESTStorage;
  /** The backend custom objects are stored in. */
  storage: Storage;
  scheme: Scheme;
  log?: (line: string) => void;
  now?: () => Date;
  /** Delay before retrying a failed sync or re-checking remaining instances (default 1 s). */
  retryMs?: number;
  /** Serve custom resources through watch caches (default true). */
  watchCache?: boolean;
}

interface Installed {
  view: CRDView;
  signature: string;
  /** The group-version-plurals put in the index, each with how to stop its storage's watch cache. */
  entries: { group: string; version: string; plural: string; close(): void }[];
  terminating: boolean;
}

const systemUser = { name: "system:apiserver", groups: ["system:masters"] };

export class CRDController {
  private readonly cache = new Map<string, KubeObject>();
  private readonly installed = new Map<string, Installed>();
  private readonly pending = new Set<string>();
  private running = false;
  private idleWaiters: (() => void)[] = [];
  private readonly builtinResources = new Map<string, Set<string>>();
  private readonly builtinKinds = new Map<string, Set<string>>();
  private readonly log: (line: string) => void;
  private readonly now: () => Date;
  private signal: AbortSignal = new AbortController().signal;
  private changes = 0;

  constructor(private readonly options: CRDControllerOptions) {
    this.log = options.log ?? (() => {});
    this.now = options.now ?? (() => new Date());
    // Names taken by built-in resources, per group: a CRD in such a group may not claim them.
    for (const gv of options.index.groupVersions()) {
      for (const r of options.index.resources(gv.group, gv.version)) {
        const res = this.builtinResources.get(gv.group) ?? new Set<string>();
        for (const n of [r.info.plural, r.info.singular, ...r.info.shortNames]) if (n) res.add(n);
        this.builtinResources.set(gv.group, res);
        const kinds = this.builtinKinds.get(gv.group) ?? new Set<string>();
        kinds.add(r.info.kind).add(r.info.listKind);
        this.builtinKinds.set(gv.group, kinds);
      }
    }
  }

  /** Grows whenever the set of served custom resources changes (OpenAPI documents follow it). */
  get generation(): number {
    return this.changes;
  }

  /** The CRDs currently served, as installed. */
  served(): CRDView[] {
    return [...this.installed.values()].map((i) => i.view);
  }

  /**
   * Lists the CRDs, serves the established ones, and keeps watching until `signal` aborts.
   * Resolves once the first list has been reconciled (upstream's crd-informer-synced).
   */
  async start(signal: AbortSignal): Promise<void> {
    this.signal = signal;
    // At shutdown the watch caches' storage watches end with the server.
    signal.addEventListener("abort", () => {
      for (const i of this.installed.values()) for (const e of i.entries) e.close();
    });
    const rv = await this.relist();
    void this.watchLoop(rv);
    await this.idle();
  }

  /** Resolves when no sync is queued or running. */
  idle(): Promise<void> {
    if (!this.running && this.pending.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private ctx(): RequestContext {
    return { user: systemUser, signal: this.signal, warnings: [] };
  }

  private async relist(): Promise<string> {
    const list = await this.options.crds.list!(this.ctx(), {});
    const seen = new Set<string>();
    for (const item of list.items) {
      const name = item.metadata?.name ?? "";
      seen.add(name);
      this.cache.set(name, item);
      this.enqueue(name);
    }
    for (const name of [...this.cache.keys()]) {
      if (!seen.has(name)) {
        this.cache.delete(name);
        this.enqueue(name);
      }
    }
    return list.metadata.resourceVersion ?? "";
  }

  private async watchLoop(rv: string): Promise<void> {
    while (!this.signal.aborted) {
      const started = Date.now();
      try {
        for await (const ev of this.options.crds.watch!(this.ctx(), { resourceVersion: rv, allowWatchBookmarks: true })) {
          if (this.signal.aborted) return;
          const name = ev.object.metadata?.name ?? "";
          if (ev.object.metadata?.resourceVersion) rv = ev.object.metadata.resourceVersion;
          if (ev.type === "ERROR") throw new Error(JSON.stringify(ev.object));
          if (ev.type === "BOOKMARK") continue;
          if (ev.type === "DELETED") this.cache.delete(name);
          else this.cache.set(name, ev.object);
          this.enqueue(name);
        }
        // A watch that ends at once again and again must not spin.
        if (Date.now() - started < 1000) await new Promise((r) => setTimeout(r, 200));
      } catch (err) {
        if (this.signal.aborted) return;
        this.log(`apiextensions: CRD watch ended: ${err instanceof Error ? err.message : String(err)}; relisting`);
        await new Promise((r) => setTimeout(r, 200));
        try {
          rv = await this.relist();
        } catch {
          // The next round retries.
        }
      }
    }
  }

  private enqueue(name: string): void {
    this.pending.add(name);
    if (!this.running) void this.drain();
  }

  private enqueueAfter(name: string, ms: number): void {
    const t = setTimeout(() => {
      if (!this.signal.aborted) this.enqueue(name);
    }, ms);
    t.unref?.();
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.pending.size > 0 && !this.signal.aborted) {
        const name = this.pending.values().next().value as string;
        this.pending.delete(name);
        try {
          await this.sync(name);
        } catch (err) {
          if (this.signal.aborted) break;
          this.log(`apiextensions: syncing ${name}: ${err instanceof Error ? err.message : String(err)}`);
          this.enqueueAfter(name, this.options.retryMs ?? 1000);
        }
      }
    } finally {
      this.running = false;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const w of waiters) w();
    }
  }

  private requeueGroup(group: string, except: string): void {
    for (const [name, crd] of this.cache) if (name !== except && viewOf(crd).group === group) this.enqueue(name);
  }

  private async sync(name: string): Promise<void> {
    const crd = this.cache.get(name);
    if (!crd) {
      const was = this.installed.get(name);
      this.uninstall(name);
      // Its names are free again for the other CRDs of the group.
      if (was) this.requeueGroup(was.view.group, name);
      return;
    }
    const view = viewOf(crd);
    if (crd.metadata?.deletionTimestamp) {
      await this.finalize(crd, view);
      return;
    }
    if (!deepEqual(view.specNames, view.acceptedNames) || !findCondition(crd, "NamesAccepted")) {
      if (await this.syncNames(crd, view)) return;
    }
    if (isConditionTrue(crd, "NamesAccepted") && !isConditionTrue(crd, "Established")) {
      const next = copyObject(crd);
      setCondition(
        next,
        { type: "Established", status: "True", reason: "InitialNamesAccepted", message: "the initial names have been accepted" },
        formatTime(this.now()),
      );
      await this.updateStatus(next);
      return;
    }
    if (isConditionTrue(crd, "Established")) this.install(name, view);
  }

  /** The naming controller: accepted names and the NamesAccepted condition; true when it wrote. */
  private async syncNames(crd: KubeObject, view: CRDView): Promise<boolean> {
    const usedResources = new Set(this.builtinResources.get(view.group) ?? []);
    const usedKinds = new Set(this.builtinKinds.get(view.group) ?? []);
    for (const [other, obj] of this.cache) {
      if (other === view.name) continue;
      const ov = viewOf(obj);
      if (ov.group !== view.group) continue;
      for (const n of [ov.acceptedNames.plural, ov.acceptedNames.singular, ...ov.acceptedNames.shortNames]) if (n) usedResources.add(n);
      for (const k of [ov.acceptedNames.kind, ov.acceptedNames.listKind]) if (k) usedKinds.add(k);
    }
    const requested = view.specNames;
    const accepted = view.acceptedNames;
    const names: CRDNames = { ...accepted };
    let cond: CRDCondition = { type: "NamesAccepted", status: "Unknown" };
    const conflict = (reason: string, message: string): void => {
      cond = { type: "NamesAccepted", status: "False", reason, message };
    };
    const fresh = (req: string, acc: string, used: Set<string>): string | undefined =>
      req === acc || !used.has(req) ? undefined : `${JSON.stringify(req)} is already in use`;
    let e = fresh(requested.plural, accepted.plural, usedResources);
    if (e) conflict("PluralConflict", e);
    else names.plural = requested.plural;
    e = fresh(requested.singular, accepted.singular, usedResources);
    if (e) conflict("SingularConflict", e);
    else names.singular = requested.singular;
    if (!deepEqual(requested.shortNames, accepted.shortNames)) {
      const errs = requested.shortNames
        .filter((s) => !accepted.shortNames.includes(s))
        .map((s) => fresh(s, "", usedResources))
        .filter((x): x is string => !!x);
      if (errs.length > 0) conflict("ShortNamesConflict", errs.length === 1 ? errs[0]! : `[${errs.join(", ")}]`);
      else names.shortNames = requested.shortNames;
    }
    e = fresh(requested.kind, accepted.kind, usedKinds);
    if (e) conflict("KindConflict", e);
    else names.kind = requested.kind;
    e = fresh(requested.listKind, accepted.listKind, usedKinds);
    if (e) conflict("ListKindConflict", e);
    else names.listKind = requested.listKind;
    names.categories = requested.categories;
    if (cond.status === "Unknown") cond = { type: "NamesAccepted", status: "True", reason: "NoConflicts", message: "no conflicts found" };

    let established: CRDCondition = findCondition(crd, "Established") ?? {
      type: "Established",
      status: "False",
      reason: "NotAccepted",
      message: "not all names are accepted",
    };
    if (established.status !== "True" && cond.status === "True") {
      established = { type: "Established", status: "False", reason: "Installing", message: "the initial names have been accepted" };
    }
    const old = findCondition(crd, "NamesAccepted");
    const sameCond = old && old.status === cond.status && old.reason === cond.reason && old.message === cond.message;
    if (deepEqual(acceptedNamesJSON(names), (crd.status as { acceptedNames?: unknown } | undefined)?.acceptedNames) && sameCond)
      return false;
    const next = copyObject(crd);
    const status = (next.status as Record<string, unknown> | undefined) ?? {};
    next.status = status;
    status.acceptedNames = acceptedNamesJSON(names);
    const now = formatTime(this.now());
    setCondition(next, cond, now);
    setCondition(next, established, now);
    await this.updateStatus(next);
    this.requeueGroup(view.group, view.name);
    return true;
  }

  private async updateStatus(obj: KubeObject): Promise<KubeObject | undefined> {
    try {
      const { object } = await this.options.crds.subresources!.status!.update!(this.ctx(), obj.metadata?.name ?? "", obj, {});
      return object;
    } catch (err) {
      // Changed or deleted meanwhile: the watch brings the newer state.
      if (isConflict(err) || isNotFound(err)) return undefined;
      throw err;
    }
  }

  /** Serves the CRD's served versions (again, when anything that shapes them changed). */
  private install(name: string, view: CRDView): void {
    const served = view.versions.filter((v) => v.served).sort((a, b) => compareKubeAwareVersions(a.name, b.name));
    const signature = JSON.stringify({
      g: view.group,
      n: view.namespaced,
      a: view.acceptedNames,
      v: served,
      s: view.versions.find((v) => v.storage)?.name,
    });
    const current = this.installed.get(name);
    if (current && current.signature === signature && !current.terminating) return;
    const entry: Installed = { view, signature, entries: [], terminating: false };
    const index = this.options.index;
    const keys = served.map((v) => `${view.group}/${v.name}/${view.acceptedNames.plural}`);
    const sameKeys =
      current !== undefined &&
      deepEqual(
        current.entries.map((e) => `${e.group}/${e.version}/${e.plural}`),
        keys,
      );
    // Same group-version-plurals: swap storages in place; otherwise reinstall in priority order.
    if (current) {
      if (!sameKeys) for (const e of current.entries) index.remove(e.group, e.version, e.plural);
      for (const e of current.entries) e.close();
    }
    for (const version of served) {
      const storage = customResourceStorage({
        storage: this.options.storage,
        scheme: this.options.scheme,
        crd: view,
        version,
        terminating: () => entry.terminating,
        watchCache: this.options.watchCache ?? true,
      });
      const existing = index.lookup(view.group, version.name, view.acceptedNames.plural);
      if (existing && !(current && sameKeys)) {
        // A built-in or another CRD already serves it: the first one wins, as upstream's delegation does.
        this.log(`apiextensions: ${view.acceptedNames.plural}.${view.group}/${version.name} is already served`);
        storage.close();
        continue;
      }
      index.replace(storage.rest, {
        printer: customResourcePrinter(version.printerColumns),
        custom: true,
        storageVersion: view.versions.find((v) => v.storage)?.name ?? version.name,
        ...(version.deprecated && {
          deprecationWarning: version.deprecationWarning ?? defaultCRDDeprecationWarning(view.group, version.name, view.acceptedNames.kind),
        }),
      });
      entry.entries.push({ group: view.group, version: version.name, plural: view.acceptedNames.plural, close: () => storage.close() });
    }
    this.installed.set(name, entry);
    this.changes++;
  }

  private uninstall(name: string): void {
    const current = this.installed.get(name);
    if (!current) return;
    for (const e of current.entries) {
      this.options.index.remove(e.group, e.version, e.plural);
      e.close();
    }
    this.installed.delete(name);
    this.changes++;
  }

  /**
   * The finalizer controller: while the cleanup finalizer is there, refuse new objects, delete
   * every object of the resource, and when none remain remove the finalizer (the CRD then goes).
   */
  private async finalize(crd: KubeObject, view: CRDView): Promise<void> {
    const name = view.name;
    if (!(crd.metadata?.finalizers ?? []).includes(CLEANUP_FINALIZER)) {
      this.uninstall(name);
      return;
    }
    const current = this.installed.get(name);
    if (current) current.terminating = true;
    const now = formatTime(this.now());
    let obj = crd;
    const terminating = findCondition(crd, "Terminating");
    if (terminating?.status !== "True" || terminating.reason !== "InstanceDeletionInProgress") {
      const next = copyObject(crd);
      setCondition(
        next,
        { type: "Terminating", status: "True", reason: "InstanceDeletionInProgress", message: "CustomResource deletion is in progress" },
        now,
      );
      const updated = await this.updateStatus(next);
      if (!updated) return;
      obj = updated;
    }
    const storageVersion = view.versions.find((v) => v.storage) ?? view.versions[0];
    const established = isConditionTrue(crd, "Established");
    if (established && storageVersion && view.acceptedNames.plural) {
      const storage = customResourceStorage({
        storage: this.options.storage,
        scheme: this.options.scheme,
        crd: view,
        version: storageVersion,
        terminating: () => true,
      }).rest;
      const ctx = this.ctx();
      await storage.deleteCollection!(ctx, {}, {});
      const remaining = await storage.list!(ctx, {});
      if (remaining.items.length > 0) {
        const next = copyObject(obj);
        setCondition(
          next,
          {
            type: "Terminating",
            status: "True",
            reason: "InstanceDeletionCheck",
            message: `could not confirm zero CustomResources remaining: ${remaining.items.length} remaining`,
          },
          formatTime(this.now()),
        );
        await this.updateStatus(next);
        this.enqueueAfter(name, this.options.retryMs ?? 1000);
        return;
      }
    }
    const done = copyObject(obj);
    // Nothing can have been stored for a resource that was never served.
    const outcome: CRDCondition = established
      ? { type: "Terminating", status: "False", reason: "InstanceDeletionCompleted", message: "removed all instances" }
      : { type: "Terminating", status: "False", reason: "NeverEstablished", message: "resource was never established" };
    setCondition(done, outcome, formatTime(this.now()));
    const updated = await this.updateStatus(done);
    if (!updated) return;
    this.uninstall(name);
    const withoutFinalizer = copyObject(updated);
    withoutFinalizer.metadata = {
      ...withoutFinalizer.metadata,
      finalizers: (withoutFinalizer.metadata?.finalizers ?? []).filter((f) => f !== CLEANUP_FINALIZER),
    };
    try {
      await this.options.crds.update!(this.ctx(), name, withoutFinalizer, {});
    } catch (err) {
      if (!isConflict(err) && !isNotFound(err)) throw err;
    }
  }
}

function acceptedNamesJSON(n: CRDNames): Record<string, unknown> {
  const out: Record<string, unknown> = { plural: n.plural };
  if (n.singular) out.singular = n.singular;
  if (n.shortNames.length > 0) out.shortNames = n.shortNames;
  out.kind = n.kind;
  if (n.listKind) out.listKind = n.listKind;
  if (n.categories.length > 0) out.categories = n.categories;
  return out;
}
