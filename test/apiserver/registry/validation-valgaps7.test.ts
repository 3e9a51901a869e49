/**
 * Issue #16 against upstream 1.34, session 13: PersistentVolume specs as ValidatePersistentVolumeSpec
 * (each source's fields, capacity, the mount-options annotation, node affinity fixed on update but
 * for beta-to-GA label keys, the volume attributes class) and their warnings; VolumeAttachment
 * inline specs under upstream's inline rules; a Node's taints and avoid-pods annotations, integer
 * resources and externalID; Pod volume sources and the image volume's pull policy default.
 * Tables through the strategies; test/integration/validation-valgaps7.test.ts sends some of the
 * same objects to a running apiserver.
 */
import { describe, expect, it } from "vitest";
import { pvStatusStrategy, pvStrategy } from "../../../apiserver/registry/resources/persistentvolumes/strategy.js";
import { nodeStatusStrategy, nodeStrategy } from "../../../apiserver/registry/resources/nodes/strategy.js";
import { volumeAttachmentStrategy } from "../../../apiserver/registry/resources/volumeattachments/strategy.js";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import type { Strategy, UpdateStrategy } from "../../../apiserver/registry/strategy.js";
import { record } from "../../../apiserver/registry/validation/shape.js";

type Obj = Record<string, unknown>;

function createErrors(strategy: Strategy, obj: KubeObject): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

function updateErrors(strategy: Strategy | UpdateStrategy, obj: KubeObject, old: KubeObject): string[] {
  if ("defaults" in strategy) {
    strategy.defaults?.(old);
    strategy.defaults?.(obj);
  }
  strategy.prepareForUpdate?.(obj, old);
  return (strategy.validateUpdate?.(obj, old) ?? []).map(errorText);
}

const DNS_LABEL =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

const pv = (spec: Obj, annotations?: Record<string, string>): KubeObject => ({
  apiVersion: "v1",
  kind: "PersistentVolume",
  metadata: { name: "pv", resourceVersion: "1", ...(annotations && { annotations }) },
  spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], ...spec },
});
const affinity = (key: string, values = ["a"]) => ({
  required: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: "In", values }] }] },
});

