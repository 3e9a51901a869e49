/**
 * The gaps the last closing note named (issue #16), each as upstream 1.34 has it: topology spread
 * matchLabelKeys and their create-time merge (with pod affinity's matchLabelKeys and
 * mismatchLabelKeys) into the selectors, Windows options and HostProcess pods, the fields
 * `os.name` forbids, the pod warnings for hostAliases and deprecated node labels, and the update
 * ratchet of every workload's pod template. Through the strategies, and through a real store.
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
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { ctx, deployment, statusOf, storeFor } from "./helpers.js";

type Strategy = typeof podStrategy;

const pod = (
  spec: Record<string, unknown> = {},
  labels: Record<string, string> = {},
  container: Record<string, unknown> = {},
): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "d", labels },
  spec: { containers: [{ name: "c", image: "x", ...container }], ...spec },
});

/** Defaults, the create preparation, then validation: what a create does before storing. */
function createErrors(obj: KubeObject, strategy: Strategy = podStrategy): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

const QNAME_RULE =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";

describe("topology spread matchLabelKeys (MatchLabelKeysInPodTopologySpreadSelectorMerge, on in 1.34)", () => {
  const spread = (c: Record<string, unknown>) => ({
    topologySpreadConstraints: [{ maxSkew: 1, topologyKey: "zone", whenUnsatisfiable: "DoNotSchedule", ...c }],
  });
  const P = "spec.topologySpreadConstraints[0]";

  it("the keys merge into the selector on create as `key In (the Pod's value)`; keys the Pod lacks add nothing", () => {
    const p = pod(spread({ labelSelector: { matchLabels: { app: "web" } }, matchLabelKeys: ["rev", "absent"] }), { app: "web", rev: "7" });
    expect(createErrors(p)).toEqual([]);
    expect((p.spec as { topologySpreadConstraints: unknown[] }).topologySpreadConstraints[0]).toMatchObject({
      labelSelector: { matchLabels: { app: "web" }, matchExpressions: [{ key: "rev", operator: "In", values: ["7"] }] },
      matchLabelKeys: ["rev", "absent"],
    });
  });

  it("a key also in the selector is refused once merged, on the constraint's path with the key's index, as upstream", () => {
    expect(createErrors(pod(spread({ labelSelector: { matchLabels: { app: "web" } }, matchLabelKeys: ["app"] }), { app: "web" }))).toEqual([
      `${P}[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector`,
    ]);
    // A key the Pod has no label for merges nothing, so nothing repeats.
    expect(createErrors(pod(spread({ labelSelector: { matchLabels: { app: "web" } }, matchLabelKeys: ["app"] }), {}))).toEqual([]);
  });

  it("keys need a labelSelector and must be label names", () => {
    expect(createErrors(pod(spread({ matchLabelKeys: ["rev"] }), { rev: "1" }))).toEqual([
      `${P}.matchLabelKeys: Forbidden: must not be specified when labelSelector is not set`,
    ]);
    expect(createErrors(pod(spread({ labelSelector: { matchLabels: { app: "a" } }, matchLabelKeys: ["bad key"] })))).toEqual([
      `${P}.matchLabelKeys[0]: Invalid value: "bad key": ${QNAME_RULE}`,
    ]);
  });

  it("a workload template is validated as it is: its selector is merged only in the Pods it makes", () => {
    const dep = deployment({
      containers: [{ name: "c", image: "x" }],
      ...spread({ labelSelector: { matchLabels: { app: "a" } }, matchLabelKeys: ["pod-template-hash"] }),
    });
    expect(createErrors(dep, deploymentStrategy)).toEqual([]);
    expect(JSON.stringify(dep.spec)).not.toContain("matchExpressions");
  });

  it("an update keeps a stored constraint whose keys break the rules, and its selector values", () => {
    const stored = pod(
      spread({
        labelSelector: { matchExpressions: [{ key: "app", operator: "In", values: ["bad value!"] }] },
        matchLabelKeys: ["bad key"],
      }),
    );
    stored.metadata!.resourceVersion = "1";
    podStrategy.defaults?.(stored);
    const updated = structuredClone(stored);
    (updated.spec as { containers: { image: string }[] }).containers[0]!.image = "y";
    expect((podStrategy.validateUpdate?.(updated, stored) ?? []).map(errorText)).toEqual([]);
    // Created fresh, the same spec is refused.
    expect(createErrors(structuredClone(updated)).map((e) => e.split(":")[0])).toEqual([
      `${P}.matchLabelKeys[0]`,
      `${P}.labelSelector.matchExpressions[0].values[0]`,
    ]);
  });
});

