/**
 * A create defaults the object once when admission added nothing needing defaults: the object
 * stored is the one the upstream-like second pass after admission gives, for any Pod the
 * built-in plugins (ServiceAccount, LimitRanger, Priority, DefaultTolerationSeconds) change.
 */
import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AdmissionChain, type AdmissionAttributes, type AdmissionPlugin } from "../../../apiserver/admission/interface.js";
import { DefaultTolerationSeconds } from "../../../apiserver/admission/default-toleration-seconds.js";
import { LimitRanger } from "../../../apiserver/admission/limit-ranger.js";
import type { AdmissionObjects } from "../../../apiserver/admission/objects.js";
import { PriorityAdmission } from "../../../apiserver/admission/priority.js";
import { RuntimeClassAdmission } from "../../../apiserver/admission/runtime-class.js";
import { ServiceAccountAdmission } from "../../../apiserver/admission/service-account.js";
import { defaultLimitRange } from "../../../apiserver/registry/defaults/core.js";
import type { KubeObject, WriteAdmission } from "../../../apiserver/registry/rest.js";
import type { StatusError } from "../../../runtime/rest/errors.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { ctx, statusOf, storeFor } from "./helpers.js";

/** A namespace's LimitRange as the server stores it (its defaults applied). */
function limitRange(spec: Record<string, unknown>): KubeObject {
  const lr: KubeObject = { apiVersion: "v1", kind: "LimitRange", metadata: { name: "lr", namespace: "d" }, spec };
  defaultLimitRange(lr);
  return lr;
}

function objectsWith(limitRanges: KubeObject[], automount: boolean | undefined): AdmissionObjects {
  const sa: KubeObject = { apiVersion: "v1", kind: "ServiceAccount", metadata: { name: "default", namespace: "d" } };
  if (automount !== undefined) sa.automountServiceAccountToken = automount;
  return {
    get: (_g, resource, _ns, name) => Promise.resolve(resource === "serviceaccounts" && name === "default" ? sa : undefined),
    list: (_g, resource) => Promise.resolve(resource === "limitranges" ? limitRanges : []),
    updateStatus: () => Promise.resolve(),
  };
}

/** A plugin the chain does not know: its admit may change anything, so the store defaults twice. */
const unknownPlugin: AdmissionPlugin = { name: "SomeoneElse", admit: () => Promise.resolve() };

function writeAdmission(chain: AdmissionChain): WriteAdmission {
  const attrs = (obj: KubeObject | undefined): AdmissionAttributes => ({
    operation: "CREATE",
    kind: { group: "", version: "v1", kind: "Pod" },
    resource: { group: "", version: "v1", resource: "pods" },
    subresource: "",
    namespace: "d",
    name: obj?.metadata?.name ?? "",
    object: obj,
    dryRun: false,
    user: { name: "admin", groups: ["system:masters"] },
  });
  const signal = new AbortController().signal;
  return {
    mutate: (obj) => chain.admit(attrs(obj), { signal }),
    validate: (obj) => chain.validate(attrs(obj), { signal }),
  };
}

/** Requests below limits, whichever are given: a Pod mostly valid. */
const SMALL = { cpu: "100m", memory: "64Mi" };
const LARGE = { cpu: "1", memory: "1Gi" };
const resourceList = (values: Record<string, string>) =>
  fc.subarray(["cpu", "memory"]).map((keys) => Object.fromEntries(keys.map((k) => [k, values[k]!])));
const container = (name: string, probe = true) =>
  fc.record(
    {
      name: fc.constant(name),
      image: fc.constantFrom("busybox", "busybox:latest", "nginx:1.2", "r.example/x@sha256:" + "a".repeat(64)),
      imagePullPolicy: fc.constantFrom("Always", "Never"),
      ports: fc.array(fc.record({ containerPort: fc.integer({ min: 1, max: 65535 }) }), { maxLength: 2 }),
      env: fc.array(
        fc.oneof(
          fc.record({ name: fc.constantFrom("A", "B"), value: fc.string({ maxLength: 3 }) }),
          fc.record({ name: fc.constantFrom("C", "D"), valueFrom: fc.constant({ fieldRef: { fieldPath: "metadata.name" } }) }),
        ),
        { maxLength: 2 },
      ),
      resources: fc.record({ requests: resourceList(SMALL), limits: resourceList(LARGE) }, { requiredKeys: [] }),
      livenessProbe: fc.constant(probe ? { httpGet: { port: 8080 } } : undefined),
      volumeMounts: fc.constant([{ name: "v0", mountPath: "/data" }]),
    },
    { requiredKeys: ["name", "image"] },
  );
