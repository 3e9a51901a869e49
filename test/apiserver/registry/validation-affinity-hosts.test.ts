/**
 * The rest of issue #16's validation, each with upstream 1.34's field path and words: hugepages in
 * whole pages, node and pod (anti-)affinity, hostAliases, user and host namespaces, sysctls,
 * Service trafficDistribution and allocateLoadBalancerNodePorts, the Deployment strategy type, and
 * the same Pod rules under every workload's template.
 */
import { describe, expect, it } from "vitest";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { deploymentStrategy } from "../../../apiserver/registry/resources/deployments/strategy.js";
import { replicaSetStrategy } from "../../../apiserver/registry/resources/replicasets/strategy.js";
import { daemonSetStrategy } from "../../../apiserver/registry/resources/daemonsets/strategy.js";
import { statefulSetStrategy } from "../../../apiserver/registry/resources/statefulsets/strategy.js";
import { jobStrategy } from "../../../apiserver/registry/resources/jobs/strategy.js";
import { cronJobStrategy } from "../../../apiserver/registry/resources/cronjobs/strategy.js";
import { replicationControllerStrategy } from "../../../apiserver/registry/resources/replicationcontrollers/strategy.js";
import { podTemplateStrategy } from "../../../apiserver/registry/resources/podtemplates/strategy.js";
import { serviceStrategy } from "../../../apiserver/registry/resources/services/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import { validateService } from "../../../apiserver/registry/validation/core.js";
import { quantityWholeValue } from "../../../apiserver/registry/validation/quantity-text.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { deployment } from "./helpers.js";

type Strategy = typeof podStrategy;

function errorsOf(obj: KubeObject, strategy: Strategy = podStrategy): string[] {
  strategy.defaults?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}
const pod = (extra: Record<string, unknown> = {}, container: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "d" },
  spec: { containers: [{ name: "c", image: "x", ...container }], ...extra },
});
const QNAME_RULE =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

describe("hugepages: a whole number of pages of the named size", () => {
  it("Value() rounds fractions up, exactly", () => {
    expect(quantityWholeValue("2Mi")).toBe(2097152n);
    expect(quantityWholeValue("1.5")).toBe(2n);
    expect(quantityWholeValue("100m")).toBe(1n);
    expect(quantityWholeValue("1e3")).toBe(1000n);
    expect(quantityWholeValue("-1.5")).toBe(-2n);
    expect(quantityWholeValue("bogus")).toBeUndefined();
  });

  it("limits and requests each checked, with the canonical amount in the message", () => {
    const r = (hp: string) => ({ resources: { limits: { "hugepages-2Mi": hp, memory: "1Gi" }, requests: { memory: "1Gi" } } });
    expect(errorsOf(pod({}, r("3Mi")))).toEqual([
      'spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi',
      // Defaulting copied the limit into requests, which upstream checks too.
      'spec.containers[0].resources.requests[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi',
    ]);
    expect(errorsOf(pod({}, r("4Mi")))).toEqual([]);
    expect(errorsOf(pod({}, r("0")))).toEqual([]);
    // A name whose size is no Quantity divides nothing.
    expect(errorsOf(pod({}, { resources: { limits: { "hugepages-huge": "2Mi", memory: "1Gi" }, requests: { memory: "1Gi" } } }))).toContain(
      'spec.containers[0].resources.limits[hugepages-huge]: Invalid value: "2Mi": 2Mi is not positive integer multiple of hugepages-huge',
    );
    expect(errorsOf(pod({}, { resources: { limits: { "hugepages-1Gi": "2147483648", cpu: "1" } } }))).toEqual([]);
  });
});

describe("paths built only for errors still name the field", () => {
  it("negative cpu, negative probe counts, user IDs out of range", () => {
    const probe = { tcpSocket: { port: 80 }, periodSeconds: -1 };
    expect(
      errorsOf(
        pod(
          { securityContext: { fsGroup: -1, supplementalGroups: [1, -2] } },
          { resources: { limits: { cpu: "-1" } }, readinessProbe: probe, securityContext: { runAsUser: 2 ** 31 } },
        ),
      ),
    ).toEqual([
      'spec.containers[0].resources.limits[cpu]: Invalid value: "-1": must be greater than or equal to 0',
      'spec.containers[0].resources.requests[cpu]: Invalid value: "-1": must be greater than or equal to 0',
      "spec.containers[0].securityContext.runAsUser: Invalid value: 2147483648: must be between 0 and 2147483647, inclusive",
      "spec.containers[0].readinessProbe.periodSeconds: Invalid value: -1: must be greater than or equal to 0",
      "spec.securityContext.fsGroup: Invalid value: -1: must be between 0 and 2147483647, inclusive",
      "spec.securityContext.supplementalGroups[1]: Invalid value: -2: must be between 0 and 2147483647, inclusive",
    ]);
  });
});

