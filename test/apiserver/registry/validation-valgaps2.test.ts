/**
 * The rest of issue #16 against upstream 1.34: AppArmor (the field, the deprecated annotations,
 * their agreement on create and the create-time copy into the field), the seccomp annotations,
 * seLinuxChangePolicy, volumeDevices, resourceClaims, pod-level resources, overhead,
 * runtimeClassName, ephemeral containers (the allow-list and the subresource's update rules), and
 * the pod warnings for deprecated annotations, ports, token paths and overhead. Messages as upstream's.
 */
import { describe, expect, it } from "vitest";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { deploymentStrategy } from "../../../apiserver/registry/resources/deployments/strategy.js";
import { statefulSetStrategy } from "../../../apiserver/registry/resources/statefulsets/strategy.js";
import { ephemeralContainersStrategy } from "../../../apiserver/registry/resources/pods/subresources.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { deployment } from "./helpers.js";

type Strategy = typeof podStrategy;

const pod = (
  spec: Record<string, unknown> = {},
  annotations?: Record<string, string>,
  container: Record<string, unknown> = {},
): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "d", ...(annotations && { annotations }) },
  spec: { containers: [{ name: "c", image: "x", ...container }], ...spec },
});

/** Defaults, the create preparation, then validation: what a create does before storing. */
function createErrors(obj: KubeObject, strategy: Strategy = podStrategy): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

function createWarnings(obj: KubeObject, strategy: Strategy = podStrategy): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return strategy.warningsOnCreate?.(obj) ?? [];
}

const AA = "container.apparmor.security.beta.kubernetes.io/";

describe("AppArmor: the appArmorProfile field (upstream's ValidateAppArmorProfileField)", () => {
  const podLevel = (profile: unknown) => pod({ securityContext: { appArmorProfile: profile } });
  const containerLevel = (profile: unknown) => pod({}, undefined, { securityContext: { appArmorProfile: profile } });
  const P = "spec.securityContext.appArmorProfile";
  const C = "spec.containers[0].securityContext.appArmorProfile";

  it("a type is required and must be known", () => {
    expect(createErrors(podLevel({}))).toEqual([`${P}.type: Required value: type is required when appArmorProfile is set`]);
    expect(createErrors(containerLevel({ type: "Strict" }))).toEqual([
      `${C}.type: Unsupported value: "Strict": supported values: "Localhost", "RuntimeDefault", "Unconfined"`,
    ]);
    expect(createErrors(podLevel({ type: "RuntimeDefault" }))).toEqual([]);
  });

  it("Localhost needs an unpadded profile of at most 4095 bytes; other types none", () => {
    expect(createErrors(containerLevel({ type: "Localhost" }))).toEqual([
      `${C}.localhostProfile: Required value: must be set when AppArmor type is Localhost`,
    ]);
    expect(createErrors(containerLevel({ type: "Localhost", localhostProfile: "" }))).toEqual([
      `${C}.localhostProfile: Required value: must be set when AppArmor type is Localhost`,
    ]);
    expect(createErrors(containerLevel({ type: "Localhost", localhostProfile: " p" }))).toEqual([
      `${C}.localhostProfile: Invalid value: " p": must not be padded with whitespace`,
    ]);
    expect(createErrors(containerLevel({ type: "Localhost", localhostProfile: "p".repeat(4096) }))).toEqual([
      `${C}.localhostProfile: Too long: may not be more than 4095 bytes`,
    ]);
    expect(createErrors(podLevel({ type: "Unconfined", localhostProfile: "p" }))).toEqual([
      `${P}.localhostProfile: Invalid value: "p": can only be set when AppArmor type is Localhost`,
    ]);
    expect(createErrors(containerLevel({ type: "Localhost", localhostProfile: "k8s-default" }))).toEqual([]);
  });

  it("a windows pod may not set it", () => {
    expect(createErrors(pod({ os: { name: "windows" }, securityContext: { appArmorProfile: { type: "RuntimeDefault" } } }))).toEqual([
      `${P}: Forbidden: cannot be set for a windows pod`,
    ]);
  });
});