describe("pod affinity matchLabelKeys and mismatchLabelKeys merge into the term's selector on create", () => {
  const term = (t: Record<string, unknown>) => ({ topologyKey: "zone", labelSelector: { matchLabels: { app: "web" } }, ...t });

  it("required and preferred terms of podAffinity and podAntiAffinity; In for match, NotIn for mismatch", () => {
    const p = pod(
      {
        affinity: {
          podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term({ matchLabelKeys: ["rev"] })] },
          podAntiAffinity: {
            preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 10, podAffinityTerm: term({ mismatchLabelKeys: ["tenant"] }) }],
          },
        },
      },
      { app: "web", rev: "3", tenant: "t1" },
    );
    expect(createErrors(p)).toEqual([]);
    const affinity = (
      p.spec as { affinity: Record<string, Record<string, { labelSelector?: unknown; podAffinityTerm?: { labelSelector: unknown } }[]>> }
    ).affinity;
    expect(affinity.podAffinity!.requiredDuringSchedulingIgnoredDuringExecution![0]!.labelSelector).toEqual({
      matchLabels: { app: "web" },
      matchExpressions: [{ key: "rev", operator: "In", values: ["3"] }],
    });
    expect(affinity.podAntiAffinity!.preferredDuringSchedulingIgnoredDuringExecution![0]!.podAffinityTerm!.labelSelector).toEqual({
      matchLabels: { app: "web" },
      matchExpressions: [{ key: "tenant", operator: "NotIn", values: ["t1"] }],
    });
  });

  it("a matchLabelKeys key already in the selector is refused once merged; a mismatchLabelKeys one may stay", () => {
    const P = "spec.affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]";
    const affinity = (t: Record<string, unknown>) => ({
      affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term(t)] } },
    });
    expect(createErrors(pod(affinity({ matchLabelKeys: ["app"] }), { app: "web" }))).toEqual([
      `${P}[0]: Invalid value: "app": exists in both matchLabelKeys and labelSelector`,
    ]);
    expect(createErrors(pod(affinity({ mismatchLabelKeys: ["app"] }), { app: "web" }))).toEqual([]);
  });

  it("updates merge nothing: the stored selector already carries the requirements", () => {
    const p = pod(
      { affinity: { podAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [term({ matchLabelKeys: ["rev"] })] } } },
      { app: "web", rev: "1" },
    );
    createErrors(p);
    const stored = structuredClone(p);
    stored.metadata!.resourceVersion = "1";
    const updated = structuredClone(stored);
    podStrategy.prepareForUpdate?.(updated, stored);
    expect(updated.spec).toEqual(stored.spec);
    expect((podStrategy.validateUpdate?.(updated, stored) ?? []).map(errorText)).toEqual([]);
  });
});