describe("PersistentVolume spec (ValidatePersistentVolumeSpec)", () => {
  const cases: [string, Obj, string[]][] = [
    ["a valid nfs volume", { nfs: { server: "s", path: "/exports" } }, []],
    [
      "nfs server and absolute path",
      { nfs: { server: "", path: "rel" } },
      ["spec.nfs.server: Required value", 'spec.nfs.path: Invalid value: "rel": must be an absolute path'],
    ],
    [
      "csi volume handle and secret references",
      {
        csi: {
          driver: "csi.example.com",
          volumeHandle: "",
          controllerPublishSecretRef: { name: "", namespace: "Bad" },
          nodePublishSecretRef: { name: "s" },
        },
      },
      [
        "spec.csi.volumeHandle: Required value",
        "spec.csi.controllerPublishSecretRef.name: Required value",
        `spec.csi.controllerPublishSecretRef.namespace: Invalid value: "Bad": ${DNS_LABEL}`,
        "spec.csi.nodePublishSecretRef.namespace: Required value",
      ],
    ],
    [
      "csi driver name",
      { csi: { driver: "", volumeHandle: "h" } },
      ["spec.csi.driver: Required value", expect.stringContaining('spec.csi.driver: Invalid value: ""')],
    ],
    [
      "iscsi portal, IQN format, lun and initiator name (the PV variant's words)",
      { iscsi: { targetPortal: "", iqn: "foo", lun: 300, initiatorName: "iqn.bad" } },
      [
        "spec.iscsi.targetPortal: Required value",
        'spec.iscsi.iqn: Invalid value: "foo": must be valid format',
        "spec.iscsi.lun: Invalid value: 300: must be between 0 and 255, inclusive",
        'spec.iscsi.initiatorname: Invalid value: "iqn.bad": must be valid format',
      ],
    ],
    [
      "iscsi with an initiator name: <volume name>:<portal> under 64 characters",
      { iscsi: { targetPortal: "x".repeat(62), iqn: "iqn.2001-04.com.example:storage", initiatorName: "iqn.2001-04.com.example:node" } },
      [
        `spec.iscsi.targetportal: Invalid value: "${"x".repeat(62)}": Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.`,
      ],
    ],
    [
      "rbd monitors and image",
      { rbd: { monitors: [], image: "" } },
      ["spec.rbd.monitors: Required value", "spec.rbd.image: Required value"],
    ],
    [
      "hostPath without backsteps, of a known type",
      { hostPath: { path: "/a/../b", type: "Bogus" } },
      [
        `spec.hostPath.path: Invalid value: "/a/../b": must not contain '..'`,
        'spec.hostPath.type: Unsupported value: "Bogus": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"',
      ],
    ],
    [
      "local path without backsteps",
      { local: { path: "/x/.." }, nodeAffinity: affinity("kubernetes.io/hostname") },
      [`spec.local.path: Invalid value: "/x/..": must not contain '..'`],
    ],
    ["fc needs targets", { fc: {} }, ["spec.fc.targetWWNs: Required value: must specify either targetWWNs or wwids, but not both"]],
    [
      "fc targets xor wwids, lun with targets",
      { fc: { targetWWNs: ["a"], wwids: ["b"] } },
      [
        'spec.fc.targetWWNs: Invalid value: []string{"a"}: targetWWNs and wwids can not be specified simultaneously',
        "spec.fc.lun: Required value: lun is required if targetWWNs is specified",
      ],
    ],
    [
      "gcePersistentDisk under upstream's `persistentDisk` path",
      { gcePersistentDisk: { pdName: "", partition: 300 } },
      [
        "spec.persistentDisk.pdName: Required value",
        "spec.persistentDisk.partition: Invalid value: 300: must be between 1 and 255, inclusive",
      ],
    ],
    [
      "flexVolume driver and reserved option namespaces",
      { flexVolume: { driver: "", options: { "kubernetes.io/x": "1", "example.com/y": "2" } } },
      [
        "spec.flexVolume.driver: Required value",
        'spec.flexVolume.options[kubernetes.io/x]: Invalid value: "kubernetes.io/x": kubernetes.io and k8s.io namespaces are reserved',
      ],
    ],
    [
      "azureDisk URI shape for managed disks",
      { azureDisk: { diskName: "d", diskURI: "x", kind: "Managed" } },
      [
        'spec.azureDisk.diskURI: Unsupported value: "x": supported values: "/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}"',
      ],
    ],
    [
      "glusterfs endpoints namespace",
      { glusterfs: { endpoints: "e", path: "p", endpointsNamespace: "" } },
      ['spec.glusterfs.endpointsNamespace: Invalid value: "": if the endpointnamespace is set, it must be a valid namespace name'],
    ],
    [
      "storageos names and secret namespace",
      { storageos: { volumeName: "v", secretRef: { name: "s" } } },
      ["spec.storageos.secretRef.namespace: Required value"],
    ],
    [
      "cinder secret namespace",
      { cinder: { volumeID: "v", secretRef: { name: "s" } } },
      ["spec.cinder.secretRef.namespace: Required value"],
    ],
    [
      "quobyte registry host:port pairs",
      { quobyte: { registry: "host", volume: "v" } },
      ['spec.quobyte.registry: Invalid value: "host": must be a host:port pair or multiple pairs separated by commas'],
    ],
    ["flocker needs one dataset", { flocker: {} }, ["spec.flocker: Required value: one of datasetName and datasetUUID is required"]],
    [
      "every source after the first is refused",
      { nfs: { server: "s", path: "/p" }, cephfs: { monitors: ["m"] }, csi: { driver: "d.example.com", volumeHandle: "h" } },
      ["spec.cephFS: Forbidden: may not specify more than 1 volume type", "spec.csi: Forbidden: may not specify more than 1 volume type"],
    ],
    ["no source", {}, ["spec: Required value: must specify a volume type"]],
    [
      "a hostPath of / may not be recycled",
      { hostPath: { path: "//" }, persistentVolumeReclaimPolicy: "Recycle" },
      ["spec.persistentVolumeReclaimPolicy: Forbidden: may not be 'recycle' for a hostPath mount of '/'"],
    ],
    [
      "capacity: storage only, positive",
      { capacity: { storage: "0", cpu: "1" }, hostPath: { path: "/h" } },
      [
        'spec.capacity: Unsupported value: core.ResourceList{"cpu":resource.MustParse("1"), "storage":resource.MustParse("0")}: supported values: "storage"',
        'spec.capacity[storage]: Invalid value: "0": must be greater than zero',
      ],
    ],
    [
      "capacity required",
      { capacity: undefined, hostPath: { path: "/h" } },
      ["spec.capacity: Required value", 'spec.capacity: Unsupported value: core.ResourceList(nil): supported values: "storage"'],
    ],
    ["access modes required (no detail for volumes)", { accessModes: [], hostPath: { path: "/h" } }, ["spec.accessModes: Required value"]],
    [
      "a volume attributes class is never empty and needs CSI",
      { volumeAttributesClassName: "", hostPath: { path: "/h" } },
      [
        "spec.volumeAttributesClassName: Required value: an empty string is disallowed",
        "spec.csi: Required value: has to be specified when using volumeAttributesClassName",
      ],
    ],
  ];
  it.each(cases)("%s", (_name, spec, want) => {
    expect(createErrors(pvStrategy, pv(spec))).toEqual(want);
  });

  it("mount options only on plugins that take them", () => {
    const mount = { "volume.beta.kubernetes.io/mount-options": "ro" };
    expect(createErrors(pvStrategy, pv({ hostPath: { path: "/h" } }, mount))).toEqual([
      "metadata.annotations.volume.beta.kubernetes.io/mount-options: Forbidden: may not specify mount options for this volume type",
    ]);
    expect(createErrors(pvStrategy, pv({ nfs: { server: "s", path: "/p" } }, mount))).toEqual([]);
  });

  it("defaults the sources' fields as upstream's PersistentVolume defaulter", () => {
    const obj = pv({ rbd: { monitors: ["m"], image: "i" } });
    createErrors(pvStrategy, obj);
    expect(record(obj.spec).rbd).toEqual({ monitors: ["m"], image: "i", pool: "rbd", user: "admin", keyring: "/etc/ceph/keyring" });
    const sio = pv({ scaleIO: { gateway: "g", system: "s", volumeName: "v", secretRef: { name: "x" } } });
    createErrors(pvStrategy, sio);
    expect(record(record(sio.spec).scaleIO)).toMatchObject({ storageMode: "ThinProvisioned", fsType: "xfs" });
  });
});

