/**
 * The validation long tail of issue #16, each rule with upstream's field path and words:
 * extended resources in whole numbers, request/limit comparisons, emptyDir sizeLimit, the
 * downward API's resourceFieldRef (env and volume files), key selectors and envFrom, Ingress
 * path back-steps and backends, the warnings upstream gives for Pods it accepts, and the exact
 * Quantity text those messages print.
 */
import { describe, expect, it } from "vitest";
import { podStrategy } from "../../../apiserver/registry/resources/pods/strategy.js";
import { deploymentStrategy } from "../../../apiserver/registry/resources/deployments/strategy.js";
import { ingressStrategy } from "../../../apiserver/registry/resources/ingresses/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import { canonicalQuantity, isWholeQuantity } from "../../../apiserver/registry/validation/quantity-text.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { deployment } from "./helpers.js";

type Strategy = typeof podStrategy;

function errorsOf(obj: KubeObject, strategy: Strategy = podStrategy): string[] {
  strategy.defaults?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}
function warningsOf(obj: KubeObject): string[] {
  podStrategy.defaults?.(obj);
  return podStrategy.warningsOnCreate?.(obj) ?? [];
}
const pod = (containers: Record<string, unknown>[], extra: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "d" },
  spec: { containers, ...extra },
});
const withResources = (resources: Record<string, unknown>) => pod([{ name: "c", image: "x", resources }]);

describe("Quantity text as upstream prints it", () => {
  it("canonical forms: milli for fractions, binary suffixes kept when exact, zeros folded", () => {
    const cases: [unknown, string][] = [
      ["1.5", "1500m"],
      ["0.5", "500m"],
      ["100m", "100m"],
      ["1000m", "1"],
      ["3000", "3k"],
      ["1024Mi", "1Gi"],
      ["1536", "1536"],
      ["0.5Ki", "512"],
      ["1.5e0", "1500e-3"],
      ["1e3", "1e3"],
      ["-0.5", "-500m"],
      ["0", "0"],
      ["0.0000000001", "1n"],
      [2.5, "2500m"],
    ];
    for (const [q, want] of cases) expect(canonicalQuantity(q), String(q)).toBe(want);
  });

  it("whole numbers exactly, beyond a double's precision", () => {
    expect(isWholeQuantity("2")).toBe(true);
    expect(isWholeQuantity("2000m")).toBe(true);
    expect(isWholeQuantity("1.5")).toBe(false);
    expect(isWholeQuantity("0.5Ki")).toBe(true);
    expect(isWholeQuantity("1.00000000000000000001")).toBe(false);
    expect(isWholeQuantity("1e-1")).toBe(false);
    expect(isWholeQuantity("bogus")).toBeUndefined();
  });
});

describe("container resources", () => {
  it("extended resources must be whole numbers, printed as upstream's canonical Quantity", () => {
    expect(errorsOf(withResources({ limits: { "example.com/gpu": "1.5" } }))).toEqual([
      'spec.containers[0].resources.limits[example.com/gpu]: Invalid value: "1500m": must be an integer',
      // Defaulting copied the limit into requests, which upstream checks too.
      'spec.containers[0].resources.requests[example.com/gpu]: Invalid value: "1500m": must be an integer',
    ]);
    expect(errorsOf(withResources({ limits: { "example.com/gpu": "2" } }))).toEqual([]);
    // Native resources may be fractional; kubernetes.io names are native.
    expect(errorsOf(withResources({ limits: { cpu: "0.5", "kubernetes.io/foo": "0.5" } }))).toEqual([]);
  });

  it("request above limit names the requests as a whole, with canonical amounts", () => {
    expect(errorsOf(withResources({ requests: { cpu: "1.5" }, limits: { cpu: "1000m" } }))).toEqual([
      'spec.containers[0].resources.requests: Invalid value: "1500m": must be less than or equal to cpu limit of 1',
    ]);
  });

  it("resource names: standard for containers, or an extended name", () => {
    expect(errorsOf(withResources({ limits: { pods: "1" } }))).toEqual([
      'spec.containers[0].resources.limits[pods]: Invalid value: "pods": must be a standard resource for containers',
      'spec.containers[0].resources.requests[pods]: Invalid value: "pods": must be a standard resource for containers',
    ]);
    expect(errorsOf(withResources({ requests: { gpu: "1" } }))).toEqual([
      'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource type or fully qualified',
      'spec.containers[0].resources.requests[gpu]: Invalid value: "gpu": must be a standard resource for containers',
    ]);
  });

  it("hugepages need cpu or memory beside them", () => {
    expect(errorsOf(withResources({ limits: { "hugepages-2Mi": "2Mi" } }))).toEqual([
      "spec.containers[0].resources: Forbidden: HugePages require cpu or memory",
    ]);
    expect(errorsOf(withResources({ limits: { "hugepages-2Mi": "2Mi", memory: "1Gi" } }))).toEqual([]);
  });
});

