/**
 * The EndpointSlice controller against the generated fake clientset: a slice created for a
 * Service (generateName, owner), updated when a Pod turns not ready, recreated when deleted by
 * someone else, one placeholder for a Service without Pods, and slices it does not manage (the
 * apiserver's `kubernetes` one) never touched; upstream's events on the Service (as
 * `endpoint-slice-controller`): FailedToUpdateEndpointSlices and the topology hints' ones.
 */
import { afterEach, describe, expect, it } from "vitest";
import { EndpointSliceController } from "../../../controllers/endpointslice/endpointslice-controller.js";
import type { Node, Service } from "../../../generated/apis/core/v1/index.js";
import type { EndpointSlice } from "../../../generated/apis/discovery/v1/index.js";
import { FakeClientset } from "../../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../../generated/informers/index.js";
import { until } from "../../support/wait.js";
import { recordedEvents } from "../support/events.js";
import { NS, pod, service } from "../endpoint/fixtures.js";

const SLICES = { group: "discovery.k8s.io", version: "v1", resource: "endpointslices" };
const PODS = { group: "", version: "v1", resource: "pods" };

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

function start(...objects: object[]) {
  const cs = new FakeClientset(...objects);
  const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
  const errors: unknown[] = [];
  const events = recordedEvents();
  const controller = new EndpointSliceController({
    pods: factory.coreV1().pods(),
    services: factory.coreV1().services(),
    nodes: factory.coreV1().nodes(),
    endpointSlices: factory.discoveryV1().endpointSlices(),
    client: cs,
    maxEndpointsPerSlice: 2,
    onError: (e) => errors.push(e),
    recorder: events.recorder("endpoint-slice-controller"),
  });
  const ctl = new AbortController();
  const running = controller.run(2, ctl.signal);
  factory.start(ctl.signal);
  stop = async () => {
    ctl.abort();
    await running;
    await factory.shutdown();
  };
  const slicesOf = (svc: string): EndpointSlice[] =>
    cs
      .tracker()
      .list<EndpointSlice>(SLICES, NS)
      .items.filter((s) => s.metadata?.labels?.["kubernetes.io/service-name"] === svc);
  return { cs, errors, slicesOf, events };
}

const node: Node = { apiVersion: "v1", kind: "Node", metadata: { name: "n1", labels: { "topology.kubernetes.io/zone": "z1" } } };

