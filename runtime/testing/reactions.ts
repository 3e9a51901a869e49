/** The default reactors of a fake clientset: every verb served from the object tracker, as client-go's ObjectReaction. */
import { isNotFound, newBadRequest, newInternalError } from "../rest/errors.js";
import type { WatchEvent } from "../rest/watch.js";
import type { Action } from "./actions.js";
import type { Reaction, ReactionFunc, WatchReactionFunc } from "./fake.js";
import type { ObjectTracker, TrackedObject } from "./object-tracker.js";
import { applyJsonPatch, applyMergePatch, type JsonPatchOperation } from "./patch.js";

function decodePatch(data: unknown): unknown {
  if (typeof data === "string") return JSON.parse(data);
  if (data instanceof Uint8Array) return JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("utf8"));
  return data;
}

/** Applies a patch of any of the four kinds to the stored object (absent: only an apply may create). */
function patched(existing: TrackedObject | undefined, action: Action): TrackedObject {
  const patch = decodePatch(action.patch);
  switch (action.patchType) {
    case "application/json-patch+json":
      if (!Array.isArray(patch)) throw newBadRequest("a JSON patch must be an array of operations");
      return applyJsonPatch(existing, patch as JsonPatchOperation[]) as TrackedObject;
    // Without the schema's merge keys a strategic merge patch merges as a JSON merge patch does:
    // maps merge, lists are replaced. Enough for the fields tests usually patch.
    case "application/merge-patch+json":
    case "application/strategic-merge-patch+json":
    case "application/apply-patch+yaml":
      return applyMergePatch(existing ?? {}, patch) as TrackedObject;
    default:
      throw newBadRequest(`unsupported patch type ${JSON.stringify(action.patchType)}`);
  }
}

function handled(fn: () => unknown): Reaction {
  try {
    return { handled: true, ret: fn() };
  } catch (err) {
    return { handled: true, err };
  }
}

/** Serves get, list, create, update, delete, delete-collection and patch from `tracker`. */
export function objectReaction(tracker: ObjectTracker): ReactionFunc {
  return (action) => {
    const { resource: gvr, namespace: ns } = action;
    switch (action.verb) {
      case "get":
        return handled(() => tracker.get(gvr, ns, action.name ?? ""));
      case "list":
        return handled(() => {
          const { items, resourceVersion } = tracker.list(gvr, ns, action.listOptions);
          const k = action.kind;
          const apiVersion = k === undefined ? undefined : k.group === "" ? k.version : `${k.group}/${k.version}`;
          return { ...(k && { apiVersion, kind: k.kind }), metadata: { resourceVersion }, items };
        });
      case "create":
        // A create on a subresource (an eviction, a token request) leaves the object alone.
        if (action.subresource !== "") return { handled: true, ret: action.object };
        return handled(() => tracker.create(gvr, action.object, ns));
      case "update":
        return handled(() => tracker.update(gvr, action.object, ns));
      case "delete":
        return handled(() => {
          tracker.delete(gvr, ns, action.name ?? "", action.deleteOptions?.preconditions ?? {});
        });
      case "delete-collection":
        return handled(() => {
          for (const obj of tracker.list(gvr, ns, action.listOptions).items) {
            tracker.delete(gvr, obj.metadata?.namespace ?? "", obj.metadata?.name ?? "");
          }
        });
      case "patch":
        return handled(() => {
          const name = action.name ?? "";
          let existing: TrackedObject | undefined;
          try {
            existing = tracker.get(gvr, ns, name);
          } catch (err) {
            if (!isNotFound(err) || action.patchType !== "application/apply-patch+yaml") throw err;
          }
          const next = patched(existing, action);
          if (typeof next !== "object" || next === null) throw newInternalError("the patch did not produce an object");
          if (existing === undefined) return tracker.create(gvr, next, ns);
          return tracker.update(gvr, next, ns);
        });
      default:
        return undefined;
    }
  };
}

/** Serves watches from `tracker`'s event stream. */
export function watchReaction(tracker: ObjectTracker): WatchReactionFunc {
  return (action) => {
    const o = action.listOptions ?? {};
    const watch = tracker.watch(action.resource, action.namespace, {
      ...(o.resourceVersion !== undefined && { resourceVersion: o.resourceVersion }),
      ...(o.labelSelector !== undefined && { labelSelector: o.labelSelector }),
      ...(o.fieldSelector !== undefined && { fieldSelector: o.fieldSelector }),
      ...(action.signal !== undefined && { signal: action.signal }),
    });
    return { handled: true, watch: watch as AsyncIterable<WatchEvent<unknown>> };
  };
}