describe("AppArmor and seccomp annotations (upstream's ValidatePodSpecificAnnotations and the create-time match)", () => {
  it("an AppArmor annotation names a container of the pod and a profile", () => {
    expect(createErrors(pod({}, { [`${AA}nope`]: "runtime/default" }))).toEqual([
      `metadata.annotations[${AA}nope]: Invalid value: "nope": container not found`,
    ]);
    expect(createErrors(pod({}, { [`${AA}c`]: "bogus" }))).toEqual([
      `metadata.annotations[${AA}c]: Invalid value: "bogus": invalid AppArmor profile name: "bogus"`,
    ]);
  });

  it("on create the annotation is copied into the container's field, with upstream's deprecation warning", () => {
    const p = pod({}, { [`${AA}c`]: "localhost/my-profile" });
    const warnings = createWarnings(p);
    expect(warnings).toEqual([`metadata.annotations[${AA}c]: deprecated since v1.30; use the "appArmorProfile" field instead`]);
    expect((p.spec as { containers: { securityContext: unknown }[] }).containers[0]!.securityContext).toEqual({
      appArmorProfile: { type: "Localhost", localhostProfile: "my-profile" },
    });
    expect(podStrategy.validate!(p).map(errorText)).toEqual([]);
    // The pod's own profile saying the same: nothing copied, no warning.
    const same = pod({ securityContext: { appArmorProfile: { type: "RuntimeDefault" } } }, { [`${AA}c`]: "runtime/default" });
    expect(createWarnings(same)).toEqual([]);
    expect((same.spec as { containers: Record<string, unknown>[] }).containers[0]!.securityContext).toBeUndefined();
  });

  it("an annotation and a field that disagree are refused on create", () => {
    const sc = (profile: unknown) => ({ securityContext: { appArmorProfile: profile } });
    expect(createErrors(pod({}, { [`${AA}c`]: "unconfined" }, sc({ type: "RuntimeDefault" })))).toEqual([
      `spec.containers[0].securityContext.appArmorProfile.type: Forbidden: apparmor type in annotation and field must match`,
    ]);
    expect(createErrors(pod({}, { [`${AA}c`]: "localhost/a" }, sc({ type: "Localhost", localhostProfile: "b" })))).toEqual([
      `spec.containers[0].securityContext.appArmorProfile.localhostProfile: Forbidden: apparmor profile in annotation and field must match`,
    ]);
    // A container without its own field gets the annotation's before the check, even beside another pod-level profile.
    const p = pod({ securityContext: { appArmorProfile: { type: "Unconfined" } } }, { [`${AA}c`]: "runtime/default" });
    expect(createErrors(p)).toEqual([]);
    expect((p.spec as { containers: { securityContext: unknown }[] }).containers[0]!.securityContext).toEqual({
      appArmorProfile: { type: "RuntimeDefault" },
    });
  });

  it("seccomp annotations name profiles and agree with the fields", () => {
    expect(createErrors(pod({}, { "seccomp.security.alpha.kubernetes.io/pod": "bogus" }))).toEqual([
      `metadata.annotations.seccomp.security.alpha.kubernetes.io/pod: Invalid value: "bogus": must be a valid seccomp profile`,
    ]);
    expect(createErrors(pod({}, { "container.seccomp.security.alpha.kubernetes.io/c": "localhost/../x" }))).toEqual([
      `metadata.annotations.container.seccomp.security.alpha.kubernetes.io/c: Invalid value: "../x": must not contain '..'`,
    ]);
    expect(
      createErrors(
        pod(
          { securityContext: { seccompProfile: { type: "Unconfined" } } },
          { "seccomp.security.alpha.kubernetes.io/pod": "runtime/default" },
        ),
      ),
    ).toEqual([`spec.securityContext.seccompProfile.type: Forbidden: seccomp type in annotation and field must match`]);
  });

  it("a mirror pod needs a node", () => {
    expect(createErrors(pod({}, { "kubernetes.io/config.mirror": "abc" }))).toEqual([
      `metadata.annotations[kubernetes.io/config.mirror]: Invalid value: "abc": must set spec.nodeName if mirror pod annotation is set`,
    ]);
  });

  it("a workload's pod template gets the same rules, under spec.template", () => {
    const dep = deployment({ containers: [{ name: "c", image: "x" }] });
    const template = (dep.spec as { template: { metadata: Record<string, unknown> } }).template;
    template.metadata.annotations = { [`${AA}other`]: "runtime/default" };
    expect(createErrors(dep, deploymentStrategy)).toEqual([
      `spec.template.metadata.annotations[${AA}other]: Invalid value: "other": container not found`,
    ]);
  });
});

