/**
 * Events from the controllers, with the real kubectl against `kubegen up`: a Service annotated
 * `service.kubernetes.io/topology-mode: Auto` whose one endpoint cannot serve two zones gets the
 * EndpointSlice controller's TopologyAwareHintsDisabled Warning (a repeat counted up on the same
 * Event), then TopologyAwareHintsEnabled once each zone has an endpoint; `kubectl describe
 * service` shows them with `endpoint-slice-controller` as their source. Core/v1 and
 * events.k8s.io/v1 are one storage: the controller's core Event is read through
 * events.k8s.io/v1, and an events.k8s.io/v1 Event about the Service shows in `kubectl describe`.
 */
import { expect, it } from "vitest";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";
import { eventually } from "../support/wait.js";

const NS = "shop";

const e2e = kubectlServer("kubegen-events-e2e-", {
  enabled: kubectlAvailable,
  spawn: { command: "up" },
  setup: async () => {
    await e2e.ok("create", "namespace", NS);
  },
});
const { ok } = e2e;
const apply = (name: string, obj: unknown) => ok("apply", "-f", e2e.file(`${name}.json`, JSON.stringify(obj)));
const now = (): string => new Date().toISOString().replace(/\.\d+Z$/, "Z");

/** A Node in `zone`, Ready with 4 CPUs, as a kubelet would report it. */
async function node(name: string, zone: string): Promise<void> {
  await apply(name, { apiVersion: "v1", kind: "Node", metadata: { name, labels: { "topology.kubernetes.io/zone": zone } } });
  const status = {
    allocatable: { cpu: "4" },
    conditions: [{ type: "Ready", status: "True", lastHeartbeatTime: now(), lastTransitionTime: now() }],
  };
  await ok("patch", "node", name, "--subresource=status", "--type=merge", "-p", JSON.stringify({ status }));
}

/** A Pod bound to `nodeName`, running and Ready with `ip`. */
async function pod(name: string, nodeName: string, ip: string): Promise<void> {
  await apply(name, {
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace: NS, labels: { app: "web" } },
    spec: { nodeName, containers: [{ name: "app", image: "nginx" }] },
  });
  const status = {
    phase: "Running",
    podIP: ip,
    podIPs: [{ ip }],
    conditions: [{ type: "Ready", status: "True", lastTransitionTime: now() }],
  };
  await ok("-n", NS, "patch", "pod", name, "--subresource=status", "--type=merge", "-p", JSON.stringify({ status }));
}

interface CoreEvent {
  metadata: { name: string };
  reason: string;
  message: string;
  count: number;
  type: string;
  source: { component?: string };
  reportingComponent: string;
  involvedObject: { kind: string; name: string; namespace: string; uid: string };
}

const eventsFor = async (reason: string): Promise<CoreEvent[]> =>
  (await e2e.json("-n", NS, "get", "events", "--field-selector", `reason=${reason}`)).items as CoreEvent[];

describeWithTools(["kubectl"], "kubectl: events recorded by the controllers", () => {
  it("the EndpointSlice controller's topology hints events on the Service, in kubectl describe", async () => {
    await node("node-a", "zone-a");
    await node("node-b", "zone-b");
    await apply("svc", {
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "web", namespace: NS, annotations: { "service.kubernetes.io/topology-mode": "Auto" } },
      spec: { selector: { app: "web" }, ports: [{ port: 80 }] },
    });
    await pod("web-1", "node-a", "10.244.0.11");

    const message = "Insufficient number of endpoints (1 endpoints, 2 zones), addressType: IPv4";
    await eventually("TopologyAwareHintsDisabled", async () =>
      (await eventsFor("TopologyAwareHintsDisabled")).some((e) => e.message === message),
    );
    const [disabled] = (await eventsFor("TopologyAwareHintsDisabled")).filter((e) => e.message === message);
    const svc = await e2e.json("-n", NS, "get", "service", "web");
    expect(disabled).toMatchObject({
      type: "Warning",
      source: { component: "endpoint-slice-controller" },
      reportingComponent: "endpoint-slice-controller",
      involvedObject: { kind: "Service", namespace: NS, name: "web", uid: (svc.metadata as { uid: string }).uid },
    });

    // Another sync with the same outcome counts the same Event up (a strategic merge patch).
    const before = disabled!.count;
    await ok("-n", NS, "label", "service", "web", "resync=1");
    await eventually("the Disabled event counted up", async () =>
      (await eventsFor("TopologyAwareHintsDisabled")).some((e) => e.metadata.name === disabled!.metadata.name && e.count > before),
    );
    expect((await eventsFor("TopologyAwareHintsDisabled")).filter((e) => e.message === message)).toHaveLength(1);

    // The same object through events.k8s.io/v1.
    const v1 = await e2e.json("-n", NS, "get", "events.events.k8s.io", disabled!.metadata.name);
    expect(v1).toMatchObject({
      apiVersion: "events.k8s.io/v1",
      reportingController: "endpoint-slice-controller",
      note: message,
      regarding: { kind: "Service", name: "web" },
      deprecatedSource: { component: "endpoint-slice-controller" },
    });

    // An endpoint in each zone: hints are given, which upstream announces once.
    await pod("web-2", "node-b", "10.244.0.12");
    await eventually("TopologyAwareHintsEnabled", async () => (await eventsFor("TopologyAwareHintsEnabled")).length > 0);
    expect((await eventsFor("TopologyAwareHintsEnabled"))[0]).toMatchObject({
      type: "Normal",
      message: "Topology Aware Hints has been enabled, addressType: IPv4",
      source: { component: "endpoint-slice-controller" },
    });

    // An events.k8s.io/v1 Event about the Service is read by describe like the controller's.
    await apply("note", {
      apiVersion: "events.k8s.io/v1",
      kind: "Event",
      metadata: { name: "web.audit", namespace: NS },
      eventTime: new Date().toISOString().replace(/Z$/, "000Z"),
      reportingController: "example.com/auditor",
      reportingInstance: "auditor-1",
      action: "Audit",
      reason: "Audited",
      note: "looked at the Service",
      type: "Normal",
      regarding: { kind: "Service", namespace: NS, name: "web", uid: (svc.metadata as { uid: string }).uid, apiVersion: "v1" },
    });
    const describe = await ok("-n", NS, "describe", "service", "web");
    expect(describe).toMatch(
      /Warning\s+TopologyAwareHintsDisabled\s+.*endpoint-slice-controller\s+Insufficient number of endpoints \(1 endpoints, 2 zones\), addressType: IPv4/,
    );
    expect(describe).toMatch(
      /Normal\s+TopologyAwareHintsEnabled\s+.*endpoint-slice-controller\s+Topology Aware Hints has been enabled, addressType: IPv4/,
    );
    expect(describe).toMatch(/Normal\s+Audited\s+.*example\.com\/auditor\s+looked at the Service/);
  });
});
