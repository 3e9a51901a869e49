/**
 * The endpoints controller against the generated fake clientset: Endpoints named as the Service
 * with its labels (plus the headless label), the trigger-time annotation, readiness changes, the
 * over-capacity annotation, selector-less Services left alone, the Endpoints of a deleted
 * Service deleted, and upstream's FailedToCreateEndpoint / FailedToUpdateEndpoint events.
 */
import { afterEach, describe, expect, it } from "vitest";
import { EndpointsController } from "../../../controllers/endpoint/endpoints-controller.js";
import type { Endpoints, Pod, Service } from "../../../generated/apis/core/v1/index.js";
import { FakeClientset } from "../../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../../generated/informers/index.js";
import { StatusError } from "../../../runtime/rest/errors.js";
import { until } from "../../support/wait.js";
import { recordedEvents } from "../support/events.js";
import { NS, pod, service } from "./fixtures.js";
import { runController } from "../support/run.js";

const ENDPOINTS = { group: "", version: "v1", resource: "endpoints" };
const PODS = { group: "", version: "v1", resource: "pods" };
const SERVICES = { group: "", version: "v1", resource: "services" };

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
  const controller = new EndpointsController({
    pods: factory.coreV1().pods(),
    services: factory.coreV1().services(),
    endpoints: factory.coreV1().endpoints(),
    client: cs,
    onError: (e) => errors.push(e),
    recorder: events.recorder("endpoint-controller"),
  });
  stop = runController(controller, factory);
  const get = (name: string): Endpoints | undefined => {
    try {
      return cs.tracker().get<Endpoints>(ENDPOINTS, NS, name);
    } catch {
      return undefined;
    }
  };
  return { cs, controller, errors, get, events };
}

