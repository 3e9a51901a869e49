/**
 * The client artifacts' view of the model: each group-version with typed clients, and each
 * `+genclient` kind in it with the names, paths and facts clientsets, fakes, listers and
 * informers are generated from.
 */
import { ModelIndex } from "../../model/lookup.js";
import type { ClientFacts, Model, Package, StructDecl } from "../../model/types.js";
import { groupVersionAccessor, groupVersionGoName, kebabName, pluralAccessor, privateName, safeIdentifier } from "../../naming/namers.js";

/** One kind with a typed client. */
export interface ClientResource {
  decl: StructDecl;
  /** The list type; absent for a client that neither lists nor watches (TokenReview). */
  listDecl: StructDecl | undefined;
  kind: string;
  /** The list kind's name (in the descriptor even without a list type). */
  listKind: string;
  /** The plural in REST paths: `configmaps`. */
  resource: string;
  /** The accessor on group clients and informers: `configMaps`. */
  accessor: string;
  /** A parameter holding one object: `configMap`. */
  variable: string;
  /** The file name, without extension: `config-map`. */
  file: string;
  /** The exported descriptor constant: `configMapResource`. */
  descriptorName: string;
  namespaced: boolean;
  client: ClientFacts;
  /** The kind has a protobuf message (its package is protobuf-generated and it did not opt out). */
  protobuf: boolean;
  /** The shared informer factory's key for it: `v1/ConfigMap`. */
  informerKey: string;
  /** What listers' NotFound errors name: group and lower-case kind. */
  notFound: { group: string; resource: string };
}

/** One group-version with typed clients. */
export interface ClientGroup {
  pkg: Package;
  group: string;
  version: string;
  /** `CoreV1`. */
  goName: string;
  /** `coreV1`. */
  accessor: string;
  /** The folder below clientset/typed, listers and informers: `core/v1`. */
  dir: string;
  /** The group client's file name: `core-v1-client`. */
  clientFile: string;
  resources: ClientResource[];
  /** The whole model, for method types of other packages. */
  index: ModelIndex;
}

function structNamed(pkg: Package, name: string): StructDecl | undefined {
  const d = pkg.types.find((t) => t.name === name);
  return d?.kind === "struct" ? d : undefined;
}

function resourceOf(pkg: Package, decl: StructDecl): ClientResource {
  const r = decl.resource!;
  const gv = pkg.groupVersion!;
  const listDecl = structNamed(pkg, r.listKind);
  const lists = decl.client!.verbs.some((v) => v === "list" || v === "watch");
  if (listDecl === undefined && lists) throw new Error(`${pkg.path}: ${decl.name} has +genclient but no ${r.listKind} type`);
  const apiVersion = gv.group === "" ? gv.version : `${gv.group}/${gv.version}`;
  return {
    decl,
    listDecl,
    kind: decl.name,
    listKind: r.listKind,
    resource: r.plural,
    accessor: pluralAccessor(decl.name),
    variable: safeIdentifier(privateName(decl.name)),
    file: kebabName(decl.name),
    descriptorName: `${privateName(decl.name)}Resource`,
    namespaced: decl.client!.namespaced,
    client: decl.client!,
    protobuf: pkg.protobuf && decl.protobuf,
    informerKey: `${apiVersion}/${decl.name}`,
    notFound: { group: gv.group, resource: decl.name.toLowerCase() },
  };
}

/** The group-versions of the model that have at least one `+genclient` kind, in package order; kinds sorted by name. */
export function clientGroups(model: Model): ClientGroup[] {
  const out: ClientGroup[] = [];
  const index = new ModelIndex(model);
  for (const pkg of model.packages) {
    if (pkg.external || pkg.groupVersion === undefined) continue;
    const decls = pkg.types.filter((t): t is StructDecl => t.kind === "struct" && t.client !== undefined && t.resource !== undefined);
    if (decls.length === 0) continue;
    const goName = groupVersionGoName(pkg.path);
    out.push({
      pkg,
      group: pkg.groupVersion.group,
      version: pkg.groupVersion.version,
      goName,
      accessor: groupVersionAccessor(pkg.path),
      dir: pkg.path,
      clientFile: `${kebabName(goName)}-client`,
      resources: decls.map((d) => resourceOf(pkg, d)).sort((a, b) => a.kind.localeCompare(b.kind)),
      index,
    });
  }
  return out;
}

/** Resolves a `+genclient:method` input or result type (see ModelIndex.methodType); `fallback` when unnamed. */
export function methodType(g: ClientGroup, name: string | undefined, fallback: StructDecl): StructDecl {
  if (name === undefined) return fallback;
  const decl = g.index.methodType(g.pkg, name);
  if (decl === undefined) throw new Error(`${g.pkg.path}: +genclient:method names type ${name}, which is no struct of the input`);
  return decl;
}

/**
 * The groups and kinds an informer can follow: only kinds whose client lists and watches (as
 * upstream's informer-gen and lister-gen skip the others), and only groups with such kinds.
 */
export function watchableGroups(groups: ClientGroup[]): ClientGroup[] {
  return groups
    .map((g) => ({ ...g, resources: g.resources.filter((r) => r.client.verbs.includes("list") && r.client.verbs.includes("watch")) }))
    .filter((g) => g.resources.length > 0);
}
