/**
 * `serviceaccounts/<name>/token` (TokenRequest): a signed, audience- and time-bound token for
 * the ServiceAccount, optionally bound to a Pod, Secret or Node (then it dies with that object).
 */
import { newBadRequest, newNotFound } from "../../../../runtime/rest/errors.js";
import type { ResourceInfo } from "../../../../runtime/scheme.js";
import type { BoundObject, ObjectGetter, ServiceAccountTokens } from "../../../auth/serviceaccount.js";
import { fieldErrors, FieldPath, invalidError } from "../../validation/field.js";
import type { KubeObject, RESTStorage } from "../../rest.js";

const info: ResourceInfo = {
  plural: "serviceaccounts",
  singular: "",
  kind: "TokenRequest",
  listKind: "",
  namespaced: true,
  shortNames: [],
  categories: [],
  verbs: ["create"],
  subresources: [],
  printerColumns: [],
};

/** Upstream's bounds: at least 10 minutes, at most `--service-account-max-token-expiration` (default 48 h here). */
const MIN_SECONDS = 600;

export function tokenRequestStorage(tokens: ServiceAccountTokens, getObject: ObjectGetter, maxSeconds = 48 * 3600): RESTStorage {
  return {
    info,
    group: "authentication.k8s.io",
    version: "v1",
    async create(ctx, obj): Promise<KubeObject> {
      const ns = ctx.namespace ?? "";
      const name = ctx.name ?? "";
      const spec = (obj.spec ?? {}) as {
        audiences?: string[];
        expirationSeconds?: number;
        boundObjectRef?: { kind?: string; apiVersion?: string; name?: string; uid?: string };
      };
      const seconds = spec.expirationSeconds ?? 3600;
      if (!Number.isInteger(seconds) || seconds < MIN_SECONDS) {
        throw invalidError({ group: "authentication.k8s.io", kind: "TokenRequest" }, name, [
          fieldErrors.invalid(FieldPath.of("spec", "expirationSeconds"), seconds, "may not specify a duration less than 10 minutes"),
        ]);
      }
      const sa = await getObject("ServiceAccount", ns, name);
      if (!sa) throw newNotFound({ group: "", resource: "serviceaccounts" }, name);
      let bound: BoundObject | undefined;
      if (spec.boundObjectRef) {
        const ref = spec.boundObjectRef;
        if (ref.kind !== "Pod" && ref.kind !== "Secret" && ref.kind !== "Node") {
          throw newBadRequest(
            `cannot bind token for serviceaccount "${name}" to object of type ${ref.apiVersion ?? ""}, Kind=${ref.kind ?? ""}`,
          );
        }
        const target = await getObject(ref.kind, ref.kind === "Node" ? "" : ns, ref.name ?? "");
        if (!target) throw newNotFound({ group: "", resource: `${ref.kind.toLowerCase()}s` }, ref.name ?? "");
        if (ref.uid && ref.uid !== target.metadata?.uid) {
          throw newBadRequest(
            `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
          );
        }
        bound = { kind: ref.kind, name: ref.name ?? "", uid: target.metadata?.uid ?? "" };
      }
      const audiences = spec.audiences && spec.audiences.length > 0 ? spec.audiences : [...tokens.apiAudiences];
      const expirationSeconds = Math.min(seconds, maxSeconds);
      const { token, expiresAt } = await tokens.issue({
        namespace: ns,
        serviceAccount: { name, uid: sa.metadata?.uid ?? "" },
        audiences,
        expirationSeconds,
        ...(bound && { boundObject: bound }),
      });
      return {
        apiVersion: "authentication.k8s.io/v1",
        kind: "TokenRequest",
        metadata: { name, namespace: ns, creationTimestamp: undefined },
        spec: { ...spec, audiences, expirationSeconds },
        status: { token, expirationTimestamp: expiresAt.toISOString().replace(/\.\d{3}Z$/, "Z") },
      };
    },
  };
}
