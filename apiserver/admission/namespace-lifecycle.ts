/**
 * NamespaceLifecycle: no new content in a namespace that does not exist or is being terminated,
 * and the system namespaces (`default`, `kube-system`, `kube-public`) can never be deleted.
 */
import { newForbidden, newNotFound } from "../../runtime/rest/errors.js";
import type { KubeObject } from "../registry/rest.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";

export const IMMORTAL_NAMESPACES: readonly string[] = ["default", "kube-system", "kube-public"];

/** Resources whose reviews answer questions and must not leak whether a namespace exists. */
const ACCESS_REVIEWS = new Set([
  "localsubjectaccessreviews",
  "subjectaccessreviews",
  "selfsubjectaccessreviews",
  "selfsubjectrulesreviews",
]);

/**
 * Reads a namespace, from the server's cache unless `live` (then from storage); undefined when it
 * does not exist.
 */
export type NamespaceGetter = (name: string, signal: AbortSignal, live: boolean) => Promise<KubeObject | undefined>;

/** How long after its delete a namespace is read live (upstream's forceLiveLookupTTL). */
const FORCE_LIVE_LOOKUP_MS = 30_000;

const isNamespace = (a: AdmissionAttributes): boolean => a.kind.group === "" && a.kind.kind === "Namespace";

export class NamespaceLifecycle implements AdmissionPlugin {
  readonly name = "NamespaceLifecycle";
  /** Namespaces known to exist and be active, with when that was read. */
  private readonly active = new Map<string, number>();
  /** Namespaces deleted through this server, with when: a cache may still show them active. */
  private readonly deleted = new Map<string, number>();

  constructor(
    private readonly getNamespace: NamespaceGetter,
    private readonly immortal: readonly string[] = IMMORTAL_NAMESPACES,
    /** How long an "active" answer is trusted (upstream trusts its informer, which lags too). */
    private readonly cacheMillis = 1000,
  ) {}

  /**
   * Synchronous up to the namespace's lookup: a write into a namespace seen active a moment ago
   * (most writes) gets no promise for the chain to wait on. A refusal is a rejection, as ever.
   */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.operation === "DELETE" && isNamespace(a) && this.immortal.includes(a.name)) {
      return Promise.reject(
        newForbidden({ group: a.resource.group, resource: a.resource.resource }, a.name, "this namespace may not be deleted"),
      );
    }
    if (isNamespace(a)) {
      // A namespace on its way out is looked up live for a while.
      if (a.operation === "DELETE") {
        this.active.delete(a.name);
        this.deleted.set(a.name, Date.now());
        if (this.deleted.size > 10_000) this.deleted.delete(this.deleted.keys().next().value!);
      }
      return;
    }
    if (a.namespace === "") return; // cluster-scoped content
    if (a.operation === "DELETE") return;
    if (a.resource.group === "authorization.k8s.io" && ACCESS_REVIEWS.has(a.resource.resource)) return;

    const seen = this.active.get(a.namespace);
    if (seen !== undefined && Date.now() - seen < this.cacheMillis) return;
    const deletedAt = this.deleted.get(a.namespace);
    const live = deletedAt !== undefined && Date.now() - deletedAt < FORCE_LIVE_LOOKUP_MS;
    if (deletedAt !== undefined && !live) this.deleted.delete(a.namespace);
    return this.validateIn(a, ctx, live);
  }

  /** The namespace looked up: the write refused when it is missing or terminating. */
  private async validateIn(a: AdmissionAttributes, ctx: AdmissionContext, live: boolean): Promise<void> {
    const ns = await this.getNamespace(a.namespace, ctx.signal, live);
    if (!ns) throw newNotFound({ group: "", resource: "namespaces" }, a.namespace);
    const phase = (ns.status as { phase?: string } | undefined)?.phase;
    const terminating = phase === "Terminating" || ns.metadata?.deletionTimestamp !== undefined;
    if (!terminating) {
      this.active.set(a.namespace, Date.now());
      return;
    }
    if (a.operation !== "CREATE") return;
    const err = newForbidden(
      { group: a.resource.group, resource: a.resource.resource },
      a.name,
      `unable to create new content in namespace ${a.namespace} because it is being terminated`,
    );
    const details = err.status.details ?? (err.status.details = {});
    details.causes = [
      ...(details.causes ?? []),
      { reason: "NamespaceTerminating", message: `namespace ${a.namespace} is being terminated`, field: "metadata.namespace" },
    ];
    throw err;
  }
}
