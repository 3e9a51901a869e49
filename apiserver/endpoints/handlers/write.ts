/**
 * The writing verbs: create (201), update (200, or 201 when it created), patch (the body and
 * its patch type go to storage as they are) and delete / deletecollection. Each decodes and
 * checks its input, runs admission, then calls the storage.
 */
import { newBadRequest, newInvalid } from "../../../runtime/rest/errors.js";
import type { AdmissionAttributes, Operation } from "../../admission/interface.js";
import { auditRecordOf, logsBodies } from "../../audit/record.js";
import type { KubeObject, PatchType } from "../../registry/rest.js";
import { negotiateInput, negotiateOutput, wantsPretty, type OutputMediaType } from "../negotiation.js";
import { parseDeleteOptions, parseWriteOptions, listOnly, type ParsedListOptions } from "../query.js";
import type { APIRequest } from "../request-context.js";
import { resourceRestrictions, tableOptionsFor, transformObject, writeObject } from "../responses.js";
import type { ResponseWriter } from "../response-writer.js";
import { DecodeError, decodeBody, decodeYAML } from "../serializers.js";
import { parseJSONText } from "../../registry/patch/json-text.js";
import { newStatusError, successStatus } from "../status.js";
import { decodeResourceBody, ensureNamespace, readBody, wipeSystemFields } from "./body.js";
import { restContext, type RequestScope } from "./scope.js";

function admissionAttributes(
  req: APIRequest,
  scope: RequestScope,
  operation: Operation,
  name: string,
  object: KubeObject | undefined,
  dryRun: boolean,
): AdmissionAttributes {
  const { group, version, info } = scope.resource;
  // As upstream's create handler: a namespace's own name is its admission namespace.
  const namespace = info.namespaced ? scope.namespace : group === "" && info.plural === "namespaces" ? name : "";
  const attrs: AdmissionAttributes = {
    operation,
    kind: { group, version, kind: info.kind },
    resource: { group, version, resource: info.plural },
    subresource: scope.subresource,
    namespace,
    name,
    dryRun,
    user: req.user,
  };
  if (object) attrs.object = object;
  return attrs;
}

function respond(req: APIRequest, res: ResponseWriter, scope: RequestScope, media: OutputMediaType, code: number, obj: KubeObject): void {
  const out = transformObject(obj, media, scope.resource.printer, tableOptionsFor(req, media));
  writeObject(scope.deps.scheme, res, code, out, media, wantsPretty(req.url, req.raw.headers["user-agent"]));
}

export async function createHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const options = parseWriteOptions(req.url.searchParams, "CreateOptions");
  const { object } = await decodeResourceBody(req, scope, options);
  wipeSystemFields(object);
  ensureNamespace(object, scope);
  const name = scope.name || object.metadata?.name || "";
  await scope.deps.admission.run(admissionAttributes(req, scope, "CREATE", name, object, options.dryRun ?? false), req);
  const created = await scope.storage.create!(restContext(req, scope), object, options);
  respond(req, res, scope, media, 201, created);
}

export async function updateHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const options = parseWriteOptions(req.url.searchParams, "UpdateOptions");
  const { object } = await decodeResourceBody(req, scope, options);
  const objName = object.metadata?.name ?? "";
  if (objName !== scope.name) {
    throw newBadRequest(`the name of the object (${objName}) does not match the name on the URL (${scope.name})`);
  }
  const objNamespace = object.metadata?.namespace ?? "";
  if (scope.resource.info.namespaced && objNamespace !== "" && objNamespace !== scope.namespace) {
    throw newBadRequest(`the namespace of the object (${objNamespace}) does not match the namespace on the request (${scope.namespace})`);
  }
  ensureNamespace(object, scope);
  await scope.deps.admission.run(admissionAttributes(req, scope, "UPDATE", scope.name, object, options.dryRun ?? false), req);
  const { object: updated, created } = await scope.storage.update!(restContext(req, scope), scope.name, object, options);
  respond(req, res, scope, media, created ? 201 : 200, updated);
}

const PATCH_TYPES: Readonly<Record<string, PatchType>> = {
  "application/json-patch+json": "json",
  "application/merge-patch+json": "merge",
  "application/strategic-merge-patch+json": "strategic",
  "application/apply-patch+yaml": "apply",
};

/** The shape each patch type must have; a body that does not parse is a 400 here, never a 500 below. */
function checkPatchSyntax(type: PatchType, body: Buffer): void {
  if (type === "apply") {
    try {
      decodeYAML(body);
    } catch (err) {
      if (err instanceof DecodeError) throw newBadRequest(`error decoding YAML: ${err.message}`);
      throw err;
    }
    return;
  }
  // Upstream's strategic patch decode reports the JSON error alone; the others prefix it.
  const prefix = type === "strategic" ? "" : "error decoding patch: ";
  const parsed = parseJSONText(body.toString("utf8"));
  if (!parsed.ok) throw newBadRequest(`${prefix}${parsed.message}`);
  const value = parsed.value;
  if (type === "json" && !Array.isArray(value)) {
    throw newBadRequest("json: cannot unmarshal object into Go value of type jsonpatch.Patch");
  }
  if (type !== "json" && (typeof value !== "object" || value === null || Array.isArray(value))) {
    const what = Array.isArray(value) ? "array" : value === null ? "null" : typeof value === "boolean" ? "bool" : typeof value;
    throw newBadRequest(`${prefix}json: cannot unmarshal ${what} into Go value of type map[string]interface {}`);
  }
}