describe("PersistentVolume update (ValidatePersistentVolumeUpdate)", () => {
  const stored = (spec: Obj) => pv(spec);

  it("node affinity may only move a key from its beta label to the GA one", () => {
    const old = () => stored({ local: { path: "/d" }, nodeAffinity: affinity("failure-domain.beta.kubernetes.io/zone") });
    expect(
      updateErrors(pvStrategy, stored({ local: { path: "/d" }, nodeAffinity: affinity("topology.kubernetes.io/zone") }), old()),
    ).toEqual([]);
    expect(updateErrors(pvStrategy, stored({ local: { path: "/d" }, nodeAffinity: affinity("kubernetes.io/hostname") }), old())).toEqual([
      "nodeAffinity: Invalid value: &core.VolumeNodeAffinity{Required:(*core.NodeSelector)(0xc000000000)}: field is immutable, except for updating from beta label to GA",
    ]);
    expect(
      updateErrors(pvStrategy, stored({ local: { path: "/d" }, nodeAffinity: affinity("topology.kubernetes.io/zone", ["b"]) }), old()),
    ).toHaveLength(1);
    // None before: any may be set.
    expect(
      updateErrors(pvStrategy, stored({ hostPath: { path: "/h" }, nodeAffinity: affinity("x") }), stored({ hostPath: { path: "/h" } })),
    ).toEqual([]);
  });

  it("the source is fixed, but a CSI volume may gain a controller expand secret", () => {
    const csi = (extra: Obj = {}) => stored({ csi: { driver: "d.example.com", volumeHandle: "h", ...extra } });
    expect(updateErrors(pvStrategy, csi({ controllerExpandSecretRef: { name: "s", namespace: "n" } }), csi())).toEqual([]);
    expect(updateErrors(pvStrategy, csi({ volumeHandle: "other" }), csi())).toEqual([
      "spec.persistentvolumesource: Forbidden: spec.persistentvolumesource is forbidden.",
    ]);
  });

  it("volume mode fixed (upstream's path has no spec prefix), a volume attributes class never unset", () => {
    const base = { csi: { driver: "d.example.com", volumeHandle: "h" } };
    expect(updateErrors(pvStrategy, stored({ ...base, volumeMode: "Block" }), stored({ ...base, volumeMode: "Filesystem" }))).toEqual([
      'volumeMode: Invalid value: "Block": field is immutable',
    ]);
    expect(updateErrors(pvStrategy, stored(base), stored({ ...base, volumeAttributesClassName: "gold" }))).toEqual([
      "spec.volumeAttributesClassName: Forbidden: update from non-nil value to nil is forbidden",
    ]);
  });

  it("spec errors are listed twice on update, as upstream's strategy validates the new volume twice", () => {
    const bad = stored({ nfs: { server: "s", path: "rel" } });
    expect(updateErrors(pvStrategy, bad, stored({ nfs: { server: "s", path: "rel" } }))).toEqual([
      'spec.nfs.path: Invalid value: "rel": must be an absolute path',
      'spec.nfs.path: Invalid value: "rel": must be an absolute path',
    ]);
  });
});

