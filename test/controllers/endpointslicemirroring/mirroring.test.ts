/**
 * The EndpointSlice mirroring controller: a selector-less Service's user-written Endpoints as
 * EndpointSlices (labels, annotations but the trigger time, owner, one slice per port set and
 * family, invalid IPs and addresses past the per-subset limit skipped), rewritten in place when
 * they change, deleted when the Service gets a selector; skip-mirror Endpoints left alone;
 * upstream's InvalidIPAddress and TooManyAddressesToMirror events on the Endpoints.
 */
import { afterEach, describe, expect, it } from "vitest";
import { EndpointSliceMirroringController } from "../../../controllers/endpointslicemirroring/endpointslicemirroring-controller.js";
import { planMirroredSlices } from "../../../controllers/endpointslicemirroring/reconciler.js";
import type { Endpoints, Service } from "../../../generated/apis/core/v1/index.js";
import type { EndpointSlice } from "../../../generated/apis/discovery/v1/index.js";
import { FakeClientset } from "../../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../../generated/informers/index.js";
import { until } from "../../support/wait.js";
import { recordedEvents } from "../support/events.js";
import { runController } from "../support/run.js";

const NS = "ns";
const SLICES = { group: "discovery.k8s.io", version: "v1", resource: "endpointslices" };
const ENDPOINTS = { group: "", version: "v1", resource: "endpoints" };
const SERVICES = { group: "", version: "v1", resource: "services" };

const endpoints = (name: string, subsets: Endpoints["subsets"], labels?: Record<string, string>): Endpoints => ({
  apiVersion: "v1",
  kind: "Endpoints",
  metadata: {
    name,
    namespace: NS,
    uid: `ep-${name}`,
    labels: { team: "db", ...labels },
    annotations: { note: "x", "endpoints.kubernetes.io/last-change-trigger-time": "2026-01-01T00:00:00Z" },
  },
  subsets,
});
const selectorless = (name: string): Service => ({
  apiVersion: "v1",
  kind: "Service",
  metadata: { name, namespace: NS, uid: `svc-${name}` },
  spec: { clusterIP: "10.0.0.20", ports: [{ port: 5432, protocol: "TCP" }] },
});
const pg = { name: "pg", port: 5432, protocol: "TCP" as const };

