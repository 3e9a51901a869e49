/**
 * Issue #16 against upstream 1.34, session 11: the `controller.kubernetes.io/pod-deletion-cost`
 * annotation (Pods and templates, with the update ratchet), and the warnings of the kinds that
 * make Pods (the name that is no DNS label, template warnings for PodTemplates and
 * ReplicationControllers, none on updates that leave the spec alone). Messages as upstream's.
 */
import { describe, expect, it } from "vitest";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { deploymentStrategy } from "../../../apiserver/registry/resources/deployments/strategy.js";
import { podTemplateStrategy } from "../../../apiserver/registry/resources/podtemplates/strategy.js";
import { replicationControllerStrategy } from "../../../apiserver/registry/resources/replicationcontrollers/strategy.js";
import { jobStrategy } from "../../../apiserver/registry/resources/jobs/strategy.js";
import { serviceStrategy } from "../../../apiserver/registry/resources/services/strategy.js";
import { hpaV2Strategy } from "../../../apiserver/registry/resources/horizontalpodautoscalers/strategy.js";
import { controllerRevisionStrategy } from "../../../apiserver/registry/resources/controllerrevisions/strategy.js";
import { nodeStrategy } from "../../../apiserver/registry/resources/nodes/strategy.js";
import { storageClassStrategy } from "../../../apiserver/registry/resources/storageclasses/strategy.js";
import { endpointSliceStrategy } from "../../../apiserver/registry/resources/endpointslices/strategy.js";
import { clusterRoleStrategy } from "../../../apiserver/registry/resources/clusterroles/strategy.js";
import { networkPolicyStrategy } from "../../../apiserver/registry/resources/networkpolicies/strategy.js";
import { resourceQuotaStatusStrategy, resourceQuotaStrategy } from "../../../apiserver/registry/resources/resourcequotas/strategy.js";
import { limitRangeStrategy } from "../../../apiserver/registry/resources/limitranges/strategy.js";
import { serviceAccountStrategy } from "../../../apiserver/registry/resources/serviceaccounts/strategy.js";
import { secretStrategy } from "../../../apiserver/registry/resources/secrets/strategy.js";
import { createCA } from "../../../apiserver/server/certs.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import { deletionCostParses } from "../../../apiserver/registry/validation/pod-deletion-cost.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { record } from "../../../apiserver/registry/validation/shape.js";
import { deployment } from "./helpers.js";

type Strategy = typeof podStrategy;
const COST = "controller.kubernetes.io/pod-deletion-cost";

const pod = (annotations?: Record<string, string>): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "d", resourceVersion: "1", ...(annotations && { annotations }) },
  spec: { containers: [{ name: "c", image: "x" }] },
});

function createErrors(obj: KubeObject, strategy: Strategy = podStrategy): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

function updateErrors(obj: KubeObject, old: KubeObject, strategy: Strategy = podStrategy): string[] {
  strategy.defaults?.(old);
  strategy.prepareForCreate?.(old);
  strategy.defaults?.(obj);
  strategy.prepareForUpdate?.(obj, old);
  return (strategy.validateUpdate?.(obj, old) ?? []).map(errorText);
}

describe("pod-deletion-cost (upstream's GetDeletionCostFromPodAnnotations)", () => {
  it("parses as Go's ParseInt into int32, with no sign but '-' and no leading zeros", () => {
    for (const ok of ["0", "-5", "10", "2147483647", "-2147483648", "-0", "-007"]) expect(deletionCostParses(ok), ok).toBe(true);
    for (const bad of ["", "+10", "008", "2147483648", "-2147483649", "x", "-", "1e3", " 1", "1_000"])
      expect(deletionCostParses(bad), bad).toBe(false);
  });

  it("a Pod's bad value is refused on create", () => {
    expect(createErrors(pod({ [COST]: "+10" }))).toEqual([`metadata.annotations[${COST}]: Invalid value: "+10": must be a 32bit integer`]);
    expect(createErrors(pod({ [COST]: "-100" }))).toEqual([]);
  });

  it("an update ratchets: a stored bad value may stay (and change), a good one may not turn bad", () => {
    const bad = () => pod({ [COST]: "abc" });
    expect(updateErrors(pod({ [COST]: "still bad" }), bad())).toEqual([]);
    expect(updateErrors(pod({ [COST]: "abc" }), pod({ [COST]: "1" }))).toEqual([
      `metadata.annotations[${COST}]: Invalid value: "abc": must be a 32bit integer`,
    ]);
  });

  it("templates too, under the template's annotations", () => {
    const d = deployment({ containers: [{ name: "c", image: "x" }] });
    (d.spec as { template: { metadata: Record<string, unknown> } }).template.metadata.annotations = { [COST]: "008" };
    expect(createErrors(d, deploymentStrategy)).toEqual([
      `spec.template.metadata.annotations[${COST}]: Invalid value: "008": must be a 32bit integer`,
    ]);
  });
});

