/**
 * The served resources: every RESTStorage grouped by group-version, with what the endpoint
 * layer derives from it (verbs from the methods it has, its kind, its table printer). Routes
 * are not registered one by one; the resource handler resolves a request against this index.
 */
import type { GroupVersion, ResourceInfo } from "../../runtime/scheme.js";
import type { RESTStorage } from "../registry/rest.js";
import { printerFor } from "./table/printers.js";
import type { TablePrinter } from "./table/table.js";

export interface InstalledResource {
  group: string;
  version: string;
  info: ResourceInfo;
  storage: RESTStorage;
  printer: TablePrinter;
}

/** The verbs a storage serves, sorted as discovery lists them. */
export function verbsOf(storage: RESTStorage): string[] {
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

const gvKey = (group: string, version: string): string => `${group}/${version}`;

export class ResourceIndex {
  private readonly byGroupVersion = new Map<string, Map<string, InstalledResource>>();
  private readonly order: GroupVersion[] = [];

  constructor(storages: readonly RESTStorage[]) {
    for (const s of storages) this.add(s);
  }

  add(storage: RESTStorage): void {
    const key = gvKey(storage.group, storage.version);
    let resources = this.byGroupVersion.get(key);
    if (!resources) {
      resources = new Map();
      this.byGroupVersion.set(key, resources);
      this.order.push({ group: storage.group, version: storage.version });
    }
    if (resources.has(storage.info.plural)) {
      throw new Error(`resource ${storage.info.plural} is installed twice in ${key}`);
    }
    resources.set(storage.info.plural, {
      group: storage.group,
      version: storage.version,
      info: storage.info,
      storage,
      printer: printerFor(storage.group, storage.info),
    });
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
    return [...out].map(([name, versions]) => ({ name, versions }));
  }

  coreVersions(): string[] {
    return this.order.filter((gv) => gv.group === "").map((gv) => gv.version);
  }

  hasGroupVersion(group: string, version: string): boolean {
    return this.byGroupVersion.has(gvKey(group, version));
  }

  resources(group: string, version: string): InstalledResource[] {
    return [...(this.byGroupVersion.get(gvKey(group, version))?.values() ?? [])];
  }

  lookup(group: string, version: string, plural: string): InstalledResource | undefined {
    return this.byGroupVersion.get(gvKey(group, version))?.get(plural);
  }
}