describe("hugepages ratchet on Pod updates", () => {
  it("a Pod stored with hugepages not in whole pages may still be updated; one stored with whole pages may not gain odd ones", () => {
    const odd = pod({}, { resources: { limits: { "hugepages-2Mi": "3Mi", memory: "1Gi" } } });
    odd.metadata!.resourceVersion = "1";
    podStrategy.defaults?.(odd);
    const updated = structuredClone(odd);
    (updated.spec as { containers: { image: string }[] }).containers[0]!.image = "y";
    expect((podStrategy.validateUpdate?.(updated, odd) ?? []).map(errorText)).toEqual([]);
    const whole = pod({}, { resources: { limits: { "hugepages-2Mi": "4Mi", memory: "1Gi" } } });
    whole.metadata!.resourceVersion = "1";
    podStrategy.defaults?.(whole);
    expect((podStrategy.validateUpdate?.(updated, whole) ?? []).map(errorText)).toContain(
      'spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi',
    );
  });
});

describe("affinity label values ratchet on Pod updates", () => {
  it("values a stored Pod's affinity already had may stay; a Pod without them may not gain them", () => {
    const affinity = (value: string) => ({
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchExpressions: [{ key: "app", operator: "In", values: [value] }] }, topologyKey: "zone" },
        ],
      },
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: "zone", operator: "In", values: [value] }] }],
        },
      },
    });
    const stored = (value: string) => {
      const p = pod({ affinity: affinity(value) });
      p.metadata!.resourceVersion = "1";
      podStrategy.defaults?.(p);
      return p;
    };
    const updated = structuredClone(stored("bad value!"));
    (updated.spec as { containers: { image: string }[] }).containers[0]!.image = "y";
    expect((podStrategy.validateUpdate?.(updated, stored("bad value!")) ?? []).map(errorText)).toEqual([]);
    const errs = (podStrategy.validateUpdate?.(updated, stored("good")) ?? []).map(errorText);
    expect(errs.filter((e) => e.includes('Invalid value: "bad value!"')).map((e) => e.split(":")[0])).toEqual([
      "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].values[0]",
      "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions[0].values[0]",
    ]);
  });
});