describe("warnings of the kinds that make Pods", () => {
  const dotted =
    "metadata.name: this is used in Pod names and hostnames, which can result in surprising behavior; a DNS label is recommended: [must not contain dots]";

  it("a name that is no DNS label, on create only", () => {
    const d = deployment({ containers: [{ name: "c", image: "x" }] });
    d.metadata!.name = "web.v1";
    expect(deploymentStrategy.warningsOnCreate?.(d)).toEqual([dotted]);
    const job: KubeObject = {
      kind: "Job",
      metadata: { name: "j.1", namespace: "d" },
      spec: { template: { spec: { restartPolicy: "Never", containers: [{ name: "c", image: "x" }] } } },
    };
    expect(jobStrategy.warningsOnCreate?.(job)).toEqual([dotted]);
  });

  it("template warnings on update only when the spec changed", () => {
    const spec = { containers: [{ name: "c", image: "x", resources: { requests: { memory: "1.5" } } }] };
    const old = deployment(spec);
    const same = deployment(spec);
    same.metadata!.labels = { a: "b" };
    expect(deploymentStrategy.warningsOnUpdate?.(same, old)).toEqual([]);
    const changed = deployment({ ...spec, hostAliases: [{ ip: "1.2.3.4" }, { ip: "1.2.3.4" }] });
    expect(deploymentStrategy.warningsOnUpdate?.(changed, old)?.length).toBeGreaterThan(0);
  });

  it("PodTemplates and ReplicationControllers warn of their templates", () => {
    const template = { spec: { containers: [{ name: "c", image: "x", resources: { requests: { memory: "1.5" } } }] } };
    const pt: KubeObject = { kind: "PodTemplate", metadata: { name: "t.1", namespace: "d" }, template };
    const rc: KubeObject = { kind: "ReplicationController", metadata: { name: "r.1", namespace: "d" }, spec: { template } };
    const fractional = (p: string) =>
      `${p}.containers[0].resources.requests[memory]: fractional byte value "1500m" is invalid, must be an integer`;
    expect(podTemplateStrategy.warningsOnCreate?.(pt)).toEqual([fractional("template.spec")]);
    expect(replicationControllerStrategy.warningsOnCreate?.(rc)).toEqual([dotted, fractional("spec.template.spec")]);
  });
});

describe("Service warnings (upstream's GetWarningsForService)", () => {
  const svc = (spec: Record<string, unknown>, annotations?: Record<string, string>): KubeObject => {
    const obj: KubeObject = { kind: "Service", metadata: { name: "s", namespace: "d", ...(annotations && { annotations }) }, spec };
    serviceStrategy.defaults?.(obj);
    serviceStrategy.prepareForCreate?.(obj);
    return obj;
  };
  const warn = (obj: KubeObject) => serviceStrategy.warningsOnCreate?.(obj) ?? [];

  it("non-standard IPs and CIDRs, as GetWarningsForIP and GetWarningsForCIDR word them", () => {
    expect(
      warn(
        svc({
          type: "LoadBalancer",
          clusterIP: "2001:DB8::1",
          ports: [{ port: 80 }],
          loadBalancerIP: "010.0.0.1",
          loadBalancerSourceRanges: ["10.0.0.1/24", "2001:db8:0::/64", "::ffff:1.2.3.0/120"],
        }),
      ),
    ).toEqual([
      'spec.clusterIPs[0]: IPv6 address "2001:DB8::1" should be in RFC 5952 canonical format ("2001:db8::1")',
      'spec.loadBalancerIP: non-standard IP address "010.0.0.1" will be considered invalid in a future Kubernetes release: use "10.0.0.1"',
      'spec.loadBalancerSourceRanges[0]: CIDR value "10.0.0.1/24" is ambiguous in this context (should be "10.0.0.0/24" or "10.0.0.1/32"?)',
      'spec.loadBalancerSourceRanges[1]: IPv6 CIDR value "2001:db8:0::/64" should be in RFC 5952 canonical format ("2001:db8::/64")',
      'spec.loadBalancerSourceRanges[2]: non-standard CIDR value "::ffff:1.2.3.0/120" will be considered invalid in a future Kubernetes release: use "1.2.3.0/120"',
    ]);
  });

  it("what headless and ExternalName Services ignore, deprecated externalIPs, annotation and traffic distribution", () => {
    expect(
      warn(
        svc(
          { clusterIP: "None", ports: [{ port: 80 }], externalIPs: ["1.2.3.4"], sessionAffinity: "ClientIP", externalName: "x.example" },
          { "service.kubernetes.io/topology-aware-hints": "auto" },
        ),
      ),
    ).toEqual([
      "annotation service.kubernetes.io/topology-aware-hints is deprecated, please use service.kubernetes.io/topology-mode instead",
      "spec.externalIPs is ignored for headless services",
      "spec.SessionAffinity is ignored for headless services",
      'spec.externalName is ignored when spec.type is not "ExternalName"',
    ]);
    expect(warn(svc({ ports: [{ port: 80 }], externalIPs: ["1.2.3.4"], trafficDistribution: "PreferClose" }))).toEqual([
      "spec.externalIPs is deprecated and may no longer be implemented in some clusters",
      'spec.trafficDistribution: "PreferClose" is deprecated; use "PreferSameZone"',
    ]);
    expect(warn(svc({ type: "ExternalName", externalName: "x.example", externalIPs: ["1.2.3.4"] }))).toEqual([
      'spec.externalIPs is ignored when spec.type is "ExternalName"',
    ]);
  });
});

