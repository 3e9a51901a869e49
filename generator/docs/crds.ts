/**
 * CustomResourceDefinition manifests as a schema set: each served version's `openAPIV3Schema`
 * becomes a definition named as the apiserver publishes it (`com.example.stable.v1.CronTab`),
 * with a list kind beside it, the REST operations the apiserver serves for it, and what the CRD
 * says besides the schema (names, scope, printer columns, subresources, versions).
 */
import fs from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { commonParameter } from "./parameters.js";
import type { GroupVersionKind, Operation, Parameter, PrinterColumn, ResourceFacts, Schema } from "./schema-set.js";

type Json = Record<string, unknown>;

export interface CrdVersion {
  name: string;
  served?: boolean;
  storage?: boolean;
  deprecated?: boolean;
  deprecationWarning?: string;
  schema?: { openAPIV3Schema?: Schema };
  subresources?: { status?: unknown; scale?: ResourceFacts["scale"] };
  additionalPrinterColumns?: PrinterColumn[];
}

export interface Crd {
  metadata?: { name?: string };
  spec: {
    group: string;
    scope: "Namespaced" | "Cluster";
    names: { kind: string; plural: string; singular?: string; listKind?: string; shortNames?: string[]; categories?: string[] };
    versions: CrdVersion[];
  };
}

export interface CrdSource {
  crds: Crd[];
  files: string[];
}

const META = "io.k8s.apimachinery.pkg.apis.meta.v1";
const ref = (definition: string): Schema => ({ $ref: `#/definitions/${definition}` });

function manifestFiles(input: string): string[] {
  if (!fs.existsSync(input)) throw new Error(`--crds: no such file or folder: ${input}`);
  if (fs.statSync(input).isFile()) return [input];
  return fs
    .readdirSync(input, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .map((f) => path.join(input, f))
    .sort();
}

function isCrd(doc: unknown): doc is Crd {
  const d = doc as Json | null;
  return (
    !!d &&
    d["kind"] === "CustomResourceDefinition" &&
    typeof d["apiVersion"] === "string" &&
    String(d["apiVersion"]).startsWith("apiextensions.k8s.io/")
  );
}

/** Every CRD in the given files or folders (multi-document YAML, JSON, or a `List` of them). */
export function readCrds(inputs: readonly string[]): CrdSource {
  const crds: Crd[] = [];
  const files: string[] = [];
  for (const input of inputs) {
    for (const file of manifestFiles(path.resolve(input))) {
      const docs = YAML.parseAllDocuments(fs.readFileSync(file, "utf8"));
      let found = false;
      for (const doc of docs) {
        if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
        const value = doc.toJS() as unknown;
        const items = (value as Json | null)?.["kind"] === "List" ? (((value as Json)["items"] as unknown[]) ?? []) : [value];
        for (const item of items) {
          if (!isCrd(item)) continue;
          const problem = crdProblem(item);
          if (problem) throw new Error(`${file}: CustomResourceDefinition ${item.metadata?.name ?? "?"}: ${problem}`);
          crds.push(v1beta1ToV1(item));
          found = true;
        }
      }
      if (found) files.push(file);
    }
  }
  return { crds, files };
}

function crdProblem(crd: Crd): string | undefined {
  const spec = crd.spec as Partial<Crd["spec"]> | undefined;
  if (!spec?.group) return "spec.group is missing";
  if (!spec.names?.kind || !spec.names.plural) return "spec.names.kind and spec.names.plural are required";
  if (!Array.isArray(spec.versions) && !(spec as Json)["version"]) return "spec.versions is missing";
  return undefined;
}

/** apiextensions.k8s.io/v1beta1 kept one schema, subresources and columns for all versions. */
function v1beta1ToV1(crd: Crd): Crd {
  const spec = crd.spec as Crd["spec"] & Json;
  const versions: CrdVersion[] = Array.isArray(spec.versions)
    ? spec.versions
    : [{ name: String(spec["version"]), served: true, storage: true }];
  const shared = {
    schema: spec["validation"] as CrdVersion["schema"] | undefined,
    subresources: spec["subresources"] as CrdVersion["subresources"] | undefined,
    additionalPrinterColumns: (spec["additionalPrinterColumns"] as (PrinterColumn & { JSONPath?: string })[] | undefined)?.map((c) => ({
      ...c,
      jsonPath: c.jsonPath ?? c.JSONPath ?? "",
    })),
  };
  return {
    ...crd,
    spec: {
      ...spec,
      scope: spec.scope ?? "Namespaced",
      versions: versions.map((v) => ({
        ...v,
        schema: v.schema ?? shared.schema,
        subresources: v.subresources ?? shared.subresources,
        additionalPrinterColumns: v.additionalPrinterColumns ?? shared.additionalPrinterColumns,
      })),
    },
  };
}

/** `stable.example.com` -> `com.example.stable`, the package the apiserver publishes it under. */
export function crdPackage(group: string, version: string): string {
  return `${group.split(".").reverse().join(".")}.${version}`;
}

/** `stable.example.com` + `v1` -> `StableExampleComV1`, as upstream's operation ids spell it. */
function gvWord(group: string, version: string): string {
  return [...group.split(/[.-]/), version].map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : "")).join("");
}