describe("Windows: windowsOptions, HostProcess pods, and the fields os.name forbids", () => {
  const hostProcess = (value: boolean) => ({ securityContext: { windowsOptions: { hostProcess: value } } });

  it("HostProcess containers need hostNetwork, and every container HostProcess", () => {
    expect(
      createErrors({
        ...pod({ initContainers: [{ name: "i", image: "x" }] }, {}, hostProcess(true)),
      }),
    ).toEqual([
      'spec: Invalid value: "": If pod contains any hostProcess containers then all containers must be HostProcess containers',
      "spec.hostNetwork: Invalid value: false: hostNetwork must be true if pod contains any hostProcess containers",
    ]);
    // Inherited from the pod, on the host's network: accepted.
    expect(createErrors(pod({ hostNetwork: true, securityContext: { windowsOptions: { hostProcess: true } } }))).toEqual([]);
  });

  it("pod and container values must agree when both are set", () => {
    expect(
      createErrors(pod({ hostNetwork: true, securityContext: { windowsOptions: { hostProcess: true } } }, {}, hostProcess(false))),
    ).toEqual([
      // As upstream: the container's explicit false wins over the pod's true, so no HostProcess container is counted.
      "spec.containers[0].securityContext.windowsOptions.hostProcess: Invalid value: false: pod hostProcess value must be identical if both are specified, was true",
    ]);
  });

  it("runAsUserName and gMSA fields as upstream's validateWindowsSecurityContextOptions", () => {
    const errs = (options: Record<string, unknown>) => createErrors(pod({}, {}, { securityContext: { windowsOptions: options } }));
    const P = "spec.containers[0].securityContext.windowsOptions";
    expect(errs({ runAsUserName: "NT AUTHORITY\\NETWORK SERVICE" })).toEqual([]);
    expect(errs({ runAsUserName: "ContainerUser" })).toEqual([]);
    expect(errs({ runAsUserName: "" })).toEqual([`${P}.runAsUserName: Invalid value: "": runAsUserName cannot be an empty string`]);
    expect(errs({ runAsUserName: "a\\b\\c" })).toEqual([
      `${P}.runAsUserName: Invalid value: "a\\\\b\\\\c": runAsUserName cannot contain more than one backslash`,
    ]);
    expect(errs({ runAsUserName: "bad\u0007" })).toEqual([
      `${P}.runAsUserName: Invalid value: "bad\\a": runAsUserName cannot contain control characters`,
    ]);
    expect(errs({ runAsUserName: ".dom\\..." })).toEqual([
      `${P}.runAsUserName: Invalid value: ".dom\\\\...": runAsUserName's Domain doesn't match the NetBios nor the DNS format`,
      `${P}.runAsUserName: Invalid value: ".dom\\\\...": runAsUserName's User cannot contain only periods or spaces`,
    ]);
    expect(errs({ runAsUserName: "dom\\" })).toEqual([
      `${P}.runAsUserName: Invalid value: "dom\\\\": runAsUserName's User cannot be empty`,
    ]);
    expect(errs({ runAsUserName: "a@b" })).toEqual([
      `${P}.runAsUserName: Invalid value: "a@b": runAsUserName's User cannot contain the following characters: "/\\:;|=,+*?<>@[]`,
    ]);
    expect(errs({ runAsUserName: "u".repeat(105) })[0]).toContain("runAsUserName's User length must not be longer than 104 characters");
    expect(errs({ gmsaCredentialSpecName: "Not_A_Name", gmsaCredentialSpec: "" }).map((e) => e.split(":")[0])).toEqual([
      `${P}.gmsaCredentialSpecName`,
      `${P}.gmsaCredentialSpec`,
    ]);
  });

  it("a windows pod may not set Linux-only fields; a linux pod may not set windowsOptions", () => {
    expect(
      createErrors(
        pod(
          { os: { name: "windows" }, hostPID: true, securityContext: { runAsUser: 1, seccompProfile: { type: "RuntimeDefault" } } },
          {},
          { securityContext: { privileged: false, capabilities: { drop: ["ALL"] } } },
        ),
      ),
    ).toEqual([
      "spec.hostPID: Forbidden: cannot be set for a windows pod",
      "spec.securityContext.seccompProfile: Forbidden: cannot be set for a windows pod",
      "spec.securityContext.runAsUser: Forbidden: cannot be set for a windows pod",
      "spec.containers[0].securityContext.capabilities: Forbidden: cannot be set for a windows pod",
      "spec.containers[0].securityContext.privileged: Forbidden: cannot be set for a windows pod",
    ]);
    expect(createErrors(pod({ os: { name: "linux" }, securityContext: { windowsOptions: { runAsUserName: "u" } } }))).toEqual([
      "spec.securityContext.windowsOptions: Forbidden: windows options cannot be set for a linux pod",
    ]);
    expect(createErrors(pod({ os: { name: "windows" }, securityContext: { windowsOptions: { runAsUserName: "u" } } }))).toEqual([]);
  });
});

