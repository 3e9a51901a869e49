/**
 * resource.k8s.io/v1 validation and strategies against upstream 1.34 (issue #16): claim
 * requests, CEL selectors, constraints, config, tolerations, the immutable claim spec, status
 * updates (reservedFor, allocation, device status), templates, DeviceClasses, ResourceSlices,
 * defaults and the fields of 1.34's alpha gates.
 */
import { describe, expect, it } from "vitest";
import { errorText } from "../../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import type { Strategy } from "../../../../apiserver/registry/strategy.js";
import { resourceClaimStatusStrategy, resourceClaimStrategy } from "../../../../apiserver/registry/resources/resourceclaims/strategy.js";
import { resourceClaimTemplateStrategy } from "../../../../apiserver/registry/resources/resourceclaimtemplates/strategy.js";
import { deviceClassStrategy } from "../../../../apiserver/registry/resources/deviceclasses/strategy.js";
import { resourceSliceStrategy } from "../../../../apiserver/registry/resources/resourceslices/strategy.js";
import { deviceSelectorCompileError } from "../../../../apiserver/registry/validation/resource-cel.js";
import { resourceClaimState, resourcePrinters } from "../../../../apiserver/endpoints/table/kinds/resource.js";

const UID = "0b5c3c5e-1f2a-4c3d-9e8f-a1b2c3d4e5f6";

const claim = (requests: unknown[], extra: Record<string, unknown> = {}, status?: Record<string, unknown>): KubeObject => ({
  apiVersion: "resource.k8s.io/v1",
  kind: "ResourceClaim",
  metadata: { name: "c", namespace: "ns", resourceVersion: "1", creationTimestamp: "2026-01-01T00:00:00Z" },
  spec: { devices: { requests, ...extra } },
  ...(status ? { status } : {}),
});
const exactly = (name: string, body: Record<string, unknown> = {}) => ({ name, exactly: { deviceClassName: "gpu.example.com", ...body } });

function create(strategy: Strategy, obj: KubeObject): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

function update(strategy: Strategy | typeof resourceClaimStatusStrategy, obj: KubeObject, old: KubeObject): string[] {
  (strategy as Strategy).defaults?.(obj);
  strategy.prepareForUpdate?.(obj, old);
  return (strategy.validateUpdate?.(obj, old) ?? []).map(errorText);
}

