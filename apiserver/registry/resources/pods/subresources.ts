/**
 * The Pod subresources beyond status: binding (sets spec.nodeName once), eviction (policy/v1,
 * honouring the matching PodDisruptionBudget's status as upstream), ephemeralcontainers and
 * resize (updates of one part of the spec), and the connect ones (log, exec, attach,
 * portforward, proxy), which answer what kube-apiserver answers when no kubelet is reachable.
 */
import {
  newBadRequest,
  newConflict,
  newInternalError,
  newNotFound,
  newServiceUnavailable,
  newTooManyRequests,
  StatusError,
} from "../../../../runtime/rest/errors.js";
import type { ConnectResponse, KubeObject, RESTStorage, RequestContext } from "../../rest.js";
import type { GenericStore } from "../../store.js";
import type { UpdateStrategy } from "../../strategy.js";
import { fieldErrors, FieldPath, invalidError, type FieldError } from "../../validation/field.js";
import { selectorMatches } from "../../validation/label-selector.js";
import { validateObjectMetaUpdate } from "../../validation/object-meta.js";
import { ratchetOptionsFrom, validatePod, validatePodSpec } from "../../validation/pod.js";
import { goStyleDiff } from "../../validation/spec-diff.js";
import { goQuote } from "../../../../runtime/go-strings.js";
import { isObj, list, record, sameJSON, str } from "../../validation/shape.js";
import { copyObject } from "../../copy.js";

/** Other stores a subresource consults (PodDisruptionBudgets, nodes), resolved after all are built. */
export type StoreLookup = (group: string, plural: string) => GenericStore | undefined;

const success = (): KubeObject => ({ kind: "Status", apiVersion: "v1", metadata: {}, status: "Success", code: 201 });

function podsResource(sub: string) {
  return { group: "", resource: `pods/${sub}` };
}

/**
 * The legacy `bindings` resource (POST /api/v1/namespaces/{ns}/bindings, create only), as
 * upstream still serves it: the same Binding as pods/binding, the pod named by the Binding's
 * own metadata.name.
 */
export function legacyBindingStorage(pods: GenericStore): RESTStorage {
  const binding = bindingSubresource(pods);
  return {
    ...binding,
    info: {
      plural: "bindings",
      singular: "binding",
      kind: "Binding",
      listKind: "BindingList",
      namespaced: true,
      shortNames: [],
      categories: [],
      verbs: ["create"],
      subresources: [],
      printerColumns: [],
    },
  };
}

/** pods/binding: core/v1 Binding; the pod gets the target node unless it already has one. */
export function bindingSubresource(pods: GenericStore): RESTStorage {
  return {
    info: { ...pods.info, kind: "Binding" },
    group: "",
    version: "v1",
    async create(ctx, obj, opts) {
      const name = obj.metadata?.name ?? "";
      const target = record(obj.target);
      const errs: FieldError[] = [];
      const kind = str(target.kind);
      if (kind !== "" && kind !== "Node") errs.push(fieldErrors.notSupported(FieldPath.of("target", "kind"), kind, ["Node", "<empty>"]));
      if (str(target.name) === "") errs.push(fieldErrors.required(FieldPath.of("target", "name")));
      if (errs.length > 0) throw invalidError({ group: "", kind: "Binding" }, name, errs);
      await pods.updateWith(ctx, name, {
        transform(existing) {
          if (!existing) throw newNotFound({ group: "", resource: "pods" }, name);
          if (existing.metadata?.deletionTimestamp)
            throw newConflict(podsResource("binding"), name, `pod ${name} is being deleted, cannot be assigned to a host`);
          const spec = record(existing.spec);
          if (str(spec.nodeName) !== "")
            throw newConflict(podsResource("binding"), name, `pod ${name} is already assigned to node ${JSON.stringify(spec.nodeName)}`);
          existing.spec = { ...spec, nodeName: str(target.name) };
          const annotations = obj.metadata?.annotations;
          if (annotations) existing.metadata = { ...existing.metadata, annotations: { ...existing.metadata?.annotations, ...annotations } };
          const status = record(existing.status);
          const conditions = list(status.conditions).filter((c) => record(c).type !== "PodScheduled");
          conditions.push({
            type: "PodScheduled",
            status: "True",
            lastProbeTime: null,
            lastTransitionTime: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
          });
          existing.status = { ...status, conditions };
          return existing;
        },
        strategy: { prepareForUpdate: () => {}, validateUpdate: () => [] },
        allowCreate: false,
        dryRun: opts.dryRun === true,
        uidPrecondition: false,
        warnings: ctx.warnings,
        fieldManager: opts.fieldManager || "kube-scheduler",
        subresource: "binding",
      });
      return success();
    },
  };
}

