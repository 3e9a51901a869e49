/**
 * The Available condition with upstream's reasons and messages: Local, ServiceNotFound,
 * ServiceAccessError, ServicePortError, EndpointsNotFound, MissingEndpoints (no ready address
 * with the port's name), FailedDiscoveryCheck (an error or a bad status), Passed; ExternalName
 * Services resolve to their name; the transition time moves only when the status does.
 */
import { describe, expect, it } from "vitest";
import type { Service } from "../../../api/core/v1/service.js";
import type { EndpointSlice } from "../../../api/discovery/v1/types.js";
import type { APIService } from "../../../apiserver/aggregator/apiservices.js";
import { checkAvailability, withCondition, type Probe } from "../../../apiserver/aggregator/availability.js";
import type { ServiceLookup } from "../../../apiserver/aggregator/resolve.js";
import { goClientError } from "../../../apiserver/aggregator/upstream.js";

const remote: APIService = {
  metadata: { name: "v1.widgets.example.com" },
  spec: {
    group: "widgets.example.com",
    version: "v1",
    service: { namespace: "kube-system", name: "widgets", port: 443 },
    groupPriorityMinimum: 1000,
    versionPriority: 15,
  },
};

const service = (ports: { name?: string; port: number }[], type = "ClusterIP", externalName?: string): Service =>
  ({ metadata: { name: "widgets", namespace: "kube-system" }, spec: { type, ports, ...(externalName && { externalName }) } }) as Service;

const slice = (portName: string, ready = true): EndpointSlice => ({
  addressType: "IPv4",
  endpoints: [{ addresses: ["10.0.0.7"], conditions: { ready } }],
  ports: [{ name: portName, port: 8443 }],
});

function lookup(svc: Service | undefined | Error, slices: EndpointSlice[] | Error = []): ServiceLookup {
  return {
    getService: async () => {
      if (svc instanceof Error) throw svc;
      return svc;
    },
    endpointSlices: async () => {
      if (slices instanceof Error) throw slices;
      return slices;
    },
  };
}

const ok: Probe = async () => 200;

describe("checkAvailability", () => {
  it("says Local for an APIService without a service", async () => {
    const local: APIService = {
      metadata: { name: "v1.apps" },
      spec: { group: "apps", version: "v1", groupPriorityMinimum: 17800, versionPriority: 15 } as never,
    };
    expect(await checkAvailability(local, lookup(undefined), ok)).toEqual({
      type: "Available",
      status: "True",
      reason: "Local",
      message: "Local APIServices are always available",
    });
  });

  it.each([
    [lookup(undefined), "False", "ServiceNotFound", 'service/widgets in "kube-system" is not present'],
    [
      lookup(new Error("etcd is down")),
      "Unknown",
      "ServiceAccessError",
      'service/widgets in "kube-system" cannot be checked due to: etcd is down',
    ],
    [
      lookup(service([{ name: "https", port: 8443 }])),
      "False",
      "ServicePortError",
      'service/widgets in "kube-system" is not listening on port 443',
    ],
    [
      lookup(service([{ name: "https", port: 443 }]), new Error("no")),
      "Unknown",
      "EndpointsAccessError",
      'service/widgets in "kube-system" cannot be checked due to: no',
    ],
    [
      lookup(service([{ name: "https", port: 443 }]), []),
      "False",
      "EndpointsNotFound",
      'cannot find endpointslices for service/widgets in "kube-system"',
    ],
    [
      lookup(service([{ name: "https", port: 443 }]), [slice("http")]),
      "False",
      "MissingEndpoints",
      'endpointslices for service/widgets in "kube-system" have no addresses with port name "https"',
    ],
    [
      lookup(service([{ name: "https", port: 443 }]), [slice("https", false)]),
      "False",
      "MissingEndpoints",
      'endpointslices for service/widgets in "kube-system" have no addresses with port name "https"',
    ],
  ])("reports %#: %s %s", async (l, status, reason, message) => {
    expect(await checkAvailability(remote, l, ok)).toEqual({ type: "Available", status, reason, message });
  });

  it("checks discovery at the endpoint's address and port", async () => {
    const seen: string[] = [];
    const probe: Probe = async (_s, e, p) => {
      seen.push(`${e.host}:${e.port}${p}`);
      return 200;
    };
    expect(await checkAvailability(remote, lookup(service([{ name: "https", port: 443 }]), [slice("https")]), probe)).toEqual({
      type: "Available",
      status: "True",
      reason: "Passed",
      message: "all checks passed",
    });
    expect(seen).toEqual(["10.0.0.7:8443/apis/widgets.example.com/v1"]);
  });

  it("says FailedDiscoveryCheck with the client's error or the bad status", async () => {
    const l = lookup(service([{ name: "https", port: 443 }]), [slice("https")]);
    const refused: Probe = async () => {
      const url = "https://10.0.0.7:8443/apis/widgets.example.com/v1";
      throw new Error(
        goClientError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }), "GET", url, "10.0.0.7:8443"),
      );
    };
    expect(await checkAvailability(remote, l, refused)).toMatchObject({
      status: "False",
      reason: "FailedDiscoveryCheck",
      message:
        'failing or missing response from https://10.0.0.7:8443/apis/widgets.example.com/v1: Get "https://10.0.0.7:8443/apis/widgets.example.com/v1": dial tcp 10.0.0.7:8443: connect: connection refused',
    });
    expect(await checkAvailability(remote, l, async () => 403)).toMatchObject({
      reason: "FailedDiscoveryCheck",
      message:
        "failing or missing response from https://10.0.0.7:8443/apis/widgets.example.com/v1: bad status from https://10.0.0.7:8443/apis/widgets.example.com/v1: 403",
    });
  });

  it("resolves an ExternalName service to its name and the APIService's port", async () => {
    const seen: string[] = [];
    await checkAvailability(remote, lookup(service([], "ExternalName", "widgets.example.net")), async (_s, e) => {
      seen.push(`${e.host}:${e.port}`);
      return 200;
    });
    expect(seen).toEqual(["widgets.example.net:443"]);
  });
});

describe("withCondition", () => {
  const passed = { type: "Available" as const, status: "True" as const, reason: "Passed", message: "all checks passed" };
  const t0 = new Date("2026-01-01T00:00:00Z");
  const t1 = new Date("2026-01-01T00:05:00Z");

  it("writes nothing when the condition is unchanged, and keeps the transition time while the status stays", () => {
    const first = withCondition(remote, passed, t0)!;
    expect(first.status?.conditions).toEqual([{ ...passed, lastTransitionTime: "2026-01-01T00:00:00Z" }]);
    expect(withCondition(first, passed, t1)).toBeUndefined();
    const failing = { type: "Available" as const, status: "False" as const, reason: "FailedDiscoveryCheck", message: "x" };
    const second = withCondition(first, failing, t1)!;
    expect(second.status?.conditions?.[0]?.lastTransitionTime).toBe("2026-01-01T00:05:00Z");
    const third = withCondition(second, { ...failing, message: "y" }, new Date("2026-01-01T00:09:00Z"))!;
    expect(third.status?.conditions?.[0]?.lastTransitionTime).toBe("2026-01-01T00:05:00Z");
  });
});
