/**
 * Derives client and resource facts (verbs, scope, plural, short names, subresources) from a
 * struct's `+genclient*` and `+kubebuilder:*` tags.
 */
import type { ClientFacts, ClientMethod, Lifecycle, Package, PrinterColumn, ResourceFacts, StructDecl, Tag } from "../model/types.js";
import { resourcePlural } from "../naming/namers.js";
import type { Diagnostics } from "../model/diagnostics.js";
import { markerArgsRaw, markerList } from "./marker-values.js";
import { CLIENT_VERBS } from "../model/client-verbs.js";
import { parseMarkerArgs } from "./tag-registry.js";
import { findTag, hasTag, tagValue } from "./tag-checks.js";

const version = (v: string | undefined): [number, number] | undefined => {
  if (v === undefined) return undefined;
  const [a, b] = v.split(".").map(Number);
  return [a ?? 0, b ?? 0];
};

export function lifecycleOf(tags: Tag[]): Lifecycle | undefined {
  const l: Lifecycle = {};
  const introduced = version(tagValue(tags, "k8s:prerelease-lifecycle-gen:introduced"));
  if (introduced) l.introduced = introduced;
  const deprecated = version(tagValue(tags, "k8s:prerelease-lifecycle-gen:deprecated"));
  if (deprecated) l.deprecated = deprecated;
  const removed = version(tagValue(tags, "k8s:prerelease-lifecycle-gen:removed"));
  if (removed) l.removed = removed;
  const replacement = tagValue(tags, "k8s:prerelease-lifecycle-gen:replacement");
  if (replacement) {
    const [group = "", ver = "", kind = ""] = replacement.split(",");
    l.replacement = { group, version: ver, kind };
  }
  return Object.keys(l).length ? l : undefined;
}

/** The subresource-bearing custom verbs, e.g. `Finalize,verb=update,subresource=finalize`. */
function parseMethod(tag: Tag, diag: Diagnostics): ClientMethod | undefined {
  const [name, ...rest] = (tag.value ?? "").split(",");
  const args = parseMarkerArgs(rest.join(","));
  const verb = args.get("verb");
  if (!name || !/^[A-Z][A-Za-z0-9]*$/.test(name) || !verb || !CLIENT_VERBS.includes(verb)) {
    diag.error(
      tag.pos,
      `tag +genclient:method must be Name,verb=<${CLIENT_VERBS.join("|")}>[,subresource=..][,input=..][,result=..], not "${tag.value}"`,
    );
    return undefined;
  }
  for (const key of args.keys()) {
    if (!["verb", "subresource", "input", "result"].includes(key)) {
      diag.error(tag.pos, `tag +genclient:method: unknown argument "${key}"`);
    }
  }
  const m: ClientMethod = { name, verb };
  const sub = args.get("subresource");
  if (sub) m.subresource = sub;
  const input = args.get("input");
  if (input) m.input = input;
  const result = args.get("result");
  if (result) m.result = result;
  return m;
}

export function clientFacts(s: StructDecl, diag: Diagnostics): ClientFacts | undefined {
  const { tags } = s;
  if (!hasTag(tags, "genclient")) {
    for (const t of tags) {
      if (t.name.startsWith("genclient:")) diag.error(t.pos, `tag +${t.name} needs +genclient on ${s.name}`);
    }
    return undefined;
  }
  const hasStatusField = s.fields.some((f) => f.name === "status");
  const hasStatus = !hasTag(tags, "genclient:noStatus") && hasStatusField;
  let verbs = CLIENT_VERBS.filter((v) => hasStatus || (v !== "updateStatus" && v !== "applyStatus"));
  const only = tagValue(tags, "genclient:onlyVerbs");
  const skip = tagValue(tags, "genclient:skipVerbs");
  if (only && skip)
    diag.error(findTag(tags, "genclient:onlyVerbs")!.pos, `+genclient:onlyVerbs and +genclient:skipVerbs exclude each other`);
  if (only) verbs = verbs.filter((v) => only.split(",").includes(v));
  if (skip) verbs = verbs.filter((v) => !skip.split(",").includes(v));
  const methods = tags
    .filter((t) => t.name === "genclient:method")
    .map((t) => parseMethod(t, diag))
    .filter((m): m is ClientMethod => m !== undefined);
  return { namespaced: !hasTag(tags, "genclient:nonNamespaced"), hasStatus, verbs, methods };
}

