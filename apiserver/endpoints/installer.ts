/**
 * The served resources: every RESTStorage grouped by group-version, with what the endpoint
 * layer derives from it (verbs from the methods it has, its kind, its table printer). Routes
 * are not registered one by one; the resource handler resolves a request against this index,
 * which changes at run time as custom resources are installed and removed.
 */
import type { GroupVersion, ResourceInfo } from "../../runtime/scheme.js";
import { compareKubeAwareVersions } from "../../runtime/version-priority.js";
import type { RESTStorage } from "../registry/rest.js";
import { printerFor } from "./table/printers.js";
import type { TablePrinter } from "./table/table.js";

export interface InstalledResource {
  group: string;
  version: string;
  info: ResourceInfo;
  storage: RESTStorage;
  printer: TablePrinter;
  /** A custom resource (served from a CRD): its kinds are not in the scheme; bodies are checked by its storage. */
  custom?: boolean;
  /** The version objects are stored in, when not this one (CRD versions share one): discovery's storageVersionHash names it. */
  storageVersion?: string;
  /** Sent as a `Warning:` header on every request to this version (a deprecated CRD version). */
  deprecationWarning?: string;
}

export interface InstallOptions {
  /** The table printer (default: the built-in one for the resource, or from its printer columns). */
  printer?: TablePrinter;
  custom?: boolean;
  storageVersion?: string;
  deprecationWarning?: string;
}

/** The verbs a storage serves, sorted as discovery lists them. */
export function verbsOf(storage: RESTStorage): string[] {
  // Connect subresources name the verbs their HTTP methods stand for (GET: get, POST: create...).
  if (storage.connect) return [...(storage.connectVerbs ?? ["get"])];
  const verbs: string[] = [];
  if (storage.create) verbs.push("create");
  if (storage.delete) verbs.push("delete");
  if (storage.deleteCollection) verbs.push("deletecollection");
  if (storage.get) verbs.push("get");
  if (storage.list) verbs.push("list");
  if (storage.patch) verbs.push("patch");
  if (storage.update) verbs.push("update");
  if (storage.watch) verbs.push("watch");
  return verbs;
}

function entry(storage: RESTStorage, opts: InstallOptions): InstalledResource {
  const out: InstalledResource = {
    group: storage.group,
    version: storage.version,
    info: storage.info,
    storage,
    printer: opts.printer ?? printerFor(storage.group, storage.info),
  };
  if (opts.custom) out.custom = true;
  if (opts.storageVersion !== undefined) out.storageVersion = opts.storageVersion;
  if (opts.deprecationWarning !== undefined) out.deprecationWarning = opts.deprecationWarning;
  return out;
}

export class ResourceIndex {
  /** Group, then version, then plural: a lookup per request joins no strings (a key per call cost an allocation and a hash). */
  private readonly byGroup = new Map<string, Map<string, Map<string, InstalledResource>>>();
  private readonly order: GroupVersion[] = [];
  private changes = 0;
  private readonly listeners = new Set<() => void>();

  constructor(storages: readonly RESTStorage[]) {
    for (const s of storages) this.add(s);
  }

  /** Grows on every add, remove or replace: discovery caches compare it to know they are stale. */
  get generation(): number {
    return this.changes;
  }

  /** Calls `fn` after every change (custom resources come and go at run time); returns the unsubscribe. */
  onChange(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private changed(): void {
    this.changes++;
    for (const fn of this.listeners) fn();
  }

  private resourcesOf(group: string, version: string): Map<string, InstalledResource> | undefined {
    return this.byGroup.get(group)?.get(version);
  }

  /** Installs a storage; a plural already served in its group-version is an error. */
  add(storage: RESTStorage, opts: InstallOptions = {}): void {
    let versions = this.byGroup.get(storage.group);
    if (!versions) {
      versions = new Map();
      this.byGroup.set(storage.group, versions);
    }
    let resources = versions.get(storage.version);
    if (!resources) {
      resources = new Map();
      versions.set(storage.version, resources);
      this.order.push({ group: storage.group, version: storage.version });
    }
    if (resources.has(storage.info.plural)) {
      throw new Error(`resource ${storage.info.plural} is installed twice in ${storage.group}/${storage.version}`);
    }
    resources.set(storage.info.plural, entry(storage, opts));
    this.changed();
  }

  /** Installs a storage in place of the one serving the same plural (or newly). */
  replace(storage: RESTStorage, opts: InstallOptions = {}): void {
    const resources = this.resourcesOf(storage.group, storage.version);
    if (resources?.has(storage.info.plural)) {
      resources.set(storage.info.plural, entry(storage, opts));
      this.changed();
      return;
    }
    this.add(storage, opts);
  }

  /** Stops serving a resource; a group-version left empty disappears from discovery. False when it was not served. */
  remove(group: string, version: string, plural: string): boolean {
    const versions = this.byGroup.get(group);
    const resources = versions?.get(version);
    if (!versions || !resources?.delete(plural)) return false;
    if (resources.size === 0) {
      versions.delete(version);
      if (versions.size === 0) this.byGroup.delete(group);
      const i = this.order.findIndex((gv) => gv.group === group && gv.version === version);
      if (i >= 0) this.order.splice(i, 1);
    }
    this.changed();
    return true;
  }

  /** Group-versions in installation order. */
  groupVersions(): GroupVersion[] {
    return this.order.map((gv) => ({ ...gv }));
  }

  /** Groups other than the core group, each with its versions in installation order. */
  groups(): { name: string; versions: string[] }[] {
    const out = new Map<string, string[]>();
    for (const gv of this.order) {
      if (gv.group === "") continue;
      const versions = out.get(gv.group) ?? [];
      versions.push(gv.version);
      out.set(gv.group, versions);
    }
    // Highest priority first, the preferred version as upstream's (autoscaling: v2, then v1).
    return [...out].map(([name, versions]) => ({ name, versions: versions.sort(compareKubeAwareVersions) }));
  }

  coreVersions(): string[] {
    return this.order.filter((gv) => gv.group === "").map((gv) => gv.version);
  }

  hasGroupVersion(group: string, version: string): boolean {
    return this.resourcesOf(group, version) !== undefined;
  }

  resources(group: string, version: string): InstalledResource[] {
    return [...(this.resourcesOf(group, version)?.values() ?? [])];
  }

  lookup(group: string, version: string, plural: string): InstalledResource | undefined {
    return this.byGroup.get(group)?.get(version)?.get(plural);
  }
}
