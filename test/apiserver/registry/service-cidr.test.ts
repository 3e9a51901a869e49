/**
 * networking.k8s.io/v1 IPAddress and ServiceCIDR through their stores, as upstream's
 * validation tables: IPAddress names are canonical IPs, parentRef needs resource and name and is
 * fixed; ServiceCIDR cidrs are one or two (one per family), valid and canonical, and an update
 * may only add the second family; the status subresource keeps spec. Also the CIDR helper and
 * the table columns kubectl shows.
 */
import { describe, expect, it } from "vitest";
import { printerFor } from "../../../apiserver/endpoints/table/printers.js";
import { scheme } from "../../../generated/apis/register.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { isValidCIDR } from "../../../runtime/validation/cidr.js";
import { ctx, statusOf, storeFor } from "./helpers.js";

function ipAddress(name: string, parentRef: Record<string, unknown> | undefined): KubeObject {
  return {
    apiVersion: "networking.k8s.io/v1",
    kind: "IPAddress",
    metadata: { name },
    spec: parentRef === undefined ? {} : { parentRef },
  };
}

function serviceCIDR(name: string, cidrs: string[]): KubeObject {
  return { apiVersion: "networking.k8s.io/v1", kind: "ServiceCIDR", metadata: { name }, spec: { cidrs } };
}

const SERVICE_REF = { group: "", resource: "services", namespace: "default", name: "web" };

