/**
 * Issue #16 against upstream 1.34, session 12: CSIDriver, CSINode, CSIStorageCapacity and
 * VolumeAttachment validation and update rules (pkg/apis/storage/validation), with upstream's
 * messages.
 */
import { describe, expect, it } from "vitest";
import { csiDriverStrategy } from "../../../apiserver/registry/resources/csidrivers/strategy.js";
import { csiNodeStrategy } from "../../../apiserver/registry/resources/csinodes/strategy.js";
import { csiStorageCapacityStrategy } from "../../../apiserver/registry/resources/csistoragecapacities/strategy.js";
import {
  volumeAttachmentStatusStrategy,
  volumeAttachmentStrategy,
} from "../../../apiserver/registry/resources/volumeattachments/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import type { Strategy } from "../../../apiserver/registry/strategy.js";

function createErrors(strategy: Strategy, obj: KubeObject): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

function updateErrors(strategy: Strategy, obj: KubeObject, old: KubeObject): string[] {
  strategy.defaults?.(old);
  strategy.defaults?.(obj);
  strategy.prepareForUpdate?.(obj, old);
  return (strategy.validateUpdate?.(obj, old) ?? []).map(errorText);
}

const meta = (name: string, rv = "1") => ({ name, resourceVersion: rv });

describe("CSIDriver", () => {
  const driver = (spec: Record<string, unknown> = {}, name = "csi.example.com"): KubeObject => ({
    apiVersion: "storage.k8s.io/v1",
    kind: "CSIDriver",
    metadata: meta(name),
    spec,
  });

  it("defaults and accepts an empty spec", () => {
    const d = driver();
    expect(createErrors(csiDriverStrategy, d)).toEqual([]);
    expect(d.spec).toMatchObject({
      attachRequired: true,
      podInfoOnMount: false,
      volumeLifecycleModes: ["Persistent"],
      fsGroupPolicy: "ReadWriteOnceWithFSType",
    });
  });

  it("checks the name, fsGroupPolicy, lifecycle modes and the update period", () => {
    expect(createErrors(csiDriverStrategy, driver({}, "Bad_Name"))[0]).toMatch(
      /^metadata\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/,
    );
    expect(
      createErrors(
        csiDriverStrategy,
        driver({ fsGroupPolicy: "Some", volumeLifecycleModes: ["Persistent", "Other"], nodeAllocatableUpdatePeriodSeconds: 5 }),
      ),
    ).toEqual([
      'spec.fsGroupPolicy: Unsupported value: "Some": supported values: "File", "None", "ReadWriteOnceWithFSType"',
      'spec.volumeLifecycleModes: Unsupported value: "Other": supported values: "Persistent", "Ephemeral"',
      "spec.nodeAllocatableUpdatePeriodSeconds: Invalid value: 5: must be greater than or equal to 10 seconds",
    ]);
  });

  it("wants token audiences unique and expiries between 10 minutes and 2^32 seconds", () => {
    const tokenRequests = [
      { audience: "a", expirationSeconds: 60 },
      { audience: "a" },
      { audience: "", expirationSeconds: 2 ** 33 },
      { audience: "" },
    ];
    expect(createErrors(csiDriverStrategy, driver({ tokenRequests }))).toEqual([
      "spec.tokenRequests[0].expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes",
      'spec.tokenRequests[1].audience: Duplicate value: "a"',
      "spec.tokenRequests[2].expirationSeconds: Invalid value: 8589934592: may not specify a duration larger than 2^32 seconds",
      'spec.tokenRequests[3].audience: Duplicate value: ""',
    ]);
  });

  it("keeps attachRequired and volumeLifecycleModes, lets the rest change", () => {
    const old = driver();
    expect(updateErrors(csiDriverStrategy, driver({ podInfoOnMount: true, storageCapacity: true }), old)).toEqual([]);
    expect(
      updateErrors(csiDriverStrategy, driver({ attachRequired: false, volumeLifecycleModes: ["Persistent", "Ephemeral"] }), driver()),
    ).toEqual([
      "spec.attachedRequired: Invalid value: false: field is immutable",
      'spec.volumeLifecycleModes: Invalid value: []storage.VolumeLifecycleMode{"Persistent", "Ephemeral"}: field is immutable',
    ]);
  });
});