describe("PersistentVolume warnings (GetWarningsForPersistentVolume)", () => {
  it("Recycle, the beta class annotation, deprecated node labels and plugins", () => {
    const obj = pv(
      { cephfs: { monitors: ["m"] }, persistentVolumeReclaimPolicy: "Recycle", nodeAffinity: affinity("beta.kubernetes.io/os") },
      { "volume.beta.kubernetes.io/storage-class": "gold" },
    );
    const want = [
      'metadata.annotations[volume.beta.kubernetes.io/storage-class]: deprecated since v1.8; use "storageClassName" attribute instead',
      "spec.persistentVolumeReclaimPolicy: The Recycle reclaim policy is deprecated. Instead, the recommended approach is to use dynamic provisioning.",
      'spec.nodeAffinity.required.nodeSelectorTerms[0].matchExpressions[0].key: beta.kubernetes.io/os is deprecated since v1.14; use "kubernetes.io/os" instead',
      "spec.cephfs: deprecated in v1.28, non-functional in v1.31+",
    ];
    expect(pvStrategy.warningsOnCreate?.(obj)).toEqual(want);
    expect(pvStrategy.warningsOnUpdate?.(obj, obj)).toEqual(want);
    expect(pvStatusStrategy.warningsOnUpdate?.(obj, obj)).toEqual(want);
    expect(pvStrategy.warningsOnCreate?.(pv({ storageos: { volumeName: "v" } }))).toEqual([
      "spec.storageOS: deprecated in v1.22, non-functional in v1.25+",
    ]);
  });
});