describe("endpoints controller (fake clientset)", () => {
  it("writes the Service's Endpoints, follows readiness, and deletes them with the Service", async () => {
    const svc = service("web", {}, { tier: "front" });
    const { cs, errors, get } = start(
      svc,
      pod("a", "web", { ip: "10.1.0.1", nodeName: "n1" }),
      pod("b", "web", { ip: "10.1.0.2", ready: false }),
      pod("x", "other", { ip: "10.1.0.9" }),
    );
    await until(() => get("web") !== undefined);
    const ep = get("web")!;
    expect(ep.metadata?.labels).toEqual({ tier: "front" });
    // The earliest change seen on the first sync: the Service's creation.
    expect(ep.metadata?.annotations).toEqual({ "endpoints.kubernetes.io/last-change-trigger-time": "2026-01-01T00:00:00Z" });
    expect(ep.subsets).toEqual([
      {
        addresses: [{ ip: "10.1.0.1", nodeName: "n1", targetRef: { kind: "Pod", namespace: NS, name: "a", uid: "uid-a" } }],
        notReadyAddresses: [{ ip: "10.1.0.2", targetRef: { kind: "Pod", namespace: NS, name: "b", uid: "uid-b" } }],
        ports: [{ name: "http", port: 8080, protocol: "TCP" }],
      },
    ]);

    // b turns ready: its Ready transition is the new trigger time.
    const b = pod("b", "web", { ip: "10.1.0.2", readySince: "2026-01-01T00:01:00Z" });
    delete b.metadata!.resourceVersion;
    cs.tracker().update(PODS, b, NS);
    await until(() => (get("web")?.subsets?.[0]?.addresses ?? []).length === 2);
    expect(get("web")!.subsets?.[0]?.notReadyAddresses).toBeUndefined();
    expect(get("web")!.metadata?.annotations?.["endpoints.kubernetes.io/last-change-trigger-time"]).toBe("2026-01-01T00:01:00Z");

    cs.tracker().delete(PODS, NS, "a");
    await until(() => (get("web")?.subsets?.[0]?.addresses ?? []).length === 1);

    cs.tracker().delete(SERVICES, NS, "web");
    await until(() => get("web") === undefined);
    expect(errors).toEqual([]);
  });

  it("labels a headless Service's Endpoints and leaves selector-less and ExternalName Services alone", async () => {
    const manual: Service = { ...service("manual"), spec: { ports: [{ port: 80, protocol: "TCP" }], clusterIP: "10.0.0.11" } };
    const userEndpoints: Endpoints = {
      apiVersion: "v1",
      kind: "Endpoints",
      metadata: { name: "manual", namespace: NS, resourceVersion: "5" },
      subsets: [{ addresses: [{ ip: "192.0.2.1" }], ports: [{ port: 80, protocol: "TCP" }] }],
    };
    const external = service("ext", { type: "ExternalName", externalName: "example.com" });
    const { cs, get } = start(
      service("hl", { clusterIP: "None" }),
      manual,
      userEndpoints,
      external,
      pod("h", "hl", { ip: "10.1.0.3" }),
      pod("m", "manual", { ip: "10.1.0.4", labels: { app: "manual" } }),
      pod("e", "ext", { ip: "10.1.0.5" }),
    );
    await until(() => get("hl") !== undefined);
    expect(get("hl")!.metadata?.labels).toEqual({ "service.kubernetes.io/headless": "" });
    await new Promise((r) => setTimeout(r, 200));
    expect(get("manual")?.subsets).toEqual(userEndpoints.subsets);
    expect(get("ext")).toBeUndefined();
    expect(
      cs
        .actions()
        .filter((a) => a.verb !== "list" && a.verb !== "watch" && a.resource.resource === "endpoints")
        .map((a) => a.verb),
    ).toEqual(["create"]);
  });

  it("truncates past 1000 addresses with the over-capacity annotation, and drops it once under", async () => {
    const pods: Pod[] = Array.from({ length: 1001 }, (_, i) => pod(`p${i}`, "big", { ip: `10.2.${Math.floor(i / 250)}.${(i % 250) + 1}` }));
    const { cs, get } = start(service("big"), ...pods);
    await until(() => get("big") !== undefined);
    const ep = get("big")!;
    expect(ep.metadata?.annotations?.["endpoints.kubernetes.io/over-capacity"]).toBe("truncated");
    expect(ep.subsets?.[0]?.addresses).toHaveLength(1000);
    cs.tracker().delete(PODS, NS, "p0");
    cs.tracker().delete(PODS, NS, "p1");
    await until(() => !("endpoints.kubernetes.io/over-capacity" in (get("big")?.metadata?.annotations ?? {})));
    expect(get("big")!.subsets?.[0]?.addresses).toHaveLength(999);
  });

  it("records FailedToCreateEndpoint and FailedToUpdateEndpoint on the Endpoints when the write fails", async () => {
    const refused = (verb: string) => () => ({
      handled: true as const,
      err: new StatusError({ status: "Failure", reason: "Forbidden", code: 403, message: `${verb} refused` }),
    });
    const { cs, events } = start(service("web"), pod("a", "web", { ip: "10.1.0.1", nodeName: "n1" }));
    cs.prependReactor("create", "endpoints", refused("create"));
    await until(() => events.created.length > 0);
    expect(events.created[0]).toMatchObject({
      involvedObject: { kind: "Endpoints", apiVersion: "v1", namespace: NS, name: "web" },
      type: "Warning",
      reason: "FailedToCreateEndpoint",
      message: `Failed to create endpoint for service ${NS}/web: create refused`,
      source: { component: "endpoint-controller" },
      reportingComponent: "endpoint-controller",
    });

    const existing: Endpoints = { apiVersion: "v1", kind: "Endpoints", metadata: { name: "db", namespace: NS, uid: "ep-db" } };
    cs.prependReactor("update", "endpoints", refused("update"));
    cs.tracker().add(existing);
    cs.tracker().add(service("db"));
    cs.tracker().add(pod("b", "db", { ip: "10.1.0.2", nodeName: "n1" }));
    await until(() => events.created.some((e) => e.reason === "FailedToUpdateEndpoint"));
    expect(events.created.find((e) => e.reason === "FailedToUpdateEndpoint")).toMatchObject({
      involvedObject: { kind: "Endpoints", namespace: NS, name: "db", uid: "ep-db" },
      type: "Warning",
      message: `Failed to update endpoint ${NS}/db: update refused`,
    });
  });
});