describe("volumes", () => {
  const withVolume = (volume: Record<string, unknown>, mounts: Record<string, unknown>[] = []) =>
    pod([{ name: "c", image: "x", volumeMounts: mounts }], { volumes: [{ name: "v", ...volume }] });

  it("one source per volume: the second is named in upstream's order, not the keys'; null sources do not count", () => {
    expect(errorsOf(withVolume({ configMap: { name: "a" }, emptyDir: {}, hostPath: { path: "/h" } }))).toEqual([
      "spec.volumes[0].emptyDir: Forbidden: may not specify more than 1 volume type",
    ]);
    expect(errorsOf(withVolume({ hostPath: null, emptyDir: {}, image: undefined }))).toEqual([]);
    expect(errorsOf(withVolume({ hostPath: null }))).toEqual(["spec.volumes[0]: Required value: must specify a volume type"]);
  });

  it("emptyDir.sizeLimit may not be negative", () => {
    expect(errorsOf(withVolume({ emptyDir: { sizeLimit: "-1Gi" } }))).toEqual([
      "spec.volumes[0].emptyDir.sizeLimit: Forbidden: SizeLimit field must be a valid resource quantity",
    ]);
    expect(errorsOf(withVolume({ emptyDir: { medium: "Memory", sizeLimit: "64Mi" } }))).toEqual([]);
  });

  it("configMap and secret items: key, a relative path without back-steps, a mode", () => {
    expect(
      errorsOf(
        withVolume({
          configMap: {
            name: "cm",
            items: [
              { key: "", path: "../x" },
              { key: "k", path: "..x", mode: 0o1000 },
            ],
          },
        }),
      ),
    ).toEqual([
      "spec.volumes[0].configMap.items[0].key: Required value",
      "spec.volumes[0].configMap.items[0].path: Invalid value: \"../x\": must not contain '..'",
      "spec.volumes[0].configMap.items[1].path: Invalid value: \"..x\": must not start with '..'",
      "spec.volumes[0].configMap.items[1].mode: Invalid value: 512: must be a number between 0 and 0777 (octal), both inclusive",
    ]);
  });

  it("downwardAPI files: errors under the volume source's path (upstream's quirk), fields a volume may read", () => {
    const items = [
      { path: "labels", fieldRef: { fieldPath: "metadata.labels" } },
      { path: "node", fieldRef: { fieldPath: "spec.nodeName" } },
      { path: "cpu", resourceFieldRef: { resource: "limits.cpu" } },
      { path: "mem", resourceFieldRef: { containerName: "c", resource: "limits.memory", divisor: "1Mi" } },
      { path: "none" },
    ];
    expect(errorsOf(withVolume({ downwardAPI: { items } }))).toEqual([
      'spec.volumes[0].downwardAPI.fieldRef.fieldPath: Unsupported value: "spec.nodeName": supported values: "metadata.annotations", "metadata.labels", "metadata.name", "metadata.namespace", "metadata.uid"',
      "spec.volumes[0].downwardAPI.resourceFieldRef.containerName: Required value",
      "spec.volumes[0].downwardAPI: Required value: one of fieldRef and resourceFieldRef is required",
    ]);
  });

  it("projected sources: downwardAPI items checked, one kind per source", () => {
    const sources = [
      { configMap: { name: "a" }, secret: { name: "b" } },
      { downwardAPI: { items: [{ path: "/abs", fieldRef: { fieldPath: "metadata.name" } }] } },
    ];
    expect(errorsOf(withVolume({ projected: { sources } }))).toEqual([
      "spec.volumes[0].projected.sources[0]: Forbidden: may not specify more than 1 volume type per source",
      'spec.volumes[0].projected.sources[1].downwardAPI.path: Invalid value: "/abs": must be a relative path',
    ]);
  });
});

