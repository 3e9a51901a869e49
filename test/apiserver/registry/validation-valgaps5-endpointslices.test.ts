/**
 * Issue #16 against upstream 1.34, session 12: EndpointSlice FQDN addresses
 * (IsFullyQualifiedDomainName), ports' appProtocol (a qualified name) and node hints.
 */
import { describe, expect, it } from "vitest";
import { endpointSliceStrategy } from "../../../apiserver/registry/resources/endpointslices/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

const slice = (addressType: string, endpoints: unknown[], ports: unknown[] = []): KubeObject => ({
  apiVersion: "discovery.k8s.io/v1",
  kind: "EndpointSlice",
  metadata: { name: "s", namespace: "d", resourceVersion: "1" },
  addressType,
  endpoints,
  ports,
});

function createErrors(obj: KubeObject): string[] {
  endpointSliceStrategy.defaults?.(obj);
  endpointSliceStrategy.prepareForCreate?.(obj);
  return (endpointSliceStrategy.validate?.(obj) ?? []).map(errorText);
}

describe("EndpointSlice FQDN addresses", () => {
  it("accepts names of two labels or more, with a trailing dot", () => {
    expect(createErrors(slice("FQDN", [{ addresses: ["a.example", "svc.ns.example.com."] }]))).toEqual([]);
  });

  it("refuses a single label and a bad subdomain", () => {
    expect(createErrors(slice("FQDN", [{ addresses: ["localhost", "Bad_Name.example"] }]))).toEqual([
      'endpoints[0].addresses[0]: Invalid value: "localhost": should be a domain with at least two segments separated by dots',
      expect.stringMatching(/^endpoints\[0\]\.addresses\[1\]: Invalid value: "Bad_Name\.example": a lowercase RFC 1123 subdomain/),
    ]);
  });
});

describe("EndpointSlice ports and hints", () => {
  it("wants appProtocol a qualified name", () => {
    expect(createErrors(slice("IPv4", [], [{ name: "http", port: 80, protocol: "TCP", appProtocol: "kubernetes.io/h2c" }]))).toEqual([]);
    expect(createErrors(slice("IPv4", [], [{ name: "http", port: 80, protocol: "TCP", appProtocol: "a b" }]))).toEqual([
      "ports[0].appProtocol: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ]);
  });

  it("checks node hints: names, duplicates, at most 8", () => {
    const ep = (forNodes: unknown[]) => [{ addresses: ["10.1.2.3"], hints: { forNodes } }];
    expect(createErrors(slice("IPv4", ep([{ name: "node-a" }, { name: "node-b" }])))).toEqual([]);
    expect(createErrors(slice("IPv4", ep([{ name: "node-a" }, { name: "node-a" }, { name: "Node_C" }])))).toEqual([
      'endpoints[0].hints.forNodes[1].name: Duplicate value: "node-a"',
      expect.stringMatching(/^endpoints\[0\]\.hints\.forNodes\[2\]\.name: Invalid value: "Node_C": a lowercase RFC 1123 subdomain/),
    ]);
    const nine = Array.from({ length: 9 }, (_, i) => ({ name: `n${i}` }));
    expect(createErrors(slice("IPv4", ep(nine)))).toEqual(["endpoints[0].hints.forNodes: Too many: 9: must have at most 8 items"]);
  });
});