describe("securityContext.seLinuxChangePolicy (SELinuxChangePolicy is on in 1.34)", () => {
  it("MountOption or Recursive", () => {
    expect(createErrors(pod({ securityContext: { seLinuxChangePolicy: "Sometimes" } }))).toEqual([
      `spec.securityContext.seLinuxChangePolicy: Unsupported value: "Sometimes": supported values: "MountOption", "Recursive"`,
    ]);
    expect(createErrors(pod({ securityContext: { seLinuxChangePolicy: "MountOption" } }))).toEqual([]);
  });
});

describe("volumeDevices (upstream's ValidateVolumeDevices)", () => {
  const volumes = [
    { name: "block", persistentVolumeClaim: { claimName: "pvc" } },
    { name: "cfg", configMap: { name: "cm" } },
  ];
  const withDevices = (devices: unknown[], mounts: unknown[] = []) =>
    pod({ volumes }, undefined, { volumeDevices: devices, volumeMounts: mounts });
  const D = "spec.containers[0].volumeDevices";

  it("a PVC (or ephemeral) volume of the pod, on a unique path without backsteps", () => {
    expect(createErrors(withDevices([{ name: "block", devicePath: "/dev/xvda" }]))).toEqual([]);
    expect(createErrors(withDevices([{ name: "nope", devicePath: "/dev/a" }]))).toEqual([`${D}[0].name: Not found: "nope"`]);
    expect(createErrors(withDevices([{ name: "cfg", devicePath: "/dev/a" }]))).toEqual([
      `${D}[0].name: Invalid value: "cfg": can only use volume source type of PersistentVolumeClaim or Ephemeral for block mode`,
    ]);
    expect(createErrors(withDevices([{ name: "block", devicePath: "/dev/../a" }]))).toEqual([
      `${D}[0].devicePath: Invalid value: "/dev/../a": can not contain backsteps ('..')`,
    ]);
    expect(
      createErrors(
        withDevices([
          { name: "block", devicePath: "/dev/a" },
          { name: "block", devicePath: "/dev/a" },
        ]),
      ),
    ).toEqual([`${D}[1].name: Invalid value: "block": must be unique`, `${D}[1].devicePath: Invalid value: "/dev/a": must be unique`]);
    expect(createErrors(withDevices([{ name: "block" }]))).toEqual([`${D}[0].devicePath: Required value`]);
  });

  it("a StatefulSet's claim templates are PVC volumes its pods' devices may name", () => {
    const sts: KubeObject = {
      apiVersion: "apps/v1",
      kind: "StatefulSet",
      metadata: { name: "db", namespace: "d" },
      spec: {
        selector: { matchLabels: { app: "db" } },
        serviceName: "db",
        template: {
          metadata: { labels: { app: "db" } },
          spec: { containers: [{ name: "c", image: "x", volumeDevices: [{ name: "data", devicePath: "/dev/xvdb" }] }] },
        },
        volumeClaimTemplates: [
          {
            metadata: { name: "data" },
            spec: { accessModes: ["ReadWriteOnce"], volumeMode: "Block", resources: { requests: { storage: "1Gi" } } },
          },
        ],
      },
    };
    expect(createErrors(sts, statefulSetStrategy)).toEqual([]);
  });

  it("a device and a mount may not share a volume or a path", () => {
    expect(createErrors(withDevices([{ name: "block", devicePath: "/data" }], [{ name: "cfg", mountPath: "/data" }]))).toEqual([
      `spec.containers[0].volumeMounts[0].mountPath: Invalid value: "/data": must not already exist as a path in volumeDevices`,
      `${D}[0].devicePath: Invalid value: "/data": must not already exist as a path in volumeMounts`,
    ]);
  });
});

