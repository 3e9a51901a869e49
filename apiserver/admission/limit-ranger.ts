/**
 * LimitRanger: a Pod's containers get the LimitRanges' `default` limits and `defaultRequest`
 * requests when they give none (mutating); a Pod (created, or resized) is refused when a
 * container or init container falls outside a Container item's `min`/`max`/`maxLimitRequestRatio`,
 * or the Pod's totals (PodRequests/PodLimits: init and sidecar containers, pod-level resources,
 * no overhead) outside a Pod item's, with upstream's messages. A PersistentVolumeClaim (created, or
 * expanded) is refused when its requests fall outside the `PersistentVolumeClaim` items' `min`/`max`.
 */
import { admissionForbidden } from "./forbidden.js";
import type { KubeObject } from "../registry/rest.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import { FollowedLists } from "./followed-lists.js";
import type { AdmissionObjects } from "./objects.js";
import { quantityValue } from "./quantity.js";
import { amountsOf, type Amounts } from "../../runtime/quota/amounts.js";
import { podLimits, podRequests, type PodLike } from "../../runtime/quota/pod-resources.js";
import { aggregateMessage, maxProblem, minProblem, ratioProblem, totalShown, type Shown } from "./quota-limit-constraints.js";

interface Limit {
  type?: string;
  maxLimitRequestRatio?: Record<string, string>;
  default?: Record<string, string>;
  defaultRequest?: Record<string, string>;
  max?: Record<string, string>;
  min?: Record<string, string>;
}
interface Resources {
  limits?: Record<string, string>;
  requests?: Record<string, string>;
}

const isPodCreate = (a: AdmissionAttributes): boolean =>
  a.resource.group === "" && a.resource.resource === "pods" && a.subresource === "" && a.operation === "CREATE" && !!a.object;
const containersOf = (pod: KubeObject): { name: string; resources?: Resources }[] => {
  const spec = (pod.spec ?? {}) as {
    containers?: { name: string; resources?: Resources }[];
    initContainers?: { name: string; resources?: Resources }[];
  };
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])];
};

/** No LimitRange in the namespace: nothing kept per Pod (validate reads the kept list again). */
const NONE: readonly Limit[] = [];

/** LimitRanger's mutating phase: each container's limits and requests defaulted from the Container limits. */
function defaultResources(a: AdmissionAttributes, limits: readonly Limit[]): void {
  if (limits.length === 0) return;
  for (const c of containersOf(a.object!)) {
    const r = (c.resources ??= {});
    for (const l of limits) {
      for (const [res, q] of Object.entries(l.default ?? {})) if (r.limits?.[res] === undefined) (r.limits ??= {})[res] = q;
      for (const [res, q] of Object.entries(l.defaultRequest ?? {})) if (r.requests?.[res] === undefined) (r.requests ??= {})[res] = q;
      // As upstream: a request defaults to the limit when only the limit is known.
      for (const [res, q] of Object.entries(r.limits ?? {}))
        if (r.requests?.[res] === undefined && l.default?.[res] !== undefined) (r.requests ??= {})[res] = q;
    }
  }
}

/** As upstream: the first LimitRange the Pod fails refuses it, with all that range's problems. */
function refuseOutOfRange(a: AdmissionAttributes, ranges: readonly KubeObject[]): void {
  for (const r of ranges) {
    const problems = podProblems((r.spec as { limits?: Limit[] } | undefined)?.limits ?? [], a.object!);
    if (problems.length > 0) throw admissionForbidden(a, aggregateMessage(problems));
  }
}

export class LimitRanger implements AdmissionPlugin {
  readonly name = "LimitRanger";
  /** The limits admit read for a Pod, so that validate, which sees the same Pod next, need not list again. */
  private readonly read = new WeakMap<KubeObject, readonly Limit[]>();
  /** The LimitRanges admit read for a Pod, for validate's checks of every item. */
  private readonly rangesRead = new WeakMap<KubeObject, KubeObject[]>();
  /** The Container limits of a kept list of LimitRanges (the list is the same until one changes). */
  private readonly containerLimits = new WeakMap<KubeObject[], Limit[]>();
  constructor(
    objects: AdmissionObjects,
    private readonly lists = new FollowedLists(objects),
  ) {}

  private async limits(a: AdmissionAttributes, ctx: AdmissionContext): Promise<readonly Limit[]> {
    const known = this.read.get(a.object!);
    if (known !== undefined) return known;
    return this.limitsOf(a, await this.lists.list("", "limitranges", a.namespace, ctx, { liveWhenEmpty: true }));
  }

  /** {@link limits} without a promise when the namespace's LimitRanges are kept; else undefined. */
  private keptLimits(a: AdmissionAttributes): readonly Limit[] | undefined {
    const known = this.read.get(a.object!);
    if (known !== undefined) return known;
    const ranges = this.lists.keptList("", "limitranges", a.namespace, { liveWhenEmpty: true });
    return ranges === undefined ? undefined : this.limitsOf(a, ranges);
  }