/**
 * A CRD's schema with what the apiserver adds: `apiVersion`, `kind` and `metadata` are always
 * there, and metadata is an ObjectMeta whatever the CRD wrote.
 */
function kindSchema(crd: Crd, version: CrdVersion, gvk: GroupVersionKind): Schema {
  const given = version.schema?.openAPIV3Schema ?? { type: "object", "x-kubernetes-preserve-unknown-fields": true };
  const props = given.properties ?? {};
  const properties: Record<string, Schema> = {
    apiVersion: props["apiVersion"] ?? {
      type: "string",
      description: "APIVersion defines the versioned schema of this representation of an object.",
    },
    kind: props["kind"] ?? { type: "string", description: "Kind is a string value representing the REST resource this object represents." },
    metadata: { ...ref(`${META}.ObjectMeta`), description: props["metadata"]?.description ?? "Standard object metadata." },
    ...Object.fromEntries(Object.entries(props).filter(([k]) => !["apiVersion", "kind", "metadata"].includes(k))),
  };
  return {
    ...given,
    description: given.description ?? `${crd.spec.names.kind} is the Schema for the ${crd.spec.names.plural} API.`,
    type: "object",
    properties,
    "x-kubernetes-group-version-kind": [gvk],
  };
}

function listSchema(kindDefinition: string, gvk: GroupVersionKind): Schema {
  return {
    description: `${gvk.kind} is a list of ${gvk.kind.replace(/List$/, "")} objects.`,
    type: "object",
    required: ["items"],
    properties: {
      apiVersion: { type: "string", description: "APIVersion defines the versioned schema of this representation of an object." },
      kind: { type: "string", description: "Kind is a string value representing the REST resource this object represents." },
      metadata: { ...ref(`${META}.ListMeta`), description: "Standard list metadata." },
      items: { type: "array", items: ref(kindDefinition), description: "The objects in the list." },
    },
    "x-kubernetes-group-version-kind": [gvk],
  };
}

const LIST_PARAMS = [
  "allowWatchBookmarks",
  "continue",
  "fieldSelector",
  "labelSelector",
  "limit",
  "resourceVersion",
  "resourceVersionMatch",
  "sendInitialEvents",
  "timeoutSeconds",
  "watch",
];
const WRITE_PARAMS = ["dryRun", "fieldManager", "fieldValidation"];
const DELETE_PARAMS = [
  "dryRun",
  "gracePeriodSeconds",
  "ignoreStoreReadErrorWithClusterBreakingPotential",
  "orphanDependents",
  "propagationPolicy",
];
const PATCH_TYPES = ["application/json-patch+json", "application/merge-patch+json", "application/apply-patch+yaml"];
const UNAUTHORIZED = { code: "401", description: "Unauthorized" };

