/**
 * The REST storage of one served version of a custom resource: a generic store over JSON at
 * `/registry/<group>/<plural>/`, shared by every version (conversion None: objects are stored
 * with the storage version's apiVersion and read back with the requested one, defaults applied
 * on read as upstream), pruning with fieldValidation's unknown-field reporting on writes, and
 * the status and scale subresources.
 */
import type { ResourceInfo, Scheme } from "../../runtime/scheme.js";
import { newBadRequest, newMethodNotSupported, StatusError } from "../../runtime/rest/errors.js";
import { unknownFieldMessages } from "../endpoints/field-validation.js";
import type { ObjectCodec } from "../registry/codec.js";
import type { KubeObject, RESTStorage, RequestContext, WriteOptions } from "../registry/rest.js";
import { GenericStore } from "../registry/store.js";
import type { Storage } from "../storage/interface.js";
import type { CRDVersion, CRDView } from "../registry/resources/customresourcedefinitions/crd.js";
import { customResourceApplySchema } from "./apply-schema.js";
import { applyDefaults, hasDefaults } from "../registry/schema/defaults.js";
import { pruneObject } from "../registry/schema/prune.js";
import { scaleSubresource } from "../registry/scale.js";
import { convertingStorage } from "./conversion/serve.js";
import { webhookConverter } from "./conversion/webhook.js";
import { customResourceStrategy } from "./strategy.js";
import { copyJSON } from "../../runtime/deepcopy.js";

const utf8 = new TextEncoder();
const fromUtf8 = new TextDecoder();

export interface CustomResourceStorageOptions {
  storage: Storage;
  scheme: Scheme;
  crd: CRDView;
  version: CRDVersion;
  /** Whether the CRD is being deleted (creates are refused then). */
  terminating: () => boolean;
  /** Serve watches and lists from a watch cache, as upstream serves custom resources (close() stops it). */
  watchCache?: boolean;
  bookmarkIntervalMs?: number;
}

/** A served version's storage, and how to stop its watch cache when it is uninstalled or replaced. */
export interface CustomResourceStorage {
  rest: RESTStorage;
  close(): void;
}

/** The resource facts discovery and the endpoint layer read, from the CRD's accepted names. */
export function resourceInfoOf(crd: CRDView, version: CRDVersion): ResourceInfo {
  const names = crd.acceptedNames;
  const subresources: string[] = [];
  if (version.status) subresources.push("status");
  if (version.scale) subresources.push("scale");
  return {
    plural: names.plural,
    singular: names.singular,
    kind: names.kind,
    listKind: names.listKind,
    namespaced: crd.namespaced,
    shortNames: names.shortNames,
    categories: names.categories,
    verbs: ["create", "delete", "deletecollection", "get", "list", "patch", "update", "watch"],
    subresources,
    printerColumns: version.printerColumns,
  };
}

/** A generic store whose codec converts between the storage version and its own (conversion None). */
class CustomResourceStore extends GenericStore {
  constructor(
    options: ConstructorParameters<typeof GenericStore>[0],
    storageApiVersion: string,
    defaultsSchema: CRDVersion["schema"] | undefined,
  ) {
    super(options);
    const apiVersion = `${options.group}/${options.version}`;
    const codec: ObjectCodec = {
      name: "json",
      encode: (obj) => utf8.encode(JSON.stringify(obj.apiVersion === storageApiVersion ? obj : { ...obj, apiVersion: storageApiVersion })),
      decode: (bytes) => {
        const obj = JSON.parse(fromUtf8.decode(bytes)) as KubeObject;
        obj.apiVersion = apiVersion;
        if (defaultsSchema) applyDefaults(obj, defaultsSchema);
        return obj;
      },
    };
    (this as { codec: ObjectCodec }).codec = codec;
  }
}

/** Drops unknown fields of a written body, failing (Strict) or warning (Warn, the default) about them. */
function pruneBody(obj: KubeObject, version: CRDVersion, kind: string, ctx: RequestContext, opts: WriteOptions): KubeObject {
  const copy = copyJSON(obj);
  const pruned = pruneObject(copy, version.schema);
  if (pruned.length === 0) return copy;
  const messages = unknownFieldMessages(pruned);
  const directive = opts.fieldValidation ?? "Warn";
  // As upstream's unstructured decoder words it for custom resources.
  if (directive === "Strict")
    throw newBadRequest(
      `${kind} in version ${JSON.stringify(version.name)} cannot be handled as a ${kind}: strict decoding error: ${messages.join(", ")}`,
    );
  if (directive === "Warn") ctx.warnings.push(...messages);
  return copy;
}