describe("pod warnings: hostAliases, deprecated node labels, negative grace, null affinity selectors", () => {
  const warnings = (obj: KubeObject, strategy: Strategy = podStrategy) => {
    strategy.defaults?.(obj);
    return strategy.warningsOnCreate?.(obj) ?? [];
  };

  it("as upstream's GetWarningsForPod, in its order", () => {
    expect(
      warnings(
        pod({
          nodeSelector: { "beta.kubernetes.io/os": "linux" },
          affinity: {
            nodeAffinity: {
              requiredDuringSchedulingIgnoredDuringExecution: {
                nodeSelectorTerms: [{ matchExpressions: [{ key: "failure-domain.beta.kubernetes.io/zone", operator: "Exists" }] }],
              },
            },
            podAntiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: [{ topologyKey: "zone" }] },
          },
          topologySpreadConstraints: [
            { maxSkew: 1, topologyKey: "beta.kubernetes.io/instance-type", whenUnsatisfiable: "ScheduleAnyway", labelSelector: {} },
          ],
          hostAliases: [
            { ip: "10.0.0.1", hostnames: ["a"] },
            { ip: "10.0.0.1", hostnames: ["b"] },
          ],
          terminationGracePeriodSeconds: -1,
        }),
      ),
    ).toEqual([
      'spec.nodeSelector[beta.kubernetes.io/os]: deprecated since v1.14; use "kubernetes.io/os" instead',
      'spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0].matchExpressions[0].key: failure-domain.beta.kubernetes.io/zone is deprecated since v1.17; use "topology.kubernetes.io/zone" instead',
      'spec.topologySpreadConstraints[0].topologyKey: beta.kubernetes.io/instance-type is deprecated since v1.17; use "node.kubernetes.io/instance-type" instead',
      'spec.hostAliases[1].ip: duplicate ip "10.0.0.1"',
      "spec.terminationGracePeriodSeconds: must be >= 0; negative values are invalid and will be treated as 1",
      "spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector: a null labelSelector results in matching no pod",
    ]);
  });

  it("a Pod name that is no DNS label is warned about on create; Pod updates get no warnings, as upstream's", () => {
    const p = pod({
      hostAliases: [
        { ip: "10.0.0.1", hostnames: ["a"] },
        { ip: "10.0.0.1", hostnames: ["b"] },
      ],
    });
    p.metadata!.name = "web.v1";
    expect(warnings(p)).toEqual([
      "metadata.name: this is used in the Pod's hostname, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]",
      'spec.hostAliases[1].ip: duplicate ip "10.0.0.1"',
    ]);
    expect("warningsOnUpdate" in podStrategy && podStrategy.warningsOnUpdate !== undefined).toBe(false);
  });

  it("hostAliases IPs in a legacy form are accepted without a warning (StrictIPCIDRValidation is off in 1.34)", () => {
    const p = pod({ hostAliases: [{ ip: "010.000.000.001", hostnames: ["a"] }] });
    expect(createErrors(p)).toEqual([]);
    expect(warnings(pod({ hostAliases: [{ ip: "010.000.000.001", hostnames: ["a"] }] }))).toEqual([]);
  });
});