/** The REST operations the apiserver serves for one version of a CRD. */
function crdOperations(crd: Crd, version: CrdVersion, kindDef: string, listDef: string, gvk: GroupVersionKind): Operation[] {
  const { group, scope, names } = crd.spec;
  const namespaced = scope === "Namespaced";
  const base = `/apis/${group}/${version.name}`;
  const collection = namespaced ? `${base}/namespaces/{namespace}/${names.plural}` : `${base}/${names.plural}`;
  const item = `${collection}/{name}`;
  const word = gvWord(group, version.name);
  const ns = namespaced ? "Namespaced" : "";
  const pathParam = (name: string, what: string): Parameter => ({
    name,
    in: "path",
    required: true,
    description: what,
    schema: { type: "string" },
  });
  const nsParam = namespaced ? [pathParam("namespace", "object name and auth scope, such as for teams and projects")] : [];
  const nameParam = pathParam("name", `name of the ${names.kind}`);
  const q = (list: string[]): Parameter[] => [...list, "pretty"].sort().map(commonParameter);
  const obj = ref(kindDef);
  const status = ref(`${META}.Status`);
  const op = (
    method: string,
    p: string,
    id: string,
    action: string,
    description: string,
    params: Parameter[],
    responses: Operation["responses"],
    body?: Schema,
    consumes: string[] = [],
  ): Operation => ({
    method,
    path: p,
    operationId: id,
    action,
    gvk,
    description,
    parameters: params,
    body,
    responses: [...responses, UNAUTHORIZED],
    consumes,
  });
  const kind = names.kind;
  const ops: Operation[] = [
    op(
      "GET",
      collection,
      `list${word}${ns}${kind}`,
      "list",
      `list or watch objects of kind ${kind}`,
      [...nsParam, ...q(LIST_PARAMS)],
      [{ code: "200", description: "OK", schema: ref(listDef) }],
    ),
    op(
      "POST",
      collection,
      `create${word}${ns}${kind}`,
      "post",
      `create a ${kind}`,
      [...nsParam, ...q(WRITE_PARAMS)],
      [
        { code: "200", description: "OK", schema: obj },
        { code: "201", description: "Created", schema: obj },
        { code: "202", description: "Accepted", schema: obj },
      ],
      obj,
    ),
    op(
      "DELETE",
      collection,
      `delete${word}Collection${ns}${kind}`,
      "deletecollection",
      `delete collection of ${kind}`,
      [...nsParam, ...q([...new Set([...LIST_PARAMS.filter((p) => p !== "watch" && p !== "allowWatchBookmarks"), ...DELETE_PARAMS])])],
      [{ code: "200", description: "OK", schema: status }],
      ref(`${META}.DeleteOptions`),
    ),
    op(
      "GET",
      item,
      `read${word}${ns}${kind}`,
      "get",
      `read the specified ${kind}`,
      [nameParam, ...nsParam, ...q(["resourceVersion"])],
      [{ code: "200", description: "OK", schema: obj }],
    ),
    op(
      "PUT",
      item,
      `replace${word}${ns}${kind}`,
      "put",
      `replace the specified ${kind}`,
      [nameParam, ...nsParam, ...q(WRITE_PARAMS)],
      [
        { code: "200", description: "OK", schema: obj },
        { code: "201", description: "Created", schema: obj },
      ],
      obj,
    ),
    op(
      "PATCH",
      item,
      `patch${word}${ns}${kind}`,
      "patch",
      `partially update the specified ${kind}`,
      [nameParam, ...nsParam, ...q([...WRITE_PARAMS, "force"])],
      [
        { code: "200", description: "OK", schema: obj },
        { code: "201", description: "Created", schema: obj },
      ],
      ref(`${META}.Patch`),
      PATCH_TYPES,
    ),
    op(
      "DELETE",
      item,
      `delete${word}${ns}${kind}`,
      "delete",
      `delete a ${kind}`,
      [nameParam, ...nsParam, ...q(DELETE_PARAMS)],
      [
        { code: "200", description: "OK", schema: status },
        { code: "202", description: "Accepted", schema: status },
      ],
      ref(`${META}.DeleteOptions`),
    ),
  ];
  if (namespaced) {
    ops.push(
      op(
        "GET",
        `${base}/${names.plural}`,
        `list${word}${kind}ForAllNamespaces`,
        "list",
        `list or watch objects of kind ${kind} in every namespace`,
        q(LIST_PARAMS),
        [{ code: "200", description: "OK", schema: ref(listDef) }],
      ),
    );
  }
  const sub = (name: string, schema: Schema, what: string): void => {
    const word2 = name[0]!.toUpperCase() + name.slice(1);
    const p = `${item}/${name}`;
    ops.push(
      op(
        "GET",
        p,
        `read${word}${ns}${kind}${word2}`,
        "get",
        `read ${what} of the specified ${kind}`,
        [nameParam, ...nsParam, ...q(["resourceVersion"])],
        [{ code: "200", description: "OK", schema }],
      ),
      op(
        "PUT",
        p,
        `replace${word}${ns}${kind}${word2}`,
        "put",
        `replace ${what} of the specified ${kind}`,
        [nameParam, ...nsParam, ...q(WRITE_PARAMS)],
        [
          { code: "200", description: "OK", schema },
          { code: "201", description: "Created", schema },
        ],
        schema,
      ),
      op(
        "PATCH",
        p,
        `patch${word}${ns}${kind}${word2}`,
        "patch",
        `partially update ${what} of the specified ${kind}`,
        [nameParam, ...nsParam, ...q([...WRITE_PARAMS, "force"])],
        [
          { code: "200", description: "OK", schema },
          { code: "201", description: "Created", schema },
        ],
        ref(`${META}.Patch`),
        PATCH_TYPES,
      ),
    );
  };
  if (version.subresources && "status" in version.subresources) sub("status", obj, "status");
  if (version.subresources?.scale) sub("scale", ref("io.k8s.api.autoscaling.v1.Scale"), "scale");
  return ops;
}