const volume = fc.oneof(
  fc.constant({ name: "v0" }),
  fc.constant({ name: "v0", emptyDir: {} }),
  fc.constant({ name: "v0", configMap: { name: "c" } }),
  fc.constant({ name: "v0", downwardAPI: { items: [{ path: "n", fieldRef: { fieldPath: "metadata.name" } }] } }),
);
const podSpec = fc.record(
  {
    containers: fc.tuple(container("a"), fc.option(container("b"), { nil: undefined })).map(([a, b]) => (b ? [a, b] : [a])),
    initContainers: fc.array(container("init", false), { maxLength: 1 }),
    volumes: fc.tuple(volume).map((v) => v),
    automountServiceAccountToken: fc.boolean(),
    restartPolicy: fc.constantFrom("Always", "Never"),
    tolerations: fc.array(fc.constant({ key: "node.kubernetes.io/not-ready", operator: "Exists" }), { maxLength: 1 }),
  },
  { requiredKeys: ["containers", "volumes"] },
);
const limitRangeSpec = fc.oneof(
  fc.constant(undefined),
  fc.record(
    { type: fc.constant("Container"), default: resourceList(LARGE), defaultRequest: resourceList(SMALL), max: fc.constant({}) },
    { requiredKeys: ["type"] },
  ),
);

/** The stored Pod less what differs between two creates by design (uid, time, resourceVersion). */
function comparable(obj: KubeObject): KubeObject {
  const out = structuredClone(obj);
  delete out.metadata!.uid;
  delete out.metadata!.resourceVersion;
  delete out.metadata!.creationTimestamp;
  for (const m of out.metadata!.managedFields ?? []) delete (m as { time?: string }).time;
  return out;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("defaulting once per create", () => {
  it("stores the same Pod whether the store defaults once or again after admission", async () => {
    // The token volume's name suffix is random: the same in both runs.
    vi.spyOn(Math, "random").mockReturnValue(0.5);
    let invalid = 0;
    await fc.assert(
      fc.asyncProperty(podSpec, limitRangeSpec, fc.option(fc.boolean(), { nil: undefined }), async (spec, lrItem, automount) => {
        const objects = objectsWith(lrItem ? [limitRange({ limits: [lrItem] })] : [], automount);
        const builtins = (): AdmissionPlugin[] => [
          new LimitRanger(objects),
          new ServiceAccountAdmission(objects),
          new PriorityAdmission(objects),
          new DefaultTolerationSeconds(),
        ];
        // Stored objects, or the refusals (a generated Pod may be invalid: refused alike both ways).
        const results: unknown[] = [];
        const passes: number[] = [];
        for (const plugins of [builtins(), [...builtins(), unknownPlugin]]) {
          const store = storeFor(new MemoryStorage(), "", "pods");
          const strategy = store.strategy as { defaults?: (obj: Record<string, unknown>) => void };
          const defaults = strategy.defaults!;
          let n = 0;
          strategy.defaults = (obj) => {
            n++;
            defaults(obj);
          };
          const pod: KubeObject = { apiVersion: "v1", kind: "Pod", metadata: { name: "p", namespace: "d" }, spec: structuredClone(spec) };
          const admission = writeAdmission(new AdmissionChain(plugins));
          results.push(
            await store.create(ctx("d"), pod, { admission, fieldManager: "m" }).then(comparable, (err: StatusError) => err.status),
          );
          passes.push(n);
        }
        expect(passes).toEqual([1, 2]);
        expect(results[0]).toEqual(results[1]);
        if ((results[0] as KubeObject).kind !== "Pod") invalid++;
      }),
      { numRuns: 150 },
    );
    // Most generated Pods are stored: the property is about stored objects.
    expect(invalid).toBeLessThan(15);
  });

  it("checks a RuntimeClass's overhead quantities again, as the second pass did", async () => {
    // A RuntimeClass's podFixed is stored unchecked; the Pod that gets it is refused as before.
    const rc: KubeObject = {
      apiVersion: "node.k8s.io/v1",
      kind: "RuntimeClass",
      metadata: { name: "rc" },
      handler: "h",
      overhead: { podFixed: { cpu: "abc" } },
    };
    const objects: AdmissionObjects = {
      get: (_g, resource, _ns, name) => Promise.resolve(resource === "runtimeclasses" && name === "rc" ? rc : undefined),
      list: () => Promise.resolve([]),
      updateStatus: () => Promise.resolve(),
    };
    const store = storeFor(new MemoryStorage(), "", "pods");
    const pod: KubeObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p" },
      spec: { runtimeClassName: "rc", containers: [{ name: "c", image: "x:1" }] },
    };
    const admission = writeAdmission(new AdmissionChain([new RuntimeClassAdmission(objects)]));
    const status = await statusOf(store.create(ctx("d"), pod, { admission }));
    expect(status.code).toBe(400);
    expect(status.message).toMatch(/^Pod in version "v1" cannot be handled as a Pod: quantities must match/);
  });

  it("defaults again after a plugin it does not know", async () => {
    const store = storeFor(new MemoryStorage(), "", "pods");
    // A plugin that adds a container without its defaults: the second pass gives them.
    const adder: AdmissionPlugin = {
      name: "Adder",
      admit: (a) => {
        (a.object!.spec as { containers: unknown[] }).containers.push({ name: "added", image: "x:1" });
        return Promise.resolve();
      },
    };
    const pod: KubeObject = { apiVersion: "v1", kind: "Pod", metadata: { name: "p" }, spec: { containers: [{ name: "c", image: "x:1" }] } };
    const out = await store.create(ctx("d"), pod, { admission: writeAdmission(new AdmissionChain([adder])) });
    const added = (out.spec as { containers: Record<string, unknown>[] }).containers[1]!;
    expect(added).toMatchObject({ imagePullPolicy: "IfNotPresent", terminationMessagePath: "/dev/termination-log" });
  });
});