describe("env valueFrom", () => {
  const withEnv = (env: Record<string, unknown>[]) => pod([{ name: "c", image: "x", env }]);
  const ENV = "spec.containers[0].env[0].valueFrom";

  it("resourceFieldRef: a supported resource, a divisor that suits it", () => {
    expect(errorsOf(withEnv([{ name: "A", valueFrom: { resourceFieldRef: { resource: "limits.cpu", divisor: "1m" } } }]))).toEqual([]);
    expect(
      errorsOf(withEnv([{ name: "A", valueFrom: { resourceFieldRef: { resource: "requests.hugepages-2Mi", divisor: "1Mi" } } }])),
    ).toEqual([]);
    // 1000m is 1: the divisor is compared in its canonical form.
    expect(errorsOf(withEnv([{ name: "A", valueFrom: { resourceFieldRef: { resource: "limits.cpu", divisor: "1000m" } } }]))).toEqual([]);
    expect(errorsOf(withEnv([{ name: "A", valueFrom: { resourceFieldRef: { resource: "limits.gpu" } } }]))).toEqual([
      `${ENV}.resourceFieldRef.resource: Unsupported value: "limits.gpu": supported values: "limits.cpu", "limits.ephemeral-storage", "limits.memory", "requests.cpu", "requests.ephemeral-storage", "requests.memory"`,
    ]);
    expect(errorsOf(withEnv([{ name: "A", valueFrom: { resourceFieldRef: { resource: "limits.cpu", divisor: "2" } } }]))).toEqual([
      `${ENV}.resourceFieldRef.divisor: Invalid value: "limits.cpu": only divisor's values 1m and 1 are supported with the cpu resource`,
    ]);
    expect(errorsOf(withEnv([{ name: "A", valueFrom: { resourceFieldRef: { resource: "requests.memory", divisor: "3Mi" } } }]))).toEqual([
      `${ENV}.resourceFieldRef.divisor: Invalid value: "requests.memory": only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource`,
    ]);
    expect(
      errorsOf(withEnv([{ name: "A", valueFrom: { resourceFieldRef: { resource: "limits.ephemeral-storage", divisor: "1m" } } }])),
    ).toEqual([
      `${ENV}.resourceFieldRef.divisor: Invalid value: "limits.ephemeral-storage": only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource`,
    ]);
    expect(errorsOf(withEnv([{ name: "A", valueFrom: { resourceFieldRef: {} } }]))).toEqual([
      `${ENV}.resourceFieldRef.resource: Required value`,
    ]);
  });

  it("configMapKeyRef and secretKeyRef: a name and a valid key; one source, and no value beside it", () => {
    expect(errorsOf(withEnv([{ name: "A", valueFrom: { configMapKeyRef: { name: "cm", key: "a b" } } }]))).toEqual([
      `${ENV}.configMapKeyRef.key: Invalid value: "a b": a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')`,
    ]);
    expect(errorsOf(withEnv([{ name: "A", valueFrom: { secretKeyRef: { name: "Bad_Name", key: "k" } } }]))[0]).toMatch(
      /^spec\.containers\[0\]\.env\[0\]\.valueFrom\.secretKeyRef\.name: Invalid value: "Bad_Name": a lowercase RFC 1123 subdomain/,
    );
    expect(
      errorsOf(
        withEnv([
          { name: "A", value: "x", valueFrom: { configMapKeyRef: { name: "cm", key: "k" }, secretKeyRef: { name: "s", key: "k" } } },
        ]),
      ),
    ).toEqual([`${ENV}: Invalid value: "": may not be specified when \`value\` is not empty`]);
  });

  it("envFrom: the source-count errors name the list, as upstream's", () => {
    const p = pod([{ name: "c", image: "x", envFrom: [{ prefix: "A=" }, { configMapRef: { name: "a" }, secretRef: { name: "b" } }] }]);
    expect(errorsOf(p)).toEqual([
      "spec.containers[0].envFrom[0].prefix: Invalid value: \"A=\": a valid environment variable name must consist only of printable ASCII characters other than '='",
      'spec.containers[0].envFrom: Invalid value: "": must specify one of: `configMapRef` or `secretRef`',
      'spec.containers[0].envFrom: Invalid value: "": may not have more than one field specified at a time',
    ]);
  });
});

