/**
 * OpenAPI for custom resources: the served CRDs' schemas (with apiVersion, kind, metadata and
 * x-kubernetes-group-version-kind, as upstream's builder adds them) merged into /openapi/v2 (JSON
 * and protobuf) and served as /openapi/v3/apis/<group>/<version> documents listed in the
 * /openapi/v3 index, so `kubectl explain` and kubectl's validation see them. Other OpenAPI
 * requests pass through.
 */
import { createHash } from "node:crypto";
import { openapiV3, readOpenAPIDocument } from "../../generated/openapi/index.js";
import { parseAccept } from "../endpoints/negotiation.js";
import { OPENAPI_V2_PROTOBUF, type OpenAPIDocuments } from "../endpoints/openapi.js";
import { encodeOpenAPIV2Document } from "../endpoints/openapi-v2-protobuf.js";
import { nonResourceFilter, type Filter, type Handler } from "../endpoints/request-context.js";
import type { CRDController } from "./controller.js";
import type { CRDVersion, CRDView } from "../registry/resources/customresourcedefinitions/crd.js";
import { isObject, type JSONSchemaProps } from "../registry/schema/types.js";
import { copyJSON } from "../../runtime/deepcopy.js";

type Obj = Record<string, unknown>;

const META = "io.k8s.apimachinery.pkg.apis.meta.v1";

/** `stable.example.com` -> `com.example.stable`, upstream's definition name prefix. */
function reverseGroup(group: string): string {
  return group.split(".").reverse().join(".");
}

export function definitionName(group: string, version: string, kind: string): string {
  return `${reverseGroup(group)}.${version}.${kind}`;
}

/** The schema as OpenAPI v2 can say it: no nullable, no junctors, int-or-string without a type. */
function toV2(s: JSONSchemaProps): Obj {
  const out: Obj = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "nullable" || k === "anyOf" || k === "oneOf" || k === "not" || k === "allOf") continue;
    if (k === "properties" && isObject(v))
      out.properties = Object.fromEntries(Object.entries(v).map(([p, c]) => [p, toV2(c as JSONSchemaProps)]));
    else if (k === "items" && isObject(v)) out.items = toV2(v);
    else if (k === "additionalProperties" && isObject(v)) out.additionalProperties = toV2(v);
    else out[k] = v;
  }
  if (s["x-kubernetes-int-or-string"]) delete out.type;
  return out;
}

function resourceSchema(crd: CRDView, version: CRDVersion, v3: boolean, ref: (name: string) => string): Obj {
  const base = copyJSON(v3 ? (version.schema as Obj) : toV2(version.schema));
  const props = (isObject(base.properties) ? base.properties : {}) as Obj;
  const metaRef = v3 ? { allOf: [{ $ref: ref(`${META}.ObjectMeta`) }], default: {} } : { $ref: ref(`${META}.ObjectMeta`) };
  base.properties = {
    apiVersion: {
      description:
        "APIVersion defines the versioned schema of this representation of an object. Servers should convert recognized schemas to the latest internal value, and may reject unrecognized values. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#resources",
      type: "string",
    },
    kind: {
      description:
        "Kind is a string value representing the REST resource this object represents. Servers may infer this from the endpoint the client submits requests to. Cannot be updated. In CamelCase. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
      type: "string",
    },
    metadata: {
      description:
        "Standard object's metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#metadata",
      ...metaRef,
    },
    ...Object.fromEntries(Object.entries(props).filter(([k]) => k !== "apiVersion" && k !== "kind" && k !== "metadata")),
  };
  base.type = "object";
  base["x-kubernetes-group-version-kind"] = [{ group: crd.group, kind: crd.acceptedNames.kind, version: version.name }];
  return base;
}

function listSchema(crd: CRDView, version: CRDVersion, v3: boolean, ref: (name: string) => string): Obj {
  const item = { $ref: ref(definitionName(crd.group, version.name, crd.acceptedNames.kind)) };
  const listMeta = v3 ? { allOf: [{ $ref: ref(`${META}.ListMeta`) }], default: {} } : { $ref: ref(`${META}.ListMeta`) };
  return {
    description: `${crd.acceptedNames.listKind} is a list of ${crd.acceptedNames.kind}`,
    type: "object",
    required: ["items"],
    properties: {
      apiVersion: { description: "APIVersion defines the versioned schema of this representation of an object.", type: "string" },
      items: {
        description: `List of ${crd.acceptedNames.plural}. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md`,
        type: "array",
        items: item,
      },
      kind: { description: "Kind is a string value representing the REST resource this object represents.", type: "string" },
      metadata: {
        description:
          "Standard list metadata. More info: https://git.k8s.io/community/contributors/devel/sig-architecture/api-conventions.md#types-kinds",
        ...listMeta,
      },
    },
    "x-kubernetes-group-version-kind": [{ group: crd.group, kind: crd.acceptedNames.listKind, version: version.name }],
  };
}