describe("TLS Secret warnings (upstream's warningsForSecret: tls.X509KeyPair's error)", () => {
  const ca = createCA("tls-warning-test");
  const other = createCA("other");
  const b64 = (s: string) => Buffer.from(s).toString("base64");
  const secret = (crt: string, key: string, type = "kubernetes.io/tls"): KubeObject => ({
    kind: "Secret",
    metadata: { name: "s", namespace: "d" },
    type,
    data: { "tls.crt": b64(crt), "tls.key": b64(key) },
  });
  const warn = (obj: KubeObject) => secretStrategy.warningsOnCreate?.(obj) ?? [];

  it("a matching pair, or another type, gives none", () => {
    expect(warn(secret(ca.cert, ca.key))).toEqual([]);
    expect(warn(secret("x", "y", "Opaque"))).toEqual([]);
  });

  it("each way a pair fails, in Go's words", () => {
    expect(warn(secret(ca.cert, other.key))).toEqual(["tls: private key does not match public key"]);
    expect(warn(secret("", ca.key))).toEqual(["tls: failed to find any PEM data in certificate input"]);
    expect(warn(secret(ca.key, ca.cert))).toEqual([
      "tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched",
    ]);
    expect(warn(secret(ca.cert, ca.cert))).toEqual(["tls: found a certificate rather than a key in the PEM for the private key"]);
    expect(warn(secret(ca.cert, "nothing"))).toEqual(["tls: failed to find any PEM data in key input"]);
    const garbage = "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n";
    expect(warn(secret(ca.cert, garbage))).toEqual(["tls: failed to parse private key"]);
  });
});

describe("ServiceAccount warnings", () => {
  it("the deprecated enforce-mountable-secrets annotation, on create and update", () => {
    const sa: KubeObject = {
      kind: "ServiceAccount",
      metadata: { name: "sa", namespace: "d", annotations: { "kubernetes.io/enforce-mountable-secrets": "false" } },
    };
    const want = [
      "metadata.annotations[kubernetes.io/enforce-mountable-secrets]: deprecated in v1.32+; prefer separate namespaces to isolate access to mounted secrets",
    ];
    expect(serviceAccountStrategy.warningsOnCreate?.(sa)).toEqual(want);
    expect(serviceAccountStrategy.warningsOnUpdate?.(sa, sa)).toEqual(want);
    expect(serviceAccountStrategy.warningsOnCreate?.({ kind: "ServiceAccount", metadata: { name: "sa" } })).toEqual([]);
  });
});