describe("Ingress paths and backends", () => {
  const ingress = (paths: Record<string, unknown>[], tls: Record<string, unknown>[] = []): KubeObject => ({
    apiVersion: "networking.k8s.io/v1",
    kind: "Ingress",
    metadata: { name: "i", namespace: "d" },
    spec: { rules: [{ host: "a.example.com", http: { paths } }], tls },
  });
  const backend = { service: { name: "s", port: { number: 80 } } };
  const P = "spec.rules[0].http.paths[0]";

  it("Exact and Prefix paths: no back-steps or encoded slashes, each reported as upstream words it", () => {
    const cases: [string, string[]][] = [
      ["/a//b", ["must not contain '//'"]],
      ["/a/./b", ["must not contain '/./'"]],
      ["/a/../b", ["must not contain '/../'"]],
      ["/a%2fb", ["must not contain '%2f'"]],
      ["/a%2Fb", ["must not contain '%2F'"]],
      ["/a/..", ["cannot end with '/..'"]],
      ["/a/.", ["cannot end with '/.'"]],
      ["/a/../", ["must not contain '/../'"]],
    ];
    for (const [path, msgs] of cases) {
      for (const pathType of ["Exact", "Prefix"])
        expect(errorsOf(ingress([{ path, pathType, backend }]), ingressStrategy), `${pathType} ${path}`).toEqual(
          msgs.map((m) => `${P}.path: Invalid value: ${JSON.stringify(path)}: ${m}`),
        );
    }
    // Characters upstream does not restrict, and ImplementationSpecific paths, pass.
    expect(errorsOf(ingress([{ path: "/a b/{c}", pathType: "Prefix", backend }]), ingressStrategy)).toEqual([]);
    expect(errorsOf(ingress([{ path: "/a//b", pathType: "ImplementationSpecific", backend }]), ingressStrategy)).toEqual([]);
  });

  it("a missing pathType is the only error of its path", () => {
    expect(errorsOf(ingress([{ path: "rel", backend: {} }]), ingressStrategy)).toEqual([
      `${P}.pathType: Required value: pathType must be specified`,
    ]);
  });

  it("backends: Service names are DNS-1035 labels; port both-or-neither on the backend; resource references", () => {
    expect(
      errorsOf(
        ingress([{ path: "/", pathType: "Prefix", backend: { service: { name: "1svc", port: { number: 80 } } } }]),
        ingressStrategy,
      )[0],
    ).toMatch(/^spec\.rules\[0\]\.http\.paths\[0\]\.backend\.service\.name: Invalid value: "1svc": a DNS-1035 label/);
    expect(
      errorsOf(
        ingress([{ path: "/", pathType: "Prefix", backend: { service: { name: "s", port: { number: 80, name: "http" } } } }]),
        ingressStrategy,
      ),
    ).toEqual([`${P}.backend: Invalid value: "": cannot set both port name & port number`]);
    expect(
      errorsOf(ingress([{ path: "/", pathType: "Prefix", backend: { resource: { kind: "", name: "a/b" } } }]), ingressStrategy),
    ).toEqual([
      `${P}.backend.resource.kind: Required value: kind is required`,
      `${P}.backend.resource.name: Invalid value: "a/b": may not contain '/'`,
    ]);
  });

  it("TLS secret names are Secret names", () => {
    expect(errorsOf(ingress([{ path: "/", pathType: "Prefix", backend }], [{ secretName: "Bad" }]), ingressStrategy)[0]).toMatch(
      /^spec\.tls\[0\]\.secretName: Invalid value: "Bad": a lowercase RFC 1123 subdomain/,
    );
  });
});