function paths(crd: CRDView, version: CRDVersion, ref: (name: string) => string, v3: boolean): Obj {
  const n = crd.acceptedNames;
  const base = `/apis/${crd.group}/${version.name}/${crd.namespaced ? "namespaces/{namespace}/" : ""}${n.plural}`;
  const body = (name: string): Obj =>
    v3
      ? { content: { "application/json": { schema: { $ref: ref(name) } } }, description: "OK" }
      : { description: "OK", schema: { $ref: ref(name) } };
  const gvk = { group: crd.group, kind: n.kind, version: version.name };
  const param = (name: string, where: string, description: string, required = false): Obj =>
    v3
      ? { name, in: where, description, ...(required ? { required } : {}), schema: { type: "string", uniqueItems: true } }
      : { name, in: where, description, ...(required ? { required } : {}), type: "string", uniqueItems: true };
  // What writes accept; kubectl looks for fieldValidation here before validating on the server.
  const writeParams = [
    param("dryRun", "query", "When present, indicates that modifications should not be persisted."),
    param("fieldManager", "query", "fieldManager is a name associated with the actor or entity that is making these changes."),
    param(
      "fieldValidation",
      "query",
      "fieldValidation instructs the server on how to handle objects in the request containing unknown or duplicate fields: Ignore, Warn or Strict.",
    ),
  ];
  const op = (verb: string, action: string, response: string, parameters: Obj[] = []): Obj => ({
    operationId: `${verb}${n.kind}`,
    ...(parameters.length > 0 ? { parameters } : {}),
    responses: { "200": body(response) },
    "x-kubernetes-action": action,
    "x-kubernetes-group-version-kind": gvk,
  });
  const scope = crd.namespaced ? [param("namespace", "path", "object name and auth scope, such as for teams and projects", true)] : [];
  const kindDef = definitionName(crd.group, version.name, n.kind);
  const listDef = definitionName(crd.group, version.name, n.listKind);
  return {
    [base]: { parameters: scope, get: op("list", "list", listDef), post: op("create", "post", kindDef, writeParams) },
    [`${base}/{name}`]: {
      parameters: [param("name", "path", `name of the ${n.kind}`, true), ...scope],
      get: op("read", "get", kindDef),
      put: op("replace", "put", kindDef, writeParams),
      patch: op("patch", "patch", kindDef, [...writeParams, param("force", "query", 'Force is going to "force" Apply requests.')]),
      delete: op("delete", "delete", `${META}.Status`),
    },
  };
}

interface Built {
  body: Buffer;
  etag: string;
  hash: string;
}

const V2_PROTOBUF_SUBTYPES = ["com.github.proto-openapi.spec.v2@v1.0+protobuf", "com.github.proto-openapi.spec.v2.v1.0+protobuf"];

/** Whether /openapi/v2's Accept picks gnostic's protobuf (first matching clause, best first); undefined when nothing matches. */
function v2WantsProtobuf(accept: string | undefined): boolean | undefined {
  for (const range of parseAccept(accept || "*/*")) {
    if (range.type !== "application" && range.type !== "*") continue;
    if (range.subtype === "*" || range.subtype === "json") return false;
    if (V2_PROTOBUF_SUBTYPES.includes(range.subtype)) return true;
  }
  return undefined;
}

function built(doc: unknown): Built {
  const body = Buffer.from(JSON.stringify(doc));
  const hash = createHash("sha512").update(body).digest("hex").toUpperCase();
  return { body, hash, etag: JSON.stringify(hash) };
}

/** The OpenAPI documents of the served CRDs, rebuilt when the controller's set changes. */
export class CustomResourceOpenAPI {
  private generation = -1;
  private v2: Built | undefined;
  private v2Protobuf: Built | undefined;
  private v3 = new Map<string, Built>();
  private metaV3: Obj | undefined;

  /** `base`: the documents served without CRDs (the built-in API's and compiled-in groups'). */
  constructor(
    private readonly controller: CRDController,
    private readonly base: OpenAPIDocuments,
  ) {}