describe("affinity", () => {
  it("node affinity: terms required, operators and their values, label keys and values, field selectors, weights", () => {
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [
            {
              matchExpressions: [
                { key: "zone", operator: "In" },
                { key: "zone", operator: "Exists", values: ["a"] },
                { key: "cores", operator: "Gt", values: ["1", "2"] },
                { key: "zone", operator: "Near", values: ["bad value!"] },
              ],
              matchFields: [
                { key: "metadata.name", operator: "In", values: ["Node_1"] },
                { key: "spec.nodeName", operator: "Exists" },
              ],
            },
          ],
        },
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 0, preference: { matchExpressions: [{ key: "zone", operator: "In", values: ["any value!"] }] } },
        ],
      },
    };
    const base = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]";
    expect(errorsOf(pod({ affinity }))).toEqual([
      `${base}.matchExpressions[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
      `${base}.matchExpressions[1].values: Forbidden: may not be specified when \`operator\` is 'Exists' or 'DoesNotExist'`,
      `${base}.matchExpressions[2].values: Required value: must be specified single value when \`operator\` is 'Lt' or 'Gt'`,
      `${base}.matchExpressions[3].operator: Invalid value: "Near": not a valid selector operator`,
      `${base}.matchExpressions[3].values[0]: Invalid value: "bad value!": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
      `${base}.matchFields[0].values[0]: Invalid value: "Node_1": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      `${base}.matchFields[1].operator: Invalid value: "Exists": not a valid selector operator`,
      `${base}.matchFields[1].key: Invalid value: "spec.nodeName": not a valid field selector key`,
      // Preferred terms' values are not checked (a label value no node has yet may match one later).
      "spec.affinity.nodeAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight: Invalid value: 0: must be in the range 1-100",
    ]);
    expect(errorsOf(pod({ affinity: { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {} } } }))).toEqual([
      "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms: Required value: must have at least one node selector term",
    ]);
  });

  it("pod affinity terms: topologyKey required and qualified, selectors, namespaces, weights", () => {
    const affinity = {
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchExpressions: [{ key: "app", operator: "In" }] }, namespaces: ["Bad_NS"], topologyKey: "" },
        ],
      },
      podAntiAffinity: {
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 101, podAffinityTerm: { labelSelector: { matchLabels: { app: "a" } }, topologyKey: "a/b/c" } },
        ],
      },
    };
    const req = "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]";
    const pref = "spec.affinity.podAntiAffinity.preferredDuringSchedulingIgnoredDuringExecution[0]";
    expect(errorsOf(pod({ affinity }))).toEqual([
      `${req}.labelSelector.matchExpressions[0].values: Required value: must be specified when \`operator\` is 'In' or 'NotIn'`,
      `${req}.namespace: Invalid value: "Bad_NS": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')`,
      `${req}.topologyKey: Required value: can not be empty`,
      `${req}.topologyKey: Invalid value: "": name part must be non-empty`,
      `${req}.topologyKey: Invalid value: "": ${QNAME_RULE}`,
      `${pref}.weight: Invalid value: 101: must be in the range 1-100`,
      `${pref}.podAffinityTerm.topologyKey: Invalid value: "a/b/c": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')`,
    ]);
  });

  it("matchLabelKeys and mismatchLabelKeys: need a labelSelector, label names, not in both lists, not twice in the selector", () => {
    const term = (t: Record<string, unknown>) => ({
      affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: "zone", ...t }] } },
    });
    const p = "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]";
    expect(errorsOf(pod(term({ matchLabelKeys: ["rev"] })))).toEqual([
      `${p}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
    ]);
    expect(
      errorsOf(
        pod(
          term({
            labelSelector: { matchLabels: { rev: "1" }, matchExpressions: [{ key: "rev", operator: "In", values: ["1"] }] },
            matchLabelKeys: ["rev", "bad key"],
            mismatchLabelKeys: ["rev"],
          }),
        ),
      ),
    ).toEqual([
      `${p}.matchLabelKeys[1]: Invalid value: "bad key": ${QNAME_RULE}`,
      // As upstream: the term's path with the key's index.
      `${p}[0]: Invalid value: "rev": exists in both matchLabelKeys and labelSelector`,
      `${p}.matchLabelKeys[0]: Invalid value: "rev": exists in both matchLabelKeys and mismatchLabelKeys`,
    ]);
  });

  it("a valid affinity is accepted", () => {
    const affinity = {
      nodeAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: {
          nodeSelectorTerms: [{ matchExpressions: [{ key: "kubernetes.io/os", operator: "In", values: ["linux"] }] }],
        },
        preferredDuringSchedulingIgnoredDuringExecution: [
          { weight: 100, preference: { matchFields: [{ key: "metadata.name", operator: "NotIn", values: ["n1"] }] } },
        ],
      },
      podAntiAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchLabels: { app: "a" } }, topologyKey: "kubernetes.io/hostname", matchLabelKeys: ["pod-template-hash"] },
        ],
      },
    };
    expect(errorsOf(pod({ affinity }))).toEqual([]);
  });
});

describe("host aliases and host namespaces", () => {
  it("hostAliases: an IP and DNS subdomain hostnames", () => {
    expect(
      errorsOf(
        pod({
          hostAliases: [
            { ip: "10.0.0.300", hostnames: ["ok.example", "Not_OK"] },
            { ip: "::1", hostnames: ["a"] },
          ],
        }),
      ),
    ).toEqual([
      'spec.hostAliases[0].ip: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
      `spec.hostAliases[0].hostnames[1]: Invalid value: "Not_OK": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ]);
  });

  it("hostUsers false forbids the host's network, PID and IPC namespaces (PID and IPC in Go's spelling)", () => {
    expect(errorsOf(pod({ hostUsers: false, hostNetwork: true, hostPID: true, hostIPC: true }))).toEqual([
      "spec.hostNetwork: Forbidden: when `pod.Spec.HostUsers` is false",
      "spec.HostPID: Forbidden: when `pod.Spec.HostUsers` is false",
      "spec.HostIPC: Forbidden: when `pod.Spec.HostUsers` is false",
    ]);
    expect(errorsOf(pod({ hostUsers: false }))).toEqual([]);
  });

  it("shareProcessNamespace with hostPID; sysctls named, once, and not of a namespace shared with the host", () => {
    const sysctls = [
      { name: "net.core.somaxconn", value: "1024" },
      { name: "kernel.shm_rmid_forced", value: "1" },
      { name: "Bad!", value: "1" },
      { name: "", value: "1" },
      { name: "kernel.shm_rmid_forced", value: "0" },
    ];
    expect(
      errorsOf(pod({ shareProcessNamespace: true, hostPID: true, hostNetwork: true, hostIPC: true, securityContext: { sysctls } })),
    ).toEqual([
      "spec.securityContext.shareProcessNamespace: Invalid value: true: ShareProcessNamespace and HostPID cannot both be enabled",
      "spec.securityContext.sysctls[0].name: Invalid value: \"net.core.somaxconn\": may not be specified when 'hostNetwork' is true",
      "spec.securityContext.sysctls[1].name: Invalid value: \"kernel.shm_rmid_forced\": may not be specified when 'hostIPC' is true",
      'spec.securityContext.sysctls[2].name: Invalid value: "Bad!": must have at most 253 characters and match regex ^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$',
      "spec.securityContext.sysctls[3].name: Required value",
      'spec.securityContext.sysctls[4].name: Duplicate value: "kernel.shm_rmid_forced"',
      "spec.securityContext.sysctls[4].name: Invalid value: \"kernel.shm_rmid_forced\": may not be specified when 'hostIPC' is true",
    ]);
    expect(errorsOf(pod({ securityContext: { sysctls: [{ name: "net/ipv4/ip_forward", value: "1" }] } }))).toEqual([]);
    // Either spelling is the network namespace's.
    const hostNet = (name: string) => errorsOf(pod({ hostNetwork: true, securityContext: { sysctls: [{ name, value: "1" }] } }));
    for (const name of ["net/ipv4/conf/eno2.100/rp_filter", "net.ipv4.conf.eno2/100.rp_filter"])
      expect(hostNet(name)).toEqual([
        `spec.securityContext.sysctls[0].name: Invalid value: "${name}": may not be specified when 'hostNetwork' is true`,
      ]);
  });
});

