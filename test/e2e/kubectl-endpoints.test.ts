/**
 * The endpoints and EndpointSlice controllers with the real kubectl against `kubegen up`: a
 * Service and Pods whose status (podIP, Ready) is written through the status subresource, as a
 * kubelet would; `kubectl get endpoints` and `kubectl get endpointslices` follow a Pod turning
 * not ready and a Pod deleted (Terminating, then forced), and both go with the Service. The
 * apiserver's `kubernetes` Endpoints and slice stay its own.
 */
import { expect, it } from "vitest";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";
import { eventually } from "../support/wait.js";

const NS = "shop";

const e2e = kubectlServer("kubegen-endpoints-e2e-", {
  enabled: kubectlAvailable,
  spawn: { command: "up" },
  setup: async () => {
    await e2e.ok("create", "namespace", NS);
    await eventually(`serviceaccount ${NS}/default`, async () => (await kubectl("-n", NS, "get", "serviceaccount", "default")).code === 0);
  },
});
const { kubectl, ok } = e2e;
const apply = (name: string, obj: unknown) => ok("apply", "-f", e2e.file(`${name}.json`, JSON.stringify(obj)));

const pod = (name: string) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: NS, labels: { app: "web" } },
  // Bound by hand (there is no scheduler): the EndpointSlice controller reads the Pod's Node.
  spec: { nodeName: "node-1", containers: [{ name: "app", image: "nginx", ports: [{ name: "http", containerPort: 8080 }] }] },
});

/** What a kubelet reports: the Pod running with an IP, Ready or not. */
async function setStatus(name: string, ip: string, ready: boolean): Promise<void> {
  const status = {
    phase: "Running",
    podIP: ip,
    podIPs: [{ ip }],
    conditions: [{ type: "Ready", status: ready ? "True" : "False", lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, "Z") }],
  };
  await ok("-n", NS, "patch", "pod", name, "--subresource=status", "--type=merge", "-p", JSON.stringify({ status }));
}

const endpointsColumn = async (): Promise<string | undefined> => {
  const r = await kubectl("-n", NS, "get", "endpoints", "web", "--no-headers");
  return r.code === 0 ? r.stdout.trim().split(/\s+/)[1] : undefined;
};