describe("EndpointSlice controller (fake clientset)", () => {
  it("creates, updates and recreates the Service's slices", async () => {
    const { cs, errors, slicesOf } = start(
      node,
      service("web"),
      pod("a", "web", { ip: "10.1.0.1", nodeName: "n1" }),
      pod("b", "web", { ip: "10.1.0.2", nodeName: "n1" }),
      pod("c", "web", { ip: "10.1.0.3", nodeName: "n1" }),
    );
    await until(() => slicesOf("web").flatMap((s) => s.endpoints).length === 3);
    const slices = slicesOf("web");
    expect(slices.map((s) => s.endpoints.length).sort()).toEqual([1, 2]);
    for (const s of slices) {
      expect(s.metadata?.name).toMatch(/^web-[a-z0-9]{5}$/);
      expect(s.metadata?.ownerReferences).toEqual([
        { apiVersion: "v1", kind: "Service", name: "web", uid: "svc-web", controller: true, blockOwnerDeletion: true },
      ]);
      expect(s.metadata?.annotations?.["endpoints.kubernetes.io/last-change-trigger-time"]).toBe("2026-01-01T00:00:00Z");
      expect(s.endpoints.every((e) => e.zone === "z1")).toBe(true);
    }

    const b = pod("b", "web", { ip: "10.1.0.2", nodeName: "n1", ready: false });
    delete b.metadata!.resourceVersion;
    cs.tracker().update(PODS, b, NS);
    await until(() =>
      slicesOf("web")
        .flatMap((s) => s.endpoints)
        .some((e) => e.targetRef?.name === "b" && e.conditions?.ready === false),
    );

    // Someone deletes a slice: the controller puts its endpoints back.
    const gone = slicesOf("web")[0]!;
    cs.tracker().delete(SLICES, NS, gone.metadata!.name!);
    await until(() => slicesOf("web").flatMap((s) => s.endpoints).length === 3);
    expect(errors).toEqual([]);
  });

  it("keeps one placeholder for a Service without Pods and leaves unmanaged slices alone", async () => {
    const kubernetes: Service = {
      ...service("kubernetes"),
      spec: { clusterIP: "10.0.0.1", ports: [{ name: "https", port: 443, protocol: "TCP" }] },
    };
    const bootstrap: EndpointSlice = {
      apiVersion: "discovery.k8s.io/v1",
      kind: "EndpointSlice",
      metadata: { name: "kubernetes", namespace: NS, labels: { "kubernetes.io/service-name": "kubernetes" } },
      addressType: "IPv4",
      endpoints: [{ addresses: ["192.0.2.1"], conditions: { ready: true } }],
      ports: [{ name: "https", port: 6443, protocol: "TCP" }],
    };
    const { cs, slicesOf } = start(node, service("empty"), kubernetes, bootstrap);
    await until(() => slicesOf("empty").length === 1);
    const [placeholder] = slicesOf("empty");
    expect(placeholder!.endpoints ?? []).toEqual([]);
    expect(placeholder!.ports ?? []).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(slicesOf("empty")).toHaveLength(1);
    expect(slicesOf("kubernetes")).toEqual([expect.objectContaining({ metadata: expect.objectContaining({ name: "kubernetes" }) })]);
    const writes = cs.actions().filter((a) => ["create", "update", "delete"].includes(a.verb) && a.resource.resource === "endpointslices");
    expect(writes.map((a) => a.verb)).toEqual(["create"]);
  });

  it("records FailedToUpdateEndpointSlices on the Service when a Pod's Node is unknown", async () => {
    const { events, errors } = start(node, service("web"), pod("a", "web", { ip: "10.1.0.1", nodeName: "gone" }));
    await until(() => events.created.length > 0);
    await events.flush();
    expect(events.created[0]).toMatchObject({
      metadata: { namespace: NS },
      involvedObject: { kind: "Service", apiVersion: "v1", namespace: NS, name: "web", uid: "svc-web" },
      type: "Warning",
      reason: "FailedToUpdateEndpointSlices",
      message: `Error updating Endpoint Slices for Service ${NS}/web: skipping Pod a for Service ${NS}/web: Node gone Not Found`,
      source: { component: "endpoint-slice-controller" },
      reportingComponent: "endpoint-slice-controller",
    });
    expect(errors.length).toBeGreaterThan(0);
  });

  it("records the topology hints' events on a Service annotated topology-mode Auto", async () => {
    const zoned = (name: string, zone: string): Node => ({
      ...node,
      metadata: { name, labels: { "topology.kubernetes.io/zone": zone } },
      status: { allocatable: { cpu: "4" }, conditions: [{ type: "Ready", status: "True" }] },
    });
    const svc = service("web");
    svc.metadata!.annotations = { "service.kubernetes.io/topology-mode": "Auto" };
    const { events, cs, slicesOf } = start(zoned("n1", "z1"), zoned("n2", "z2"), svc, pod("a", "web", { ip: "10.1.0.1", nodeName: "n1" }));
    await until(() => events.created.length > 0);
    expect(events.created[0]).toMatchObject({
      involvedObject: { kind: "Service", name: "web" },
      type: "Warning",
      reason: "TopologyAwareHintsDisabled",
      message: "Insufficient number of endpoints (1 endpoints, 2 zones), addressType: IPv4",
      source: { component: "endpoint-slice-controller" },
    });
    cs.tracker().add(pod("b", "web", { ip: "10.1.0.2", nodeName: "n2" }));
    await until(() => events.created.some((e) => e.reason === "TopologyAwareHintsEnabled"));
    expect(events.created.find((e) => e.reason === "TopologyAwareHintsEnabled")).toMatchObject({
      type: "Normal",
      message: "Topology Aware Hints has been enabled, addressType: IPv4",
    });
    await until(() =>
      slicesOf("web")
        .flatMap((s) => s.endpoints)
        .every((e) => e.hints?.forZones?.length === 1),
    );
  });
});