describe("Service", () => {
  const service = (spec: Record<string, unknown>): KubeObject => ({
    apiVersion: "v1",
    kind: "Service",
    metadata: { name: "s", namespace: "d" },
    spec: { ports: [{ port: 80 }], ...spec },
  });

  it("trafficDistribution: 1.34's three values", () => {
    expect(errorsOf(service({ trafficDistribution: "Nearest" }), serviceStrategy)).toEqual([
      'spec.trafficDistribution: Unsupported value: "Nearest": supported values: "PreferClose", "PreferSameZone", "PreferSameNode"',
    ]);
    for (const td of ["PreferClose", "PreferSameZone", "PreferSameNode"])
      expect(errorsOf(service({ trafficDistribution: td }), serviceStrategy)).toEqual([]);
  });

  it("allocateLoadBalancerNodePorts: required (after defaulting) for LoadBalancer, under upstream's spec-less path", () => {
    const lb = service({ type: "LoadBalancer" });
    serviceStrategy.defaults?.(lb);
    const spec = lb.spec as Record<string, unknown>;
    expect(spec.allocateLoadBalancerNodePorts).toBe(true);
    delete spec.allocateLoadBalancerNodePorts;
    expect(validateService(lb).map(errorText)).toEqual(["allocateLoadBalancerNodePorts: Required value"]);
  });
});

describe("Deployment strategy type", () => {
  it("an unknown type prints the strategy as upstream's struct, on spec.strategy", () => {
    const d = (strategy: Record<string, unknown>): KubeObject => deployment({ containers: [{ name: "c", image: "x" }] }, { strategy });
    expect(errorsOf(d({ type: "BlueGreen" }), deploymentStrategy)).toEqual([
      'spec.strategy: Unsupported value: apps.DeploymentStrategy{Type:"BlueGreen", RollingUpdate:(*apps.RollingUpdateDeployment)(nil)}: supported values: "Recreate", "RollingUpdate"',
    ]);
  });
});