describe("the update ratchet for every workload's pod template", () => {
  const podSpec = (hugepages: string, value: string) => ({
    containers: [{ name: "c", image: "x", resources: { limits: { "hugepages-2Mi": hugepages, memory: "1Gi" } } }],
    affinity: {
      podAffinity: {
        requiredDuringSchedulingIgnoredDuringExecution: [
          { labelSelector: { matchExpressions: [{ key: "app", operator: "In", values: [value] }] }, topologyKey: "zone" },
        ],
      },
    },
  });
  const template = (hugepages: string, value: string, restartPolicy = "Always") => ({
    metadata: { labels: { app: "a" } },
    spec: { ...podSpec(hugepages, value), restartPolicy },
  });
  const selector = { matchLabels: { app: "a" } };
  const kinds: [string, Strategy, (hp: string, v: string) => KubeObject, (o: KubeObject) => void][] = [
    [
      "Deployment",
      deploymentStrategy,
      (hp, v) => ({ apiVersion: "apps/v1", kind: "Deployment", spec: { selector, template: template(hp, v) } }),
      scale,
    ],
    [
      "ReplicaSet",
      replicaSetStrategy,
      (hp, v) => ({ apiVersion: "apps/v1", kind: "ReplicaSet", spec: { selector, template: template(hp, v) } }),
      scale,
    ],
    [
      "DaemonSet",
      daemonSetStrategy,
      (hp, v) => ({ apiVersion: "apps/v1", kind: "DaemonSet", spec: { selector, template: template(hp, v) } }),
      minReady,
    ],
    [
      "StatefulSet",
      statefulSetStrategy,
      (hp, v) => ({ apiVersion: "apps/v1", kind: "StatefulSet", spec: { selector, serviceName: "s", template: template(hp, v) } }),
      scale,
    ],
    [
      "Job",
      jobStrategy,
      (hp, v) => ({ apiVersion: "batch/v1", kind: "Job", spec: { template: template(hp, v, "Never") } }),
      (o) => ((o.spec as Record<string, unknown>).parallelism = 3),
    ],
    [
      "CronJob",
      cronJobStrategy,
      (hp, v) => ({
        apiVersion: "batch/v1",
        kind: "CronJob",
        spec: { schedule: "* * * * *", jobTemplate: { spec: { template: template(hp, v, "Never") } } },
      }),
      (o) => ((o.spec as Record<string, unknown>).suspend = true),
    ],
    [
      "ReplicationController",
      replicationControllerStrategy,
      (hp, v) => ({ apiVersion: "v1", kind: "ReplicationController", spec: { selector: { app: "a" }, template: template(hp, v) } }),
      scale,
    ],
    [
      "PodTemplate",
      podTemplateStrategy,
      (hp, v) => ({ apiVersion: "v1", kind: "PodTemplate", template: template(hp, v) }),
      (o) => (o.metadata!.labels = { touched: "yes" }),
    ],
  ];
  function scale(o: KubeObject): void {
    (o.spec as Record<string, unknown>).replicas = 5;
  }
  function minReady(o: KubeObject): void {
    (o.spec as Record<string, unknown>).minReadySeconds = 5;
  }

  for (const [kind, strategy, make, touch] of kinds) {
    it(`${kind}: a stored template upstream now refuses passes updates that leave it alone; a valid one may not gain such values`, () => {
      const build = (hp: string, v: string): KubeObject => {
        const o = make(hp, v);
        o.metadata = { name: "w", namespace: "d", uid: "u1", resourceVersion: "1", generation: 1 };
        strategy.defaults?.(o);
        // The Job's generated selector and labels.
        strategy.prepareForCreate?.(o);
        return o;
      };
      const stored = build("3Mi", "bad value!");
      expect(((strategy.validate?.(structuredClone(stored)) ?? []) as unknown[]).length).toBeGreaterThan(0);
      const updated = structuredClone(stored);
      touch(updated);
      expect((strategy.validateUpdate?.(updated, stored) ?? []).map(errorText)).toEqual([]);
      const errs = (strategy.validateUpdate?.(updated, build("4Mi", "good")) ?? []).map(errorText);
      expect(errs.some((e) => e.includes("3Mi is not positive integer multiple of hugepages-2Mi"))).toBe(true);
      expect(errs.some((e) => e.includes('Invalid value: "bad value!"'))).toBe(true);
    });
  }
});

describe("through a store: what the apiserver stores and answers", () => {
  it("a created Pod is stored with the merged selectors; a HostProcess Pod off the host network is a 422 naming the field", async () => {
    const storage = new MemoryStorage();
    const pods = storeFor(storage, "", "pods");
    const c = ctx("d");
    const created = await pods.create(
      c,
      pod(
        {
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: "zone",
              whenUnsatisfiable: "DoNotSchedule",
              labelSelector: { matchLabels: { app: "web" } },
              matchLabelKeys: ["rev"],
            },
          ],
          hostAliases: [
            { ip: "10.0.0.1", hostnames: ["a"] },
            { ip: "10.0.0.1", hostnames: ["b"] },
          ],
        },
        { app: "web", rev: "2" },
      ),
    );
    expect(
      (created.spec as { topologySpreadConstraints: { labelSelector: unknown }[] }).topologySpreadConstraints[0]!.labelSelector,
    ).toEqual({
      matchLabels: { app: "web" },
      matchExpressions: [{ key: "rev", operator: "In", values: ["2"] }],
    });
    expect(c.warnings).toContain('spec.hostAliases[1].ip: duplicate ip "10.0.0.1"');
    const hp = pod({}, {}, { securityContext: { windowsOptions: { hostProcess: true } } });
    hp.metadata!.name = "hp";
    const status = await statusOf(pods.create(ctx("d"), hp));
    expect(status.code).toBe(422);
    expect(status.message).toContain(
      "spec.hostNetwork: Invalid value: false: hostNetwork must be true if pod contains any hostProcess containers",
    );
  });
});

