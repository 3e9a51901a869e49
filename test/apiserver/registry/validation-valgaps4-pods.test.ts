/**
 * Issue #16 against upstream 1.34, session 12: pod-level resources (requests and hugepages limits
 * defaulted as SetDefaults_Pod does before validation, hugepages at pod level), the container
 * statuses' `user` on `/status` (validateContainerStatusUsers), and what a gated Pod may change
 * (nodeSelector additions, narrower required node affinity).
 */
import { describe, expect, it } from "vitest";
import { podStatusStrategy, podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { record } from "../../../apiserver/registry/validation/shape.js";

const pod = (spec: Record<string, unknown> = {}, status?: Record<string, unknown>): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "d", resourceVersion: "1" },
  spec: { containers: [{ name: "c", image: "x" }], ...spec },
  ...(status && { status }),
});

function created(obj: KubeObject): { obj: KubeObject; errors: string[] } {
  podStrategy.defaults?.(obj);
  podStrategy.prepareForCreate?.(obj);
  return { obj, errors: (podStrategy.validate?.(obj) ?? []).map(errorText) };
}

function updateErrors(obj: KubeObject, old: KubeObject): string[] {
  for (const o of [old, obj]) podStrategy.defaults?.(o);
  podStrategy.prepareForUpdate?.(obj, old);
  return (podStrategy.validateUpdate?.(obj, old) ?? []).map(errorText);
}

const container = (name: string, resources: object, more: object = {}) => ({ name, image: "x", resources, ...more });

describe("pod-level resources: upstream's defaults, then the checks", () => {
  it("fills missing requests from the containers' aggregate, or else from the pod's limits", () => {
    const { obj, errors } = created(
      pod({
        resources: { limits: { cpu: "4", memory: "4Gi" } },
        containers: [container("a", { requests: { cpu: "500m" } }), container("b", { requests: { cpu: "1" } })],
      }),
    );
    expect(errors).toEqual([]);
    expect(record(record(obj.spec).resources).requests).toEqual({ cpu: "1500m", memory: "4Gi" });
  });

  it("then compares the filled requests with the limits: a limit below the containers' requests fails", () => {
    const { errors } = created(pod({ resources: { limits: { cpu: "1" } }, containers: [container("a", { requests: { cpu: "2" } })] }));
    expect(errors).toEqual(['spec.resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1']);
  });

  it("leaves Pods without pod-level limits alone", () => {
    const { obj, errors } = created(
      pod({ resources: { requests: { cpu: "2" } }, containers: [container("a", { requests: { memory: "1Gi" } })] }),
    );
    expect(errors).toEqual([]);
    expect(record(record(obj.spec).resources).requests).toEqual({ cpu: "2" });
  });

  it("takes hugepages at pod level, defaulting their limit from the containers' and checking the aggregate", () => {
    const { obj, errors } = created(
      pod({
        resources: { requests: { memory: "1Gi" } },
        containers: [
          container("a", { limits: { "hugepages-2Mi": "4Mi", memory: "1Gi" } }),
          container("b", { limits: { "hugepages-2Mi": "2Mi", memory: "1Gi" } }),
        ],
      }),
    );
    expect(record(record(obj.spec).resources).limits).toEqual({ "hugepages-2Mi": "6Mi" });
    expect(record(record(obj.spec).resources).requests).toEqual({ memory: "1Gi", "hugepages-2Mi": "6Mi" });
    expect(errors).toEqual([
      'spec.resources.requests[memory]: Invalid value: "1Gi": must be greater than or equal to aggregate container requests of 2Gi',
    ]);
    const small = created(
      pod({
        resources: { requests: { memory: "2Gi" }, limits: { memory: "2Gi", "hugepages-2Mi": "2Mi" } },
        containers: [container("a", { limits: { "hugepages-2Mi": "4Mi", memory: "1Gi" } })],
      }),
    );
    expect(small.errors).toEqual([
      'spec.resources.requests[hugepages-2Mi]: Invalid value: "2Mi": must be greater than or equal to aggregate container requests of 4Mi',
      'spec.resources.limits[hugepages-2Mi]: Invalid value: "2Mi": must be greater than or equal to aggregate container limits of 4Mi',
      'spec.resources.containers[0][hugepages-2Mi].limits: Invalid value: "4Mi": must be less than or equal to pod limits of 2Mi',
    ]);
  });

  it("lists hugepages among the supported pod-level resources and checks whole pages", () => {
    expect(created(pod({ resources: { limits: { "ephemeral-storage": "1Gi", cpu: "1" } } })).errors).toEqual([
      'spec.resources.limits[ephemeral-storage]: Unsupported value: "ephemeral-storage": supported values: "cpu", "hugepages-", "memory"',
    ]);
    expect(created(pod({ resources: { limits: { "hugepages-2Mi": "3Mi", memory: "1Gi" } } })).errors).toContain(
      'spec.resources.limits[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi',
    );
  });
});