describe("LimitRange orderings (upstream's ValidateLimitRange)", () => {
  const errors = (...limits: Record<string, unknown>[]) => {
    const lr: KubeObject = { kind: "LimitRange", metadata: { name: "l", namespace: "d" }, spec: { limits } };
    return (limitRangeStrategy.validate?.(lr) ?? []).map(errorText);
  };
  const P = "spec.limits[0]";

  it("min ≤ defaultRequest ≤ default ≤ max, each with upstream's words and bad value", () => {
    expect(errors({ type: "Container", min: { cpu: "1" }, max: { cpu: "500m" } })).toEqual([
      `${P}.min[cpu]: Invalid value: "1": min value 1 is greater than max value 500m`,
    ]);
    expect(errors({ type: "Container", min: { cpu: "200m" }, defaultRequest: { cpu: "100m" } })).toEqual([
      `${P}.defaultRequest[cpu]: Invalid value: "100m": min value 200m is greater than default request value 100m`,
    ]);
    expect(errors({ type: "Container", max: { memory: "1Gi" }, default: { memory: "1Gi" }, defaultRequest: { memory: "2Gi" } })).toEqual([
      `${P}.defaultRequest[memory]: Invalid value: "2Gi": default request value 2Gi is greater than max value 1Gi`,
      `${P}.defaultRequest[memory]: Invalid value: "2Gi": default request value 2Gi is greater than default limit value 1Gi`,
    ]);
    expect(errors({ type: "Container", min: { cpu: "2" }, default: { cpu: "1" } })).toEqual([
      `${P}.default[cpu]: Invalid value: "2": min value 2 is greater than default value 1`,
    ]);
    expect(errors({ type: "Container", max: { cpu: "1" }, default: { cpu: "2" } })).toEqual([
      `${P}.default[cpu]: Invalid value: "1": default value 2 is greater than max value 1`,
    ]);
  });

  it("maxLimitRequestRatio at least 1 and within max/min", () => {
    expect(errors({ type: "Container", maxLimitRequestRatio: { cpu: "500m" } })).toEqual([
      `${P}.maxLimitRequestRatio[cpu]: Invalid value: "500m": ratio 500m is less than 1`,
    ]);
    expect(errors({ type: "Container", min: { cpu: "100m" }, max: { cpu: "300m" }, maxLimitRequestRatio: { cpu: "4" } })).toEqual([
      `${P}.maxLimitRequestRatio[cpu]: Invalid value: "4": ratio 4 is greater than max/min = 3.000000`,
    ]);
    expect(errors({ type: "Container", min: { cpu: "100m" }, max: { cpu: "300m" }, maxLimitRequestRatio: { cpu: "3" } })).toEqual([]);
  });

  it("resources that cannot overcommit, one item per type, PVC items need a min or max storage", () => {
    expect(errors({ type: "Container", default: { "example.com/gpu": "2" }, defaultRequest: { "example.com/gpu": "1" } })).toEqual([
      `${P}.defaultRequest[example.com/gpu]: Invalid value: "1": default value 2 must equal to defaultRequest value 1 in example.com/gpu`,
    ]);
    expect(errors({ type: "Container" }, { type: "Container" })).toEqual(['spec.limits[1].type: Duplicate value: "Container"']);
    expect(errors({ type: "PersistentVolumeClaim", max: { cpu: "1" } })).toEqual([
      `${P}.limits: Required value: either minimum or maximum storage value is required, but neither was provided`,
    ]);
  });
});

describe("ResourceQuota scopes and scope selectors (upstream's ValidateResourceQuotaSpec)", () => {
  const quota = (spec: Record<string, unknown>): KubeObject => ({
    kind: "ResourceQuota",
    metadata: { name: "q", namespace: "d", resourceVersion: "1" },
    spec,
  });
  const errors = (spec: Record<string, unknown>) => (resourceQuotaStrategy.validate?.(quota(spec)) ?? []).map(errorText);

  it("scopes that do not fit the resources, and conflicting pairs", () => {
    expect(errors({ hard: { pods: "2" }, scopes: ["BestEffort"] })).toEqual([]);
    expect(errors({ hard: { "requests.cpu": "1" }, scopes: ["BestEffort"] })).toEqual([
      'spec.scopes: Invalid value: ["BestEffort"]: unsupported scope applied to resource',
    ]);
    expect(errors({ hard: { pods: "2" }, scopes: ["Terminating", "NotTerminating"] })).toEqual([
      'spec.scopes: Invalid value: ["Terminating","NotTerminating"]: conflicting scopes',
    ]);
  });

  it("scopeSelector expressions", () => {
    const sel = (...matchExpressions: Record<string, unknown>[]) => ({ hard: { pods: "2" }, scopeSelector: { matchExpressions } });
    expect(errors(sel({ scopeName: "PriorityClass", operator: "In", values: ["high"] }))).toEqual([]);
    expect(errors(sel({ scopeName: "BestEffort", operator: "In" }))).toEqual([
      "spec.scopeSelector.matchExpressions.operator: Invalid value: \"In\": must be 'Exist' when scope is any of ResourceQuotaScopeTerminating, ResourceQuotaScopeNotTerminating, ResourceQuotaScopeBestEffort, ResourceQuotaScopeNotBestEffort or ResourceQuotaScopeCrossNamespacePodAffinity",
      "spec.scopeSelector.matchExpressions.values: Required value: must be at least one value when `operator` is 'In' or 'NotIn' for scope selector",
    ]);
    expect(errors(sel({ scopeName: "Bogus", operator: "Exists", values: ["x"] }))).toEqual([
      'spec.scopeSelector.matchExpressions.scopeName: Invalid value: "Bogus": unsupported scope',
      "spec.scopeSelector.matchExpressions.values: Invalid value: [\"x\"]: must be no value when `operator` is 'Exist' or 'DoesNotExist' for scope selector",
    ]);
    expect(
      errors({
        hard: { "requests.storage": "1Gi" },
        scopeSelector: { matchExpressions: [{ scopeName: "BestEffort", operator: "Exists" }] },
      }),
    ).toEqual([
      'spec.scopeSelector.matchExpressions: Invalid value: {"MatchExpressions":[{"ScopeName":"BestEffort","Operator":"Exists","Values":null}]}: unsupported scope applied to resource',
    ]);
    expect(errors(sel({ scopeName: "PriorityClass", operator: "Gt", values: ["x"] }))).toEqual([
      'spec.scopeSelector.matchExpressions.operator: Invalid value: "Gt": not a valid selector operator',
    ]);
  });

  it("scopes are immutable; status quantities not negative", () => {
    const old = quota({ hard: { pods: "2" }, scopes: ["BestEffort"] });
    const now = quota({ hard: { pods: "2" }, scopes: ["NotBestEffort"] });
    expect((resourceQuotaStrategy.validateUpdate?.(now, old) ?? []).map(errorText)).toEqual([
      'spec.scopes: Invalid value: ["NotBestEffort"]: field is immutable',
    ]);
    const obj = { ...quota({}), status: { hard: { pods: "2" }, used: { pods: "-1" } } };
    resourceQuotaStatusStrategy.prepareForUpdate?.(obj, quota({}));
    expect((resourceQuotaStatusStrategy.validateUpdate?.(obj, quota({})) ?? []).map(errorText)).toEqual([
      'status.used[pods]: Invalid value: "-1": must be greater than or equal to 0',
    ]);
  });
});