describe("DaemonSet and StatefulSet update strategies, printed as upstream's structs", () => {
  const workload = (kind: string, updateStrategy: Record<string, unknown>): KubeObject => ({
    apiVersion: "apps/v1",
    kind,
    metadata: { name: "w", namespace: "d" },
    spec: {
      selector: { matchLabels: { app: "a" } },
      serviceName: "s",
      template: { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "c", image: "x" }] } },
      updateStrategy,
    },
  });

  it("a DaemonSet's unknown type: Unsupported value on spec.updateStrategy, RollingUpdate listed first", () => {
    expect(errorsOf(workload("DaemonSet", { type: "Canary" }), daemonSetStrategy)).toEqual([
      'spec.updateStrategy: Unsupported value: apps.DaemonSetUpdateStrategy{Type:"Canary", RollingUpdate:(*apps.RollingUpdateDaemonSet)(nil)}: supported values: "RollingUpdate", "OnDelete"',
    ]);
  });

  it("a StatefulSet's unknown type is an Invalid value; OnDelete refuses a rollingUpdate", () => {
    expect(errorsOf(workload("StatefulSet", { type: "Canary" }), statefulSetStrategy)).toEqual([
      `spec.updateStrategy: Invalid value: apps.StatefulSetUpdateStrategy{Type:"Canary", RollingUpdate:(*apps.RollingUpdateStatefulSetStrategy)(nil)}: must be 'RollingUpdate' or 'OnDelete'`,
    ]);
    expect(errorsOf(workload("StatefulSet", { type: "OnDelete", rollingUpdate: { partition: 2 } }), statefulSetStrategy)).toEqual([
      "spec.updateStrategy.rollingUpdate: Invalid value: apps.RollingUpdateStatefulSetStrategy{Partition:2, MaxUnavailable:(*intstr.IntOrString)(nil)}: only allowed for updateStrategy 'RollingUpdate'",
    ]);
    expect(errorsOf(workload("StatefulSet", { type: "OnDelete" }), statefulSetStrategy)).toEqual([]);
  });
});

describe("every pod template gets the new rules", () => {
  const spec = { containers: [{ name: "c", image: "x" }], hostAliases: [{ ip: "nope" }] };
  const template = (restartPolicy?: string) => ({
    metadata: { labels: { app: "a" } },
    spec: { ...spec, ...(restartPolicy ? { restartPolicy } : {}) },
  });
  const selector = { matchLabels: { app: "a" } };
  const cases: [string, Strategy, KubeObject, string][] = [
    [
      "Deployment",
      deploymentStrategy,
      { apiVersion: "apps/v1", kind: "Deployment", spec: { selector, template: template() } },
      "spec.template.spec",
    ],
    [
      "ReplicaSet",
      replicaSetStrategy,
      { apiVersion: "apps/v1", kind: "ReplicaSet", spec: { selector, template: template() } },
      "spec.template.spec",
    ],
    [
      "DaemonSet",
      daemonSetStrategy,
      { apiVersion: "apps/v1", kind: "DaemonSet", spec: { selector, template: template() } },
      "spec.template.spec",
    ],
    [
      "StatefulSet",
      statefulSetStrategy,
      { apiVersion: "apps/v1", kind: "StatefulSet", spec: { selector, serviceName: "s", template: template() } },
      "spec.template.spec",
    ],
    ["Job", jobStrategy, { apiVersion: "batch/v1", kind: "Job", spec: { template: template("Never") } }, "spec.template.spec"],
    [
      "CronJob",
      cronJobStrategy,
      { apiVersion: "batch/v1", kind: "CronJob", spec: { schedule: "* * * * *", jobTemplate: { spec: { template: template("Never") } } } },
      "spec.jobTemplate.spec.template.spec",
    ],
    [
      "ReplicationController",
      replicationControllerStrategy,
      { apiVersion: "v1", kind: "ReplicationController", spec: { selector: { app: "a" }, template: template() } },
      "spec.template.spec",
    ],
    ["PodTemplate", podTemplateStrategy, { apiVersion: "v1", kind: "PodTemplate", template: template() }, "template.spec"],
  ];
  for (const [kind, strategy, obj, prefix] of cases) {
    it(kind, () => {
      obj.metadata = { name: "w", namespace: "d" };
      expect(errorsOf(obj, strategy)).toContain(
        `${prefix}.hostAliases[0].ip: Invalid value: "nope": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)`,
      );
    });
  }
});