describe("Pod warnings (accepted, with upstream's Warning text)", () => {
  it("imagePullSecrets with an empty or a repeated name", () => {
    const p = pod([{ name: "c", image: "x" }], { imagePullSecrets: [{ name: "" }, { name: "r" }, { name: "r" }] });
    expect(errorsOf(p)).toEqual([]);
    expect(warningsOf(p)).toEqual([
      'spec.imagePullSecrets[2].name: duplicate name "r"',
      'spec.imagePullSecrets[0].name: invalid empty name ""',
    ]);
  });

  it("fractional bytes of memory and ephemeral storage, env entries hiding earlier ones, deprecated volumes", () => {
    const p = pod(
      [
        {
          name: "c",
          image: "x",
          resources: { limits: { memory: "0.5" } },
          env: [
            { name: "A", value: "1" },
            { name: "A", value: "$(A)2" },
            { name: "A", value: "3" },
          ],
        },
      ],
      { volumes: [{ name: "g", gitRepo: { repository: "https://x" } }] },
    );
    expect(warningsOf(p)).toEqual([
      "spec.volumes[0].gitRepo: deprecated in v1.11",
      'spec.containers[0].resources.limits[memory]: fractional byte value "500m" is invalid, must be an integer',
      'spec.containers[0].resources.requests[memory]: fractional byte value "500m" is invalid, must be an integer',
      'spec.containers[0].env[2]: hides previous definition of "A", which may be dropped when using apply',
    ]);
  });

  it("a plain Pod gets none", () => {
    expect(
      warningsOf(pod([{ name: "c", image: "x", resources: { limits: { memory: "1Gi" } }, env: [{ name: "A" }, { name: "B" }] }])),
    ).toEqual([]);
  });
});

describe("pod templates get the same rules", () => {
  it("a Deployment's extended resource and downward API file", () => {
    const d = deployment({
      containers: [{ name: "c", image: "x", resources: { limits: { "example.com/gpu": "0.5" } } }],
      volumes: [{ name: "v", downwardAPI: { items: [{ path: "x", resourceFieldRef: { resource: "limits.cpu" } }] } }],
    });
    expect(errorsOf(d, deploymentStrategy)).toEqual([
      "spec.template.spec.volumes[0].downwardAPI.resourceFieldRef.containerName: Required value",
      'spec.template.spec.containers[0].resources.limits[example.com/gpu]: Invalid value: "500m": must be an integer',
    ]);
  });
});

describe("apps workloads: upstream's per-kind words and rolling-update bounds", () => {
  const template = { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "c", image: "x" }] } };
  const workload = (kind: string, spec: Record<string, unknown>): KubeObject => ({
    apiVersion: "apps/v1",
    kind,
    metadata: { name: "w", namespace: "d" },
    spec: { selector: { matchLabels: { app: "a" } }, template, ...spec },
  });

  it("a Deployment may surge past 100%, not be unavailable past it", () => {
    const d = (rollingUpdate: Record<string, unknown>) => workload("Deployment", { strategy: { type: "RollingUpdate", rollingUpdate } });
    expect(errorsOf(d({ maxSurge: "200%", maxUnavailable: 0 }), deploymentStrategy)).toEqual([]);
    expect(errorsOf(d({ maxSurge: 1, maxUnavailable: "150%" }), deploymentStrategy)).toEqual([
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "150%": must not be greater than 100%',
    ]);
    expect(errorsOf(d({ maxSurge: "0%", maxUnavailable: "0%" }), deploymentStrategy)).toEqual([
      'spec.strategy.rollingUpdate.maxUnavailable: Invalid value: "0%": may not be 0 when `maxSurge` is 0',
    ]);
    expect(errorsOf(d({ maxSurge: "1x", maxUnavailable: 1 }), deploymentStrategy)).toEqual([
      "spec.strategy.rollingUpdate.maxSurge: Invalid value: \"1x\": a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')",
    ]);
  });

  it("progressDeadlineSeconds must exceed minReadySeconds (0 included)", () => {
    expect(errorsOf(workload("Deployment", { progressDeadlineSeconds: 0 }), deploymentStrategy)).toEqual([
      "spec.progressDeadlineSeconds: Invalid value: 0: must be greater than minReadySeconds",
    ]);
  });

  it("empty selectors and activeDeadlineSeconds in each kind's words", async () => {
    const { daemonSetStrategy } = await import("../../../apiserver/registry/resources/daemonsets/strategy.js");
    const { statefulSetStrategy } = await import("../../../apiserver/registry/resources/statefulsets/strategy.js");
    const deadline = { ...template, spec: { ...template.spec, activeDeadlineSeconds: 5 } };
    expect(errorsOf(workload("DaemonSet", { selector: {}, template: deadline }), daemonSetStrategy)).toEqual([
      "spec.selector: Invalid value: {}: empty selector is invalid for daemonset",
      "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in DaemonSet is not Supported",
    ]);
    expect(errorsOf(workload("StatefulSet", { template: deadline }), statefulSetStrategy)).toEqual([
      "spec.template.spec.activeDeadlineSeconds: Forbidden: activeDeadlineSeconds in StatefulSet is not Supported",
    ]);
    expect(errorsOf(workload("StatefulSet", { podManagementPolicy: "Fast" }), statefulSetStrategy)).toEqual([
      "spec.podManagementPolicy: Invalid value: \"Fast\": must be 'OrderedReady' or 'Parallel'",
    ]);
    expect(
      errorsOf(
        workload("StatefulSet", { updateStrategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0 } } }),
        statefulSetStrategy,
      ),
    ).toEqual(["spec.updateStrategy.rollingUpdate.maxUnavailable: Invalid value: 0: cannot be 0"]);
  });

  it("a DaemonSet's rolling update: exactly one of maxSurge and maxUnavailable non-zero", async () => {
    const { daemonSetStrategy } = await import("../../../apiserver/registry/resources/daemonsets/strategy.js");
    const ds = (rollingUpdate: Record<string, unknown>) =>
      workload("DaemonSet", { updateStrategy: { type: "RollingUpdate", rollingUpdate } });
    expect(errorsOf(ds({ maxUnavailable: 1, maxSurge: 1 }), daemonSetStrategy)).toEqual([
      "spec.updateStrategy.rollingUpdate.maxSurge: Invalid value: 1: may not be set when maxUnavailable is non-zero",
    ]);
    expect(errorsOf(ds({ maxUnavailable: 0, maxSurge: 0 }), daemonSetStrategy)).toEqual([
      "spec.updateStrategy.rollingUpdate.maxUnavailable: Required value: cannot be 0 when maxSurge is 0",
    ]);
  });
});

