/**
 * `serviceaccounts/<name>/token` (TokenRequest): a signed, audience- and time-bound token for
 * the ServiceAccount, optionally bound to a Pod, Secret or Node (then it dies with that object).
 * Expiry is capped by `--service-account-max-token-expiration` (with a warning), and extended
 * for pods' projected tokens by `--service-account-extend-token-expiration`, as upstream.
 */
import { newBadRequest, newConflict, newNotFound } from "../../../../runtime/rest/errors.js";
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

/** ValidateTokenRequest's bounds. */
const MIN_SECONDS = 600;
const MAX_SECONDS = 2 ** 32;
/** What the kubelet asks for a projected token; such pod-bound tokens get extended (upstream's WarnOnlyBoundTokenExpirationSeconds). */
export const WARN_ONLY_BOUND_TOKEN_SECONDS = 3607;
/** How long an extended token really lives: a year (upstream's ExpirationExtensionSeconds). */
export const EXPIRATION_EXTENSION_SECONDS = 365 * 24 * 3600;

const GK = { group: "authentication.k8s.io", kind: "TokenRequest" };

export function tokenRequestStorage(tokens: ServiceAccountTokens, getObject: ObjectGetter): RESTStorage {
  const maxSeconds = tokens.requests.maxExpirationSeconds ?? 0;
  const extend = tokens.requests.extendExpiration ?? true;
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
      const meta = obj.metadata ?? {};
      if (meta.name && meta.name !== name)
        throw invalidError(GK, name, [
          fieldErrors.invalid(FieldPath.of("metadata", "name"), meta.name, "must match the service account name if specified"),
        ]);
      if (meta.namespace && meta.namespace !== ns)
        throw invalidError(GK, name, [
          fieldErrors.invalid(
            FieldPath.of("metadata", "namespace"),
            meta.namespace,
            "must match the service account namespace if specified",
          ),
        ]);
      // As upstream: the account is looked up first (a missing one is a 404 whatever the spec says).
      const sa = await getObject("ServiceAccount", ns, name);
      if (!sa) throw newNotFound({ group: "", resource: "serviceaccounts" }, name);
      const audiences = spec.audiences && spec.audiences.length > 0 ? spec.audiences : [...tokens.apiAudiences];
      let seconds = spec.expirationSeconds ?? 3600;
      const problems = [];
      if (!Number.isInteger(seconds) || seconds < MIN_SECONDS)
        problems.push(
          fieldErrors.invalid(FieldPath.of("spec", "expirationSeconds"), seconds, "may not specify a duration less than 10 minutes"),
        );
      if (seconds > MAX_SECONDS)
        problems.push(
          fieldErrors.invalid(FieldPath.of("spec", "expirationSeconds"), seconds, "may not specify a duration larger than 2^32 seconds"),
        );
      if (problems.length > 0) throw invalidError(GK, "", problems);

      let bound: BoundObject | undefined;
      if (spec.boundObjectRef) {
        const ref = spec.boundObjectRef;
        const [group, version] = (ref.apiVersion ?? "").includes("/") ? (ref.apiVersion ?? "").split("/") : ["", ref.apiVersion ?? ""];
        if (group !== "" || (ref.kind !== "Pod" && ref.kind !== "Secret" && ref.kind !== "Node")) {
          throw newBadRequest(
            `cannot bind token for serviceaccount "${name}" to object of type ${group}/${version}, Kind=${ref.kind ?? ""}`,
          );
        }
        const target = (await getObject(ref.kind, ref.kind === "Node" ? "" : ns, ref.name ?? "")) as KubeObject | undefined;
        if (!target) throw newNotFound({ group: "", resource: `${ref.kind.toLowerCase()}s` }, ref.name ?? "");
        if (ref.kind === "Pod" && ((target.spec as { serviceAccountName?: string } | undefined)?.serviceAccountName ?? "") !== name) {
          throw newBadRequest(`cannot bind token for serviceaccount "${name}" to pod running with different serviceaccount name.`);
        }
        if (ref.uid && ref.uid !== target.metadata?.uid) {
          throw newConflict(
            { group: "", resource: ref.kind },
            ref.name ?? "",
            `the UID in the bound object reference (${ref.uid}) does not match the UID in record. The object might have been deleted and then recreated`,
          );
        }
        bound = { kind: ref.kind, name: ref.name ?? "", uid: target.metadata?.uid ?? "" };
      }
      if (maxSeconds > 0 && seconds > maxSeconds) {
        ctx.warnings.push(`requested expiration of ${seconds} seconds shortened to ${maxSeconds} seconds`);
        seconds = maxSeconds;
      }
      // Projected tokens of pods (the kubelet asks for 3607 s) live a year, warned about after
      // the hour, so that clients that never reload their token keep working while they are found.
      const extended =
        extend &&
        bound?.kind === "Pod" &&
        seconds === WARN_ONLY_BOUND_TOKEN_SECONDS &&
        audiences.every((a) => tokens.apiAudiences.includes(a));
      const issuedAt = Date.now();
      const { token } = await tokens.issue({
        namespace: ns,
        serviceAccount: { name, uid: sa.metadata?.uid ?? "" },
        audiences,
        expirationSeconds: extended ? EXPIRATION_EXTENSION_SECONDS : seconds,
        ...(extended && { warnAfterSeconds: seconds }),
        ...(bound && { boundObject: bound }),
      });
      // The status gives the expiry asked for, not the extension: clients refresh on it.
      const expiresAt = new Date(issuedAt + seconds * 1000);
      return {
        apiVersion: "authentication.k8s.io/v1",
        kind: "TokenRequest",
        metadata: { name, namespace: ns, creationTimestamp: new Date(issuedAt).toISOString().replace(/\.\d{3}Z$/, "Z") },
        spec: { ...spec, audiences, expirationSeconds: seconds },
        status: { token, expirationTimestamp: expiresAt.toISOString().replace(/\.\d{3}Z$/, "Z") },
      };
    },
  };
}