describe("more of upstream's ValidatePodSpec: DNS searches and options, tolerations, resize policies, image whitespace", () => {
  it("dnsConfig searches (RelaxedDNSSearchValidation, GA in 1.34) and options", () => {
    const dns = (config: Record<string, unknown>) => createErrors(pod({ dnsConfig: config }));
    expect(dns({ searches: [".", "_srv.example.com.", "ns1.svc.cluster.local"] })).toEqual([]);
    expect(dns({ searches: ["Bad.Example"], options: [{ value: "2" }] })).toEqual([
      "spec.dnsConfig.searches[0]: Invalid value: \"Bad.Example\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*')",
      "spec.dnsConfig.options[0]: Required value: must not be empty",
    ]);
    const many = Array.from({ length: 33 }, (_, i) => `d${i}.example`);
    expect(dns({ searches: many }).map((e) => e.split(": Invalid value")[0] + " " + e.split(": ").pop())).toEqual([
      "spec.dnsConfig.searches must not have more than 32 search paths",
    ]);
    expect(dns({ searches: ["a".repeat(63) + "." + "b".repeat(63), ...Array(16).fill("c".repeat(120))] }).pop()).toContain(
      "must not have more than 2048 characters (including spaces) in the search list",
    );
  });

  it("tolerations: an Equal value must be a label value", () => {
    expect(createErrors(pod({ tolerations: [{ key: "k", operator: "Equal", value: "not a value!", effect: "NoSchedule" }] }))).toEqual([
      "spec.tolerations[0].operator: Invalid value: \"not a value!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]);
    expect(createErrors(pod({ tolerations: [{ key: "k", value: "v", effect: "Sometimes" }] }))).toEqual([
      'spec.tolerations[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
    ]);
  });

  it("resizePolicy: cpu or memory once each, a known policy, NotRequired under restartPolicy Never", () => {
    const P = "spec.containers[0].resizePolicy";
    expect(
      createErrors(
        pod(
          { restartPolicy: "Never" },
          {},
          {
            resizePolicy: [
              { resourceName: "cpu", restartPolicy: "RestartContainer" },
              { resourceName: "cpu", restartPolicy: "NotRequired" },
              { resourceName: "gpu", restartPolicy: "Sometimes" },
            ],
          },
        ),
      ),
    ).toEqual([
      `${P}: Invalid value: "RestartContainer": must be 'NotRequired' when \`restartPolicy\` is 'Never'`,
      `${P}[1]: Duplicate value: "cpu"`,
      `${P}: Unsupported value: "gpu": supported values: "cpu", "memory"`,
      `${P}: Unsupported value: "Sometimes": supported values: "NotRequired", "RestartContainer"`,
      `${P}: Invalid value: "Sometimes": must be 'NotRequired' when \`restartPolicy\` is 'Never'`,
    ]);
  });

  it("hostNetwork: a Pod's hostPort must be its containerPort; a template may leave it 0", () => {
    const ports = { ports: [{ containerPort: 80, hostPort: 0 }] };
    expect(createErrors(pod({ hostNetwork: true }, {}, ports))).toEqual([
      "spec.containers[0].ports[0].hostPort: Invalid value: 0: must match `containerPort` when `hostNetwork` is true",
    ]);
    const dep = deployment({ hostNetwork: true, containers: [{ name: "c", image: "x", ...ports }] });
    expect(createErrors(dep, deploymentStrategy)).toEqual([]);
  });

  it("image whitespace is refused in a Pod, allowed in a template (upstream's validateContainerOnlyForPod)", () => {
    expect(createErrors(pod({}, {}, { image: " nginx" }))).toEqual([
      'spec.containers[0].image: Invalid value: " nginx": must not have leading or trailing whitespace',
    ]);
    const dep = deployment({ containers: [{ name: "c", image: " " }] });
    expect(createErrors(dep, deploymentStrategy)).toEqual([]);
  });
});

describe("upstream's ValidatePodCreate and the Pod-only rules", () => {
  it("no ephemeral containers on create, no nodeName while scheduling gates remain", () => {
    expect(
      createErrors(
        pod({
          nodeName: "n1",
          schedulingGates: [{ name: "example.com/wait" }],
          ephemeralContainers: [{ name: "debug", image: "busybox" }],
        }),
      ),
    ).toEqual([
      "spec.ephemeralContainers: Forbidden: cannot be set on create",
      "spec.nodeName: Forbidden: cannot be set until all schedulingGates have been cleared",
    ]);
  });

  it("a projected token needs a serviceAccountName", () => {
    const volumes = [{ name: "t", projected: { sources: [{ serviceAccountToken: { path: "token", expirationSeconds: 3600 } }] } }];
    expect(createErrors(pod({ volumes }))).toEqual([
      "spec.volumes[0].projected.sources[0].serviceAccountToken: Forbidden: must not be specified when serviceAccountName is not set",
    ]);
    expect(createErrors(pod({ volumes, serviceAccountName: "default" }))).toEqual([]);
  });
});

describe("container securityContext: procMount, seccomp profiles, allowPrivilegeEscalation", () => {
  const P = "spec.containers[0].securityContext";
  const errs = (sc: Record<string, unknown>, spec: Record<string, unknown> = {}) => createErrors(pod(spec, {}, { securityContext: sc }));

  it("procMount Unmasked needs hostUsers false", () => {
    expect(errs({ procMount: "Unmasked" })).toEqual([
      `${P}.procMount: Invalid value: "Unmasked": \`hostUsers\` must be false to use \`Unmasked\``,
    ]);
    expect(errs({ procMount: "Unmasked" }, { hostUsers: false })).toEqual([]);
    expect(errs({ procMount: "Masked" })).toEqual([`${P}.procMount: Unsupported value: "Masked": supported values: "Default", "Unmasked"`]);
  });

  it("seccomp profiles of the pod and the container", () => {
    expect(errs({ seccompProfile: { type: "Localhost" } }, { securityContext: { seccompProfile: {} } })).toEqual([
      // As upstream: containers are validated before the pod's securityContext.
      `${P}.seccompProfile.localhostProfile: Required value: must be set when seccomp type is Localhost`,
      "spec.securityContext.seccompProfile.type: Required value: type is required when seccompProfile is set",
    ]);
    expect(errs({ seccompProfile: { type: "Localhost", localhostProfile: "../x.json" } })).toEqual([
      `${P}.seccompProfile.localhostProfile: Invalid value: "../x.json": must not contain '..'`,
    ]);
    expect(errs({ seccompProfile: { type: "RuntimeDefault", localhostProfile: "x.json" } })).toEqual([
      `${P}.seccompProfile.localhostProfile: Invalid value: core.SeccompProfile{Type:"RuntimeDefault", LocalhostProfile:(*string)(0xc000000000)}: can only be set when seccomp type is Localhost`,
    ]);
  });

  it("the pod's fsGroupChangePolicy and supplementalGroupsPolicy are known values", () => {
    expect(createErrors(pod({ securityContext: { fsGroupChangePolicy: "Sometimes", supplementalGroupsPolicy: "Loose" } }))).toEqual([
      'spec.securityContext.fsGroupChangePolicy: Unsupported value: "Sometimes": supported values: "Always", "OnRootMismatch"',
      'spec.securityContext.supplementalGroupsPolicy: Unsupported value: "Loose": supported values: "Merge", "Strict"',
    ]);
    expect(createErrors(pod({ securityContext: { fsGroupChangePolicy: "OnRootMismatch", supplementalGroupsPolicy: "Strict" } }))).toEqual(
      [],
    );
  });

  it("allowPrivilegeEscalation false with privileged or CAP_SYS_ADMIN, the context printed as upstream's struct", () => {
    expect(errs({ privileged: true, allowPrivilegeEscalation: false, capabilities: { add: ["CAP_SYS_ADMIN"] } })).toEqual([
      `${P}: Invalid value: core.SecurityContext{Capabilities:(*core.Capabilities)(0xc000000000), Privileged:(*bool)(0xc000000000), SELinuxOptions:(*core.SELinuxOptions)(nil), WindowsOptions:(*core.WindowsSecurityContextOptions)(nil), RunAsUser:(*int64)(nil), RunAsGroup:(*int64)(nil), RunAsNonRoot:(*bool)(nil), ReadOnlyRootFilesystem:(*bool)(nil), AllowPrivilegeEscalation:(*bool)(0xc000000000), ProcMount:(*core.ProcMountType)(nil), SeccompProfile:(*core.SeccompProfile)(nil), AppArmorProfile:(*core.AppArmorProfile)(nil)}: cannot set \`allowPrivilegeEscalation\` to false and \`privileged\` to true`,
      expect.stringContaining("cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN"),
    ]);
    expect(errs({ privileged: true })).toEqual([]);
  });
});