describe("more Pod spec rules users meet", () => {
  it("probes: terminationGracePeriodSeconds above 0, gRPC ports; preStop sleep within the grace period", () => {
    const p = pod([
      {
        name: "c",
        image: "x",
        livenessProbe: { grpc: { port: 70000 }, terminationGracePeriodSeconds: 0 },
        lifecycle: { preStop: { sleep: { seconds: 60 } } },
      },
    ]);
    expect(errorsOf(p)).toEqual([
      "spec.containers[0].livenessProbe.grpc.port: Invalid value: 70000: must be between 1 and 65535, inclusive",
      "spec.containers[0].livenessProbe.terminationGracePeriodSeconds: Invalid value: 0: must be greater than 0",
      "spec.containers[0].lifecycle.preStop.sleep: Invalid value: 60: must be non-negative and less than terminationGracePeriodSeconds (30)",
    ]);
  });

  it("restartPolicy on containers: forbidden on regular ones, Always only on init ones", () => {
    const p = pod([{ name: "c", image: "x", restartPolicy: "Always" }], {
      initContainers: [{ name: "i", image: "x", restartPolicy: "OnFailure" }],
    });
    expect(errorsOf(p)).toEqual([
      "spec.containers[0].restartPolicy: Forbidden: may not be set for non-init containers",
      'spec.initContainers[0].restartPolicy: Unsupported value: "OnFailure": supported values: "Always"',
    ]);
  });

  it("mounts: subPathExpr exclusive with subPath; Bidirectional propagation only when privileged", () => {
    const p = pod(
      [
        {
          name: "c",
          image: "x",
          volumeMounts: [{ name: "v", mountPath: "/a", subPath: "a", subPathExpr: "$(X)", mountPropagation: "Bidirectional" }],
        },
      ],
      {
        volumes: [{ name: "v", emptyDir: {} }],
      },
    );
    expect(errorsOf(p)).toEqual([
      'spec.containers[0].volumeMounts[0].subPathExpr: Invalid value: "$(X)": subPathExpr and subPath are mutually exclusive',
      "spec.containers[0].volumeMounts[0].mountPropagation: Forbidden: Bidirectional mount propagation is available only to privileged containers",
    ]);
  });

  it("dnsPolicy None needs nameservers; at most three, each an IP", () => {
    expect(errorsOf(pod([{ name: "c", image: "x" }], { dnsPolicy: "None", dnsConfig: { searches: ["a"] } }))).toEqual([
      "spec.dnsConfig.nameservers: Required value: must provide at least one DNS nameserver when `dnsPolicy` is None",
    ]);
    expect(errorsOf(pod([{ name: "c", image: "x" }], { dnsConfig: { nameservers: ["1.1.1.1", "dns"] } }))).toEqual([
      'spec.dnsConfig.nameservers[1]: Invalid value: "dns": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
    ]);
  });

  it("tolerations: tolerationSeconds only with NoExecute; keys are qualified names", () => {
    const p = pod([{ name: "c", image: "x" }], {
      tolerations: [{ key: "a b", operator: "Exists", effect: "NoSchedule", tolerationSeconds: 30 }],
    });
    const errs = errorsOf(p);
    expect(errs[0]).toMatch(/^spec\.tolerations\[0\]\.key: Invalid value: "a b": name part must consist of/);
    expect(errs[1]).toBe(
      "spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set",
    );
  });

  it("preemptionPolicy and os.name from upstream's sets (an unknown OS reported on `os`)", () => {
    expect(errorsOf(pod([{ name: "c", image: "x" }], { preemptionPolicy: "Sometimes", os: { name: "mac" } }))).toEqual([
      'spec.preemptionPolicy: Unsupported value: "Sometimes": supported values: "PreemptLowerPriority", "Never"',
      'spec.os: Unsupported value: "mac": supported values: "linux", "windows"',
    ]);
  });
});