/** fieldValidation for a merge patch: its unknown fields fail (Strict) or warn (Warn) as a body's do. */
function checkMergePatch(body: Uint8Array, version: CRDVersion, kind: string, ctx: RequestContext, opts: WriteOptions): void {
  if ((opts.fieldValidation ?? "Warn") === "Ignore") return;
  let patch: unknown;
  try {
    patch = JSON.parse(fromUtf8.decode(body));
  } catch {
    return; // the store reports a malformed patch
  }
  if (typeof patch !== "object" || patch === null || Array.isArray(patch)) return;
  pruneBody(patch as KubeObject, version, kind, ctx, opts);
}

/** The REST storage of one served version. */
export function customResourceStorage(options: CustomResourceStorageOptions): CustomResourceStorage {
  const { crd, version } = options;
  const storageVersion = crd.versions.find((v) => v.storage)?.name ?? version.name;
  const info = resourceInfoOf(crd, version);
  const strategies = customResourceStrategy(version, crd.namespaced, info.kind);
  const store = new CustomResourceStore(
    {
      storage: options.storage,
      scheme: options.scheme,
      group: crd.group,
      version: version.name,
      info,
      strategy: strategies.strategy,
      subresourceStrategies: strategies.status ? { status: strategies.status } : {},
      encoding: "json",
      patchSchema: null,
      applySchema: customResourceApplySchema(version.schema),
      watchCache: options.watchCache === true,
      ...(options.bookmarkIntervalMs !== undefined ? { bookmarkIntervalMs: options.bookmarkIntervalMs } : {}),
    },
    `${crd.group}/${storageVersion}`,
    hasDefaults(version.schema) ? version.schema : undefined,
  );
  const subresources: Record<string, RESTStorage> = { ...store.subresources };
  if (version.scale) subresources.scale = scaleSubresource(store, version.scale);
  const rest: RESTStorage = {
    info,
    group: crd.group,
    version: version.name,
    patchTypes: store.patchTypes,
    subresources,
    create: (ctx, obj, opts = {}) => {
      if (options.terminating()) {
        const err = newMethodNotSupported({ group: crd.group, resource: info.plural }, "create");
        throw new StatusError({ ...err.status, message: "create not allowed while custom resource definition is terminating" });
      }
      return store.create(ctx, pruneBody(obj, version, info.kind, ctx, opts), opts);
    },
    update: (ctx, name, obj, opts = {}) => store.update(ctx, name, pruneBody(obj, version, info.kind, ctx, opts), opts),
    get: (ctx, name, opts) => store.get(ctx, name, opts),
    list: (ctx, opts) => store.list(ctx, opts),
    watch: (ctx, opts) => store.watch(ctx, opts),
    patch: (ctx, name, type, body, opts = {}) => {
      // A merge patch has the object's shape: its unknown fields are the object's to be.
      if (type === "merge") checkMergePatch(body, version, info.kind, ctx, opts);
      return store.patch(ctx, name, type, body, opts);
    },
    delete: (ctx, name, opts) => store.delete(ctx, name, opts),
    deleteCollection: (ctx, opts, listOpts) => store.deleteCollection(ctx, opts, listOpts),
  };
  if (crd.conversion.strategy === "Webhook" && version.name !== storageVersion) {
    // Objects live at the storage version; this version reaches them through the webhook.
    const stored = customResourceStorage({ ...options, version: crd.versions.find((v) => v.storage)!, watchCache: false });
    const converter = webhookConverter(crd.conversion.clientConfig ?? {}, info.kind);
    return {
      rest: convertingStorage(rest, stored.rest, converter, `${crd.group}/${version.name}`, `${crd.group}/${storageVersion}`),
      close: () => {
        store.stopWatchCache();
        stored.close();
      },
    };
  }
  return { rest, close: () => store.stopWatchCache() };
}