describe("planMirroredSlices", () => {
  it("mirrors each subset per address type, skipping invalid IPs and addresses past the limit", () => {
    const ep = endpoints("db", [
      {
        addresses: [{ ip: "192.0.2.1", nodeName: "n1", hostname: "db-0" }, { ip: "2001:db8::1" }, { ip: "not-an-ip" }, { ip: "192.0.2.2" }],
        notReadyAddresses: [{ ip: "192.0.2.3" }],
        ports: [pg],
      },
    ]);
    const plan = planMirroredSlices(ep, [], 3);
    expect(plan.invalid).toBe(1);
    expect(plan.skipped).toBe(2);
    const v4 = plan.create.find((s) => s.addressType === "IPv4")!;
    expect(v4.metadata).toEqual({
      generateName: "db-",
      namespace: NS,
      labels: {
        team: "db",
        "kubernetes.io/service-name": "db",
        "endpointslice.kubernetes.io/managed-by": "endpointslicemirroring-controller.k8s.io",
      },
      annotations: { note: "x" },
      ownerReferences: [{ apiVersion: "v1", kind: "Endpoints", name: "db", uid: "ep-db", controller: true, blockOwnerDeletion: true }],
    });
    expect(v4.ports).toEqual([{ name: "pg", port: 5432, protocol: "TCP" }]);
    expect(v4.endpoints).toEqual([
      { addresses: ["192.0.2.1"], conditions: { ready: true }, nodeName: "n1", hostname: "db-0" },
      { addresses: ["192.0.2.2"], conditions: { ready: true } },
    ]);
    expect(plan.create.find((s) => s.addressType === "IPv6")!.endpoints.map((e) => e.addresses)).toEqual([["2001:db8::1"]]);
  });

  it("leaves a matching slice alone and rewrites a changed one in place", () => {
    const ep = endpoints("db", [{ addresses: [{ ip: "192.0.2.1" }], ports: [pg] }]);
    const [created] = planMirroredSlices(ep, [], 1000).create;
    const stored: EndpointSlice = { ...created!, metadata: { ...created!.metadata, name: "db-abcde", resourceVersion: "7" } };
    expect(planMirroredSlices(ep, [stored], 1000)).toMatchObject({ create: [], update: [], delete: [] });
    const changed = endpoints("db", [{ addresses: [{ ip: "192.0.2.9" }], ports: [pg] }]);
    const plan = planMirroredSlices(changed, [stored], 1000);
    expect(plan.create).toEqual([]);
    expect(plan.delete).toEqual([]);
    expect(plan.update.map((s) => [s.metadata?.name, s.metadata?.resourceVersion, s.endpoints[0]!.addresses])).toEqual([
      ["db-abcde", "7", ["192.0.2.9"]],
    ]);
  });
});

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe("EndpointSlice mirroring controller (fake clientset)", () => {
  it("mirrors a selector-less Service's Endpoints, not skip-mirror ones, and drops them once the Service has a selector", async () => {
    const cs = new FakeClientset(
      selectorless("db"),
      endpoints("db", [{ addresses: [{ ip: "192.0.2.1" }], ports: [pg] }]),
      selectorless("kubernetes"),
      endpoints("kubernetes", [{ addresses: [{ ip: "192.0.2.5" }], ports: [pg] }], { "endpointslice.kubernetes.io/skip-mirror": "true" }),
    );
    const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
    const errors: unknown[] = [];
    const controller = new EndpointSliceMirroringController({
      endpoints: factory.coreV1().endpoints(),
      services: factory.coreV1().services(),
      endpointSlices: factory.discoveryV1().endpointSlices(),
      client: cs,
      onError: (e) => errors.push(e),
    });
    stop = runController(controller, factory);
    const slices = () => cs.tracker().list<EndpointSlice>(SLICES, NS).items;
    await until(() => slices().length === 1);
    expect(slices()[0]!.metadata?.labels?.["kubernetes.io/service-name"]).toBe("db");

    const updated = endpoints("db", [{ addresses: [{ ip: "192.0.2.1" }, { ip: "192.0.2.2" }], ports: [pg] }]);
    cs.tracker().update(ENDPOINTS, updated, NS);
    await until(() => slices()[0]?.endpoints.length === 2);
    expect(slices()).toHaveLength(1);

    cs.tracker().update(SERVICES, { ...selectorless("db"), spec: { ...selectorless("db").spec, selector: { app: "db" } } }, NS);
    await until(() => slices().length === 0);
    expect(errors).toEqual([]);
  });

  it("records InvalidIPAddress and TooManyAddressesToMirror on the Endpoints", async () => {
    const cs = new FakeClientset(
      selectorless("db"),
      endpoints("db", [{ addresses: [{ ip: "192.0.2.1" }, { ip: "bad" }, { ip: "192.0.2.2" }, { ip: "192.0.2.3" }], ports: [pg] }]),
    );
    const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
    const events = recordedEvents();
    const controller = new EndpointSliceMirroringController({
      endpoints: factory.coreV1().endpoints(),
      services: factory.coreV1().services(),
      endpointSlices: factory.discoveryV1().endpointSlices(),
      client: cs,
      maxEndpointsPerSubset: 2,
      onError: () => {},
      recorder: events.recorder("endpoint-slice-mirroring-controller"),
    });
    stop = runController(controller, factory);
    await until(() => events.created.length === 2);
    const common = {
      involvedObject: { kind: "Endpoints", apiVersion: "v1", namespace: NS, name: "db", uid: "ep-db" },
      type: "Warning",
      source: { component: "endpoint-slice-mirroring-controller" },
    };
    expect(events.created).toMatchObject([
      { ...common, reason: "InvalidIPAddress", message: "Skipped 1 invalid IP addresses when mirroring to EndpointSlices" },
      {
        ...common,
        reason: "TooManyAddressesToMirror",
        message: "A max of 2 addresses can be mirrored to EndpointSlices per Endpoints subset. 2 addresses were skipped",
      },
    ]);
  });
});