describe("NetworkPolicy ipBlock except (upstream's ValidateIPBlock)", () => {
  const errors = (ipBlock: Record<string, unknown>) => {
    const np: KubeObject = {
      kind: "NetworkPolicy",
      metadata: { name: "n", namespace: "d" },
      spec: { podSelector: {}, ingress: [{ from: [{ ipBlock }] }] },
    };
    networkPolicyStrategy.defaults?.(np);
    return (networkPolicyStrategy.validate?.(np) ?? []).map(errorText);
  };
  it("each except a strict subset of cidr", () => {
    expect(errors({ cidr: "10.0.0.0/8", except: ["10.1.0.0/16", "10.2.3.4/32"] })).toEqual([]);
    const P = "spec.ingress[0].from[0].ipBlock.except";
    expect(errors({ cidr: "10.0.0.0/24", except: ["10.0.0.0/24", "192.168.0.0/28", "10.0.0.0/8", "fd00::/64"] })).toEqual([
      `${P}[0]: Invalid value: "10.0.0.0/24": must be a strict subset of \`cidr\``,
      `${P}[1]: Invalid value: "192.168.0.0/28": must be a strict subset of \`cidr\``,
      `${P}[2]: Invalid value: "10.0.0.0/8": must be a strict subset of \`cidr\``,
      `${P}[3]: Invalid value: "fd00::/64": must be a strict subset of \`cidr\``,
    ]);
  });
});

describe("ClusterRole aggregationRule (upstream's ValidateClusterRole)", () => {
  const role = (aggregationRule: unknown): KubeObject => ({
    kind: "ClusterRole",
    metadata: { name: "agg", resourceVersion: "1" },
    aggregationRule,
  });
  const errors = (r: KubeObject) => (clusterRoleStrategy.validate?.(r) ?? []).map(errorText);
  it("at least one selector, each valid; an update keeps the stored role's bad values", () => {
    expect(errors(role({ clusterRoleSelectors: [{ matchLabels: { "rbac.example.com/aggregate": "true" } }] }))).toEqual([]);
    expect(errors(role({}))).toEqual([
      "aggregationRule.clusterRoleSelectors: Required value: at least one clusterRoleSelector required if aggregationRule is non-nil",
    ]);
    const bad = role({ clusterRoleSelectors: [{ matchExpressions: [{ key: "a", operator: "In", values: ["x y"] }] }] });
    expect(errors(bad)).toEqual([
      "aggregationRule.clusterRoleSelectors[0].matchExpressions[0].values[0]: Invalid value: \"x y\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
    ]);
    expect((clusterRoleStrategy.validateUpdate?.(bad, bad) ?? []).map(errorText)).toEqual([]);
  });
});

