/**
 * What the writing verbs (create.ts, update.ts, patch.ts, delete.ts) share: the admission they
 * hand to the storage and the response they write.
 */
import type { AdmissionAttributes, AdmissionChain, Operation } from "../../admission/interface.js";
import type { KubeObject, WriteAdmission } from "../../registry/rest.js";
import { wantsPretty, type OutputMediaType } from "../negotiation.js";
import type { APIRequest } from "../request-context.js";
import { tableOptionsFor, transformObject, writeObject } from "../responses.js";
import type { ResponseWriter } from "../response-writer.js";
import type { RequestScope } from "./scope.js";

/** The meta/v1 options object admission sees (`request.options` of an AdmissionReview). */
export function optionsObject(kind: string, opts: object): Record<string, unknown> {
  const out: Record<string, unknown> = { kind, apiVersion: "meta.k8s.io/v1" };
  // for-in over the options (plain objects): Object.entries made an array per key per write.
  for (const k in opts) {
    const v = (opts as Record<string, unknown>)[k];
    if (k === "admission" || v === undefined) continue;
    if (k === "dryRun") {
      if (v) out[k] = ["All"];
      else delete out[k];
    } else {
      out[k] = v;
    }
  }
  return out;
}

type ScopeResource = RequestScope["resource"];

/** Admission's kind and resource of an endpoint's resource: made once, frozen, shared by its writes. */
const kindsAndResources = new WeakMap<ScopeResource, Pick<AdmissionAttributes, "kind" | "resource">>();

function kindAndResource(r: ScopeResource): Pick<AdmissionAttributes, "kind" | "resource"> {
  let out = kindsAndResources.get(r);
  if (out === undefined) {
    const { group, version, info } = r;
    out = {
      kind: Object.freeze({ group, version, kind: info.kind }),
      resource: Object.freeze({ group, version, resource: info.plural }),
    };
    kindsAndResources.set(r, out);
  }
  return out;
}

function attributesFor(
  req: APIRequest,
  scope: RequestScope,
  operation: Operation,
  name: string,
  options: Record<string, unknown>,
  obj: KubeObject | undefined,
  old: KubeObject | undefined,
): AdmissionAttributes {
  const { group, info } = scope.resource;
  // As upstream's create handler: a namespace's own name is its admission namespace.
  const namespace = info.namespaced ? scope.namespace : group === "" && info.plural === "namespaces" ? name : "";
  const { kind, resource } = kindAndResource(scope.resource);
  const attrs: AdmissionAttributes = {
    operation,
    kind,
    resource,
    subresource: scope.subresource,
    namespace,
    // A generated name is known only once the storage made it.
    name: name || obj?.metadata?.name || "",
    dryRun: Array.isArray(options.dryRun),
    user: req.user,
    options,
  };
  if (obj) attrs.object = obj;
  if (old) attrs.oldObject = old;
  return attrs;
}

/**
 * The admission a storage runs inside its write. A class, not closures: every write makes one,
 * and its methods are shared (tsx names each closure it makes per call, which costs as much).
 */
class StorageAdmission implements WriteAdmission {
  constructor(
    private readonly chain: AdmissionChain,
    private readonly req: APIRequest,
    private readonly scope: RequestScope,
    private readonly operation: Operation,
    private readonly name: string,
    private readonly options: Record<string, unknown>,
  ) {}

  mutate(obj: KubeObject | undefined, old: KubeObject | undefined): Promise<void> | undefined {
    return this.chain.admitNow(this.attributes(obj, old), this.req);
  }

  validate(obj: KubeObject | undefined, old: KubeObject | undefined): Promise<void> | undefined {
    return this.chain.validateNow(this.attributes(obj, old), this.req);
  }

  /** An update that creates is a CREATE. */
  private attributes(obj: KubeObject | undefined, old: KubeObject | undefined): AdmissionAttributes {
    const operation = this.operation !== "DELETE" && old === undefined ? "CREATE" : this.operation;
    return attributesFor(this.req, this.scope, operation, this.name, this.options, obj, old);
  }
}

/**
 * Runs admission for one write, as upstream: inside the storage's write when the storage
 * takes it (the new and the stored object, mutating before the strategy, validating after; an
 * update that creates is a CREATE), else here, before the storage, with the request's object.
 * Returns the options to pass to the storage: at once when the storage admits (no promise for
 * the caller to wait on), else once the chain ran.
 */
export function admitWrite<O extends { admission?: WriteAdmission }>(
  req: APIRequest,
  scope: RequestScope,
  operation: Operation,
  name: string,
  requestObject: KubeObject | undefined,
  opts: O,
  options: Record<string, unknown>,
): O | Promise<O> {
  const chain = scope.deps.admission;
  if (scope.storage.admitsWrites) return { ...opts, admission: new StorageAdmission(chain, req, scope, operation, name, options) };
  return chain.run(attributesFor(req, scope, operation, name, options, requestObject, undefined), req).then(() => opts);
}

export function respond(
  req: APIRequest,
  res: ResponseWriter,
  scope: RequestScope,
  media: OutputMediaType,
  code: number,
  obj: KubeObject,
): void {
  const out = transformObject(obj, media, scope.resource.printer, tableOptionsFor(req, media));
  writeObject(scope.deps.scheme, res, code, out, media, wantsPretty(req.url, req.raw.headers["user-agent"]));
}
