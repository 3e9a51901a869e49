/**
 * What the endpoints controller writes for a Service: RepackSubsets' grouping by port set,
 * addresses per the Ready condition and publishNotReadyAddresses, Pods left out (terminal,
 * without IP, terminating, without the port), named ports, hostnames, families, truncation.
 */
import { describe, expect, it } from "vitest";
import { repackSubsets } from "../../../runtime/endpoints/repack.js";
import { computeSubsets, truncateSubsets } from "../../../controllers/endpoint/subsets.js";
import type { EndpointPort, EndpointSubset } from "../../../generated/apis/core/v1/index.js";
import { NS, pod, service } from "./fixtures.js";

const ref = (name: string) => ({ kind: "Pod", namespace: NS, name, uid: `uid-${name}` });
const http: EndpointPort = { name: "http", port: 8080, protocol: "TCP" };

describe("repackSubsets", () => {
  it("merges addresses offering the same ports and splits those that differ", () => {
    const a = { ip: "10.1.0.1" };
    const b = { ip: "10.1.0.2" };
    const p1: EndpointPort = { name: "a", port: 1, protocol: "TCP" };
    const p2: EndpointPort = { name: "b", port: 2, protocol: "TCP" };
    const out = repackSubsets([
      { addresses: [b], ports: [p1] },
      { addresses: [a], ports: [p1, p2] },
      { addresses: [b], ports: [p2] },
      { addresses: [a], ports: [p1] },
    ]);
    expect(out).toEqual([{ addresses: [a, b], ports: [p1, p2] }]);
    const split = repackSubsets([
      { addresses: [a], ports: [p1] },
      { addresses: [b], ports: [p2] },
    ]);
    expect(split).toHaveLength(2);
    expect(split.map((s) => s.addresses)).toEqual(expect.arrayContaining([[a], [b]]));
  });

  it("keeps an address not ready for a port once it is not ready there, and subsets without ports", () => {
    const a = { ip: "10.1.0.1" };
    expect(
      repackSubsets([
        { addresses: [a], ports: [http] },
        { notReadyAddresses: [a], ports: [http] },
      ]),
    ).toEqual([{ notReadyAddresses: [a], ports: [http] }]);
    expect(repackSubsets([{ addresses: [{ ip: "10.1.0.2" }] }, { addresses: [a] }])).toEqual([{ addresses: [a, { ip: "10.1.0.2" }] }]);
  });

  it("sorts addresses by IP then uid, an address without targetRef first", () => {
    const x = { ip: "10.1.0.1", targetRef: { uid: "b" } };
    const y = { ip: "10.1.0.1", targetRef: { uid: "a" } };
    const z = { ip: "10.1.0.1" };
    expect(repackSubsets([{ addresses: [x, y, z], ports: [http] }])[0]!.addresses).toEqual([z, y, x]);
  });
});