  private refresh(): void {
    if (this.generation === this.controller.generation && this.v2) return;
    this.generation = this.controller.generation;
    const crds = this.controller.served();
    const swagger = this.base.swagger() as { definitions: Obj; paths: Obj };
    const ref2 = (name: string): string => `#/definitions/${name}`;
    const ref3 = (name: string): string => `#/components/schemas/${name}`;
    this.metaV3 ??= this.loadMetaV3();
    const byGV = new Map<string, { schemas: Obj; paths: Obj }>();
    for (const crd of crds) {
      for (const version of crd.versions.filter((v) => v.served)) {
        swagger.definitions[definitionName(crd.group, version.name, crd.acceptedNames.kind)] = resourceSchema(crd, version, false, ref2);
        swagger.definitions[definitionName(crd.group, version.name, crd.acceptedNames.listKind)] = listSchema(crd, version, false, ref2);
        Object.assign(swagger.paths, paths(crd, version, ref2, false));
        const key = `apis/${crd.group}/${version.name}`;
        const doc = byGV.get(key) ?? { schemas: { ...this.metaV3 }, paths: {} };
        doc.schemas[definitionName(crd.group, version.name, crd.acceptedNames.kind)] = resourceSchema(crd, version, true, ref3);
        doc.schemas[definitionName(crd.group, version.name, crd.acceptedNames.listKind)] = listSchema(crd, version, true, ref3);
        Object.assign(doc.paths, paths(crd, version, ref3, true));
        byGV.set(key, doc);
      }
    }
    this.v2 = built(swagger);
    this.v2Protobuf = undefined;
    this.v3 = new Map();
    for (const [key, doc] of byGV) {
      this.v3.set(
        key,
        built({
          openapi: "3.0.0",
          info: { title: "Kubernetes CRD Swagger", version: "v0.1.0" },
          paths: doc.paths,
          components: { schemas: doc.schemas },
        }),
      );
    }
  }

  private loadMetaV3(): Obj {
    const doc = openapiV3["apis/apiextensions.k8s.io/v1"] ?? Object.values(openapiV3)[0];
    if (!doc) return {};
    const schemas = (JSON.parse(readOpenAPIDocument(doc)) as { components: { schemas: Obj } }).components.schemas;
    return Object.fromEntries(Object.entries(schemas).filter(([k]) => k.startsWith(`${META}.`)));
  }

  /** Serves /openapi/v2 and the CRD documents under /openapi/v3 in front of the generated ones. */
  filter(): Filter {
    return nonResourceFilter((next) => this.serve(next));
  }

  private serve(next: Handler): Handler {
    return async (req, res) => {
      const path = req.url.pathname;
      if (req.info.isResourceRequest || !path.startsWith("/openapi/") || (req.raw.method ?? "GET") !== "GET") return next(req, res);
      if (this.controller.served().length === 0) return next(req, res);
      const accept = req.raw.headers.accept ?? "";
      if (path === "/openapi/v2") {
        const protobuf = v2WantsProtobuf(accept);
        if (protobuf === undefined) return next(req, res);
        this.refresh();
        if (!protobuf) return send(req, res, this.v2!);
        // The protobuf form keeps the JSON's ETag, as the generated document's does.
        this.v2Protobuf ??= { ...this.v2!, body: Buffer.from(encodeOpenAPIV2Document(JSON.parse(this.v2!.body.toString("utf8")) as Obj)) };
        return send(req, res, this.v2Protobuf, OPENAPI_V2_PROTOBUF);
      }
      if (accept !== "" && accept.split(",").every((a) => a.includes("protobuf"))) return next(req, res);
      this.refresh();
      if (path === "/openapi/v3" || path === "/openapi/v3/") {
        const paths = this.base.v3Index().paths;
        for (const [p, d] of this.v3) paths[p] = { serverRelativeURL: `/openapi/v3/${p}?hash=${d.hash}` };
        res.send(200, "application/json", Buffer.from(JSON.stringify({ paths })));
        return;
      }
      const key = path.slice("/openapi/v3/".length);
      const doc = this.v3.get(key);
      if (!doc) return next(req, res);
      const hash = req.url.searchParams.get("hash");
      if (hash !== null && hash !== doc.hash) {
        res.writeHead(301, { Location: `/openapi/v3/${key}?hash=${doc.hash}` });
        res.end();
        return;
      }
      return send(req, res, doc);
    };
  }
}

function send(
  req: Parameters<ReturnType<Filter>>[0],
  res: Parameters<ReturnType<Filter>>[1],
  doc: Built,
  contentType = "application/json",
): void {
  const headers = { ETag: doc.etag, Vary: "Accept" };
  if (req.raw.headers["if-none-match"] === doc.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  res.send(200, contentType, doc.body, headers);
}