describe("EndpointSlice limits and addresses (upstream's ValidateEndpointSlice)", () => {
  const slice = (extra: Record<string, unknown>): KubeObject => ({
    kind: "EndpointSlice",
    metadata: { name: "s", namespace: "d" },
    addressType: "IPv4",
    ...extra,
  });
  const errors = (obj: KubeObject) => (endpointSliceStrategy.validate?.(obj) ?? []).map(errorText);

  it("at most 1000 endpoints and 20000 ports", () => {
    const endpoints = Array.from({ length: 1001 }, () => ({ addresses: ["10.0.0.1"] }));
    expect(errors(slice({ endpoints }))).toEqual(["endpoints: Too many: 1001: must have at most 1000 items"]);
    const ports = Array.from({ length: 20001 }, (_, i) => ({ name: `p${i}`, port: 80, protocol: "TCP" }));
    expect(errors(slice({ ports }))).toEqual(["ports: Too many: 20001: must have at most 20000 items"]);
  });

  it("addresses fit for an endpoint, node names, hostnames, topology and zone hints", () => {
    expect(
      errors(
        slice({
          endpoints: [
            {
              addresses: ["127.0.0.1", "0.0.0.0"],
              nodeName: "Node_1",
              hostname: "a.b",
              hints: { forZones: [{ name: "z" }, { name: "z" }] },
            },
          ],
        }),
      ),
    ).toEqual([
      'endpoints[0].addresses[0]: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
      'endpoints[0].addresses[1]: Invalid value: "0.0.0.0": may not be unspecified (0.0.0.0)',
      "endpoints[0].nodeName: Invalid value: \"Node_1\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      'endpoints[0].hostname: Invalid value: "a.b": must not contain dots',
      'endpoints[0].hints.forZones[1].name: Duplicate value: "z"',
    ]);
  });
});

describe("StorageClass parameters and allowedTopologies (upstream's ValidateStorageClass)", () => {
  const errors = (extra: Record<string, unknown>) => {
    const sc: KubeObject = { kind: "StorageClass", metadata: { name: "sc" }, provisioner: "example.com/csi", ...extra };
    return (storageClassStrategy.validate?.(sc) ?? []).map(errorText);
  };
  it("parameters: at most 512, at most 256 KiB, no empty key", () => {
    const many = Object.fromEntries(Array.from({ length: 513 }, (_, i) => [`k${i}`, "v"]));
    expect(errors({ parameters: many })).toEqual(["parameters: Too long: may not be more than 512 bytes"]);
    expect(errors({ parameters: { big: "x".repeat(256 * 1024) } })).toEqual(["parameters: Too long: may not be more than 262144 bytes"]);
    expect(errors({ parameters: { "": "v" } })).toEqual(['parameters: Invalid value: "": field can not be empty.']);
  });
  it("allowedTopologies: expressions required, values present and unique, keys unique, terms distinct", () => {
    const term = { matchLabelExpressions: [{ key: "topology.kubernetes.io/zone", values: ["a"] }] };
    expect(errors({ allowedTopologies: [term] })).toEqual([]);
    expect(
      errors({
        allowedTopologies: [
          {},
          {
            matchLabelExpressions: [
              { key: "k", values: [] },
              { key: "k", values: ["x", "x"] },
            ],
          },
          term,
          term,
        ],
      }),
    ).toEqual([
      "allowedTopologies[0].matchLabelExpressions: Required value: must have at least one label expression",
      "allowedTopologies[1].matchLabelExpressions[0].values: Required value",
      'allowedTopologies[1].matchLabelExpressions[1].values[1]: Duplicate value: "x"',
      'allowedTopologies[1].matchLabelExpressions[1].key: Duplicate value: "k"',
      'allowedTopologies[3].matchLabelExpressions: Duplicate value: ""',
    ]);
  });
});