describe("ResourceClaim spec", () => {
  it("accepts a defaulted request and fills allocationMode, count and toleration operators", () => {
    const c = claim([exactly("gpu"), { name: "alt", firstAvailable: [{ name: "a", deviceClassName: "x", allocationMode: "All" }] }]);
    expect(create(resourceClaimStrategy, c)).toEqual([]);
    const reqs = (c.spec as { devices: { requests: Record<string, Record<string, unknown>>[] } }).devices.requests;
    expect(reqs[0]!.exactly).toMatchObject({ allocationMode: "ExactCount", count: 1 });
    expect((reqs[1]!.firstAvailable as unknown as Record<string, unknown>[])[0]).toMatchObject({ allocationMode: "All" });
    expect((reqs[1]!.firstAvailable as unknown as Record<string, unknown>[])[0]!.count).toBeUndefined();
  });

  it("needs exactly one of exactly and firstAvailable", () => {
    expect(create(resourceClaimStrategy, claim([{ name: "r" }]))).toEqual([
      "spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required",
    ]);
    expect(create(resourceClaimStrategy, claim([{ ...exactly("r"), firstAvailable: [{ name: "s", deviceClassName: "x" }] }]))).toEqual([
      "spec.devices.requests[0]: Invalid value: null: exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set",
    ]);
  });

  it("checks names, classes, allocation modes and counts", () => {
    expect(
      create(
        resourceClaimStrategy,
        claim([
          { name: "Bad_Name", exactly: { deviceClassName: "" } },
          exactly("a", { allocationMode: "All", count: 2 }),
          exactly("b", { allocationMode: "Some" }),
          exactly("c", { count: -1 }),
          exactly("a"),
        ]),
      ),
    ).toEqual([
      "spec.devices.requests[0].name: Invalid value: \"Bad_Name\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      "spec.devices.requests[0].exactly.deviceClassName: Required value",
      "spec.devices.requests[1].exactly.count: Invalid value: 2: must not be specified when allocationMode is 'All'",
      'spec.devices.requests[2].exactly.allocationMode: Unsupported value: "Some": supported values: "All", "ExactCount"',
      "spec.devices.requests[3].exactly.count: Invalid value: -1: must be greater than zero",
      'spec.devices.requests[4]: Duplicate value: "a"',
    ]);
  });

  it("limits requests to 32 and subrequests to 8", () => {
    const many = Array.from({ length: 33 }, (_, i) => exactly(`r${i}`));
    expect(create(resourceClaimStrategy, claim(many))).toEqual(["spec.devices.requests: Too many: 33: must have at most 32 items"]);
    const subs = Array.from({ length: 9 }, (_, i) => ({ name: `s${i}`, deviceClassName: "x" }));
    expect(create(resourceClaimStrategy, claim([{ name: "r", firstAvailable: subs }]))).toEqual([
      "spec.devices.requests[0].firstAvailable: Too many: 9: must have at most 8 items",
    ]);
  });

  it("compiles CEL selectors in the device environment", () => {
    const sel = (expression: string) => exactly("r", { selectors: [{ cel: { expression } }] });
    expect(
      create(
        resourceClaimStrategy,
        claim([sel('device.driver == "gpu.example.com" && device.attributes["gpu.example.com"].model == "a100"')]),
      ),
    ).toEqual([]);
    expect(
      create(resourceClaimStrategy, claim([sel("device.capacity['gpu.example.com'].memory.compareTo(quantity('1Gi')) >= 0")])),
    ).toEqual([]);
    expect(create(resourceClaimStrategy, claim([sel("object.x == 1")]))).toEqual([
      "spec.devices.requests[0].exactly.selectors[0].cel.expression: Invalid value: \"object.x == 1\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'object' (in container '')\n | object.x == 1\n | ^",
    ]);
    expect(create(resourceClaimStrategy, claim([sel("device.driver")]))).toEqual([
      'spec.devices.requests[0].exactly.selectors[0].cel.expression: Invalid value: "device.driver": must evaluate to bool or the unknown type, not string',
    ]);
    const nested = "device.attributes.all(a, device.attributes.all(b, device.attributes.all(c, device.attributes.all(d, true))))";
    expect(create(resourceClaimStrategy, claim([sel(nested)]))).toEqual([
      "spec.devices.requests[0].exactly.selectors[0].cel.expression: Forbidden: too complex, exceeds cost limit",
    ]);
    expect(create(resourceClaimStrategy, claim([sel("device.attributes.all(a, device.attributes[a].all(b, true))")]))).toEqual([]);
    expect(create(resourceClaimStrategy, claim([exactly("r", { selectors: [{}] })]))).toEqual([
      "spec.devices.requests[0].exactly.selectors[0].cel: Required value",
    ]);
    expect(create(resourceClaimStrategy, claim([sel(`${"x".repeat(10 * 1024)} == 1`)]))).toEqual([
      "spec.devices.requests[0].exactly.selectors[0].cel.expression: Too long: may not be more than 10240 bytes",
    ]);
  });

  it("reports unknown device fields and syntax errors as cel-go does", () => {
    expect(deviceSelectorCompileError("device.foo == 1")).toBe(
      "compilation failed: ERROR: <input>:1:7: undefined field 'foo'\n | device.foo == 1\n | ......^",
    );
    expect(deviceSelectorCompileError("device.driver ==")).toMatch(/^compilation failed: ERROR: <input>:1:\d+: Syntax error: /);
    expect(deviceSelectorCompileError("true")).toBeUndefined();
    expect(deviceSelectorCompileError("'a'")).toBe("must evaluate to bool or the unknown type, not string");
  });

  it("checks constraints' request references and attribute names", () => {
    const c = claim([exactly("a"), { name: "b", firstAvailable: [{ name: "x", deviceClassName: "k" }] }], {
      constraints: [
        { requests: ["a", "b/x"], matchAttribute: "example.com/model" },
        { requests: ["c", "a/b/c"], distinctAttribute: "model" },
        { requests: ["a", "a"] },
      ],
    });
    expect(create(resourceClaimStrategy, c)).toEqual([
      "spec.devices.constraints[1].requests[0]: Invalid value: \"c\": must be the name of a request in the claim or the name of a request and a subrequest separated by '/'",
      "spec.devices.constraints[1].requests[1]: Invalid value: \"a/b/c\": must be the name of a request in the claim or the name of a request and a subrequest separated by '/'",
      'spec.devices.constraints[1].distinctAttribute: Invalid value: "model": a fully qualified name must be a domain and a name separated by a slash',
      'spec.devices.constraints[2].requests[1]: Duplicate value: "a"',
      "spec.devices.constraints[2].matchAttribute: Required value",
    ]);
  });

  it("checks opaque config", () => {
    const c = claim([exactly("a")], {
      config: [
        { requests: ["a"], opaque: { driver: "gpu.example.com", parameters: { kind: "Config" } } },
        { requests: ["a"] },
        { opaque: { driver: "", parameters: [1] } },
        { opaque: { driver: "d.example.com", parameters: { big: "x".repeat(10 * 1024) } } },
      ],
    });
    expect(create(resourceClaimStrategy, c)).toEqual([
      "spec.devices.config[1].opaque: Required value",
      "spec.devices.config[2].opaque.driver: Required value",
      "spec.devices.config[2].opaque.driver: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'spec.devices.config[2].opaque.parameters: Invalid value: "<value omitted>": must be a valid JSON object',
      "spec.devices.config[3].opaque.parameters: Too long: may not be more than 10240 bytes",
    ]);
  });

  it("checks tolerations, which 1.34 drops on create (DRADeviceTaints is alpha)", () => {
    const c = claim([exactly("a", { tolerations: [{ key: "k", operator: "Exists", value: "v" }] })]);
    expect(create(resourceClaimStrategy, c)).toEqual([]);
    expect(
      (c.spec as { devices: { requests: { exactly: Record<string, unknown> }[] } }).devices.requests[0]!.exactly.tolerations,
    ).toBeUndefined();
    // A stored claim that has them keeps them, and they are checked.
    const old = claim([exactly("a", { tolerations: [{ key: "k", operator: "Exists" }] })]);
    const bad = claim([
      exactly("a", {
        tolerations: [
          { key: "k", operator: "Exists", value: "v" },
          { operator: "Less", effect: "Bad" },
        ],
      }),
    ]);
    // Updates run the create checks, then the update ones on the spec as stored: as upstream, each bad field twice.
    const tolerationErrors = [
      'spec.devices.requests[0].exactly.tolerations[0].value: Invalid value: "v": must be empty for operator `Exists`',
      'spec.devices.requests[0].exactly.tolerations[1].operator: Unsupported value: "Less": supported values: "Equal", "Exists"',
      'spec.devices.requests[0].exactly.tolerations[1].effect: Unsupported value: "Bad": supported values: "NoExecute", "NoSchedule"',
    ];
    expect(update(resourceClaimStrategy, bad, old)).toEqual([
      ...tolerationErrors,
      expect.stringMatching(/^spec: Invalid value: .*: field is immutable$/),
      ...tolerationErrors,
    ]);
  });

  it("keeps the spec immutable; the update's second pass does not compile CEL again", () => {
    const stored = claim([exactly("a", { selectors: [{ cel: { expression: "device.driver == 'x'" } }] })]);
    resourceClaimStrategy.defaults!(stored);
    const same = structuredClone(stored);
    same.metadata!.labels = { a: "b" };
    expect(update(resourceClaimStrategy, same, stored)).toEqual([]);
    const changed = claim([exactly("b", { selectors: [{ cel: { expression: "device.nope" } }] })]);
    const errs = update(resourceClaimStrategy, changed, stored);
    expect(errs).toHaveLength(2);
    expect(errs[0]).toMatch(
      /^spec.devices.requests\[0\].exactly.selectors\[0\].cel.expression: Invalid value: "device.nope": compilation failed/,
    );
    expect(errs[1]).toMatch(/^spec: Invalid value: .*: field is immutable$/);
  });

  it("clears status on create and keeps it on spec updates", () => {
    const c = claim([exactly("a")], {}, { reservedFor: [{ resource: "pods", name: "p", uid: UID }] });
    expect(create(resourceClaimStrategy, c)).toEqual([]);
    expect(c.status).toBeUndefined();
  });
});