describe("Pod /status: the container statuses' user (validateContainerStatusUsers)", () => {
  const statusErrors = (spec: Record<string, unknown>, status: Record<string, unknown>) => {
    const old = pod(spec, {});
    podStrategy.defaults?.(old);
    const obj: KubeObject = { ...structuredClone(old), status };
    podStatusStrategy.prepareForUpdate?.(obj, old);
    return (podStatusStrategy.validateUpdate?.(obj, old) ?? []).map(errorText);
  };

  it("keeps linux IDs in range", () => {
    expect(
      statusErrors({}, { containerStatuses: [{ name: "c", user: { linux: { uid: 1000, gid: 1000, supplementalGroups: [4, 20] } } }] }),
    ).toEqual([]);
    expect(
      statusErrors(
        {},
        {
          containerStatuses: [{ name: "c", user: { linux: { uid: -1, gid: 2147483648, supplementalGroups: [1, -5] } } }],
          initContainerStatuses: [{ name: "i", user: { linux: { uid: -2, gid: 0 } } }],
        },
      ),
    ).toEqual([
      "status.containerStatuses[0].linux.uid: Invalid value: -1: must be between 0 and 2147483647, inclusive",
      "status.containerStatuses[0].linux.gid: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive",
      "status.containerStatuses[0].linux.supplementalGroups[1]: Invalid value: -5: must be between 0 and 2147483647, inclusive",
      "status.initContainerStatuses[0].linux.uid: Invalid value: -2: must be between 0 and 2147483647, inclusive",
    ]);
  });

  it("forbids a linux user on a windows pod", () => {
    expect(statusErrors({ os: { name: "windows" } }, { containerStatuses: [{ name: "c", user: { linux: { uid: 1, gid: 1 } } }] })).toEqual([
      "status.containerStatuses[0].linux: Forbidden: cannot be set for a windows pod",
    ]);
  });
});

describe("gated Pods: nodeSelector additions and narrower node affinity", () => {
  const gates = [{ name: "example.com/gate" }];
  const term = (...exprs: object[]) => ({ matchExpressions: exprs });
  const req = (key: string, values: string[]) => ({ key, operator: "In", values });
  const affinity = (...terms: object[]) => ({
    nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: terms } },
  });

  it("lets a gated Pod add nodeSelector entries, not change or drop them", () => {
    expect(
      updateErrors(
        pod({ schedulingGates: gates, nodeSelector: { a: "1", b: "2" } }),
        pod({ schedulingGates: gates, nodeSelector: { a: "1" } }),
      ),
    ).toEqual([]);
    expect(
      updateErrors(pod({ schedulingGates: gates, nodeSelector: { a: "2" } }), pod({ schedulingGates: gates, nodeSelector: { a: "1" } })),
    ).toEqual([
      'spec.nodeSelector: Invalid value: map[string]string{"a":"2"}: only additions to spec.nodeSelector are allowed (no mutations or deletions)',
    ]);
  });

  it("lets a gated Pod set node affinity or add expressions to its terms", () => {
    expect(
      updateErrors(pod({ schedulingGates: gates, affinity: affinity(term(req("a", ["1"]))) }), pod({ schedulingGates: gates })),
    ).toEqual([]);
    const old = pod({ schedulingGates: gates, affinity: affinity(term(req("a", ["1"]))) });
    expect(updateErrors(pod({ schedulingGates: gates, affinity: affinity(term(req("a", ["1"]), req("b", ["2"]))) }), old)).toEqual([]);
    expect(updateErrors(pod({ schedulingGates: gates, affinity: affinity(term(req("a", ["2"]))) }), old)).toEqual([
      'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]: Invalid value: core.NodeSelectorTerm{MatchExpressions:[]core.NodeSelectorRequirement{core.NodeSelectorRequirement{Key:"a", Operator:"In", Values:[]string{"2"}}}, MatchFields:[]core.NodeSelectorRequirement(nil)}: only additions are allowed (no mutations or deletions)',
    ]);
    expect(updateErrors(pod({ schedulingGates: gates, affinity: affinity(term(req("a", ["1"])), term(req("b", ["1"]))) }), old)[0]).toMatch(
      /^spec\.affinity\.nodeAffinity\.requiredDuringSchedulingIgnoredDuringExecution\.nodeSelectorTerms: Invalid value: \[\]core\.NodeSelectorTerm\{.*\}: no additions\/deletions to non-empty NodeSelectorTerms list are allowed$/,
    );
  });

  it("keeps the usual rule once the gates are gone", () => {
    const errs = updateErrors(pod({ nodeSelector: { a: "1", b: "2" } }), pod({ nodeSelector: { a: "1" } }));
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatch(/^spec: Forbidden: pod updates may not change fields other than/);
  });
});