describe("computeSubsets", () => {
  it("lists ready Pods as addresses and not-ready ones as notReadyAddresses, with targetRef and nodeName", () => {
    const svc = service("web");
    const subsets = computeSubsets(svc, [
      pod("b", "web", { ip: "10.1.0.2", nodeName: "n1" }),
      pod("a", "web", { ip: "10.1.0.1", ready: false }),
    ]);
    expect(subsets).toEqual([
      {
        addresses: [{ ip: "10.1.0.2", nodeName: "n1", targetRef: ref("b") }],
        notReadyAddresses: [{ ip: "10.1.0.1", targetRef: ref("a") }],
        ports: [http],
      },
    ]);
  });

  it("publishes not-ready Pods as ready with publishNotReadyAddresses, terminating ones included", () => {
    const svc = service("web", { publishNotReadyAddresses: true });
    const subsets = computeSubsets(svc, [pod("a", "web", { ip: "10.1.0.1", ready: false, deleting: true })]);
    expect(subsets[0]!.addresses?.map((a) => a.ip)).toEqual(["10.1.0.1"]);
    expect(subsets[0]!.notReadyAddresses).toBeUndefined();
  });

  it("leaves out terminal Pods, Pods without an IP and terminating Pods", () => {
    const svc = service("web");
    const subsets = computeSubsets(svc, [
      pod("done", "web", { ip: "10.1.0.1", phase: "Succeeded" }),
      pod("failed", "web", { ip: "10.1.0.2", phase: "Failed" }),
      pod("noip", "web"),
      pod("going", "web", { ip: "10.1.0.3", deleting: true }),
    ]);
    expect(subsets).toEqual([]);
  });

  it("looks named target ports up in the Pod's containers, by protocol; a Pod without it is left out of that port", () => {
    const svc = service("web", {
      ports: [
        { name: "http", port: 80, targetPort: "web", protocol: "TCP" },
        { name: "dns", port: 53, targetPort: "dns", protocol: "UDP", appProtocol: "dns" },
      ],
    });
    const subsets = computeSubsets(svc, [
      pod("a", "web", {
        ip: "10.1.0.1",
        ports: [
          { name: "web", containerPort: 8000 },
          { name: "dns", containerPort: 5353, protocol: "UDP" },
        ],
      }),
      pod("b", "web", {
        ip: "10.1.0.2",
        ports: [
          { name: "web", containerPort: 8000 },
          { name: "dns", containerPort: 5353 },
        ],
      }),
    ]);
    // Each port's own address set: http has both Pods, dns only the one whose port is UDP.
    expect(subsets).toHaveLength(2);
    expect(subsets).toEqual(
      expect.arrayContaining([
        {
          addresses: [
            { ip: "10.1.0.1", targetRef: ref("a") },
            { ip: "10.1.0.2", targetRef: ref("b") },
          ],
          ports: [{ name: "http", port: 8000, protocol: "TCP" }],
        },
        { addresses: [{ ip: "10.1.0.1", targetRef: ref("a") }], ports: [{ name: "dns", port: 5353, protocol: "UDP", appProtocol: "dns" }] },
      ]),
    );
  });

  it("sets the hostname only when the Pod's subdomain names the Service", () => {
    const svc = service("web");
    const subsets = computeSubsets(svc, [
      pod("a", "web", { ip: "10.1.0.1", hostname: "a", subdomain: "web" }),
      pod("b", "web", { ip: "10.1.0.2", hostname: "b", subdomain: "other" }),
    ]);
    expect(subsets[0]!.addresses?.map((a) => a.hostname)).toEqual(["a", undefined]);
  });

  it("takes the Pod IP of the Service's family, and lists a headless Service's Pods without ports", () => {
    const v6 = service("web", { ipFamilies: ["IPv6"], clusterIP: "fd00::10" });
    expect(computeSubsets(v6, [pod("a", "web", { ip: ["10.1.0.1", "fd00:1::1"] })])[0]!.addresses?.[0]!.ip).toBe("fd00:1::1");
    expect(computeSubsets(v6, [pod("a", "web", { ip: "10.1.0.1" })])).toEqual([]);
    const headless = service("web", { clusterIP: "None", ports: [] });
    expect(computeSubsets(headless, [pod("a", "web", { ip: "10.1.0.1" })])).toEqual([
      { addresses: [{ ip: "10.1.0.1", targetRef: ref("a") }] },
    ]);
  });
});

describe("truncateSubsets", () => {
  const addrs = (n: number, base: number) =>
    Array.from({ length: n }, (_, i) => ({ ip: `10.${base}.${Math.floor(i / 250)}.${(i % 250) + 1}` }));

  it("keeps at most 1000 addresses, ready ones first, each subset its share rounded up", () => {
    const subsets: EndpointSubset[] = [
      { addresses: addrs(600, 1), notReadyAddresses: addrs(10, 3), ports: [http] },
      { addresses: addrs(600, 2), ports: [{ ...http, port: 1 }] },
    ];
    expect(truncateSubsets(subsets)).toBe(true);
    expect(subsets[0]!.addresses).toHaveLength(500);
    expect(subsets[0]!.notReadyAddresses).toBeUndefined();
    expect(subsets[1]!.addresses).toHaveLength(500);
  });

  it("cuts only not-ready addresses when the ready ones fit", () => {
    const subsets: EndpointSubset[] = [{ addresses: addrs(900, 1), notReadyAddresses: addrs(300, 2), ports: [http] }];
    expect(truncateSubsets(subsets)).toBe(true);
    expect(subsets[0]!.addresses).toHaveLength(900);
    expect(subsets[0]!.notReadyAddresses).toHaveLength(100);
    expect(truncateSubsets([{ addresses: addrs(1000, 1), ports: [http] }])).toBe(false);
  });
});