describe("ResourceClaim status", () => {
  const allocation = {
    devices: { results: [{ request: "a", driver: "gpu.example.com", pool: "node-1", device: "gpu-0" }] },
    nodeSelector: { nodeSelectorTerms: [{ matchFields: [{ key: "metadata.name", operator: "In", values: ["node-1"] }] }] },
  };
  const base = () => {
    const c = claim([exactly("a")]);
    resourceClaimStrategy.defaults!(c);
    return c;
  };
  const withStatus = (status: Record<string, unknown>): KubeObject => ({ ...base(), status });

  it("accepts an allocation and reservation, and keeps the spec", () => {
    const obj = withStatus({ allocation, reservedFor: [{ resource: "pods", name: "p", uid: UID }] });
    (obj.spec as Record<string, unknown>).devices = { requests: [] };
    expect(update(resourceClaimStatusStrategy, obj, base())).toEqual([]);
    expect((obj.spec as { devices: { requests: unknown[] } }).devices.requests).toHaveLength(1);
  });

  it("refuses reservedFor without an allocation, incomplete and duplicate consumers", () => {
    expect(
      update(resourceClaimStatusStrategy, withStatus({ reservedFor: [{ resource: "pods", name: "p", uid: UID }, { uid: UID }] }), base()),
    ).toEqual([
      "status.reservedFor[1].resource: Required value",
      "status.reservedFor[1].name: Required value",
      `status.reservedFor[1]: Duplicate value: "${UID}"`,
      "status.reservedFor: Forbidden: may not be specified when `allocated` is not set",
    ]);
  });

  it("checks new allocation results and forbids changing an allocation", () => {
    const bad = {
      devices: {
        results: [{ request: "zz", driver: "", pool: "", device: "Dev" }],
        config: [{ source: "Elsewhere", opaque: { driver: "d.example.com", parameters: {} } }],
      },
    };
    expect(update(resourceClaimStatusStrategy, withStatus({ allocation: bad }), base())).toEqual([
      "status.allocation.devices.results[0].request: Invalid value: \"zz\": must be the name of a request in the claim or the name of a request and a subrequest separated by '/'",
      "status.allocation.devices.results[0].driver: Required value",
      "status.allocation.devices.results[0].driver: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      "status.allocation.devices.results[0].pool: Required value",
      "status.allocation.devices.results[0].device: Invalid value: \"Dev\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')",
      'status.allocation.devices.config[0].source: Unsupported value: "Elsewhere": supported values: "FromClaim", "FromClass"',
    ]);
    const other = structuredClone(allocation);
    other.devices.results[0]!.device = "gpu-1";
    expect(update(resourceClaimStatusStrategy, withStatus({ allocation: other }), withStatus({ allocation }))).toEqual([
      expect.stringMatching(/^status\.allocation: Invalid value: .*: field is immutable$/),
    ]);
  });

  it("forbids new consumers while the claim is being deleted", () => {
    const old = withStatus({ allocation, reservedFor: [{ resource: "pods", name: "p", uid: UID }] });
    old.metadata!.deletionTimestamp = "2026-01-01T00:00:00Z";
    const obj = structuredClone(old);
    (obj.status as { reservedFor: unknown[] }).reservedFor.push({
      resource: "pods",
      name: "q",
      uid: "1b5c3c5e-1f2a-4c3d-9e8f-a1b2c3d4e5f6",
    });
    expect(update(resourceClaimStatusStrategy, obj, old)).toEqual([
      "status.reservedFor: Forbidden: new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set",
    ]);
  });

  it("checks device status against the allocation and drops it on deallocation", () => {
    const status = (devices: unknown[]) => withStatus({ allocation, devices });
    const dev = { driver: "gpu.example.com", pool: "node-1", device: "gpu-0", conditions: [] };
    expect(update(resourceClaimStatusStrategy, status([dev]), base())).toEqual([]);
    expect(
      update(
        resourceClaimStatusStrategy,
        status([{ ...dev, device: "gpu-9", networkData: { ips: ["10.0.0.1", "10.0.0.01/24"] }, data: "x" }]),
        base(),
      ),
    ).toEqual([
      'status.devices[0]: Invalid value: "gpu.example.com/node-1/gpu-9": must be an allocated device in the claim',
      'status.devices[0].data: Invalid value: "<value omitted>": must be a valid JSON object',
      'status.devices[0].networkData.ips[0]: Invalid value: "10.0.0.1": must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)',
      'status.devices[0].networkData.ips[1]: Invalid value: "10.0.0.01/24": must be in canonical form ("10.0.0.1/24")',
    ]);
    const dealloc = withStatus({ devices: [dev] });
    expect(update(resourceClaimStatusStrategy, dealloc, status([dev]))).toEqual([]);
    expect((dealloc.status as { devices?: unknown }).devices).toBeUndefined();
  });
});