describe("VolumeAttachment inline volume spec", () => {
  const va = (inline: Obj): KubeObject => ({
    apiVersion: "storage.k8s.io/v1",
    kind: "VolumeAttachment",
    metadata: { name: "va", resourceVersion: "1" },
    spec: { attacher: "csi.example.com", nodeName: "n1", source: { inlineVolumeSpec: inline } },
  });
  const P = "spec.source.inlineVolumeSpec";

  it("accepts a CSI inline spec", () => {
    expect(
      createErrors(volumeAttachmentStrategy, va({ accessModes: ["ReadWriteOnce"], csi: { driver: "d.example.com", volumeHandle: "h" } })),
    ).toEqual([]);
  });

  it("refuses what an inline spec may not have, with upstream's words", () => {
    const errs = createErrors(
      volumeAttachmentStrategy,
      va({
        capacity: { storage: "1Gi" },
        claimRef: { name: "c" },
        accessModes: [],
        nfs: { server: "s", path: "/p" },
        persistentVolumeReclaimPolicy: "Delete",
        nodeAffinity: affinity("x"),
        storageClassName: "gold",
        volumeMode: "Block",
      }),
    );
    expect(errs).toEqual([
      `${P}.claimRef: Forbidden: may not be specified in the context of inline volumes`,
      `${P}.capacity: Forbidden: may not be specified in the context of inline volumes`,
      `${P}.csi: Required value: has to be specified in the context of inline volumes`,
      `${P}.accessModes: Required value`,
      `${P}.persistentVolumeReclaimPolicy: Forbidden: may only be Retain in the context of inline volumes`,
      `${P}.nodeAffinity: Forbidden: may not be specified in the context of inline volumes`,
      `${P}.storageClassName: Forbidden: may not be specified in the context of inline volumes`,
      `${P}.volumeMode: Forbidden: may not specify volumeMode other than Filesystem in the context of inline volumes`,
    ]);
  });

  it("checks the inline CSI source's fields", () => {
    expect(
      createErrors(volumeAttachmentStrategy, va({ accessModes: ["ReadWriteOnce"], csi: { driver: "d.example.com", volumeHandle: "" } })),
    ).toEqual([`${P}.csi.volumeHandle: Required value`]);
  });
});