function podReady(pod: KubeObject): boolean {
  return list(record(pod.status).conditions).some((c) => record(c).type === "Ready" && record(c).status === "True");
}

const EVICTION_REFUSED = "Cannot evict pod as it would violate the pod's disruption budget.";

/** pods/eviction: policy/v1 Eviction; deletes the pod when its disruption budget allows, decrementing the budget. */
export function evictionSubresource(pods: GenericStore, lookup: StoreLookup): RESTStorage {
  return {
    info: { ...pods.info, kind: "Eviction" },
    group: "policy",
    version: "v1",
    async create(ctx, obj, opts) {
      const name = obj.metadata?.name ?? "";
      const pod = await pods.get(ctx, name);
      const deleteOptions = record(obj.deleteOptions);
      const del = async () => {
        await pods.delete(ctx, name, {
          ...(opts.dryRun ? { dryRun: true } : {}),
          ...(typeof deleteOptions.gracePeriodSeconds === "number" && { gracePeriodSeconds: deleteOptions.gracePeriodSeconds }),
          ...(isObj(deleteOptions.preconditions) && { preconditions: deleteOptions.preconditions }),
        });
        return success();
      };
      const phase = str(record(pod.status).phase);
      // Terminal, pending and already-deleting pods are not disruptions.
      if (phase === "Succeeded" || phase === "Failed" || phase === "Pending" || pod.metadata?.deletionTimestamp) return del();
      const pdbStore = lookup("policy", "poddisruptionbudgets");
      if (!pdbStore) return del();
      const pdbs = (await pdbStore.list(ctx, {})).items.filter((p) => {
        const sel = record(p.spec).selector;
        return isObj(sel) && Object.keys(sel).length > 0 && selectorMatches(sel, pod.metadata?.labels);
      });
      if (pdbs.length === 0) return del();
      if (pdbs.length > 1)
        throw newInternalError(
          new Error("This pod has more than one PodDisruptionBudget, which the eviction subresource does not support."),
        );
      const pdb = pdbs[0]!;
      const status = record(pdb.status);
      const spec = record(pdb.spec);
      if (!podReady(pod)) {
        const policy = str(spec.unhealthyPodEvictionPolicy) || "IfHealthyBudget";
        const healthy = typeof status.currentHealthy === "number" ? status.currentHealthy : 0;
        const desired = typeof status.desiredHealthy === "number" ? status.desiredHealthy : 0;
        if (policy === "AlwaysAllow" || (healthy >= desired && desired > 0)) return del();
      }
      const pdbName = pdb.metadata?.name ?? "";
      if ((typeof status.observedGeneration === "number" ? status.observedGeneration : 0) < (pdb.metadata?.generation ?? 0))
        throw newTooManyRequests(EVICTION_REFUSED, 0);
      const allowed = typeof status.disruptionsAllowed === "number" ? status.disruptionsAllowed : 0;
      if (allowed < 0) throw newBadRequest("pdb disruptions allowed is negative");
      if (Object.keys(record(status.disruptedPods)).length > 2000)
        throw new StatusError({
          kind: "Status",
          apiVersion: "v1",
          metadata: {},
          status: "Failure",
          code: 403,
          reason: "Forbidden",
          message: "DisruptedPods map too big - too many evictions not confirmed by PDB controller",
        });
      if (allowed === 0) {
        const err = newTooManyRequests(EVICTION_REFUSED, 0);
        err.status.details = {
          ...err.status.details,
          causes: [
            {
              reason: "DisruptionBudget",
              message: `The disruption budget ${pdbName} needs ${Number(status.desiredHealthy ?? 0)} healthy pods and has ${Number(status.currentHealthy ?? 0)} currently`,
            },
          ],
        };
        throw err;
      }
      if (!opts.dryRun) {
        const now = new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
        const updated: KubeObject = copyObject(pdb);
        updated.status = { ...status, disruptionsAllowed: allowed - 1, disruptedPods: { ...record(status.disruptedPods), [name]: now } };
        await pdbStore.subresources.status!.update!(ctx, pdbName, updated, {});
      }
      return del();
    },
  };
}