describe("ResourceClaimTemplate", () => {
  const template = (spec: Record<string, unknown>): KubeObject => ({
    apiVersion: "resource.k8s.io/v1",
    kind: "ResourceClaimTemplate",
    metadata: { name: "t", namespace: "ns", resourceVersion: "1" },
    spec,
  });

  it("checks the template's metadata and claim spec, then keeps the spec immutable", () => {
    expect(
      create(
        resourceClaimTemplateStrategy,
        template({ metadata: { labels: { "a b": "c" } }, spec: { devices: { requests: [{ name: "r" }] } } }),
      ),
    ).toEqual([
      "spec.metadata.labels: Invalid value: \"a b\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      "spec.spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required",
    ]);
    const ok = template({ spec: { devices: { requests: [exactly("r")] } } });
    expect(create(resourceClaimTemplateStrategy, ok)).toEqual([]);
    expect(update(resourceClaimTemplateStrategy, template({ spec: { devices: { requests: [exactly("s")] } } }), ok)).toEqual([
      expect.stringMatching(/^spec: Invalid value: .*: field is immutable$/),
    ]);
  });
});

describe("DeviceClass", () => {
  const dc = (spec: Record<string, unknown>): KubeObject => ({
    apiVersion: "resource.k8s.io/v1",
    kind: "DeviceClass",
    metadata: { name: "gpu.example.com", resourceVersion: "1" },
    spec,
  });

  it("checks selectors and config, re-checking only changed selectors", () => {
    expect(create(deviceClassStrategy, dc({ selectors: [{ cel: { expression: "device.nope" } }], config: [{}] }))).toEqual([
      "spec.selectors[0].cel.expression: Invalid value: \"device.nope\": compilation failed: ERROR: <input>:1:7: undefined field 'nope'\n | device.nope\n | ......^",
      "spec.config[0].opaque: Required value",
    ]);
    const stored = dc({ selectors: [{ cel: { expression: "device.nope" } }] });
    expect(update(deviceClassStrategy, dc({ selectors: [{ cel: { expression: "device.nope" } }] }), stored)).toEqual([]);
  });

  it("drops extendedResourceName (DRAExtendedResource is alpha in 1.34) and tracks generation", () => {
    const c = dc({ extendedResourceName: "example.com/gpu" });
    expect(create(deviceClassStrategy, c)).toEqual([]);
    expect((c.spec as Record<string, unknown>).extendedResourceName).toBeUndefined();
    expect(deviceClassStrategy.trackGeneration).toBe(true);
  });
});