describe("volume-source specifics (validateVolumeSource)", () => {
  const vol = (source: Record<string, unknown>) => pod({ volumes: [{ name: "v", ...source }] });
  const errs = (source: Record<string, unknown>) => created(vol(source)).errors;

  it("nfs needs a server and an absolute path", () => {
    expect(errs({ nfs: { server: "nfs.local", path: "/exports" } })).toEqual([]);
    expect(errs({ nfs: { path: "exports" } })).toEqual([
      "spec.volumes[0].nfs.server: Required value",
      'spec.volumes[0].nfs.path: Invalid value: "exports": must be an absolute path',
    ]);
  });

  it("iscsi needs a portal and a well-formed IQN, lun and CHAP secret", () => {
    expect(errs({ iscsi: { targetPortal: "10.0.0.1:3260", iqn: "iqn.2001-04.com.example:storage.disk1", lun: 0 } })).toEqual([]);
    expect(errs({ iscsi: { iqn: "xyz", lun: 300, chapAuthSession: true, initiatorName: "iqn.bad" } })).toEqual([
      "spec.volumes[0].iscsi.targetPortal: Required value",
      'spec.volumes[0].iscsi.iqn: Invalid value: "xyz": must be valid format starting with iqn, eui, or naa',
      "spec.volumes[0].iscsi.lun: Invalid value: 300: must be between 0 and 255, inclusive",
      "spec.volumes[0].iscsi.secretRef: Required value",
      'spec.volumes[0].iscsi.initiatorname: Invalid value: "iqn.bad": must be valid format',
    ]);
  });

  it("rbd needs monitors and an image; csi a driver name", () => {
    expect(errs({ rbd: { monitors: [], image: "" } })).toEqual([
      "spec.volumes[0].rbd.monitors: Required value",
      "spec.volumes[0].rbd.image: Required value",
    ]);
    expect(errs({ csi: { driver: "" } })).toEqual([
      "spec.volumes[0].csi.driver: Required value",
      `spec.volumes[0].csi.driver: Invalid value: "": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ]);
    expect(errs({ csi: { driver: "Hostpath.CSI.k8s.io" } })).toEqual([]);
  });

  it("an image volume names a reference on Pods; gitRepo a descending directory", () => {
    expect(errs({ image: { reference: "" } })).toEqual(["spec.volumes[0].image.reference: Required value"]);
    expect(errs({ image: { reference: "quay.io/x:1", pullPolicy: "Sometimes" } })).toEqual([
      'spec.volumes[0].image.pullPolicy: Unsupported value: "Sometimes": supported values: "Always", "IfNotPresent", "Never"',
    ]);
    expect(errs({ gitRepo: { repository: "https://example.com/r.git", directory: "/abs/../x" } })).toEqual([
      'spec.volumes[0].gitRepo.directory: Invalid value: "/abs/../x": must be a relative path',
      "spec.volumes[0].gitRepo.directory: Invalid value: \"/abs/../x\": must not contain '..'",
    ]);
  });
});
