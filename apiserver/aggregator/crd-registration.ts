/**
 * crd-autoregistration, as upstream's crdRegistrationController: every group-version a
 * CustomResourceDefinition serves gets a Local APIService `<version>.<group>` (priority 1000/100,
 * labelled `kube-aggregator.kubernetes.io/automanaged: "true"`), so `kubectl get apiservices`
 * and the aggregator's view list CRD groups too; it is deleted when the last CRD serving that
 * group-version goes. APIServices someone else manages (no label, or `onstart`) are left alone.
 */
import type { APIService } from "./apiservices.js";
import type { KubeObject, RequestContext, RESTStorage } from "../registry/rest.js";
import { followSource } from "../../runtime/cache/follow.js";

export const AUTOMANAGED_LABEL = "kube-aggregator.kubernetes.io/automanaged";
/** Upstream's priorities for CRD group-versions: low among groups, versions ordered Kubernetes-style. */
export const CRD_GROUP_PRIORITY = 1000;
export const CRD_VERSION_PRIORITY = 100;

interface CRDLike {
  metadata?: { name?: string; resourceVersion?: string };
  spec?: { group?: string; versions?: { name?: string; served?: boolean }[] };
}

export type RegistrationAction = { create: APIService } | { delete: string };

/** The group-versions the CRDs serve, as APIService names. */
export function servedGroupVersions(crds: Iterable<CRDLike>): Map<string, { group: string; version: string }> {
  const out = new Map<string, { group: string; version: string }>();
  for (const crd of crds) {
    const group = crd.spec?.group;
    if (!group) continue;
    for (const v of crd.spec?.versions ?? []) if (v.served && v.name) out.set(`${v.name}.${group}`, { group, version: v.name });
  }
  return out;
}

/** What brings the APIServices in line with the CRDs: creations for missing group-versions, deletions of our stale ones. */
export function registrationActions(crds: Iterable<CRDLike>, existing: Iterable<APIService>): RegistrationAction[] {
  const want = servedGroupVersions(crds);
  const have = new Map<string, APIService>();
  for (const s of existing) if (s.metadata?.name) have.set(s.metadata.name, s);
  const actions: RegistrationAction[] = [];
  for (const [name, { group, version }] of want) {
    if (have.has(name)) continue;
    actions.push({
      create: {
        apiVersion: "apiregistration.k8s.io/v1",
        kind: "APIService",
        metadata: { name, labels: { [AUTOMANAGED_LABEL]: "true" } },
        spec: { group, version, groupPriorityMinimum: CRD_GROUP_PRIORITY, versionPriority: CRD_VERSION_PRIORITY },
      } as unknown as APIService,
    });
  }
  for (const [name, s] of have) {
    if (want.has(name) || s.metadata?.labels?.[AUTOMANAGED_LABEL] !== "true" || s.spec?.service) continue;
    actions.push({ delete: name });
  }
  return actions;
}

function statusCode(err: unknown): number | undefined {
  return (err as { status?: { code?: number } }).status?.code;
}

/**
 * Follows the CRDs and keeps their APIServices; `apiservices()` is the aggregator's current view.
 * Resolves after the first CRD list has been reconciled.
 */
export async function runCRDRegistration(options: {
  crds: RESTStorage;
  apiservices: RESTStorage;
  current: () => Iterable<APIService>;
  context: (signal: AbortSignal) => RequestContext;
  signal: AbortSignal;
  log: (line: string) => void;
}): Promise<void> {
  const { crds, apiservices, context, signal, log } = options;
  const known = new Map<string, CRDLike>();
  let running: Promise<void> = Promise.resolve();
  // Reconciliations run one at a time, each from the latest state.
  const reconcile = (): Promise<void> =>
    (running = running.then(async () => {
      if (signal.aborted) return;
      const ctx = context(signal);
      for (const a of registrationActions(known.values(), options.current())) {
        try {
          if ("create" in a) await apiservices.create!(ctx, a.create as KubeObject, {});
          else await apiservices.delete!(ctx, a.delete, {});
        } catch (err) {
          // Created by another apiserver, or already gone: the next event settles it.
          const code = statusCode(err);
          if (code !== 409 && code !== 404 && !signal.aborted) log(`crd-autoregistration: ${(err as Error).message}`);
        }
      }
    }));
  await followSource<RequestContext, CRDLike>(crds, context, signal, {
    replace: (items) => {
      known.clear();
      for (const c of items) if (c.metadata?.name) known.set(c.metadata.name, c);
      void reconcile();
    },
    event: (obj, deleted) => {
      if (!obj.metadata?.name) return;
      if (deleted) known.delete(obj.metadata.name);
      else known.set(obj.metadata.name, obj);
      void reconcile();
    },
    log,
    what: "crd-autoregistration: watching customresourcedefinitions",
  });
  await running;
}