describe("ResourceSlice", () => {
  const slice = (spec: Record<string, unknown>): KubeObject => ({
    apiVersion: "resource.k8s.io/v1",
    kind: "ResourceSlice",
    metadata: { name: "s", resourceVersion: "1" },
    spec: { driver: "gpu.example.com", pool: { name: "node-1", generation: 1, resourceSliceCount: 1 }, nodeName: "node-1", ...spec },
  });

  it("accepts a node-local slice with devices", () => {
    const s = slice({
      devices: [
        {
          name: "gpu-0",
          attributes: { model: { string: "a100" }, "gpu.example.com/v": { version: "1.2.3" } },
          capacity: { memory: { value: "40Gi" } },
        },
      ],
    });
    expect(create(resourceSliceStrategy, s)).toEqual([]);
  });

  it("needs exactly one node selection", () => {
    expect(create(resourceSliceStrategy, slice({ nodeName: undefined }))).toEqual([
      "spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required",
    ]);
    expect(create(resourceSliceStrategy, slice({ allNodes: true }))).toEqual([
      'spec: Invalid value: "{`nodeName`, `allNodes`}": exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required, but multiple fields are set',
    ]);
    expect(create(resourceSliceStrategy, slice({ nodeName: "", allNodes: false }))).toEqual([
      'spec.nodeName: Invalid value: "": must be either unset or set to a non-empty string',
      "spec.allNodes: Invalid value: false: must be either unset or set to true",
      "spec: Required value: exactly one of `nodeName`, `nodeSelector`, `allNodes`, `perDeviceNodeSelection` is required",
    ]);
    const two = {
      nodeSelectorTerms: [
        { matchExpressions: [{ key: "a", operator: "Exists" }] },
        { matchExpressions: [{ key: "b", operator: "Exists" }] },
      ],
    };
    expect(create(resourceSliceStrategy, slice({ nodeName: undefined, nodeSelector: two }))).toEqual([
      'spec.nodeSelector.nodeSelectorTerms: Invalid value: []core.NodeSelectorTerm{core.NodeSelectorTerm{MatchExpressions:[]core.NodeSelectorRequirement{core.NodeSelectorRequirement{Key:"a", Operator:"Exists", Values:[]string(nil)}}, MatchFields:[]core.NodeSelectorRequirement(nil)}, core.NodeSelectorTerm{MatchExpressions:[]core.NodeSelectorRequirement{core.NodeSelectorRequirement{Key:"b", Operator:"Exists", Values:[]string(nil)}}, MatchFields:[]core.NodeSelectorRequirement(nil)}}: must have exactly one node selector term',
    ]);
  });

  it("checks the pool, driver and devices", () => {
    const s = slice({
      driver: "Bad_Driver",
      pool: { name: "a//b", generation: -1, resourceSliceCount: 0 },
      devices: [
        {
          name: "gpu-0",
          attributes: { "1bad": { int: 1 }, both: { int: 1, bool: true }, none: {}, v: { version: "1.0" }, "a/b/c": { bool: true } },
        },
        { name: "gpu-0" },
      ],
    });
    expect(create(resourceSliceStrategy, s)).toEqual([
      "spec.driver: Invalid value: \"Bad_Driver\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      "spec.pool.name: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      "spec.pool.resourceSliceCount: Invalid value: 0: must be greater than zero",
      "spec.pool.generation: Invalid value: -1: must be greater than or equal to zero",
      "spec.devices[0].attributes: Invalid value: \"1bad\": a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')",
      "spec.devices[0].attributes[both]: Invalid value: resource.DeviceAttribute{IntValue:(*int64)(0xc000000000), BoolValue:(*bool)(0xc000000000), StringValue:(*string)(nil), VersionValue:(*string)(nil)}: exactly one value must be specified",
      'spec.devices[0].attributes[none]: Invalid value: "": exactly one value must be specified',
      'spec.devices[0].attributes[v].version: Invalid value: "1.0": must be a string compatible with semver.org spec 2.0.0',
      'spec.devices[0].attributes: Invalid value: "a/b/c": must not contain more than one slash',
      'spec.devices[1]: Duplicate value: "gpu-0"',
    ]);
  });

  it("limits devices and attributes", () => {
    const devices = Array.from({ length: 129 }, (_, i) => ({ name: `d${i}` }));
    expect(create(resourceSliceStrategy, slice({ devices }))).toEqual(["spec.devices: Too many: 129: must have at most 128 items"]);
    const attributes = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`a${i}`, { int: i }]));
    expect(create(resourceSliceStrategy, slice({ devices: [{ name: "d", attributes }] }))).toEqual([
      "spec.devices[0]: Invalid value: 33: the total number of attributes and capacities must not exceed 32",
    ]);
  });

  it("drops the alpha-gated fields on create and keeps driver, pool and node immutable", () => {
    const s = slice({
      sharedCounters: [{ name: "c", counters: { mem: { value: "1" } } }],
      devices: [
        {
          name: "d",
          taints: [{ key: "k", effect: "NoSchedule" }],
          consumesCounters: [],
          bindsToNode: true,
          allowMultipleAllocations: true,
        },
      ],
    });
    expect(create(resourceSliceStrategy, s)).toEqual([]);
    expect(s.spec).not.toHaveProperty("sharedCounters");
    expect((s.spec as { devices: Record<string, unknown>[] }).devices[0]).toEqual({ name: "d" });
    const moved = slice({ driver: "other.example.com", nodeName: "node-2", pool: { name: "p2", generation: 1, resourceSliceCount: 1 } });
    expect(update(resourceSliceStrategy, moved, slice({}))).toEqual([
      'spec.pool.name: Invalid value: "p2": field is immutable',
      'spec.driver: Invalid value: "other.example.com": field is immutable',
      'spec.nodeName: Invalid value: "node-2": field is immutable',
    ]);
  });

  it("selects by spec.nodeName and spec.driver", () => {
    expect(resourceSliceStrategy.selectableFields!(slice({}))).toEqual({ "spec.nodeName": "node-1", "spec.driver": "gpu.example.com" });
    expect(resourceSliceStrategy.fieldLabels).toEqual(["spec.nodeName", "spec.driver", "metadata.name"]);
  });
});

describe("printers", () => {
  it("summarises a claim's state as upstream", () => {
    const c = claim([]);
    expect(resourceClaimState(c)).toBe("pending");
    expect(resourceClaimState({ ...c, status: { allocation: {} } })).toBe("allocated");
    expect(resourceClaimState({ ...c, status: { allocation: {}, reservedFor: [{}] } })).toBe("allocated,reserved");
    expect(resourceClaimState({ ...c, metadata: { ...c.metadata, deletionTimestamp: "2026-01-01T00:00:00Z" } })).toBe("deleted");
  });

  it("gives ResourceSlices node, driver and pool", () => {
    const p = resourcePrinters().get("resource.k8s.io/resourceslices")!;
    expect(p.columns.map((c) => c.name)).toEqual(["Name", "Node", "Driver", "Pool", "Age"]);
  });
});