/** pods/ephemeralcontainers: only spec.ephemeralContainers changes, and existing ones never do. */
export const ephemeralContainersStrategy: UpdateStrategy = {
  prepareForUpdate(obj, old) {
    const next = record(obj.spec).ephemeralContainers;
    const managedFields = obj.metadata?.managedFields;
    for (const k of Object.keys(obj)) delete obj[k];
    Object.assign(obj, copyObject(old));
    obj.spec = { ...record(obj.spec), ephemeralContainers: next };
    if (next === undefined) delete (obj.spec as Record<string, unknown>).ephemeralContainers;
    if (managedFields !== undefined) obj.metadata = { ...obj.metadata, managedFields };
  },
  /** upstream's ValidatePodEphemeralContainersUpdate: the whole Pod as an update validates it, then only additions. */
  validateUpdate(obj, old) {
    const errs = validateObjectMetaUpdate(obj.metadata, old.metadata);
    errs.push(...validatePod(obj, ratchetOptionsFrom(old.spec, old.metadata?.annotations)));
    // Static pods run from the node's files: nothing the apiserver adds reaches them.
    if (old.metadata?.annotations?.["kubernetes.io/config.mirror"] !== undefined)
      return [fieldErrors.forbidden(FieldPath.root(), "static pods do not support ephemeral containers")];
    const now = list(record(obj.spec).ephemeralContainers);
    const before = list(record(old.spec).ephemeralContainers);
    const path = FieldPath.of("spec", "ephemeralContainers");
    for (const b of before) {
      const name = str(record(b).name);
      const same = now.find((n) => str(record(n).name) === name);
      if (!same) errs.push(fieldErrors.forbidden(path, `existing ephemeral containers ${goQuote(name)} may not be removed\n`));
      else if (!sameJSON(same, b))
        errs.push(
          fieldErrors.forbidden(
            path,
            `existing ephemeral containers ${goQuote(name)} may not be changed\n${goStyleDiff("core.EphemeralContainer", b, same)}`,
          ),
        );
    }
    return errs;
  },
};

/** pods/resize: only the containers' resources (and resize policies) change. */
export const resizeStrategy: UpdateStrategy = {
  prepareForUpdate(obj, old) {
    const containers = list(record(obj.spec).containers);
    const managedFields = obj.metadata?.managedFields;
    for (const k of Object.keys(obj)) delete obj[k];
    Object.assign(obj, copyObject(old));
    const spec = record(obj.spec);
    spec.containers = list(spec.containers).map((c) => {
      const sent = containers.find((n) => record(n).name === record(c).name);
      if (!sent) return c;
      const out: Record<string, unknown> = { ...record(c), resources: record(sent).resources };
      if (record(sent).resizePolicy !== undefined) out.resizePolicy = record(sent).resizePolicy;
      return out;
    });
    if (managedFields !== undefined) obj.metadata = { ...obj.metadata, managedFields };
  },
  validateUpdate(obj, old) {
    const errs = validateObjectMetaUpdate(obj.metadata, old.metadata);
    errs.push(...validatePodSpec(obj.spec, FieldPath.of("spec")).filter((e) => e.field.includes(".resources")));
    const qos = (o: KubeObject) => str(record(o.status).qosClass);
    if (qos(old) !== "" && qos(obj) !== qos(old))
      errs.push(fieldErrors.invalid(FieldPath.of("spec", "containers"), "", "Pod QOS Class may not change as a result of resizing"));
    return errs;
  },
};

const textResponse = (body: string): ConnectResponse => ({ status: 200, contentType: "text/plain", body });

/** The container a log/exec/attach request names, checked as upstream's (one must be chosen when there are several). */
function pickContainer(pod: KubeObject, requested: string): string {
  const name = pod.metadata?.name ?? "";
  const spec = record(pod.spec);
  const all = [...list(spec.containers), ...list(spec.initContainers), ...list(spec.ephemeralContainers)].map((c) => str(record(c).name));
  if (requested === "") {
    const main = list(spec.containers).map((c) => str(record(c).name));
    if (main.length === 1) return main[0]!;
    const init = list(spec.initContainers).map((c) => str(record(c).name));
    const choices = `choose one of: [${main.join(" ")}]${init.length > 0 ? ` or one of the init containers: [${init.join(" ")}]` : ""}`;
    throw newBadRequest(`a container name must be specified for pod ${name}, ${choices}`);
  }
  if (!all.includes(requested)) throw newBadRequest(`container ${requested} is not valid for pod ${name}`);
  return requested;
}