export interface CrdSchemas {
  schemas: Map<string, Schema>;
  operations: Operation[];
  resources: Map<string, ResourceFacts>;
}

/** Definitions, operations and facts for every version of every CRD. */
export function crdSchemas(crds: readonly Crd[]): CrdSchemas {
  const schemas = new Map<string, Schema>();
  const operations: Operation[] = [];
  const resources = new Map<string, ResourceFacts>();
  for (const crd of crds) {
    const { group, names, scope } = crd.spec;
    for (const version of crd.spec.versions) {
      const pkg = crdPackage(group, version.name);
      const gvk = { group, version: version.name, kind: names.kind };
      const listKind = names.listKind ?? `${names.kind}List`;
      const kindDef = `${pkg}.${names.kind}`;
      const listDef = `${pkg}.${listKind}`;
      schemas.set(kindDef, kindSchema(crd, version, gvk));
      schemas.set(listDef, listSchema(kindDef, { ...gvk, kind: listKind }));
      if (version.served !== false) operations.push(...crdOperations(crd, version, kindDef, listDef, gvk));
      const subresources = [
        ...(version.subresources && "status" in version.subresources ? ["status"] : []),
        ...(version.subresources?.scale ? ["scale"] : []),
      ];
      resources.set(`${group}/${version.name}/${names.kind}`, {
        plural: names.plural,
        singular: names.singular ?? names.kind.toLowerCase(),
        shortNames: names.shortNames ?? [],
        categories: names.categories ?? [],
        scope,
        printerColumns: version.additionalPrinterColumns ?? [],
        subresources,
        scale: version.subresources?.scale ?? undefined,
        served: version.served !== false,
        storage: version.storage === true,
        deprecated: version.deprecated === true,
        deprecationWarning: version.deprecationWarning,
        crd: crd.metadata?.name ?? `${names.plural}.${group}`,
      });
    }
  }
  return { schemas, operations, resources };
}