describe("Nodes (upstream's ValidateNode and ValidateNodeUpdate)", () => {
  const node = (spec: Record<string, unknown>, status?: Record<string, unknown>): KubeObject => ({
    kind: "Node",
    metadata: { name: "n1", resourceVersion: "1" },
    spec,
    ...(status && { status }),
  });
  const errors = (n: KubeObject) => (nodeStrategy.validate?.(n) ?? []).map(errorText);
  const updateErrors = (n: KubeObject, old: KubeObject) => {
    nodeStrategy.prepareForUpdate?.(n, old);
    return (nodeStrategy.validateUpdate?.(n, old) ?? []).map(errorText);
  };

  it("taints: key, value, effect, unique by key and effect (under metadata.taints, as upstream)", () => {
    expect(
      errors(
        node({
          taints: [
            { key: "a", value: "x y", effect: "Sometimes" },
            { key: "b", effect: "NoSchedule" },
            { key: "b", effect: "NoSchedule" },
          ],
        }),
      ),
    ).toEqual([
      "metadata.taints[0].value: Invalid value: \"x y\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')",
      'metadata.taints[0].effect: Unsupported value: "Sometimes": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"',
      'metadata.taints[2]: Duplicate value: {"Key":"b","Value":"","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair',
    ]);
  });

  it("podCIDRs valid, one per family, unique; capacity not negative", () => {
    expect(errors(node({ podCIDRs: ["10.0.0.0/24", "fd00::/64"] }))).toEqual([]);
    expect(errors(node({ podCIDRs: ["10.0.0.0/24", "10.0.0.0/24", "x"] }, { capacity: { cpu: "-1" } }))).toEqual([
      'status.capacity.cpu: Invalid value: "-1": must be greater than or equal to 0',
      'spec.podCIDRs[2]: Invalid value: "x": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
      'spec.podCIDRs: Invalid value: ["10.0.0.0/24","10.0.0.0/24","x"]: may specify no more than one CIDR for each IP family',
      'spec.podCIDRs[1]: Duplicate value: "10.0.0.0/24"',
    ]);
  });

  it("podCIDRs and providerID are fixed once set", () => {
    const old = node({ podCIDRs: ["10.0.0.0/24"], providerID: "aws://1" });
    expect(updateErrors(node({ podCIDRs: ["10.0.1.0/24"], providerID: "aws://2" }), old)).toEqual([
      'spec.podCIDRs: Forbidden: node updates may not change podCIDR except from "" to valid',
      'spec.providerID: Forbidden: node updates may not change providerID except from "" to valid',
    ]);
    expect(updateErrors(node({ podCIDRs: ["10.0.0.0/24"], providerID: "aws://1" }), node({}))).toEqual([]);
  });
});

describe("Job podFailurePolicy (upstream's validatePodFailurePolicy)", () => {
  const job = (rules: unknown[], restartPolicy = "Never", extra: Record<string, unknown> = {}): KubeObject => ({
    apiVersion: "batch/v1",
    kind: "Job",
    metadata: { name: "j", namespace: "d", uid: "u1" },
    spec: { podFailurePolicy: { rules }, template: { spec: { restartPolicy, containers: [{ name: "main", image: "x" }] } }, ...extra },
  });
  const errors = (obj: KubeObject) => {
    jobStrategy.defaults?.(obj);
    jobStrategy.prepareForCreate?.(obj);
    return (jobStrategy.validate?.(obj) ?? []).map(errorText);
  };
  const R = "spec.podFailurePolicy.rules";

  it("a valid policy passes", () => {
    expect(
      errors(
        job([
          { action: "FailJob", onExitCodes: { containerName: "main", operator: "In", values: [1, 2, 42] } },
          { action: "Ignore", onPodConditions: [{ type: "DisruptionTarget" }] },
        ]),
      ),
    ).toEqual([]);
  });

  it("actions, exit codes and pod conditions, with upstream's words", () => {
    expect(
      errors(
        job([
          { action: "Explode", onExitCodes: { containerName: "other", operator: "In", values: [3, 0, 3] } },
          { action: "FailIndex", onPodConditions: [{ type: "a b", status: "Maybe" }] },
          { onExitCodes: { values: [] }, onPodConditions: [{ type: "X" }] },
          { action: "Count" },
        ]),
      ),
    ).toEqual([
      `${R}[0].action: Unsupported value: "Explode": supported values: "Count", "FailIndex", "FailJob", "Ignore"`,
      `${R}[0].onExitCodes.containerName: Invalid value: "other": must be one of the container or initContainer names in the pod template`,
      `${R}[0].onExitCodes.values[1]: Invalid value: 0: must not be 0 for the In operator`,
      `${R}[0].onExitCodes.values[2]: Duplicate value: 3`,
      `${R}[0].onExitCodes.values: Invalid value: [3,0,3]: must be ordered`,
      `${R}[1].action: Invalid value: "FailIndex": requires the backoffLimitPerIndex to be set`,
      `${R}[1].onPodConditions[0].type: Invalid value: "a b": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      `${R}[1].onPodConditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"`,
      `${R}[2].action: Required value: valid values: ["Count" "FailIndex" "FailJob" "Ignore"]`,
      `${R}[2].onExitCodes.operator: Required value: valid values: ["In" "NotIn"]`,
      `${R}[2].onExitCodes.values: Invalid value: []: at least one value is required`,
      `${R}[2]: Invalid value: specifying both OnExitCodes and OnPodConditions is not supported`,
      `${R}[3]: Invalid value: specifying one of OnExitCodes and OnPodConditions is required`,
    ]);
  });

  it("at most 20 rules, and restartPolicy Never with a policy", () => {
    const rule = { action: "Ignore", onPodConditions: [{ type: "DisruptionTarget" }] };
    expect(errors(job(Array.from({ length: 21 }, () => rule)))).toEqual([`${R}: Too many: 21: must have at most 20 items`]);
    expect(errors(job([rule], "OnFailure"))).toEqual([
      'spec.template.spec.restartPolicy: Invalid value: "OnFailure": only "Never" is supported when podFailurePolicy is specified',
    ]);
  });
});

