/**
 * Upstream's quota arithmetic (runtime/quota), which the ResourceQuota admission plugin, the
 * resourcequota controller and LimitRanger's Pod items share: PodRequests/PodLimits with init
 * containers, sidecars, overhead, pod-level resources and resizes; the evaluators' usage, scopes
 * and matching names; the Pod constraint message; LimitRanger's constraint messages.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatAmount, type Amounts } from "../../../runtime/quota/amounts.js";
import type { ScopeRequirement } from "../../../runtime/quota/scopes.js";
import { podLimits, podRequests, type PodLike } from "../../../runtime/quota/pod-resources.js";
import { handles, matchingResources, podConstraintProblem, quotaMatches, quotaUsed, usageOf } from "../../../runtime/quota/evaluators.js";
import {
  maxProblem,
  minProblem,
  ratioProblem,
  totalShown,
  aggregateMessage,
} from "../../../apiserver/admission/quota-limit-constraints.js";

type R = Record<string, string>;
const c = (name: string, requests?: R, limits?: R, restartPolicy?: string) => ({
  name,
  resources: { ...(requests && { requests }), ...(limits && { limits }) },
  ...(restartPolicy && { restartPolicy }),
});
const text = (a: Amounts): R => Object.fromEntries(Object.entries(a).map(([k, v]) => [k, formatAmount(v)]));

describe("PodRequests and PodLimits", () => {
  it("take the regular containers' sum, or an init container's need when greater", () => {
    const pod: PodLike = {
      spec: {
        containers: [c("a", { cpu: "100m", memory: "1Gi" }), c("b", { cpu: "200m", memory: "1Gi" })],
        initContainers: [c("i", { cpu: "500m", memory: "512Mi" })],
      },
    };
    expect(text(podRequests(pod))).toEqual({ cpu: "500m", memory: "2Gi" });
  });

  it("add a sidecar (restartable init container) to the containers and to every init container after it", () => {
    const pod: PodLike = {
      spec: {
        containers: [c("main", { cpu: "300m" }, { cpu: "1" })],
        initContainers: [c("side", { cpu: "100m" }, { cpu: "200m" }, "Always"), c("setup", { cpu: "1" }, { cpu: "2" })],
      },
    };
    // Regular: 300m + sidecar 100m = 400m; init peak: setup 1 + sidecar 100m = 1100m.
    expect(text(podRequests(pod))).toEqual({ cpu: "1100m" });
    expect(text(podLimits(pod))).toEqual({ cpu: "2200m" });
    const light = { spec: { ...pod.spec, initContainers: [pod.spec!.initContainers![0]!, c("setup", { cpu: "50m" })] } };
    expect(text(podRequests(light))).toEqual({ cpu: "400m" });
  });

  it("add the overhead to requests, and to limits only where one is set", () => {
    const pod: PodLike = {
      spec: { containers: [c("a", { cpu: "1", memory: "1Gi" }, { cpu: "2" })], overhead: { cpu: "250m", memory: "120Mi" } },
    };
    expect(text(podRequests(pod))).toEqual({ cpu: "1250m", memory: "1144Mi" });
    expect(text(podLimits(pod))).toEqual({ cpu: "2250m" });
    expect(text(podRequests(pod, { excludeOverhead: true }))).toEqual({ cpu: "1", memory: "1Gi" });
  });

  it("let pod-level resources replace the containers' cpu and memory totals", () => {
    const pod: PodLike = {
      spec: {
        resources: { requests: { cpu: "2" }, limits: { cpu: "4", memory: "2Gi" } },
        containers: [c("a", { cpu: "100m", memory: "1Gi", "ephemeral-storage": "1Gi" })],
      },
    };
    expect(text(podRequests(pod))).toEqual({ cpu: "2", memory: "1Gi", "ephemeral-storage": "1Gi" });
    expect(text(podLimits(pod))).toEqual({ cpu: "4", memory: "2Gi" });
  });

  it("count what a resize allocated when more than the spec, and only what runs when the resize is infeasible", () => {
    const pod: PodLike = {
      spec: { containers: [c("a", { cpu: "1" })] },
      status: { containerStatuses: [{ name: "a", allocatedResources: { cpu: "2" }, resources: { requests: { cpu: "2" } } }] },
    };
    expect(text(podRequests(pod, { useStatusResources: true }))).toEqual({ cpu: "2" });
    expect(text(podRequests(pod))).toEqual({ cpu: "1" });
    const infeasible: PodLike = {
      spec: { containers: [c("a", { cpu: "8" })] },
      status: {
        conditions: [{ type: "PodResizePending", reason: "Infeasible" }],
        containerStatuses: [{ name: "a", allocatedResources: { cpu: "1" }, resources: { requests: { cpu: "1" } } }],
      },
    };
    expect(text(podRequests(infeasible, { useStatusResources: true }))).toEqual({ cpu: "1" });
  });
});

describe("PodRequests, as a property", () => {
  it("is the greatest of the running containers' sum (sidecars included) and each init container's need", () => {
    const container = fc.record({ milli: fc.integer({ min: 0, max: 4000 }), sidecar: fc.boolean() });
    fc.assert(
      fc.property(fc.array(container, { maxLength: 4 }), fc.array(container, { maxLength: 4 }), (regular, inits) => {
        const pod: PodLike = {
          spec: {
            containers: regular.map((x, i) => c(`c${i}`, { cpu: `${x.milli}m` })),
            initContainers: inits.map((x, i) => c(`i${i}`, { cpu: `${x.milli}m` }, undefined, x.sidecar ? "Always" : undefined)),
          },
        };
        // Upstream's formula, written out: each init container needs itself plus the sidecars started before it.
        let sidecars = 0;
        const needs: number[] = [];
        for (const x of inits) {
          if (x.sidecar) sidecars += x.milli;
          needs.push(x.sidecar ? sidecars : x.milli + sidecars);
        }
        const running = regular.reduce((s, x) => s + x.milli, 0) + sidecars;
        const want = Math.max(running, ...needs);
        const got = podRequests(pod).cpu;
        expect(got === undefined ? 0 : Math.round(got.value * 1000)).toBe(regular.length + inits.length === 0 ? 0 : want);
      }),
    );
  });
});

describe("formatAmount", () => {
  it("prints upstream's canonical forms", () => {
    expect(formatAmount({ value: 1.5, binary: false })).toBe("1500m");
    expect(formatAmount({ value: 0.1 + 0.2, binary: false })).toBe("300m");
    expect(formatAmount({ value: 3 * 2 ** 30, binary: true })).toBe("3Gi");
    expect(formatAmount({ value: 1536 * 2 ** 20, binary: true })).toBe("1536Mi");
    expect(formatAmount({ value: 2000, binary: false })).toBe("2k");
    expect(formatAmount({ value: 1500, binary: true })).toBe("1500");
    expect(formatAmount({ value: 0, binary: false })).toBe("0");
  });
});

describe("the evaluators", () => {
  const pod = (spec: Record<string, unknown>, status: Record<string, unknown> = {}) => ({
    spec: { containers: [c("a")], ...spec },
    status,
  });

  it("count a Pod's compute, and only its object count once it is terminal", () => {
    const p = pod({ containers: [c("a", { cpu: "1", "example.com/gpu": "2", "hugepages-2Mi": "4Mi" }, { memory: "1Gi" })] });
    expect(text(usageOf("", "pods", p))).toEqual({
      "count/pods": "1",
      pods: "1",
      cpu: "1",
      "requests.cpu": "1",
      "limits.memory": "1Gi",
      "requests.example.com/gpu": "2",
      "hugepages-2Mi": "4Mi",
      "requests.hugepages-2Mi": "4Mi",
    });
    expect(text(usageOf("", "pods", { ...p, status: { phase: "Succeeded" } }))).toEqual({ "count/pods": "1" });
  });

  it("count Services' node ports and load balancers", () => {
    const svc = (spec: Record<string, unknown>) => ({ spec });
    const ports = [{ port: 80 }, { port: 443, nodePort: 30443 }];
    expect(text(usageOf("", "services", svc({ type: "ClusterIP", ports })))).toEqual({
      "count/services": "1",
      services: "1",
      "services.loadbalancers": "0",
      "services.nodeports": "0",
    });
    expect(usageOf("", "services", svc({ type: "NodePort", ports }))["services.nodeports"]?.value).toBe(2);
    const lb = usageOf("", "services", svc({ type: "LoadBalancer", ports, allocateLoadBalancerNodePorts: false }));
    expect([lb["services.loadbalancers"]?.value, lb["services.nodeports"]?.value]).toEqual([1, 1]);
  });

  it("count a claim's storage, in total and per class, the larger of asked and allocated", () => {
    const claim = {
      spec: { storageClassName: "fast", resources: { requests: { storage: "1Gi" } } },
      status: { allocatedResources: { storage: "2Gi" } },
    };
    expect(text(usageOf("", "persistentvolumeclaims", claim))).toEqual({
      persistentvolumeclaims: "1",
      "count/persistentvolumeclaims": "1",
      "fast.storageclass.storage.k8s.io/persistentvolumeclaims": "1",
      "requests.storage": "2Gi",
      "fast.storageclass.storage.k8s.io/requests.storage": "2Gi",
    });
  });

  it("answer to their own quota names, and evaluate upstream's writes", () => {
    const names = ["pods", "requests.cpu", "services.nodeports", "count/deployments.apps", "requests.example.com/gpu", "configmaps"];
    expect(matchingResources("", "pods", names)).toEqual(["pods", "requests.cpu", "requests.example.com/gpu"]);
    expect(matchingResources("", "services", names)).toEqual(["services.nodeports"]);
    expect(matchingResources("apps", "deployments", names)).toEqual(["count/deployments.apps"]);
    expect(matchingResources("", "configmaps", names)).toEqual(["configmaps"]);
    expect(handles("", "pods", "UPDATE", "")).toBe(false);
    expect(handles("", "pods", "UPDATE", "resize")).toBe(true);
    expect(handles("", "services", "UPDATE", "")).toBe(true);
    expect(handles("", "persistentvolumeclaims", "UPDATE", "")).toBe(true);
    expect(handles("", "configmaps", "UPDATE", "")).toBe(false);
    expect(handles("", "services", "UPDATE", "status")).toBe(false);
    const claim = (allocated?: string) => ({ status: { ...(allocated && { allocatedResources: { storage: allocated } }) } });
    expect(handles("", "persistentvolumeclaims", "UPDATE", "status", claim("2Gi"), claim("1Gi"))).toBe(true);
    expect(handles("", "persistentvolumeclaims", "UPDATE", "status", claim("1Gi"), claim("1Gi"))).toBe(false);
  });

  it("match quota scopes and scopeSelector as upstream", () => {
    const q = (scopes: string[], matchExpressions: ScopeRequirement[] = []) => ({
      spec: { hard: { pods: "5" }, scopes, scopeSelector: { matchExpressions } },
    });
    const besteffort = pod({});
    const burstable = pod({ containers: [c("a", { cpu: "100m" })] });
    const terminating = pod({ activeDeadlineSeconds: 30 });
    const high = pod({ priorityClassName: "high" });
    const crossNs = pod({
      affinity: { podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: "k", namespaces: ["other"] }] } },
    });
    const m = (quota: ReturnType<typeof q>, p: unknown) => quotaMatches(quota, "", "pods", p as never);
    expect([m(q(["BestEffort"]), besteffort), m(q(["BestEffort"]), burstable)]).toEqual([true, false]);
    expect([m(q(["NotBestEffort"]), besteffort), m(q(["NotBestEffort"]), burstable)]).toEqual([false, true]);
    expect([m(q(["Terminating"]), terminating), m(q(["NotTerminating"]), terminating), m(q(["NotTerminating"]), besteffort)]).toEqual([
      true,
      false,
      true,
    ]);
    const prio = (operator: string, values?: string[]) => q([], [{ scopeName: "PriorityClass", operator, ...(values && { values }) }]);
    expect([m(prio("In", ["high"]), high), m(prio("In", ["high"]), besteffort)]).toEqual([true, false]);
    expect([m(prio("NotIn", ["high"]), high), m(prio("NotIn", ["high"]), besteffort)]).toEqual([false, true]);
    expect([m(prio("Exists"), high), m(prio("DoesNotExist"), high), m(prio("DoesNotExist"), besteffort)]).toEqual([true, false, true]);
    expect([m(q(["CrossNamespacePodAffinity"]), crossNs), m(q(["CrossNamespacePodAffinity"]), besteffort)]).toEqual([true, false]);
    // Every scope must match; a Service matches no scope at all.
    expect(m(q(["BestEffort", "Terminating"]), besteffort)).toBe(false);
    expect(quotaMatches({ spec: { hard: { services: "1" }, scopes: ["BestEffort"] } }, "", "services", {})).toBe(false);
    const vac = {
      spec: {
        hard: { "requests.storage": "1Gi" },
        scopeSelector: { matchExpressions: [{ scopeName: "VolumeAttributesClass", operator: "In", values: ["gold"] }] },
      },
    };
    expect(quotaMatches(vac, "", "persistentvolumeclaims", { spec: { volumeAttributesClassName: "gold" } })).toBe(true);
    expect(quotaMatches(vac, "", "persistentvolumeclaims", { spec: {} })).toBe(false);
  });

  it("sum only the objects a scoped quota governs", () => {
    const quota = { spec: { hard: { pods: "5", "requests.cpu": "4" }, scopes: ["NotBestEffort"] } };
    const pods = [pod({}), pod({ containers: [c("a", { cpu: "1" })] }), pod({ containers: [c("a", { cpu: "500m" })] })];
    expect(text(quotaUsed(quota, "", "pods", pods, ["pods", "requests.cpu"]))).toEqual({ pods: "2", "requests.cpu": "1500m" });
  });

  it("ask every container for the cpu and memory a quota limits, with upstream's message", () => {
    const p = { spec: { containers: [c("a", { cpu: "1" }), c("b")], initContainers: [c("init", { memory: "1Gi" })] } };
    expect(podConstraintProblem(["requests.cpu", "limits.memory", "pods"], p)).toBe(
      "must specify limits.memory for: a,b,init; requests.cpu for: b,init",
    );
    expect(podConstraintProblem(["pods", "requests.storage"], p)).toBeUndefined();
    expect(podConstraintProblem(["requests.cpu"], { spec: { ...p.spec, resources: { requests: { cpu: "2" } } } })).toBeUndefined();
  });
});

describe("LimitRanger's constraints", () => {
  const none = () => "";
  const am = (v: number, binary = false) => ({ value: v, binary });
  it("say upstream's messages", () => {
    expect(minProblem("Pod", "cpu", "1", {}, {}, none)).toBe("minimum cpu usage per Pod is 1.  No request is specified");
    const reqs = { cpu: am(0.5) };
    const lims = { cpu: am(2) };
    expect(minProblem("Pod", "cpu", "1", reqs, lims, totalShown(reqs, lims))).toBe("minimum cpu usage per Pod is 1, but request is 500m");
    expect(maxProblem("Pod", "cpu", "1", reqs, {}, none)).toBe("maximum cpu usage per Pod is 1.  No limit is specified");
    expect(maxProblem("Pod", "cpu", "1", reqs, lims, totalShown(reqs, lims))).toBe("maximum cpu usage per Pod is 1, but limit is 2");
    expect(ratioProblem("Container", "cpu", "2", reqs, lims)).toBe(
      "cpu max limit to request ratio per Container is 2, but provided ratio is 4.000000",
    );
    expect(ratioProblem("Container", "cpu", "4", reqs, lims)).toBeUndefined();
    expect(ratioProblem("Container", "memory", "2", {}, {})).toBe(
      "memory max limit to request ratio per Container is 2, but no request is specified or request is 0",
    );
    expect(ratioProblem("Container", "memory", "2", { memory: am(1) }, {})).toBe(
      "memory max limit to request ratio per Container is 2, but no limit is specified or limit is 0",
    );
    expect(aggregateMessage(["a"])).toBe("a");
    expect(aggregateMessage(["a", "b", "a"])).toBe("[a, b]");
  });
});