/** The node a pod runs on must exist; we never reach a kubelet, so a scheduled pod's stream is unavailable. */
async function kubeletUnreachable(ctx: RequestContext, lookup: StoreLookup, nodeName: string): Promise<never> {
  const nodes = lookup("", "nodes");
  if (nodes) await nodes.get({ ...ctx, signal: ctx.signal, namespace: "" }, nodeName);
  throw newServiceUnavailable(`no kubelet is reachable for node ${JSON.stringify(nodeName)}`);
}

/** pods/log: an empty stream for a pod without a node (as upstream), the container check otherwise. */
export function logSubresource(pods: GenericStore, lookup: StoreLookup): RESTStorage {
  return {
    info: { ...pods.info, kind: "Pod" },
    group: "",
    version: "v1",
    connectVerbs: ["get"],
    async connect(ctx, name, req) {
      if (req.method !== "GET")
        throw new StatusError({
          kind: "Status",
          apiVersion: "v1",
          metadata: {},
          status: "Failure",
          code: 405,
          reason: "MethodNotAllowed",
          message: `the server does not allow this method on the requested resource`,
        });
      const pod = await pods.get(ctx, name);
      pickContainer(pod, req.query.get("container") ?? "");
      const node = str(record(pod.spec).nodeName);
      if (node === "") return textResponse("");
      return kubeletUnreachable(ctx, lookup, node);
    },
  };
}

/** pods/exec, attach, portforward: 400 for a pod without a node, the completed-pod check, else no kubelet. */
export function streamSubresource(pods: GenericStore, lookup: StoreLookup, kind: "exec" | "attach" | "portforward"): RESTStorage {
  return {
    info: {
      ...pods.info,
      kind: kind === "portforward" ? "PodPortForwardOptions" : kind === "exec" ? "PodExecOptions" : "PodAttachOptions",
    },
    group: "",
    version: "v1",
    connectVerbs: ["create", "get"],
    async connect(ctx, name, req) {
      const pod = await pods.get(ctx, name);
      if (kind !== "portforward") pickContainer(pod, req.query.get("container") ?? "");
      const node = str(record(pod.spec).nodeName);
      if (node === "") throw newBadRequest(`pod ${name} does not have a host assigned`);
      const phase = str(record(pod.status).phase);
      if (kind !== "portforward" && (phase === "Succeeded" || phase === "Failed")) {
        throw newBadRequest(
          `cannot ${kind === "exec" ? "exec into" : "attach to"} a container in a completed pod; current phase is ${phase}`,
        );
      }
      return kubeletUnreachable(ctx, lookup, node);
    },
  };
}

/** pods/proxy, services/proxy, nodes/proxy: what the target needs before a backend would be dialled. */
export function proxySubresource(store: GenericStore, lookup: StoreLookup, kind: "Pod" | "Service" | "Node"): RESTStorage {
  return {
    info: { ...store.info, kind: kind === "Pod" ? "PodProxyOptions" : kind === "Service" ? "ServiceProxyOptions" : "NodeProxyOptions" },
    group: "",
    version: "v1",
    connectTakesPath: true,
    connectVerbs: ["create", "delete", "get", "patch", "update"],
    async connect(ctx, rawName) {
      // `name:port` or `scheme:name:port` picks the target's port.
      const parts = rawName.split(":");
      const name = parts.length === 3 ? parts[1]! : parts[0]!;
      const obj = await store.get(ctx, name);
      if (kind === "Pod") {
        const ip = str(record(obj.status).podIP);
        if (ip === "") throw newBadRequest(`address not allowed`);
        throw newServiceUnavailable(`error trying to reach service: no route to pod ${name}`);
      }
      if (kind === "Service") {
        const endpoints = lookup("", "endpoints");
        const ep = endpoints ? await endpoints.get(ctx, name).catch(() => undefined) : undefined;
        const ready = list(ep?.subsets).some((s) => list(record(s).addresses).length > 0);
        if (!ready) throw newServiceUnavailable(`no endpoints available for service ${JSON.stringify(name)}`);
        throw newServiceUnavailable(`error trying to reach service: no route to the endpoints of service ${JSON.stringify(name)}`);
      }
      throw newServiceUnavailable(`no kubelet is reachable for node ${JSON.stringify(name)}`);
    },
  };
}