describe("ControllerRevisions (upstream's ValidateControllerRevision)", () => {
  const rev = (extra: Record<string, unknown>): KubeObject => ({
    apiVersion: "apps/v1",
    kind: "ControllerRevision",
    metadata: { name: "r", namespace: "d", resourceVersion: "1" },
    ...extra,
  });
  it("data required and immutable, revision not negative, no generation", () => {
    expect((controllerRevisionStrategy.validate?.(rev({ revision: -1 })) ?? []).map(errorText)).toEqual([
      "data: Required value: data is mandatory",
      "revision: Invalid value: -1: must be greater than or equal to 0",
    ]);
    const old = rev({ data: { a: 1 }, revision: 1 });
    expect((controllerRevisionStrategy.validateUpdate?.(rev({ data: { a: 2 }, revision: 1 }), old) ?? []).map(errorText)).toEqual([
      'data: Invalid value: {"a":2}: field is immutable',
    ]);
    expect(controllerRevisionStrategy.trackGeneration).toBe(false);
  });
});

describe("HPA v2 behavior (upstream's validateBehavior)", () => {
  it("stabilization window, select policy, policy type, value and period", () => {
    const hpa: KubeObject = {
      apiVersion: "autoscaling/v2",
      kind: "HorizontalPodAutoscaler",
      metadata: { name: "h", namespace: "d" },
      spec: {
        scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" },
        maxReplicas: 3,
        behavior: {
          scaleUp: { stabilizationWindowSeconds: 3601, selectPolicy: "Most", policies: [{ type: "Pod", value: 0, periodSeconds: 1801 }] },
          scaleDown: { stabilizationWindowSeconds: -1, policies: [{ type: "Percent", value: 10, periodSeconds: 0 }] },
        },
      },
    };
    hpaV2Strategy.defaults?.(hpa);
    const B = "spec.behavior";
    expect((hpaV2Strategy.validate?.(hpa) ?? []).map(errorText)).toEqual([
      `${B}.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600`,
      `${B}.scaleUp.selectPolicy: Unsupported value: "Most": supported values: "Disabled", "Max", "Min"`,
      `${B}.scaleUp.policies[0].type: Unsupported value: "Pod": supported values: "Percent", "Pods"`,
      `${B}.scaleUp.policies[0].value: Invalid value: 0: must be greater than zero`,
      `${B}.scaleUp.policies[0].periodSeconds: Invalid value: 1801: must be less than or equal to 1800`,
      `${B}.scaleDown.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero`,
      `${B}.scaleDown.policies[0].periodSeconds: Invalid value: 0: must be greater than zero`,
    ]);
  });
});

describe("Service loadBalancerClass (upstream's validateLoadBalancerClassField)", () => {
  const svc = (spec: Record<string, unknown>): KubeObject => {
    const obj: KubeObject = {
      kind: "Service",
      metadata: { name: "s", namespace: "d", resourceVersion: "1" },
      spec: { ports: [{ port: 80 }], ...spec },
    };
    serviceStrategy.defaults?.(obj);
    return obj;
  };
  it("only for LoadBalancer, a qualified name, fixed while a LoadBalancer, dropped when leaving it untouched", () => {
    expect((serviceStrategy.validate?.(svc({ loadBalancerClass: "example.com/lb" })) ?? []).map(errorText)).toEqual([
      "spec.loadBalancerClass: Forbidden: may only be used when `type` is 'LoadBalancer'",
    ]);
    const old = svc({ type: "LoadBalancer", loadBalancerClass: "example.com/lb", clusterIP: "10.0.0.10" });
    const changed = svc({ type: "LoadBalancer", loadBalancerClass: "example.com/other", clusterIP: "10.0.0.10" });
    serviceStrategy.prepareForUpdate?.(changed, old);
    expect((serviceStrategy.validateUpdate?.(changed, old) ?? []).map(errorText)).toContain(
      'spec.loadBalancerClass: Invalid value: "example.com/other": may not change once set',
    );
    const leaving = svc({ type: "ClusterIP", loadBalancerClass: "example.com/lb", clusterIP: "10.0.0.10" });
    serviceStrategy.prepareForUpdate?.(leaving, old);
    expect(record(leaving.spec).loadBalancerClass).toBeUndefined();
  });
});