describe("CSINode", () => {
  const node = (drivers: unknown[]): KubeObject => ({
    apiVersion: "storage.k8s.io/v1",
    kind: "CSINode",
    metadata: meta("node-1"),
    spec: { drivers },
  });

  it("accepts drivers with node IDs up to 256 characters", () => {
    expect(
      createErrors(
        csiNodeStrategy,
        node([{ name: "csi.example.com", nodeID: "n".repeat(256), topologyKeys: ["topology.kubernetes.io/zone"] }]),
      ),
    ).toEqual([]);
  });

  it("checks names, node IDs, counts and topology keys", () => {
    expect(
      createErrors(
        csiNodeStrategy,
        node([
          { name: "csi.example.com", nodeID: "", allocatable: { count: -1 } },
          { name: "csi.example.com", nodeID: "n".repeat(257), topologyKeys: ["zone", "zone", ""] },
          { name: "", nodeID: "x" },
        ]),
      ),
    ).toEqual([
      "spec.drivers[0].nodeID: Required value",
      "spec.drivers[0].allocatable.count: Invalid value: -1: must be greater than or equal to 0",
      `spec.drivers[1].nodeID: Invalid value: "${"n".repeat(257)}": must be 256 characters or less`,
      'spec.drivers[1].name: Duplicate value: "csi.example.com"',
      'spec.drivers[1]: Duplicate value: "zone"',
      "spec.drivers[1]: Required value",
      'spec.drivers[1]: Invalid value: "": name part must be non-empty',
      "spec.drivers[1]: Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      "spec.drivers[2].name: Required value",
      "spec.drivers[2].name: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ]);
  });

  it("lets a driver's allocatable change but not its other fields", () => {
    const old = node([{ name: "d.example.com", nodeID: "a", allocatable: { count: 1 } }]);
    expect(updateErrors(csiNodeStrategy, node([{ name: "d.example.com", nodeID: "a", allocatable: { count: 5 } }]), old)).toEqual([]);
    expect(
      updateErrors(
        csiNodeStrategy,
        node([
          { name: "d.example.com", nodeID: "b" },
          { name: "e.example.com", nodeID: "c" },
        ]),
        old,
      ),
    ).toEqual([
      'spec.drivers: Invalid value: storage.CSINodeDriver{Name:"d.example.com", NodeID:"b", TopologyKeys:[]string(nil), Allocatable:(*storage.VolumeNodeResources)(nil)}: field is immutable',
    ]);
  });
});

describe("CSIStorageCapacity", () => {
  const capacity = (more: Record<string, unknown>): KubeObject => ({
    apiVersion: "storage.k8s.io/v1",
    kind: "CSIStorageCapacity",
    metadata: { ...meta("c1"), namespace: "default" },
    storageClassName: "fast",
    ...more,
  });

  it("checks the class name, the topology selector and the capacity", () => {
    expect(createErrors(csiStorageCapacityStrategy, capacity({ capacity: "10Gi", nodeTopology: { matchLabels: { zone: "a" } } }))).toEqual(
      [],
    );
    expect(
      createErrors(
        csiStorageCapacityStrategy,
        capacity({ storageClassName: "", capacity: "-1Gi", nodeTopology: { matchExpressions: [{ key: "zone", operator: "In" }] } }),
      ),
    ).toEqual([
      "nodeTopology.matchExpressions[0].values: Required value: must be specified when `operator` is 'In' or 'NotIn'",
      "storageClassName: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'capacity: Invalid value: "-1Gi": must be greater than or equal to 0',
    ]);
  });

  it("keeps nodeTopology and storageClassName", () => {
    const old = capacity({ nodeTopology: { matchLabels: { zone: "a" } } });
    expect(
      updateErrors(csiStorageCapacityStrategy, capacity({ nodeTopology: { matchLabels: { zone: "a" } }, capacity: "1Gi" }), old),
    ).toEqual([]);
    expect(
      updateErrors(csiStorageCapacityStrategy, capacity({ storageClassName: "slow", nodeTopology: { matchLabels: { zone: "b" } } }), old),
    ).toEqual([
      'nodeTopology: Invalid value: v1.LabelSelector{MatchLabels:map[string]string{"zone":"b"}, MatchExpressions:[]v1.LabelSelectorRequirement(nil)}: field is immutable',
      'storageClassName: Invalid value: "slow": field is immutable',
    ]);
  });
});

describe("VolumeAttachment", () => {
  const attachment = (spec: Record<string, unknown>, status?: Record<string, unknown>): KubeObject => ({
    apiVersion: "storage.k8s.io/v1",
    kind: "VolumeAttachment",
    metadata: meta("va1"),
    spec: { attacher: "csi.example.com", nodeName: "node-1", source: { persistentVolumeName: "pv1" }, ...spec },
    ...(status ? { status } : {}),
  });

  it("accepts an attachment and drops a status given on create", () => {
    const va = attachment({}, { attached: true });
    expect(createErrors(volumeAttachmentStrategy, va)).toEqual([]);
    expect(va.status).toBeUndefined();
  });

  it("wants an attacher, a node name and exactly one source", () => {
    expect(createErrors(volumeAttachmentStrategy, attachment({ attacher: "", nodeName: "Bad_Node", source: {} }))).toEqual([
      "spec.attacher: Required value",
      "spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName",
      "spec.nodeName: Invalid value: \"Bad_Node\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      "spec.attacher: Required value",
      "spec.attacher: Invalid value: \"\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
    ]);
    expect(createErrors(volumeAttachmentStrategy, attachment({ source: { persistentVolumeName: "pv1", inlineVolumeSpec: {} } }))).toEqual([
      "spec.source: Forbidden: must specify exactly one of inlineVolumeSpec and persistentVolumeName",
    ]);
    expect(createErrors(volumeAttachmentStrategy, attachment({ source: { persistentVolumeName: "" } }))[0]).toBe(
      "spec.source.persistentVolumeName: Required value: must specify non empty persistentVolumeName",
    );
  });

  it("never lets the spec change", () => {
    expect(updateErrors(volumeAttachmentStrategy, attachment({ nodeName: "node-2" }), attachment({}))).toEqual([
      'spec: Invalid value: storage.VolumeAttachmentSpec{Attacher:"csi.example.com", Source:storage.VolumeAttachmentSource{PersistentVolumeName:(*string)(0xc000000000), InlineVolumeSpec:(*core.PersistentVolumeSpec)(nil)}, NodeName:"node-2"}: field is immutable',
    ]);
  });

  it("checks the status on /status, keeping the spec", () => {
    const old = attachment({});
    const upd = attachment({ nodeName: "other" }, { attached: true, attachError: { message: "x".repeat(1025), errorCode: -2 } });
    volumeAttachmentStatusStrategy.prepareForUpdate?.(upd, old);
    expect(upd.spec).toEqual(old.spec);
    const errs = (volumeAttachmentStatusStrategy.validateUpdate?.(upd, old) ?? []).map(errorText);
    expect(errs).toEqual([
      "status.attachError.message: Too long: may not be more than 262144 bytes",
      "status.attachError.errorCode: Invalid value: -2: must be between 0 and 2147483647, inclusive",
      "status.attachError.message: Too long: may not be more than 262144 bytes",
      "status.attachError.errorCode: Invalid value: -2: must be between 0 and 2147483647, inclusive",
    ]);
    const ok = attachment({}, { attached: true, attachmentMetadata: { a: "b" } });
    volumeAttachmentStatusStrategy.prepareForUpdate?.(ok, old);
    expect(volumeAttachmentStatusStrategy.validateUpdate?.(ok, old) ?? []).toEqual([]);
  });
});
