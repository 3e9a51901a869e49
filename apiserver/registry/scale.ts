/**
 * The scale subresource over a generic store: autoscaling/v1 Scale read from and written to the
 * replicas paths a scale spec names. Custom resources (a CRD's subresources.scale) and
 * compiled-in groups (`+kubebuilder:subresource:scale`) both serve it.
 */
import type { ScaleInfo } from "../../runtime/scheme.js";
import { newBadRequest, newNotFound } from "../../runtime/rest/errors.js";
import { applyPatch, parsePatch } from "./patch/index.js";
import type { KubeObject, RESTStorage, RequestContext, WriteOptions } from "./rest.js";
import type { GenericStore } from "./store.js";
import { fieldErrors, FieldPath, invalidError } from "./validation/field.js";

/** Reads a `.a.b` path (what scale paths and printer columns use). */
export function readPath(obj: unknown, path: string): unknown {
  let cur = obj;
  for (const p of path.replace(/^\./, "").split(".")) {
    if (typeof cur !== "object" || cur === null || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

/** Writes a `.a.b` path, creating objects on the way. */
export function writePath(obj: Record<string, unknown>, path: string, value: unknown): void {
  const parts = path.replace(/^\./, "").split(".");
  let cur = obj;
  for (const p of parts.slice(0, -1)) {
    const next = cur[p];
    if (typeof next !== "object" || next === null || Array.isArray(next)) cur[p] = {};
    cur = cur[p] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]!] = value;
}

/** The Scale view of an object. */
export function scaleOf(obj: KubeObject, scale: ScaleInfo, selectorOf?: (obj: KubeObject) => string): KubeObject {
  const meta = obj.metadata ?? {};
  const metadata: KubeObject["metadata"] = { name: meta.name };
  if (meta.namespace) metadata.namespace = meta.namespace;
  metadata.uid = meta.uid;
  metadata.resourceVersion = meta.resourceVersion;
  metadata.creationTimestamp = meta.creationTimestamp;
  const specReplicas = readPath(obj, scale.specReplicasPath);
  const statusReplicas = readPath(obj, scale.statusReplicasPath);
  const status: Record<string, unknown> = { replicas: typeof statusReplicas === "number" ? statusReplicas : 0 };
  if (selectorOf) {
    // Built-in workloads derive the selector string from spec.selector.
    const selector = selectorOf(obj);
    if (selector !== "") status.selector = selector;
  } else if (scale.labelSelectorPath) {
    const selector = readPath(obj, scale.labelSelectorPath);
    if (typeof selector === "string" && selector !== "") status.selector = selector;
  }
  return {
    kind: "Scale",
    apiVersion: "autoscaling/v1",
    metadata,
    spec: { replicas: typeof specReplicas === "number" ? specReplicas : 0 },
    status,
  };
}

/** The `scale` subresource storage of `store`. */
export function scaleSubresource(store: GenericStore, scale: ScaleInfo, selectorOf?: (obj: KubeObject) => string): RESTStorage {
  const update = async (
    ctx: RequestContext,
    name: string,
    body: KubeObject,
    opts: WriteOptions,
  ): Promise<{ object: KubeObject; created: boolean }> => {
    const replicas = (body.spec as { replicas?: unknown } | undefined)?.replicas;
    if (typeof replicas !== "number" || !Number.isInteger(replicas) || replicas < 0) {
      throw invalidError({ group: "autoscaling", kind: "Scale" }, name, [
        fieldErrors.invalid(FieldPath.of("spec", "replicas"), replicas ?? null, "must be greater than or equal to 0"),
      ]);
    }
    const rv = body.metadata?.resourceVersion;
    const { object } = await store.updateWith(ctx, name, {
      transform: (existing) => {
        if (!existing) throw newNotFound({ group: store.group, resource: store.info.plural }, name);
        const obj = existing;
        // A Scale without resourceVersion updates unconditionally, as upstream.
        if (rv) obj.metadata = { ...obj.metadata, resourceVersion: rv };
        writePath(obj, scale.specReplicasPath, replicas);
        return obj;
      },
      strategy: store.strategy,
      allowCreate: false,
      dryRun: opts.dryRun === true,
      uidPrecondition: false,
      warnings: ctx.warnings,
      fieldManager: opts.fieldManager || "kubectl",
      subresource: "scale",
    });
    return { object: scaleOf(object, scale, selectorOf), created: false };
  };
  return {
    info: { ...store.info, kind: "Scale" },
    group: "autoscaling",
    version: "v1",
    // Built-in kinds' Scale is a compiled type: strategic merge patches reach it too (Scale has no lists, so it merges as a merge patch).
    patchTypes: selectorOf ? ["json", "merge", "strategic"] : ["json", "merge"],
    get: async (ctx, name, opts) => scaleOf(await store.get(ctx, name, opts), scale, selectorOf),
    update: (ctx, name, obj, opts = {}) => update(ctx, name, obj, opts),
    patch: async (ctx, name, type, body, opts = {}) => {
      const strategic = type === "strategic" && selectorOf !== undefined;
      if (type !== "json" && type !== "merge" && !strategic)
        throw newBadRequest(`patch type ${type} is not supported for the scale subresource`);
      const current = scaleOf(await store.get(ctx, name, {}), scale, selectorOf);
      const patched = applyPatch(parsePatch(strategic ? "merge" : type, body), current, undefined);
      return update(ctx, name, patched, opts);
    },
  };
}