describeWithTools(["kubectl"], "kubectl: Endpoints and EndpointSlices of a Service's Pods", () => {
  it("lists the ready Pods, follows readiness and deletion, and goes with the Service", async () => {
    await apply("node", {
      apiVersion: "v1",
      kind: "Node",
      metadata: { name: "node-1", labels: { "topology.kubernetes.io/zone": "zone-a" } },
    });
    await apply("svc", {
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "web", namespace: NS, labels: { team: "shop" } },
      spec: { selector: { app: "web" }, ports: [{ name: "http", port: 80, targetPort: "http" }] },
    });
    await apply("web-1", pod("web-1"));
    await apply("web-2", pod("web-2"));
    await setStatus("web-1", "10.244.0.11", true);
    await setStatus("web-2", "10.244.0.12", true);

    await eventually("both addresses in the Endpoints", async () => (await endpointsColumn()) === "10.244.0.11:8080,10.244.0.12:8080");
    const ep = await e2e.json("-n", NS, "get", "endpoints", "web");
    expect(ep.metadata.labels).toEqual({ team: "shop" });
    expect(ep.metadata.annotations["endpoints.kubernetes.io/last-change-trigger-time"]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(ep.subsets[0].addresses[0]).toMatchObject({
      ip: "10.244.0.11",
      nodeName: "node-1",
      targetRef: { kind: "Pod", namespace: NS, name: "web-1" },
    });
    expect(ep.subsets[0].ports).toEqual([{ name: "http", port: 8080, protocol: "TCP" }]);

    const sliceTable = async (): Promise<string[]> =>
      (await ok("-n", NS, "get", "endpointslices", "-l", "kubernetes.io/service-name=web", "--no-headers")).trim().split(/\s+/);
    await eventually("the EndpointSlice lists both", async () => (await sliceTable())[3] === "10.244.0.11,10.244.0.12");
    const [name, addressType, ports] = await sliceTable();
    expect(name).toMatch(/^web-[a-z0-9]{5}$/);
    expect([addressType, ports]).toEqual(["IPv4", "8080"]);
    const slice = (await e2e.json("-n", NS, "get", "endpointslices", "-l", "kubernetes.io/service-name=web")).items[0];
    expect(slice.metadata.labels).toEqual({
      team: "shop",
      "kubernetes.io/service-name": "web",
      "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io",
    });
    expect(slice.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: "Service", name: "web", controller: true })]);
    expect(slice.endpoints[0]).toMatchObject({
      addresses: ["10.244.0.11"],
      conditions: { ready: true, serving: true, terminating: false },
      nodeName: "node-1",
      zone: "zone-a",
      targetRef: { kind: "Pod", name: "web-1" },
    });

    // web-2 turns not ready: out of the Endpoints column (into notReadyAddresses), ready: false in the slice.
    await setStatus("web-2", "10.244.0.12", false);
    await eventually("web-2 not ready", async () => (await endpointsColumn()) === "10.244.0.11:8080");
    const notReady = await e2e.json("-n", NS, "get", "endpoints", "web");
    expect(notReady.subsets[0].notReadyAddresses).toEqual([expect.objectContaining({ ip: "10.244.0.12" })]);
    await eventually("web-2 not ready in the slice", async () => {
      const s = (await e2e.json("-n", NS, "get", "endpointslices", "-l", "kubernetes.io/service-name=web")).items[0];
      return s.endpoints.some(
        (e: { addresses: string[]; conditions: { ready: boolean } }) => e.addresses[0] === "10.244.0.12" && !e.conditions.ready,
      );
    });

    // web-1 deleted: bound to a Node with no kubelet, it stays Terminating (graceful deletion, as
    // upstream): out of the Endpoints, kept in the slice as terminating (serving, not ready).
    await ok("-n", NS, "delete", "pod", "web-1", "--wait=false");
    const ips = (field: string) => ok("-n", NS, "get", "endpoints", "web", "-o", `jsonpath={.subsets[*].${field}[*].ip}`);
    await eventually("web-1 out of the Endpoints", async () => (await ips("addresses")) === "");
    expect(await ips("notReadyAddresses")).toBe("10.244.0.12");
    await eventually("web-1 terminating in the slice", async () => {
      const s = (await e2e.json("-n", NS, "get", "endpointslices", "-l", "kubernetes.io/service-name=web")).items[0];
      return s.endpoints.some(
        (e: { addresses: string[]; conditions: { ready: boolean; serving: boolean; terminating: boolean } }) =>
          e.addresses[0] === "10.244.0.11" && !e.conditions.ready && e.conditions.serving && e.conditions.terminating,
      );
    });
    // Forced (what a kubelet's final delete does): gone from the slice too.
    await ok("-n", NS, "delete", "pod", "web-1", "--grace-period=0", "--force");
    await eventually("web-1 gone from the slice", async () => (await sliceTable())[3] === "10.244.0.12");

    // The Service deleted: its Endpoints by the endpoints controller, its slice by the garbage collector.
    await ok("-n", NS, "delete", "service", "web");
    await eventually("Endpoints gone", async () => (await kubectl("-n", NS, "get", "endpoints", "web")).code !== 0);
    await eventually("slices gone", async () => (await ok("-n", NS, "get", "endpointslices", "-o", "name")).trim() === "");

    // The apiserver's own: untouched.
    expect(await ok("-n", "default", "get", "endpointslices", "kubernetes", "-o", "jsonpath={.metadata.labels}")).toBe(
      '{"kubernetes.io/service-name":"kubernetes"}',
    );
    expect((await ok("-n", "default", "get", "endpoints", "kubernetes", "--no-headers")).trim().split(/\s+/)[1]).not.toBe("<none>");
  }, 120_000);

  it("mirrors a selector-less Service's own Endpoints into an EndpointSlice", async () => {
    await apply("ext", {
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "ext", namespace: NS },
      spec: { ports: [{ name: "pg", port: 5432 }] },
    });
    await apply("ext-ep", {
      apiVersion: "v1",
      kind: "Endpoints",
      metadata: { name: "ext", namespace: NS },
      subsets: [{ addresses: [{ ip: "192.0.2.10" }], ports: [{ name: "pg", port: 5432 }] }],
    });
    const table = async () => (await ok("-n", NS, "get", "endpointslices", "-l", "kubernetes.io/service-name=ext", "--no-headers")).trim();
    await eventually("the mirrored slice", async () => (await table()).split(/\s+/)[3] === "192.0.2.10");
    const slice = (await e2e.json("-n", NS, "get", "endpointslices", "-l", "kubernetes.io/service-name=ext")).items[0];
    expect(slice.metadata.labels["endpointslice.kubernetes.io/managed-by"]).toBe("endpointslicemirroring-controller.k8s.io");
    expect(slice.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: "Endpoints", name: "ext" })]);
    // The Endpoints stay the user's: the endpoints controller does not touch a selector-less Service's.
    expect(await ok("-n", NS, "get", "endpoints", "ext", "-o", "jsonpath={.subsets[0].addresses[0].ip}")).toBe("192.0.2.10");
    // Only the apiserver's slice for `kubernetes`: its Endpoints are not mirrored.
    expect((await ok("-n", "default", "get", "endpointslices", "-o", "name")).trim()).toBe("endpointslice.discovery.k8s.io/kubernetes");
  }, 60_000);
});