describe("IPAddress validation", () => {
  const cases: [string, KubeObject, string | undefined][] = [
    ["an IPv4 address", ipAddress("10.0.0.1", SERVICE_REF), undefined],
    ["an IPv6 address", ipAddress("2001:db8::1", SERVICE_REF), undefined],
    [
      "a name that is no IP",
      ipAddress("web", SERVICE_REF),
      'IPAddress.networking.k8s.io "web" is invalid: metadata.name: Invalid value: "web": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    ],
    [
      "an IPv6 name not in canonical form",
      ipAddress("2001:db8:0::1", SERVICE_REF),
      'IPAddress.networking.k8s.io "2001:db8:0::1" is invalid: metadata.name: Invalid value: "2001:db8:0::1": must be in canonical form ("2001:db8::1")',
    ],
    [
      "leading zeros",
      ipAddress("10.0.0.01", SERVICE_REF),
      'IPAddress.networking.k8s.io "10.0.0.01" is invalid: metadata.name: Invalid value: "10.0.0.01": must not have leading 0s',
    ],
    ["no parentRef", ipAddress("10.0.0.2", undefined), 'IPAddress.networking.k8s.io "10.0.0.2" is invalid: spec.parentRef: Required value'],
    [
      "parentRef without resource and name",
      ipAddress("10.0.0.3", { group: "" }),
      'IPAddress.networking.k8s.io "10.0.0.3" is invalid: [spec.parentRef.resource: Required value, spec.parentRef.name: Required value]',
    ],
    [
      "a bad group and a name with a slash",
      ipAddress("10.0.0.4", { group: "Bad_Group", resource: "services", name: "a/b" }),
      "IPAddress.networking.k8s.io \"10.0.0.4\" is invalid: [spec.parentRef.group: Invalid value: \"Bad_Group\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*'), spec.parentRef.name: Invalid value: \"a/b\": may not contain '/']",
    ],
  ];
  it.each(cases)("%s", async (_name, obj, message) => {
    const store = storeFor(new MemoryStorage(), "networking.k8s.io", "ipaddresses");
    if (message === undefined) {
      const out = await store.create(ctx(), obj, {});
      expect(out.metadata?.generation).toBeUndefined();
      return;
    }
    const status = await statusOf(store.create(ctx(), obj, {}));
    expect(status.code).toBe(422);
    expect(status.message).toBe(message);
  });

  it("parentRef is fixed once set", async () => {
    const store = storeFor(new MemoryStorage(), "networking.k8s.io", "ipaddresses");
    const created = await store.create(ctx(), ipAddress("10.0.0.1", SERVICE_REF), {});
    const status = await statusOf(
      store.update(ctx(), "10.0.0.1", { ...created, spec: { parentRef: { ...SERVICE_REF, name: "other" } } }, {}),
    );
    expect(status.message).toBe(
      'IPAddress.networking.k8s.io "10.0.0.1" is invalid: spec.parentRef: Invalid value: {"Group":"","Resource":"services","Namespace":"default","Name":"other"}: field is immutable',
    );
  });
});

describe("ServiceCIDR validation", () => {
  const cases: [string, string[], string | undefined][] = [
    ["one IPv4 CIDR", ["10.96.0.0/12"], undefined],
    ["one per family", ["10.96.0.0/12", "fd00:10:96::/108"], undefined],
    ["none", [], 'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs: Required value: at least one CIDR required'],
    [
      "three",
      ["10.0.0.0/24", "fd00::/64", "10.1.0.0/24"],
      'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs: Invalid value: {"CIDRs":["10.0.0.0/24","fd00::/64","10.1.0.0/24"]}: may only hold up to 2 values',
    ],
    [
      "two of one family",
      ["10.0.0.0/24", "10.1.0.0/24"],
      'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs: Invalid value: {"CIDRs":["10.0.0.0/24","10.1.0.0/24"]}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64',
    ],
    [
      "bits past the prefix",
      ["10.0.0.1/24"],
      'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs[0]: Invalid value: "10.0.0.1/24": must not have bits set beyond the prefix length',
    ],
    [
      "not canonical",
      ["fd00:0::/64"],
      'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs[0]: Invalid value: "fd00:0::/64": must be in canonical form ("fd00::/64")',
    ],
    [
      "not a CIDR",
      ["10.0.0.0"],
      'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs[0]: Invalid value: "10.0.0.0": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
    ],
  ];
  it.each(cases)("%s", async (_name, cidrs, message) => {
    const store = storeFor(new MemoryStorage(), "networking.k8s.io", "servicecidrs");
    if (message === undefined) {
      const out = await store.create(ctx(), serviceCIDR("c", cidrs), {});
      expect((out.spec as { cidrs: string[] }).cidrs).toEqual(cidrs);
      return;
    }
    const status = await statusOf(store.create(ctx(), serviceCIDR("c", cidrs), {}));
    expect(status.code).toBe(422);
    expect(status.message).toBe(message);
  });

  it("an update may add the second family, and nothing else", async () => {
    const store = storeFor(new MemoryStorage(), "networking.k8s.io", "servicecidrs");
    const created = await store.create(ctx(), serviceCIDR("c", ["10.96.0.0/12"]), {});
    const changed = await statusOf(store.update(ctx(), "c", { ...created, spec: { cidrs: ["10.97.0.0/16"] } }, {}));
    expect(changed.message).toBe(
      'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs[0]: Invalid value: "10.97.0.0/16": field is immutable',
    );
    const sameFamily = await statusOf(store.update(ctx(), "c", { ...created, spec: { cidrs: ["10.96.0.0/12", "10.200.0.0/16"] } }, {}));
    expect(sameFamily.message).toBe(
      'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs: Invalid value: {"CIDRs":["10.96.0.0/12","10.200.0.0/16"]}: may specify no more than one IP for each IP family, i.e 192.168.0.0/24 and 2001:db8::/64',
    );
    const dual = await store.update(ctx(), "c", { ...created, spec: { cidrs: ["10.96.0.0/12", "fd00::/108"] } }, {});
    expect((dual.object.spec as { cidrs: string[] }).cidrs).toEqual(["10.96.0.0/12", "fd00::/108"]);
    const dropped = await statusOf(store.update(ctx(), "c", { ...dual.object, spec: { cidrs: ["10.96.0.0/12"] } }, {}));
    expect(dropped.message).toBe(
      'ServiceCIDR.networking.k8s.io "c" is invalid: spec.cidrs: Invalid value: ["10.96.0.0/12"]: field is immutable',
    );
  });

  it("the status subresource changes only status", async () => {
    const store = storeFor(new MemoryStorage(), "networking.k8s.io", "servicecidrs");
    const created = await store.create(ctx(), serviceCIDR("c", ["10.96.0.0/12"]), {});
    const status = store.subresources.status!;
    const ready = {
      conditions: [{ type: "Ready", status: "True", reason: "", message: "ok", lastTransitionTime: "2026-01-01T00:00:00Z" }],
    };
    const out = await status.update!(ctx(), "c", { ...created, spec: { cidrs: ["10.0.0.0/8"] }, status: ready }, {});
    expect(out.object.spec).toEqual({ cidrs: ["10.96.0.0/12"] });
    expect(out.object.status).toEqual(ready);
  });
});

describe("strict CIDR validation", () => {
  it.each([
    ["10.0.0.0/8", []],
    ["2001:db8::/64", []],
    ["010.0.0.0/8", ["must not have leading 0s in IP or prefix length"]],
    ["10.0.0.0/08", ["must not have leading 0s in IP or prefix length"]],
    ["::ffff:10.0.0.0/104", ["must not have an IPv4-mapped IPv6 address"]],
    ["2001:DB8::/64", ['must be in canonical form ("2001:db8::/64")']],
    ["10.0.0.0/33", ["must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"]],
  ])("%s", (value, messages) => {
    expect(isValidCIDR(value)).toEqual(messages);
  });
});

function printer(plural: string) {
  const gv = scheme
    .groupVersions()
    .find((g) => g.group === "networking.k8s.io" && scheme.resourcesFor(g).some((r) => r.plural === plural))!;
  return printerFor(
    "networking.k8s.io",
    scheme.resourcesFor(gv).find((r) => r.plural === plural)!,
  );
}

describe("columns", () => {
  const now = Date.parse("2026-01-01T00:10:00Z");
  const created = "2026-01-01T00:00:00Z";

  it("ServiceCIDRs: Name, CIDRs, Age", () => {
    const p = printer("servicecidrs");
    expect(p.columns.map((c) => c.name)).toEqual(["Name", "CIDRs", "Age"]);
    const obj = {
      ...serviceCIDR("kubernetes", ["10.96.0.0/12", "fd00::/108"]),
      metadata: { name: "kubernetes", creationTimestamp: created },
    };
    expect(p.cells(obj, now)).toEqual(["kubernetes", "10.96.0.0/12,fd00::/108", "10m"]);
  });

  it("IPAddresses: Name, ParentRef (resource.group/namespace/name, lower case)", () => {
    const p = printer("ipaddresses");
    expect(p.columns.map((c) => c.name)).toEqual(["Name", "ParentRef"]);
    const cellsOf = (ref: Record<string, unknown> | undefined) =>
      p.cells({ ...ipAddress("10.96.0.1", ref), metadata: { name: "10.96.0.1", creationTimestamp: created } }, now).slice(0, 2);
    expect(cellsOf(SERVICE_REF)).toEqual(["10.96.0.1", "services/default/web"]);
    expect(cellsOf({ group: "Example.io", resource: "Gateways", name: "gw" })).toEqual(["10.96.0.1", "gateways.example.io/gw"]);
    expect(cellsOf(undefined)).toEqual(["10.96.0.1", "<none>"]);
  });
});
