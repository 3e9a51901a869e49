/**
 * Serving a non-storage version of a CRD whose conversion is a webhook: every object is stored
 * at the storage version (through that version's storage) and converted by the webhook on the
 * way in and out; patches are applied to the object as the requested version sees it.
 */
import { StatusError } from "../../../runtime/rest/errors.js";
import { applyPatch, parsePatch } from "../../registry/patch/index.js";
import type { KubeObject, RESTStorage, RequestContext, WatchEvent } from "../../registry/rest.js";
import type { Converter } from "./webhook.js";

export function convertingStorage(
  base: RESTStorage,
  storage: RESTStorage,
  converter: Converter,
  apiVersion: string,
  storageAPIVersion: string,
): RESTStorage {
  const one = async (ctx: RequestContext, o: KubeObject, to: string): Promise<KubeObject> =>
    (await converter.convert([o], to, ctx.signal))[0]!;
  const toServed = (ctx: RequestContext, o: KubeObject): Promise<KubeObject> => one(ctx, o, apiVersion);
  const toStored = (ctx: RequestContext, o: KubeObject): Promise<KubeObject> =>
    one(ctx, { ...o, apiVersion: o.apiVersion ?? apiVersion }, storageAPIVersion);
  const rest: RESTStorage = {
    ...base,
    create: async (ctx, obj, opts) => toServed(ctx, await storage.create!(ctx, await toStored(ctx, obj), opts)),
    update: async (ctx, name, obj, opts) => {
      const r = await storage.update!(ctx, name, await toStored(ctx, obj), opts);
      return { ...r, object: await toServed(ctx, r.object) };
    },
    get: async (ctx, name, opts) => toServed(ctx, await storage.get!(ctx, name, opts)),
    list: async (ctx, opts) => {
      const l = await storage.list!(ctx, opts);
      return { ...l, apiVersion, items: await converter.convert(l.items, apiVersion, ctx.signal) };
    },
    watch: (ctx, opts) => {
      const events = storage.watch!(ctx, opts);
      return (async function* (): AsyncIterable<WatchEvent> {
        for await (const e of events) {
          if (e.type === "ADDED" || e.type === "MODIFIED" || e.type === "DELETED")
            yield { type: e.type, object: await toServed(ctx, e.object) };
          else yield e;
        }
      })();
    },
    patch: async (ctx, name, type, body, opts) => {
      if (type !== "json" && type !== "merge") {
        throw new StatusError({
          kind: "Status",
          apiVersion: "v1",
          metadata: {},
          status: "Failure",
          code: 415,
          reason: "UnsupportedMediaType",
          message: `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json`,
        });
      }
      const current = await toServed(ctx, await storage.get!(ctx, name, {}));
      const patched = applyPatch(parsePatch(type, body), current, undefined);
      const r = await storage.update!(ctx, name, await toStored(ctx, patched), { ...opts });
      return { ...r, object: await toServed(ctx, r.object) };
    },
    delete: async (ctx, name, opts) => {
      const r = await storage.delete!(ctx, name, opts);
      return r.object.apiVersion === storageAPIVersion ? { ...r, object: await toServed(ctx, r.object) } : r;
    },
  };
  return rest;
}