describe("resourceClaims and the containers' resources.claims", () => {
  const R = "spec.resourceClaims";
  it("names are DNS labels, once each; one of resourceClaimName and resourceClaimTemplateName", () => {
    expect(createErrors(pod({ resourceClaims: [{ name: "gpu", resourceClaimTemplateName: "gpu-template" }] }))).toEqual([]);
    expect(
      createErrors(
        pod({
          resourceClaims: [
            { name: "gpu", resourceClaimName: "a", resourceClaimTemplateName: "b" },
            { name: "gpu", resourceClaimName: "Bad_Name" },
            { name: "" },
          ],
        }),
      ),
    ).toEqual([
      `${R}[0]: Invalid value: core.PodResourceClaim{Name:"gpu", ResourceClaimName:(*string)(0xc000000000), ResourceClaimTemplateName:(*string)(0xc000000000)}: at most one of \`resourceClaimName\` or \`resourceClaimTemplateName\` may be specified`,
      `${R}[1].name: Duplicate value: "gpu"`,
      `${R}[1].resourceClaimName: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      `${R}[2].name: Required value`,
      `${R}[2]: Invalid value: core.PodResourceClaim{Name:"", ResourceClaimName:(*string)(nil), ResourceClaimTemplateName:(*string)(nil)}: must specify one of: \`resourceClaimName\`, \`resourceClaimTemplateName\``,
    ]);
  });

  it("a container's claims name the pod's claims, once each", () => {
    const claims = (refs: unknown[], podClaims: unknown[] = [{ name: "gpu", resourceClaimName: "a" }]) =>
      createErrors(pod({ resourceClaims: podClaims }, undefined, { resources: { claims: refs } }));
    const C = "spec.containers[0].resources.claims";
    expect(claims([{ name: "gpu" }, { name: "gpu", request: "one" }])).toEqual([`${C}[1]: Duplicate value: "gpu"`]);
    expect(claims([{ name: "gpu", request: "one" }, { name: "gpu" }])).toEqual([`${C}[1]: Duplicate value: "gpu"`]);
    expect(claims([{ name: "tpu" }])).toEqual([`${C}[0]: Not found: "tpu": must be one of the names in pod.spec.resourceClaims: gpu`]);
    expect(claims([{ name: "tpu" }], [])).toEqual([
      `${C}[0]: Not found: "tpu": must be one of the names in pod.spec.resourceClaims which is empty`,
    ]);
    expect(claims([{ name: "" }])).toEqual([`${C}[0]: Required value`]);
  });
});

describe("pod-level resources (PodLevelResources is beta and on in 1.34)", () => {
  const P = "spec.resources";
  it("cpu, memory and hugepages only, no claims", () => {
    expect(createErrors(pod({ resources: { limits: { cpu: "1", "ephemeral-storage": "1Gi" }, claims: [{ name: "x" }] } }))).toEqual([
      `${P}.claims: Forbidden: claims cannot be set for Resources at pod-level`,
      `${P}.limits[ephemeral-storage]: Unsupported value: "ephemeral-storage": supported values: "cpu", "hugepages-", "memory"`,
    ]);
    expect(createErrors(pod({ resources: { requests: { foo: "1" } } }))).toEqual([
      `${P}.requests[foo]: Invalid value: "foo": must be a standard resource type or fully qualified`,
    ]);
  });

  it("requests within limits; the containers' requests within the pod's, each container's limits within the pod's", () => {
    expect(createErrors(pod({ resources: { requests: { cpu: "2" }, limits: { cpu: "1" } } }))).toEqual([
      `${P}.requests: Invalid value: "2": must be less than or equal to cpu limit of 1`,
    ]);
    const spec = {
      resources: { requests: { memory: "256Mi" }, limits: { cpu: "500m" } },
      initContainers: [{ name: "side", image: "x", restartPolicy: "Always", resources: { requests: { memory: "128Mi" } } }],
    };
    // The pod's cpu request is defaulted from the containers' (1, over the pod's limit), as upstream's SetDefaults_Pod.
    expect(createErrors(pod(spec, undefined, { resources: { requests: { memory: "256Mi" }, limits: { cpu: "1" } } }))).toEqual([
      `${P}.requests: Invalid value: "1": must be less than or equal to cpu limit of 500m`,
      `${P}.requests[memory]: Invalid value: "256Mi": must be greater than or equal to aggregate container requests of 384Mi`,
      `${P}.containers[0][cpu].limits: Invalid value: "1": must be less than or equal to pod limits of 500m`,
    ]);
  });
});