describe("Service load balancer fields", () => {
  const service = (spec: Record<string, unknown>): KubeObject => ({
    apiVersion: "v1",
    kind: "Service",
    metadata: { name: "s", namespace: "d" },
    spec: { ports: [{ port: 80 }], ...spec },
  });

  it("loadBalancerSourceRanges: CIDRs, and only on LoadBalancer Services (upstream spells the field in Go)", async () => {
    const { serviceStrategy } = await import("../../../apiserver/registry/resources/services/strategy.js");
    expect(errorsOf(service({ loadBalancerSourceRanges: ["10.0.0.0/8", "nope"] }), serviceStrategy)).toEqual([
      "spec.LoadBalancerSourceRanges: Forbidden: may only be used when `type` is 'LoadBalancer'",
      'spec.LoadBalancerSourceRanges[1]: Invalid value: "nope": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
    ]);
    expect(errorsOf(service({ type: "LoadBalancer", loadBalancerSourceRanges: [" 10.0.0.0/8 "] }), serviceStrategy)).toEqual([]);
  });

  it("healthCheckNodePort only for LoadBalancer with externalTrafficPolicy Local", async () => {
    const { serviceStrategy } = await import("../../../apiserver/registry/resources/services/strategy.js");
    expect(errorsOf(service({ type: "NodePort", healthCheckNodePort: 30001 }), serviceStrategy)).toEqual([
      "spec.healthCheckNodePort: Invalid value: 30001: may only be set when `type` is 'LoadBalancer' and `externalTrafficPolicy` is 'Local'",
    ]);
  });
});

describe("pod template warnings on workloads", () => {
  it("a Deployment's and a CronJob's templates warn under their own paths", async () => {
    const { cronJobStrategy } = await import("../../../apiserver/registry/resources/cronjobs/strategy.js");
    const podSpec = { imagePullSecrets: [{ name: "" }], containers: [{ name: "c", image: "x" }] };
    const d: KubeObject = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "d", namespace: "d" },
      spec: { selector: { matchLabels: { app: "a" } }, template: { metadata: { labels: { app: "a" } }, spec: podSpec } },
    };
    deploymentStrategy.defaults?.(d);
    expect(deploymentStrategy.warningsOnCreate?.(d)).toEqual(['spec.template.spec.imagePullSecrets[0].name: invalid empty name ""']);
    const cj: KubeObject = {
      apiVersion: "batch/v1",
      kind: "CronJob",
      metadata: { name: "c", namespace: "d" },
      spec: { schedule: "@hourly", jobTemplate: { spec: { template: { spec: { ...podSpec, restartPolicy: "Never" } } } } },
    };
    cronJobStrategy.defaults?.(cj);
    expect(cronJobStrategy.warningsOnCreate?.(cj)).toEqual([
      'spec.jobTemplate.spec.template.spec.imagePullSecrets[0].name: invalid empty name ""',
    ]);
  });
});