describe("Node annotations and resources (ValidateNode, ValidateNodeUpdate)", () => {
  const node = (annotations: Record<string, string> = {}, extra: Obj = {}): KubeObject => ({
    apiVersion: "v1",
    kind: "Node",
    metadata: { name: "n1", resourceVersion: "1", annotations },
    ...extra,
  });
  const TAINTS = "scheduler.alpha.kubernetes.io/taints";
  const AVOID = "scheduler.alpha.kubernetes.io/preferAvoidPods";

  const cases: [string, Record<string, string>, string[]][] = [
    ["valid taints", { [TAINTS]: '[{"key":"k","value":"v","effect":"NoSchedule"}]' }, []],
    [
      "a taint in the annotation is checked as spec.taints are",
      { [TAINTS]: '[{"key":"k","value":"v","effect":"Bogus"}]' },
      [
        `metadata.annotations.${TAINTS}[0].effect: Unsupported value: "Bogus": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
      ],
    ],
    [
      "taints that are no JSON",
      { [TAINTS]: "not json" },
      [`metadata.annotations: Invalid value: "${TAINTS}": invalid character 'o' in literal null (expecting 'u')`],
    ],
    [
      "taints that are no list",
      { [TAINTS]: '{"key":"k"}' },
      [`metadata.annotations: Invalid value: "${TAINTS}": json: cannot unmarshal object into Go value of type []core.Taint`],
    ],
    [
      "a taint key of the wrong type",
      { [TAINTS]: '[{"key":1}]' },
      [`metadata.annotations: Invalid value: "${TAINTS}": json: cannot unmarshal number into Go struct field Taint.key of type string`],
    ],
    [
      "avoid-pods entries name a controller",
      {
        [AVOID]:
          '{"preferAvoidPods":[{"podSignature":{"podController":{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"r","uid":"u","controller":false}}},{}]}',
      },
      [
        `metadata.annotations.${AVOID}[0].PodSignature.PodController.Controller: Invalid value: false: must point to a controller`,
        `metadata.annotations.${AVOID}[1].PodSignature: Required value`,
      ],
    ],
    [
      "avoid-pods of the wrong shape",
      { [AVOID]: '{"preferAvoidPods":"x"}' },
      [
        `metadata.annotations.AvoidPods: Invalid value: "${AVOID}": json: cannot unmarshal string into Go struct field AvoidPods.preferAvoidPods of type []v1.PreferAvoidPodsEntry`,
      ],
    ],
    [
      "a nested field's error names the innermost struct and the path from the top",
      { [AVOID]: '{"preferAvoidPods":[{"podSignature":{"podController":{"controller":"yes"}}}]}' },
      [
        `metadata.annotations.AvoidPods: Invalid value: "${AVOID}": json: cannot unmarshal string into Go struct field OwnerReference.preferAvoidPods.podSignature.podController.controller of type bool`,
      ],
    ],
  ];
  it.each(cases)("%s", (_name, annotations, want) => {
    expect(createErrors(nodeStrategy, node(annotations))).toEqual(want);
    expect(updateErrors(nodeStrategy, node(annotations), node())).toEqual(want);
  });

  it("integer resources are whole; externalID never changes", () => {
    expect(createErrors(nodeStrategy, node({}, { status: { capacity: { pods: "1500m" }, allocatable: { pods: "110" } } }))).toEqual([
      'status.capacity.pods: Invalid value: "1500m": must be an integer',
    ]);
    expect(updateErrors(nodeStrategy, node({}, { spec: { externalID: "b" } }), node({}, { spec: { externalID: "a" } }))).toEqual([
      "spec.externalID: Forbidden: may not be updated",
    ]);
    expect(updateErrors(nodeStatusStrategy, node({ [TAINTS]: "[1]" }), node({ [TAINTS]: "[1]" }))).toEqual([
      `metadata.annotations: Invalid value: "${TAINTS}": json: cannot unmarshal number into Go value of type core.Taint`,
    ]);
  });
});

describe("Pod volumes", () => {
  const pod = (volumes: Obj[]): KubeObject => ({
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name: "p", namespace: "d", resourceVersion: "1" },
    spec: { containers: [{ name: "c", image: "x:1" }], volumes },
  });

  it("an image volume's pull policy defaults from its reference's tag", () => {
    const p = pod([
      { name: "a", image: { reference: "busybox" } },
      { name: "b", image: { reference: "busybox:1.36" } },
      { name: "c", image: { reference: "registry.example.com:5000/busybox:latest" } },
      { name: "d", image: { reference: "busybox@sha256:0123456789012345678901234567890123456789012345678901234567890123" } },
      { name: "e", image: { reference: "busybox", pullPolicy: "Never" } },
    ]);
    expect(createErrors(podStrategy, p)).toEqual([]);
    expect(list(record(p.spec).volumes).map((v) => record(record(v).image).pullPolicy)).toEqual([
      "Always",
      "IfNotPresent",
      "Always",
      "IfNotPresent",
      "Never",
    ]);
  });

  it("the per-source rules Pods share with volumes", () => {
    expect(
      createErrors(
        podStrategy,
        pod([
          { name: "a", hostPath: { path: "/x/../y", type: "Nope" } },
          { name: "b", glusterfs: { endpoints: "", path: "" } },
          { name: "c", awsElasticBlockStore: { volumeID: "", partition: -1 } },
          { name: "d", azureFile: { secretName: "", shareName: "s" } },
        ]),
      ),
    ).toEqual([
      `spec.volumes[0].hostPath.path: Invalid value: "/x/../y": must not contain '..'`,
      'spec.volumes[0].hostPath.type: Unsupported value: "Nope": supported values: "", "BlockDevice", "CharDevice", "Directory", "DirectoryOrCreate", "File", "FileOrCreate", "Socket"',
      "spec.volumes[1].glusterfs.endpoints: Required value",
      "spec.volumes[1].glusterfs.path: Required value",
      "spec.volumes[2].awsElasticBlockStore.volumeID: Required value",
      "spec.volumes[2].awsElasticBlockStore.partition: Invalid value: -1: must be between 1 and 255, inclusive",
      "spec.volumes[3].azureFile.secretName: Required value",
    ]);
  });
});

function list(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}