describe("overhead and runtimeClassName", () => {
  it("overhead is checked as a container's limits, and named so (upstream's validateOverhead)", () => {
    expect(createErrors(pod({ overhead: { cpu: "-1" } }))).toEqual([
      `spec.overhead.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0`,
    ]);
  });
  it("runtimeClassName is a DNS subdomain", () => {
    expect(createErrors(pod({ runtimeClassName: "Kata" })).map((e) => e.split(": a lowercase")[0])).toEqual([
      `spec.runtimeClassName: Invalid value: "Kata"`,
    ]);
    expect(createErrors(pod({ runtimeClassName: "kata" }))).toEqual([]);
  });
});

describe("init containers without restartPolicy Always", () => {
  it("may not have lifecycle hooks either", () => {
    const init = { name: "i", image: "x", lifecycle: { preStop: { exec: { command: ["x"] } } } };
    expect(createErrors(pod({ initContainers: [init] }))).toEqual([
      `spec.initContainers[0].lifecycle: Forbidden: may not be set for init containers without restartPolicy=Always`,
    ]);
  });
});

describe("ephemeral containers: the allow-list and the pods/ephemeralcontainers update", () => {
  /** A stored Pod, then the subresource's preparation and validation of `ephemeral`. */
  function addEphemeral(ephemeral: unknown[], base: KubeObject = pod(), existing?: unknown[]): string[] {
    podStrategy.defaults?.(base);
    podStrategy.prepareForCreate?.(base);
    base.metadata = { ...base.metadata, resourceVersion: "1" };
    if (existing) (base.spec as Record<string, unknown>).ephemeralContainers = existing;
    const next = structuredClone(base);
    (next.spec as Record<string, unknown>).ephemeralContainers = ephemeral;
    podStrategy.defaults?.(next);
    return ephemeralContainersStrategy.validateUpdate!(next, base).map(errorText);
  }
  const E = "spec.ephemeralContainers[0]";
  const FORBIDDEN = "Forbidden: cannot be set for an Ephemeral Container";

  it("a debug container with what is allowed passes", () => {
    expect(addEphemeral([{ name: "debug", image: "busybox", targetContainerName: "c", stdin: true, tty: true }])).toEqual([]);
  });

  it("ports, resources, probes, lifecycle and restartPolicy are forbidden, in upstream's field order", () => {
    expect(
      addEphemeral([
        {
          name: "debug",
          image: "busybox",
          ports: [{ containerPort: 80 }],
          resources: { limits: { cpu: "1" } },
          readinessProbe: { exec: { command: ["x"] } },
          lifecycle: { preStop: { exec: { command: ["x"] } } },
        },
      ]),
    ).toEqual([
      `${E}.ports: ${FORBIDDEN}`,
      `${E}.resources: ${FORBIDDEN}`,
      `${E}.readinessProbe: ${FORBIDDEN}`,
      `${E}.lifecycle: ${FORBIDDEN}`,
    ]);
  });

  it("targetContainerName names a container; names are unique across all containers; no subPath", () => {
    expect(addEphemeral([{ name: "debug", image: "busybox", targetContainerName: "nope" }])).toEqual([
      `${E}.targetContainerName: Not found: "nope"`,
    ]);
    expect(addEphemeral([{ name: "c", image: "busybox" }])).toEqual([`${E}.name: Duplicate value: "c"`]);
    const volumes = [{ name: "v", emptyDir: {} }];
    expect(
      addEphemeral([{ name: "debug", image: "busybox", volumeMounts: [{ name: "v", mountPath: "/v", subPath: "x" }] }], pod({ volumes })),
    ).toEqual([`${E}.volumeMounts[0].subPath: ${FORBIDDEN}`]);
  });

  it("existing ones may not be removed or changed; static pods get none", () => {
    const debug = { name: "debug", image: "busybox", imagePullPolicy: "Always", terminationMessagePolicy: "File" };
    expect(addEphemeral([], pod(), [debug])).toEqual([
      `spec.ephemeralContainers: Forbidden: existing ephemeral containers "debug" may not be removed\n`,
    ]);
    const changed = addEphemeral([{ ...debug, image: "alpine" }], pod(), [debug]);
    expect(changed.map((e) => e.split("\n")[0])).toEqual([
      `spec.ephemeralContainers: Forbidden: existing ephemeral containers "debug" may not be changed`,
    ]);
    expect(changed[0]).toContain(`- \tImage: "busybox",`);
    const mirror = pod({ nodeName: "n1" }, { "kubernetes.io/config.mirror": "x" });
    expect(addEphemeral([{ name: "debug", image: "busybox" }], mirror)).toEqual([
      `: Forbidden: static pods do not support ephemeral containers`,
    ]);
  });
});