describe("topologySpreadConstraints", () => {
  it("maxSkew above zero, a topologyKey, a known whenUnsatisfiable, no repeated pair, minDomains only with DoNotSchedule", () => {
    const sel = { matchLabels: { app: "a" } };
    const p = pod([{ name: "c", image: "x" }], {
      topologySpreadConstraints: [
        { maxSkew: 0, topologyKey: "zone", whenUnsatisfiable: "DoNotSchedule", labelSelector: sel },
        { maxSkew: 1, topologyKey: "zone", whenUnsatisfiable: "DoNotSchedule", labelSelector: sel },
        { maxSkew: 1, topologyKey: "", whenUnsatisfiable: "Sometimes", minDomains: 2, labelSelector: sel },
      ],
    });
    expect(errorsOf(p)).toEqual([
      "spec.topologySpreadConstraints[0].maxSkew: Invalid value: 0: must be greater than zero",
      'spec.topologySpreadConstraints[0].{topologyKey, whenUnsatisfiable}: Duplicate value: "{zone, DoNotSchedule}"',
      "spec.topologySpreadConstraints[2].topologyKey: Required value: can not be empty",
      'spec.topologySpreadConstraints[2].whenUnsatisfiable: Unsupported value: "Sometimes": supported values: "DoNotSchedule", "ScheduleAnyway"',
      "spec.topologySpreadConstraints[2].minDomains: Invalid value: 2: can only use minDomains if whenUnsatisfiable=DoNotSchedule, not Sometimes",
    ]);
  });

  it("a constraint without a labelSelector is accepted with upstream's warning", () => {
    const p = pod([{ name: "c", image: "x" }], {
      topologySpreadConstraints: [{ maxSkew: 1, topologyKey: "zone", whenUnsatisfiable: "ScheduleAnyway" }],
    });
    expect(errorsOf(p)).toEqual([]);
    expect(warningsOf(p)).toEqual(["spec.topologySpreadConstraints[0].labelSelector: a null labelSelector results in matching no pod"]);
  });
});

describe("projected tokens and generic ephemeral volumes", () => {
  // A token needs a serviceAccountName (ServiceAccount admission sets it; these run the strategy alone).
  const withVolume = (volume: Record<string, unknown>) =>
    pod([{ name: "c", image: "x" }], { serviceAccountName: "default", volumes: [{ name: "v", ...volume }] });

  it("a projected token lasts 10 minutes at least (an hour by default); its path is relative", () => {
    expect(errorsOf(withVolume({ projected: { sources: [{ serviceAccountToken: { path: "token" } }] } }))).toEqual([]);
    expect(errorsOf(withVolume({ projected: { sources: [{ serviceAccountToken: { path: "/token", expirationSeconds: 60 } }] } }))).toEqual([
      "spec.volumes[0].projected.sources[0].serviceAccountToken.expirationSeconds: Invalid value: 60: may not specify a duration less than 10 minutes",
      'spec.volumes[0].projected.path: Invalid value: "/token": must be a relative path',
    ]);
  });

  it("an ephemeral volume's claim template is checked as a claim", () => {
    expect(errorsOf(withVolume({ ephemeral: {} }))).toEqual(["spec.volumes[0].ephemeral.volumeClaimTemplate: Required value"]);
    expect(errorsOf(withVolume({ ephemeral: { volumeClaimTemplate: { spec: { accessModes: ["ReadWriteOnce"] } } } }))).toEqual([
      "spec.volumes[0].ephemeral.volumeClaimTemplate.spec.resources[storage]: Required value",
    ]);
    expect(
      errorsOf(
        withVolume({
          ephemeral: { volumeClaimTemplate: { spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } } },
        }),
      ),
    ).toEqual([]);
  });
});

describe("readiness and scheduling gates", () => {
  it("condition types and gate names are qualified names; a gate once", () => {
    const p = pod([{ name: "c", image: "x" }], {
      readinessGates: [{ conditionType: "example.com/ready" }, { conditionType: "not ok" }],
      schedulingGates: [{ name: "example.com/wait" }, { name: "example.com/wait" }],
    });
    const errs = errorsOf(p);
    expect(errs).toHaveLength(2);
    expect(errs[0]).toMatch(/^spec\.readinessGates\[1\]\.conditionType: Invalid value: "not ok": name part must consist of/);
    expect(errs[1]).toBe('spec.schedulingGates[1]: Duplicate value: "example.com/wait"');
  });
});