/** Client verbs as discovery names them. */
const DISCOVERY_VERB: Readonly<Record<string, string | undefined>> = {
  create: "create",
  update: "update",
  delete: "delete",
  deleteCollection: "deletecollection",
  get: "get",
  list: "list",
  watch: "watch",
  patch: "patch",
  apply: "patch",
};

function printerColumns(tags: Tag[], diag: Diagnostics): PrinterColumn[] {
  return tags
    .filter((t) => t.name === "kubebuilder:printcolumn")
    .flatMap((t) => {
      const a = parseMarkerArgs(t.value ?? "");
      const name = a.get("name");
      const type = a.get("type");
      const jsonPath = a.get("JSONPath");
      if (!name || !type || !jsonPath) {
        diag.error(t.pos, `tag +kubebuilder:printcolumn needs name=, type= and JSONPath=`);
        return [];
      }
      const col: PrinterColumn = { name, type, jsonPath };
      const description = a.get("description");
      if (description) col.description = description;
      const format = a.get("format");
      if (format) col.format = format;
      const priority = a.get("priority");
      if (priority) col.priority = Number(priority);
      return [col];
    });
}

export function resourceFacts(pkg: Package, s: StructDecl, diag: Diagnostics): ResourceFacts | undefined {
  const marker = findTag(s.tags, "kubebuilder:resource");
  if (!s.client && !marker) return undefined;
  if (!pkg.groupVersion) {
    diag.error(s.pos, `${s.name} is a resource but package ${pkg.path} has no +groupName`);
    return undefined;
  }
  const args = marker ? parseMarkerArgs(marker.value ?? "") : new Map<string, string>();
  const rawArgs = marker ? markerArgsRaw(marker.value ?? "") : new Map<string, string>();
  for (const key of args.keys()) {
    if (!["path", "singular", "scope", "shortName", "categories"].includes(key)) {
      diag.error(marker!.pos, `tag +kubebuilder:resource: unknown argument "${key}"`);
    }
  }
  const scope = args.get("scope");
  let namespaced = s.client ? s.client.namespaced : scope !== "Cluster";
  if (scope !== undefined) {
    if (scope !== "Namespaced" && scope !== "Cluster") {
      diag.error(marker!.pos, `tag +kubebuilder:resource: scope must be Namespaced or Cluster, not "${scope}"`);
    } else if (s.client && (scope === "Namespaced") !== s.client.namespaced) {
      diag.error(marker!.pos, `${s.name}: scope=${scope} disagrees with +genclient${s.client.namespaced ? "" : ":nonNamespaced"}`);
    }
    namespaced = scope === "Namespaced";
  }
  const list = (key: string): string[] => markerList(rawArgs.get(key) ?? "").filter((x): x is string => !!x);
  const clientVerbs = s.client?.verbs ?? ["create", "update", "delete", "deleteCollection", "get", "list", "watch", "patch"];
  const verbs = [...new Set(clientVerbs.map((v) => DISCOVERY_VERB[v]).filter((v): v is string => !!v))].sort();
  const subresources: string[] = [];
  if (s.client?.hasStatus || hasTag(s.tags, "kubebuilder:subresource:status")) subresources.push("status");
  for (const m of s.client?.methods ?? []) {
    if (m.subresource && !subresources.includes(m.subresource)) subresources.push(m.subresource);
  }
  const scaleTag = findTag(s.tags, "kubebuilder:subresource:scale");
  let scale: ResourceFacts["scale"];
  if (scaleTag) {
    const a = parseMarkerArgs(scaleTag.value ?? "");
    scale = { specReplicasPath: a.get("specpath") ?? "", statusReplicasPath: a.get("statuspath") ?? "" };
    const selector = a.get("selectorpath");
    if (selector) scale.labelSelectorPath = selector;
  }
  return {
    ...(scale ? { scale } : {}),
    storageVersion: hasTag(s.tags, "kubebuilder:storageversion"),
    plural: args.get("path") ?? resourcePlural(s.name),
    singular: args.get("singular") ?? s.name.toLowerCase(),
    kind: s.name,
    listKind: `${s.name}List`,
    namespaced,
    shortNames: list("shortName"),
    categories: list("categories"),
    verbs,
    subresources,
    printerColumns: printerColumns(s.tags, diag),
  };
}