export async function patchHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const contentType = (req.raw.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  const type = PATCH_TYPES[contentType];
  if (!type) {
    throw newStatusError(
      415,
      "UnsupportedMediaType",
      `the body of the request was in an unknown format - accepted media types include: ${Object.keys(PATCH_TYPES).join(", ")}`,
    );
  }
  const options = parseWriteOptions(req.url.searchParams, "PatchOptions");
  if (type === "apply" && !options.fieldManager) {
    throw newInvalid({ group: "meta.k8s.io", kind: "PatchOptions" }, "", [
      { reason: "FieldValueRequired", field: "fieldManager", message: "Required value: is required for apply patch" },
    ]);
  }
  if (type !== "apply" && options.force !== undefined) {
    throw newInvalid({ group: "meta.k8s.io", kind: "PatchOptions" }, "", [
      { reason: "FieldValueForbidden", field: "force", message: "Forbidden: may not be specified for non-apply patch" },
    ]);
  }
  const body = await readBody(req, scope.deps.maxRequestBodyBytes);
  checkPatchSyntax(type, body);
  logRequestPatch(req, type, body);
  await scope.deps.admission.run(admissionAttributes(req, scope, "UPDATE", scope.name, undefined, options.dryRun ?? false), req);
  const { object, created } = await scope.storage.patch!(restContext(req, scope), scope.name, type, body, options);
  respond(req, res, scope, media, created ? 201 : 200, object);
}

/** At Request level and above, a patch is the request object its audit event carries (as upstream's LogRequestPatch). */
function logRequestPatch(req: APIRequest, type: PatchType, body: Buffer): void {
  if (!logsBodies(req)) return;
  const record = auditRecordOf(req)!;
  if (type === "apply") {
    record.requestObject = decodeYAML(body);
    return;
  }
  const parsed = parseJSONText(body.toString("utf8"));
  if (parsed.ok) record.requestObject = parsed.value;
}

/** A DeleteOptions body, in any of the three formats; empty bodies are fine. */
async function readDeleteBody(req: APIRequest, scope: RequestScope): Promise<Record<string, unknown> | undefined> {
  const body = await readBody(req, scope.deps.maxRequestBodyBytes);
  if (body.length === 0) return undefined;
  const format = negotiateInput(req.raw.headers["content-type"]);
  let obj: Record<string, unknown>;
  try {
    obj = decodeBody(scope.deps.scheme, body, format);
  } catch (err) {
    if (err instanceof DecodeError)
      throw newBadRequest(`the object provided is unrecognized (must be of type DeleteOptions): ${err.message}`);
    throw err;
  }
  if (obj.kind !== undefined && obj.kind !== "DeleteOptions") {
    throw newBadRequest(
      `${String(obj.kind)} in version ${JSON.stringify(String(obj.apiVersion ?? ""))} cannot be handled as a DeleteOptions: unknown conversion`,
    );
  }
  // As upstream: DeleteOptions sent in a body are the request object of the audit event.
  if (logsBodies(req)) auditRecordOf(req)!.requestObject = obj;
  return obj;
}

export async function deleteHandler(req: APIRequest, res: ResponseWriter, scope: RequestScope): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const options = parseDeleteOptions(req.url.searchParams, await readDeleteBody(req, scope));
  await scope.deps.admission.run(admissionAttributes(req, scope, "DELETE", scope.name, undefined, options.dryRun ?? false), req);
  const { object } = await scope.storage.delete!(restContext(req, scope), scope.name, options);
  const result: KubeObject = object ?? (successStatus({ name: scope.name, kind: scope.resource.info.plural }) as unknown as KubeObject);
  respond(req, res, scope, media, 200, result);
}

export async function deleteCollectionHandler(
  req: APIRequest,
  res: ResponseWriter,
  scope: RequestScope,
  listOptions: ParsedListOptions,
): Promise<void> {
  const media = negotiateOutput(req.raw.headers.accept, resourceRestrictions);
  const options = parseDeleteOptions(req.url.searchParams, await readDeleteBody(req, scope));
  const list = await scope.storage.deleteCollection!(restContext(req, scope), options, listOnly(listOptions));
  if (!Array.isArray(list.items)) list.items = [];
  const out = transformObject(list, media, scope.resource.printer, tableOptionsFor(req, media));
  writeObject(scope.deps.scheme, res, 200, out, media, wantsPretty(req.url, req.raw.headers["user-agent"]));
}
