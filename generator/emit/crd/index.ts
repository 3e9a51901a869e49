/**
 * CRD manifest emitter: for every resource of a package with CRDs switched on (`+kubegen:crd`,
 * by default every group outside k8s.io), one `apiextensions.k8s.io/v1` CustomResourceDefinition
 * per group and plural, as `crds/<group>_<plural>.yaml`, with the versions that serve the kind,
 * their structural schemas (from the OpenAPI v3 schema code), subresources and printer columns.
 */
import { ModelIndex } from "../../model/lookup.js";
import type { Model, Package, ResourceFacts, StructDecl } from "../../model/types.js";
import type { Emitter, GeneratedFile } from "../emitter.js";
import { header } from "../header.js";
import { DefinitionSet } from "../openapi/definitions.js";
import { registeredKinds } from "../openapi/gvk.js";
import { sortKeys, type Json } from "../openapi/json.js";
import { V3, type Dialect, type Schema } from "../openapi/schema.js";
import { structuralSchema } from "./structural.js";
import { kubectlYaml } from "../yaml.js";

/** OpenAPI v3 as the CRD sees it: explicit defaults only, no zero values. */
export const CRD_DIALECT: Dialect = { ...V3, zeroDefaults: false };

interface Served {
  pkg: Package;
  kind: StructDecl;
  resource: ResourceFacts;
}

/** The component schemas of one kind's definition closure, in a dialect. */
export function kindComponents(
  model: Model,
  pkg: Package,
  kind: string,
  dialect: Dialect = CRD_DIALECT,
): {
  root: string;
  components: Record<string, Schema>;
} {
  const defs = new DefinitionSet(new ModelIndex(model), dialect, registeredKinds(model));
  const ref = { kind: "named" as const, pkg: pkg.path, name: kind };
  defs.ref(ref);
  return { root: defs.nameOf(ref), components: defs.definitions() };
}

/** The structural schema of one kind, as its CRD carries it. */
export function crdSchema(model: Model, pkg: Package, kind: string): Schema {
  const { root, components } = kindComponents(model, pkg, kind);
  return structuralSchema(components, root);
}

function versionOrder(a: Served, b: Served): number {
  // Kubernetes' version priority: GA before beta before alpha, higher numbers first.
  const rank = (v: string): [number, number, number] => {
    const m = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(v);
    if (!m) return [3, 0, 0];
    const stage = m[2] === undefined ? 0 : m[2] === "beta" ? 1 : 2;
    return [stage, -Number(m[1]), -Number(m[3] ?? 0)];
  };
  const [x, y] = [rank(a.pkg.groupVersion!.version), rank(b.pkg.groupVersion!.version)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

function storageVersion(served: Served[]): string {
  if (served.length === 1) return served[0]!.pkg.groupVersion!.version;
  const marked = served.filter((s) => s.resource.storageVersion);
  const where = `${served[0]!.resource.plural}.${served[0]!.pkg.groupVersion!.group}`;
  if (marked.length !== 1) {
    throw new Error(
      `${where} is served in ${served.length} versions; tag exactly one kind +kubebuilder:storageversion (tagged: ${marked.length})`,
    );
  }
  return marked[0]!.pkg.groupVersion!.version;
}

export function customResourceDefinition(model: Model, served: Served[]): Record<string, Json> {
  const sorted = [...served].sort(versionOrder);
  const first = sorted[0]!;
  const { group } = first.pkg.groupVersion!;
  const r = first.resource;
  const storage = storageVersion(sorted);
  const names: Record<string, Json> = { kind: r.kind, listKind: r.listKind, plural: r.plural, singular: r.singular };
  if (r.shortNames.length) names.shortNames = [...r.shortNames];
  if (r.categories.length) names.categories = [...r.categories];
  const versions = sorted.map(({ pkg, kind, resource }) => {
    const version = pkg.groupVersion!.version;
    const v: Record<string, Json> = { name: version };
    if (resource.printerColumns.length) {
      v.additionalPrinterColumns = resource.printerColumns.map((c) => {
        const col: Record<string, Json> = { jsonPath: c.jsonPath, name: c.name, type: c.type };
        if (c.description !== undefined) col.description = c.description;
        if (c.format !== undefined) col.format = c.format;
        if (c.priority !== undefined) col.priority = c.priority;
        return col;
      });
    }
    v.schema = { openAPIV3Schema: sortKeys(crdSchema(model, pkg, kind.name)) };
    v.served = true;
    v.storage = version === storage;
    const sub: Record<string, Json> = {};
    if (resource.subresources.includes("status")) sub.status = {};
    if (resource.scale) {
      const scale: Record<string, Json> = {
        specReplicasPath: resource.scale.specReplicasPath,
        statusReplicasPath: resource.scale.statusReplicasPath,
      };
      if (resource.scale.labelSelectorPath) scale.labelSelectorPath = resource.scale.labelSelectorPath;
      sub.scale = scale;
    }
    if (Object.keys(sub).length) v.subresources = sub;
    return v;
  });
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `${r.plural}.${group}` },
    spec: { group, names, scope: r.namespaced ? "Namespaced" : "Cluster", versions },
  };
}

/** The resources of CRD-enabled packages, grouped by `<group>/<plural>`. */
export function crdResources(model: Model): Map<string, Served[]> {
  const byResource = new Map<string, Served[]>();
  for (const pkg of model.packages) {
    if (pkg.external || !pkg.crd || !pkg.groupVersion) continue;
    for (const t of pkg.types) {
      if (t.kind !== "struct" || !t.resource) continue;
      const key = `${pkg.groupVersion.group}/${t.resource.plural}`;
      byResource.set(key, [...(byResource.get(key) ?? []), { pkg, kind: t, resource: t.resource }]);
    }
  }
  return byResource;
}

export const crdEmitter: Emitter = {
  name: "crd",
  emit(model: Model): GeneratedFile[] {
    return [...crdResources(model)].map(([key, served]) => {
      const [group, plural] = key.split("/") as [string, string];
      const doc = customResourceDefinition(model, served);
      return {
        path: `crds/${group}_${plural}.yaml`,
        content: `${header("#")}---\n${kubectlYaml(doc)}`,
      };
    });
  },
};