describe("pod warnings upstream gives and we did not (pkg/api/pod/warnings.go)", () => {
  it("deprecated annotations, seccomp annotations without the field", () => {
    const p = pod(
      {},
      {
        "scheduler.alpha.kubernetes.io/critical-pod": "",
        "seccomp.security.alpha.kubernetes.io/pod": "runtime/default",
        "container.seccomp.security.alpha.kubernetes.io/c": "runtime/default",
      },
    );
    expect(createWarnings(p)).toEqual([
      `metadata.annotations[scheduler.alpha.kubernetes.io/critical-pod]: non-functional in v1.16+; use the "priorityClassName" field instead`,
      `metadata.annotations[seccomp.security.alpha.kubernetes.io/pod]: non-functional in v1.27+; use the "seccompProfile" field instead`,
      `metadata.annotations[container.seccomp.security.alpha.kubernetes.io/c]: non-functional in v1.27+; use the "seccompProfile" field instead`,
    ]);
  });

  it("a template's AppArmor annotation without a field", () => {
    const dep = deployment({ containers: [{ name: "c", image: "x" }] });
    (dep.spec as { template: { metadata: Record<string, unknown> } }).template.metadata.annotations = { [`${AA}c`]: "runtime/default" };
    expect(createWarnings(dep, deploymentStrategy)).toEqual([
      `spec.template.metadata.annotations[${AA}c]: deprecated since v1.30; use the "appArmorProfile" field instead`,
    ]);
  });

  it("ports: hostIP without hostPort, duplicate, overlapping and ambiguous definitions", () => {
    const p = pod({
      containers: [
        {
          name: "a",
          image: "x",
          ports: [{ containerPort: 80 }, { containerPort: 80 }, { containerPort: 53, protocol: "UDP", hostIP: "10.0.0.1" }],
        },
        {
          name: "b",
          image: "x",
          ports: [
            { containerPort: 81, hostPort: 81 },
            { containerPort: 81, hostPort: 81, hostIP: "10.0.0.2" },
          ],
        },
      ],
    });
    expect(createWarnings(p)).toEqual([
      "spec.containers[0].ports[1]: duplicate port definition with spec.containers[0].ports[0]",
      "spec.containers[0].ports[2]: hostIP set without hostPort: {Name: HostPort:0 ContainerPort:53 Protocol:UDP HostIP:10.0.0.1}",
      "spec.containers[1].ports[1]: dangerously ambiguous port definition with spec.containers[1].ports[0]",
    ]);
    const overlap = pod({ containers: [{ name: "a", image: "x", ports: [{ containerPort: 80 }, { containerPort: 80, hostPort: 8080 }] }] });
    expect(createWarnings(overlap)).toEqual(["spec.containers[0].ports[1]: overlapping port definition with spec.containers[0].ports[0]"]);
  });

  it("an ephemeral volume's claim template asking for fractional bytes of storage", () => {
    const claim = { spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1.5" } } } };
    expect(createWarnings(pod({ volumes: [{ name: "scratch", ephemeral: { volumeClaimTemplate: claim } }] }))).toEqual([
      `spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources.requests[storage]: fractional byte value "1500m" is invalid, must be an integer`,
    ]);
  });

  it("projected items on a service account token's path; fractional overhead bytes", () => {
    const p = pod({
      serviceAccountName: "default",
      volumes: [
        {
          name: "v",
          projected: {
            sources: [
              { serviceAccountToken: { path: "token", expirationSeconds: 3600 } },
              { configMap: { name: "cm", items: [{ key: "k", path: "token" }] } },
            ],
          },
        },
      ],
      overhead: { memory: "0.5" },
    });
    expect(createWarnings(p)).toEqual([
      `spec.volumes[0].projected.sources.configMap[0]: has duplicated path with ServiceAccountToken "token"`,
      `spec.overhead[memory]: fractional byte value "500m" is invalid, must be an integer`,
    ]);
  });
});