  private limitsOf(a: AdmissionAttributes, ranges: KubeObject[]): readonly Limit[] {
    if (ranges.length === 0) return NONE;
    let limits = this.containerLimits.get(ranges);
    if (limits === undefined) {
      limits = ranges.flatMap((r) => ((r.spec as { limits?: Limit[] } | undefined)?.limits ?? []).filter((l) => l.type === "Container"));
      this.containerLimits.set(ranges, limits);
    }
    this.read.set(a.object!, limits);
    this.rangesRead.set(a.object!, ranges);
    return limits;
  }

  /** No promise when the LimitRanges are kept (most creates). */
  admit(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (!isPodCreate(a)) return;
    const limits = this.keptLimits(a);
    if (limits === undefined) return this.limits(a, ctx).then((l) => defaultResources(a, l));
    try {
      defaultResources(a, limits);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** No promise when the LimitRanges are kept (most creates). */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (isClaimWrite(a)) return this.validateClaim(a, ctx);
    if (!isPodCreate(a) && !isPodResize(a)) return;
    const ranges = this.rangesRead.get(a.object!) ?? this.lists.keptList("", "limitranges", a.namespace, { liveWhenEmpty: true });
    if (ranges === undefined)
      return this.lists.list("", "limitranges", a.namespace, ctx, { liveWhenEmpty: true }).then((r) => refuseOutOfRange(a, r));
    try {
      refuseOutOfRange(a, ranges);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  /** Upstream's claim checks: min against the requests (its limits are no user input), max against the requests too. */
  private async validateClaim(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    const ranges = await this.lists.list("", "limitranges", a.namespace, ctx, { liveWhenEmpty: true });
    if (ranges.length === 0) return;
    const requests = (a.object!.spec as { resources?: Resources } | undefined)?.resources?.requests ?? {};
    const problems: string[] = [];
    for (const r of ranges) {
      for (const l of (r.spec as { limits?: Limit[] } | undefined)?.limits ?? []) {
        if (l.type !== "PersistentVolumeClaim") continue;
        for (const [res, min] of Object.entries(l.min ?? {})) {
          const req = requests[res];
          if (req === undefined) problems.push(`minimum ${res} usage per PersistentVolumeClaim is ${min}.  No request is specified`);
          else if (quantityValue(req) < quantityValue(min))
            problems.push(`minimum ${res} usage per PersistentVolumeClaim is ${min}, but request is ${req}`);
        }
        for (const [res, max] of Object.entries(l.max ?? {})) {
          const req = requests[res];
          if (req === undefined) problems.push(`maximum ${res} usage per PersistentVolumeClaim is ${max}.  No request is specified`);
          else if (quantityValue(req) > quantityValue(max))
            problems.push(`maximum ${res} usage per PersistentVolumeClaim is ${max}, but request is ${req}`);
        }
      }
    }
    if (problems.length > 0) throw admissionForbidden(a, aggregateMessage(problems));
  }
}

/** A claim's create or update (an expansion is held to the items' max too, as upstream). */
const isClaimWrite = (a: AdmissionAttributes): boolean =>
  a.resource.group === "" &&
  a.resource.resource === "persistentvolumeclaims" &&
  a.subresource === "" &&
  (a.operation === "CREATE" || a.operation === "UPDATE") &&
  !!a.object;

const isPodResize = (a: AdmissionAttributes): boolean =>
  a.resource.group === "" && a.resource.resource === "pods" && a.subresource === "resize" && a.operation === "UPDATE" && !!a.object;

/** One item's min, max and maxLimitRequestRatio against a request/limit list. */
function itemProblems(l: Limit, kind: string, requests: Amounts, limits: Amounts, shown: Shown): string[] {
  const out: (string | undefined)[] = [];
  for (const [res, q] of Object.entries(l.min ?? {})) out.push(minProblem(kind, res, q, requests, limits, shown));
  for (const [res, q] of Object.entries(l.max ?? {})) out.push(maxProblem(kind, res, q, requests, limits, shown));
  for (const [res, q] of Object.entries(l.maxLimitRequestRatio ?? {})) out.push(ratioProblem(kind, res, q, requests, limits));
  return out.filter((p): p is string => p !== undefined);
}

/** Upstream's PodValidateLimitFunc over one LimitRange's items. */
function podProblems(items: readonly Limit[], pod: KubeObject): string[] {
  const problems: string[] = [];
  for (const l of items) {
    if (l.type === "Container") {
      for (const c of [...((pod.spec as PodLike["spec"])?.containers ?? []), ...((pod.spec as PodLike["spec"])?.initContainers ?? [])]) {
        const r = (c.resources ?? {}) as Resources;
        const shown: Shown = (res, which) => String((which === "request" ? r.requests : r.limits)?.[res] ?? "");
        problems.push(...itemProblems(l, "Container", amountsOf(r.requests), amountsOf(r.limits), shown));
      }
    } else if (l.type === "Pod") {
      const requests = podRequests(pod, { excludeOverhead: true });
      const limits = podLimits(pod, { excludeOverhead: true });
      problems.push(...itemProblems(l, "Pod", requests, limits, totalShown(requests, limits)));
    }
  }
  return problems;
}
