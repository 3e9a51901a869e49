/**
 * The strategies of the workload, networking, policy, scheduling and storage kinds through the
 * built-in storages on an in-memory storage: defaults as upstream's SetDefaults_*, status reset
 * and generation, validation with upstream's messages, immutability rules, field selectors, and
 * the pod subresources (binding, eviction honouring the PDB's status, ephemeral containers,
 * resize, log/exec without a kubelet) and Scale.
 */
import { describe, expect, it } from "vitest";
import type { DeploymentSpec, StatefulSetSpec } from "../../../generated/apis/apps/v1/index.js";
import type { JobSpec } from "../../../generated/apis/batch/v1/index.js";
import type { CertificateSigningRequestSpec, CertificateSigningRequestStatus } from "../../../generated/apis/certificates/v1/index.js";
import type { LimitRangeSpec, PodSpec, PodStatus } from "../../../generated/apis/core/v1/index.js";
import type { PodDisruptionBudgetStatus } from "../../../generated/apis/policy/v1/index.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import type { KubeObject, RESTStorage } from "../../../apiserver/registry/rest.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { CSR_REQUEST } from "../../support/csr-fixture.js";
import { ctx, scheme, statusOf, utf8 } from "./helpers.js";

function setup() {
  const storages = buildBuiltinStorages(new MemoryStorage(), scheme);
  const by = (group: string, plural: string, version?: string): RESTStorage =>
    storages.find((s) => s.group === group && s.info.plural === plural && (version === undefined || s.version === version))!;
  return { by };
}

const container = (extra: Record<string, unknown> = {}) => ({ name: "web", image: "nginx:1.25", ...extra });
const pod = (name: string, spec: Record<string, unknown> = {}, extra: Partial<KubeObject> = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, labels: { app: "web" } },
  spec: { containers: [container()], ...spec },
  ...extra,
});
const deployment = (name: string, spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "apps/v1",
  kind: "Deployment",
  metadata: { name },
  spec: {
    selector: { matchLabels: { app: "web" } },
    template: { metadata: { labels: { app: "web" } }, spec: { containers: [container()] } },
    ...spec,
  },
});
const job = (name: string, spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "batch/v1",
  kind: "Job",
  metadata: { name },
  spec: { template: { spec: { restartPolicy: "Never", containers: [container()] } }, ...spec },
});
const messages = (s: { details?: { causes?: { message?: string; field?: string }[] } }) =>
  (s.details?.causes ?? []).map((c) => `${c.field}: ${c.message}`);

describe("Pods", () => {
  it("defaults as SetDefaults_Pod, starts Pending with its QoS class, and tracks generation", async () => {
    const { by } = setup();
    const created = await by("", "pods").create!(
      ctx("default"),
      pod("p", {
        containers: [
          container({
            image: "nginx",
            ports: [{ containerPort: 80 }],
            resources: { limits: { cpu: "1", memory: "1Gi" } },
            livenessProbe: { httpGet: { port: 80 } },
          }),
        ],
      }),
      {},
    );
    const spec = created.spec as PodSpec;
    expect(spec).toMatchObject({
      restartPolicy: "Always",
      dnsPolicy: "ClusterFirst",
      terminationGracePeriodSeconds: 30,
      schedulerName: "default-scheduler",
      enableServiceLinks: true,
      securityContext: {},
    });
    expect(spec.containers[0]).toMatchObject({
      imagePullPolicy: "Always",
      terminationMessagePath: "/dev/termination-log",
      terminationMessagePolicy: "File",
      ports: [{ containerPort: 80, protocol: "TCP" }],
    });
    expect(spec.containers[0]?.resources?.requests).toEqual({ cpu: "1", memory: "1Gi" });
    expect(spec.containers[0]?.livenessProbe).toEqual({
      httpGet: { port: 80, path: "/", scheme: "HTTP" },
      timeoutSeconds: 1,
      periodSeconds: 10,
      successThreshold: 1,
      failureThreshold: 3,
    });
    expect(created.status).toEqual({ phase: "Pending", qosClass: "Guaranteed" });
    expect(created.metadata?.generation).toBe(1);
  });

  it("pull policy follows the tag: latest or none Always, a tag or digest IfNotPresent", async () => {
    const { by } = setup();
    const images = [
      "nginx",
      "nginx:latest",
      "registry:5000/nginx",
      "nginx:1.25",
      "nginx@sha256:0000000000000000000000000000000000000000000000000000000000000000",
    ];
    const p = await by("", "pods").create!(
      ctx("default"),
      pod("p", { containers: images.map((image, i) => ({ name: `c${i}`, image })) }),
      {},
    );
    expect((p.spec as PodSpec).containers.map((c) => c.imagePullPolicy)).toEqual([
      "Always",
      "Always",
      "Always",
      "IfNotPresent",
      "IfNotPresent",
    ]);
  });

  it("refuses bad specs with upstream's messages", async () => {
    const { by } = setup();
    const s = await statusOf(
      by("", "pods").create!(
        ctx("default"),
        pod("bad", {
          restartPolicy: "Sometimes",
          containers: [
            container({
              ports: [{ containerPort: 70000 }],
              resources: { requests: { memory: "2Gi" }, limits: { memory: "1Gi" } },
              volumeMounts: [{ name: "nope", mountPath: "/x" }],
            }),
            container({ image: "" }),
          ],
        }),
        {},
      ),
    );
    expect(s.code).toBe(422);
    expect(messages(s)).toEqual(
      expect.arrayContaining([
        'spec.restartPolicy: Unsupported value: "Sometimes": supported values: "Always", "OnFailure", "Never"',
        "spec.containers[0].ports[0].containerPort: Invalid value: 70000: must be between 1 and 65535, inclusive",
        'spec.containers[0].resources.requests: Invalid value: "2Gi": must be less than or equal to memory limit of 1Gi',
        'spec.containers[0].volumeMounts[0].name: Not found: "nope"',
        'spec.containers[1].name: Duplicate value: "web"',
        "spec.containers[1].image: Required value",
      ]),
    );
  });

  it("a bad Quantity is a 400 as upstream's decoding gives it", async () => {
    const { by } = setup();
    const s = await statusOf(
      by("", "pods").create!(ctx("default"), pod("q", { containers: [container({ resources: { limits: { cpu: "one" } } })] }), {}),
    );
    expect(s.code).toBe(400);
    expect(s.message).toBe(
      `Pod in version "v1" cannot be handled as a Pod: quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'`,
    );
  });

  it("updates may change images, not the rest of the spec; status is kept", async () => {
    const { by } = setup();
    const pods = by("", "pods");
    await pods.create!(ctx("default"), pod("p"), {});
    const img = await pods.patch!(
      ctx("default"),
      "p",
      "merge",
      utf8({ spec: { containers: [{ name: "web", image: "nginx:1.26" }] }, status: { phase: "Running" } }),
      {},
    );
    expect((img.object.spec as PodSpec).containers[0]?.image).toBe("nginx:1.26");
    expect((img.object.status as PodStatus).phase).toBe("Pending");
    expect(img.object.metadata?.generation).toBe(2);
    const s = await statusOf(pods.patch!(ctx("default"), "p", "merge", utf8({ spec: { restartPolicy: "Never" } }), {}));
    expect(messages(s)[0]).toMatch(/^spec: Forbidden: pod updates may not change fields other than `spec.containers\[\*\].image`/);
  });

  it("field selectors as upstream's: spec.nodeName, status.phase; others refused", async () => {
    const { by } = setup();
    const pods = by("", "pods");
    await pods.create!(ctx("default"), pod("a", { nodeName: "n1" }), {});
    await pods.create!(ctx("default"), pod("b"), {});
    const names = async (fieldSelector: string) => (await pods.list!(ctx("default"), { fieldSelector })).items.map((p) => p.metadata?.name);
    expect(await names("spec.nodeName=n1")).toEqual(["a"]);
    expect(await names("spec.nodeName=")).toEqual(["b"]);
    expect(await names("status.phase=Pending,spec.restartPolicy=Always")).toEqual(["a", "b"]);
    expect((await statusOf(pods.list!(ctx("default"), { fieldSelector: "spec.image=x" }))).message).toBe(
      "field label not supported: spec.image",
    );
  });

  it("the legacy bindings resource (create only) binds the pod its Binding names", async () => {
    const { by } = setup();
    const pods = by("", "pods");
    const bindings = by("", "bindings", "v1");
    expect(bindings.info).toMatchObject({ kind: "Binding", namespaced: true, verbs: ["create"] });
    await pods.create!(ctx("default"), pod("q"), {});
    const binding = { apiVersion: "v1", kind: "Binding", metadata: { name: "q" }, target: { kind: "Node", name: "n1" } };
    expect((await bindings.create!(ctx("default"), binding, {})).status).toBe("Success");
    expect(((await pods.get!(ctx("default"), "q", {})).spec as { nodeName?: string }).nodeName).toBe("n1");
    expect((await statusOf(bindings.create!(ctx("default"), { ...binding, metadata: { name: "nope" } }, {}))).code).toBe(404);
  });

  it("binding sets the node once; a second binding conflicts", async () => {
    const { by } = setup();
    const pods = by("", "pods");
    await pods.create!(ctx("default"), pod("p"), {});
    const binding = (node: string): KubeObject => ({
      apiVersion: "v1",
      kind: "Binding",
      metadata: { name: "p" },
      target: { kind: "Node", name: node },
    });
    expect((await pods.subresources!.binding!.create!(ctx("default"), binding("n1"), {})).status).toBe("Success");
    const bound = await pods.get!(ctx("default"), "p", {});
    expect((bound.spec as PodSpec).nodeName).toBe("n1");
    expect((bound.status as PodStatus).conditions).toEqual([expect.objectContaining({ type: "PodScheduled", status: "True" })]);
    const s = await statusOf(pods.subresources!.binding!.create!(ctx("default"), binding("n2"), {}));
    expect(s.code).toBe(409);
    expect(s.message).toBe('Operation cannot be fulfilled on pods/binding "p": pod p is already assigned to node "n1"');
    const bad = await statusOf(
      pods.subresources!.binding!.create!(ctx("default"), { ...binding(""), target: { kind: "Pod", name: "" } }, {}),
    );
    expect(messages(bad)).toEqual([
      'target.kind: Unsupported value: "Pod": supported values: "Node", "<empty>"',
      "target.name: Required value",
    ]);
  });

  it("eviction: refused with 429 while the PDB allows no disruption, then allowed and counted", async () => {
    const { by } = setup();
    const pods = by("", "pods");
    const pdbs = by("policy", "poddisruptionbudgets");
    await pods.create!(ctx("default"), pod("p"), {});
    // A running, ready pod is a disruption.
    const running = await pods.get!(ctx("default"), "p", {});
    running.status = { phase: "Running", conditions: [{ type: "Ready", status: "True" }] };
    await pods.subresources!.status!.update!(ctx("default"), "p", running, {});
    await pdbs.create!(
      ctx("default"),
      {
        apiVersion: "policy/v1",
        kind: "PodDisruptionBudget",
        metadata: { name: "pdb" },
        spec: { minAvailable: 1, selector: { matchLabels: { app: "web" } } },
      },
      {},
    );
    const eviction: KubeObject = { apiVersion: "policy/v1", kind: "Eviction", metadata: { name: "p" } };
    const setStatus = async (status: Record<string, unknown>) => {
      const cur = await pdbs.get!(ctx("default"), "pdb", {});
      await pdbs.subresources!.status!.update!(ctx("default"), "pdb", { ...cur, status }, {});
    };
    await setStatus({ observedGeneration: 1, disruptionsAllowed: 0, currentHealthy: 1, desiredHealthy: 1, expectedPods: 1 });
    const refused = await statusOf(pods.subresources!.eviction!.create!(ctx("default"), eviction, {}));
    expect(refused).toMatchObject({
      code: 429,
      reason: "TooManyRequests",
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
    });
    expect(refused.details?.causes).toEqual([
      { reason: "DisruptionBudget", message: "The disruption budget pdb needs 1 healthy pods and has 1 currently" },
    ]);
    await setStatus({ observedGeneration: 1, disruptionsAllowed: 1, currentHealthy: 2, desiredHealthy: 1, expectedPods: 2 });
    expect((await pods.subresources!.eviction!.create!(ctx("default"), eviction, {})).status).toBe("Success");
    expect((await statusOf(pods.get!(ctx("default"), "p", {}))).code).toBe(404);
    const after = (await pdbs.get!(ctx("default"), "pdb", {})).status as PodDisruptionBudgetStatus;
    expect(after.disruptionsAllowed).toBe(0);
    expect(Object.keys(after.disruptedPods ?? {})).toEqual(["p"]);
  });

  it("ephemeral containers are added through their subresource only, never changed", async () => {
    const { by } = setup();
    const pods = by("", "pods");
    await pods.create!(ctx("default"), pod("p"), {});
    const debug = { name: "debug", image: "busybox", imagePullPolicy: "IfNotPresent", terminationMessagePolicy: "File" };
    // The main resource ignores them.
    const main = await pods.patch!(ctx("default"), "p", "merge", utf8({ spec: { ephemeralContainers: [debug] } }), {});
    expect((main.object.spec as PodSpec).ephemeralContainers).toBeUndefined();
    const sub = await pods.subresources!.ephemeralcontainers!.patch!(
      ctx("default"),
      "p",
      "merge",
      utf8({ spec: { ephemeralContainers: [debug] } }),
      {},
    );
    expect((sub.object.spec as PodSpec).ephemeralContainers).toEqual([expect.objectContaining(debug)]);
    const s = await statusOf(
      pods.subresources!.ephemeralcontainers!.patch!(
        ctx("default"),
        "p",
        "strategic",
        utf8({ spec: { ephemeralContainers: [{ name: "debug", image: "alpine" }] } }),
        {},
      ),
    );
    // As upstream, the message goes on with the container's diff.
    expect(messages(s).map((m) => m.split("\n")[0])).toEqual([
      'spec.ephemeralContainers: Forbidden: existing ephemeral containers "debug" may not be changed',
    ]);
  });

  it("log, exec and proxy without a kubelet answer as kube-apiserver does", async () => {
    const { by } = setup();
    const pods = by("", "pods");
    await pods.create!(ctx("default"), pod("p", { containers: [container(), container({ name: "side" })] }), {});
    const q = (s: string) => ({ method: "GET", path: "", query: new URLSearchParams(s) });
    expect((await statusOf(pods.subresources!.log!.connect!(ctx("default"), "p", q("")))).message).toBe(
      "a container name must be specified for pod p, choose one of: [web side]",
    );
    expect((await statusOf(pods.subresources!.log!.connect!(ctx("default"), "p", q("container=x")))).message).toBe(
      "container x is not valid for pod p",
    );
    expect(await pods.subresources!.log!.connect!(ctx("default"), "p", q("container=web"))).toEqual({
      status: 200,
      contentType: "text/plain",
      body: "",
    });
    const exec = await statusOf(pods.subresources!.exec!.connect!(ctx("default"), "p", { ...q("container=web"), method: "POST" }));
    expect(exec).toMatchObject({ code: 400, message: "pod p does not have a host assigned" });
    expect((await statusOf(pods.subresources!.exec!.connect!(ctx("default"), "missing", q("")))).code).toBe(404);
    const services = by("", "services");
    await services.create!(
      ctx("default"),
      { apiVersion: "v1", kind: "Service", metadata: { name: "s" }, spec: { ports: [{ port: 80 }], selector: { app: "web" } } },
      {},
    );
    expect(
      await statusOf(
        services.subresources!.proxy!.connect!(ctx("default"), "s", { method: "GET", path: "healthz", query: new URLSearchParams() }),
      ),
    ).toMatchObject({ code: 503, message: 'no endpoints available for service "s"' });
  });
});

describe("apps/v1", () => {
  it("Deployment: defaults, status reset on create, generation on spec change only, immutable selector, scale", async () => {
    const { by } = setup();
    const deployments = by("apps", "deployments");
    const d = await deployments.create!(ctx("default"), { ...deployment("web"), status: { replicas: 9 } }, {});
    expect(d.spec).toMatchObject({
      replicas: 1,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: "25%", maxSurge: "25%" } },
    });
    expect(d.status ?? {}).toEqual({});
    const labelled = await deployments.patch!(ctx("default"), "web", "merge", utf8({ metadata: { labels: { x: "y" } } }), {});
    expect(labelled.object.metadata?.generation).toBe(1);
    const s = await statusOf(
      deployments.patch!(
        ctx("default"),
        "web",
        "merge",
        utf8({ spec: { selector: { matchLabels: { app: "other" } }, template: { metadata: { labels: { app: "other" } } } } }),
        {},
      ),
    );
    expect(messages(s)).toEqual(['spec.selector: Invalid value: {"matchLabels":{"app":"other"}}: field is immutable']);
    const scale = deployments.subresources!.scale!;
    expect(await scale.get!(ctx("default"), "web", {})).toMatchObject({
      kind: "Scale",
      apiVersion: "autoscaling/v1",
      spec: { replicas: 1 },
      status: { replicas: 0, selector: "app=web" },
    });
    const scaled = await scale.patch!(ctx("default"), "web", "strategic", utf8({ spec: { replicas: 4 } }), {});
    expect(scaled.object.spec).toEqual({ replicas: 4 });
    const after = await deployments.get!(ctx("default"), "web", {});
    expect((after.spec as DeploymentSpec).replicas).toBe(4);
    expect(after.metadata?.generation).toBe(2);
  });

  it("Deployment validation: selector must match the template, restartPolicy Always, maxUnavailable and maxSurge not both 0", async () => {
    const { by } = setup();
    const bad = deployment("bad", {
      selector: { matchLabels: { app: "a" } },
      strategy: { type: "RollingUpdate", rollingUpdate: { maxUnavailable: 0, maxSurge: 0 } },
      template: { metadata: { labels: { app: "b" } }, spec: { restartPolicy: "Never", containers: [container()] } },
    });
    const s = await statusOf(by("apps", "deployments").create!(ctx("default"), bad, {}));
    expect(messages(s)).toEqual([
      'spec.template.metadata.labels: Invalid value: {"app":"b"}: `selector` does not match template `labels`',
      'spec.template.spec.restartPolicy: Unsupported value: "Never": supported values: "Always"',
      "spec.strategy.rollingUpdate.maxUnavailable: Invalid value: 0: may not be 0 when `maxSurge` is 0",
    ]);
  });

  it("StatefulSet: defaults (claim templates included), mounts may name claim templates, only some spec fields change", async () => {
    const { by } = setup();
    const sets = by("apps", "statefulsets");
    const sts = await sets.create!(
      ctx("default"),
      {
        apiVersion: "apps/v1",
        kind: "StatefulSet",
        metadata: { name: "db" },
        spec: {
          serviceName: "db",
          selector: { matchLabels: { app: "web" } },
          template: {
            metadata: { labels: { app: "web" } },
            spec: { containers: [container({ volumeMounts: [{ name: "data", mountPath: "/data" }] })] },
          },
          volumeClaimTemplates: [
            { metadata: { name: "data" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } },
          ],
        },
      },
      {},
    );
    expect(sts.spec).toMatchObject({
      replicas: 1,
      podManagementPolicy: "OrderedReady",
      revisionHistoryLimit: 10,
      updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 0 } },
    });
    expect((sts.spec as StatefulSetSpec).volumeClaimTemplates?.[0]).toMatchObject({
      spec: { volumeMode: "Filesystem" },
      status: { phase: "Pending" },
    });
    expect((await sets.patch!(ctx("default"), "db", "merge", utf8({ spec: { replicas: 3 } }), {})).object.metadata?.generation).toBe(2);
    const s = await statusOf(sets.patch!(ctx("default"), "db", "merge", utf8({ spec: { serviceName: "other" } }), {}));
    expect(messages(s)[0]).toMatch(/^spec: Forbidden: updates to statefulset spec for fields other than 'replicas'/);
  });
});

describe("batch/v1", () => {
  it("Job: defaults, generated selector and labels, immutable template, status.successful selectable", async () => {
    const { by } = setup();
    const jobs = by("batch", "jobs");
    const j = await jobs.create!(ctx("default"), job("once"), {});
    const uid = j.metadata!.uid!;
    expect(j.spec).toMatchObject({
      completions: 1,
      parallelism: 1,
      backoffLimit: 6,
      completionMode: "NonIndexed",
      suspend: false,
      podReplacementPolicy: "TerminatingOrFailed",
      selector: { matchLabels: { "batch.kubernetes.io/controller-uid": uid } },
    });
    expect((j.spec as JobSpec).template.metadata?.labels).toEqual({
      "batch.kubernetes.io/controller-uid": uid,
      "batch.kubernetes.io/job-name": "once",
      "controller-uid": uid,
      "job-name": "once",
    });
    const s = await statusOf(
      jobs.patch!(
        ctx("default"),
        "once",
        "strategic",
        utf8({ spec: { template: { spec: { containers: [{ name: "web", image: "other" }] } } } }),
        {},
      ),
    );
    expect(messages(s)[0]).toMatch(/^spec.template: Invalid value: .*: field is immutable$/);
    const manual = await statusOf(jobs.create!(ctx("default"), job("sel", { selector: { matchLabels: { a: "b" } } }), {}));
    expect(messages(manual)).toContain('spec.selector: Invalid value: {"matchLabels":{"a":"b"}}: `selector` not auto-generated');
    const always = await statusOf(
      jobs.create!(ctx("default"), job("always", { template: { spec: { restartPolicy: "Always", containers: [container()] } } }), {}),
    );
    expect(messages(always)).toEqual([
      'spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"',
    ]);
    expect((await jobs.list!(ctx("default"), { fieldSelector: "status.successful=0" })).items).toHaveLength(1);
  });

  it("CronJob: defaults and schedule / time zone validation", async () => {
    const { by } = setup();
    const cronjobs = by("batch", "cronjobs");
    const cj = (name: string, spec: Record<string, unknown>): KubeObject => ({
      apiVersion: "batch/v1",
      kind: "CronJob",
      metadata: { name },
      spec: { jobTemplate: { spec: { template: { spec: { restartPolicy: "OnFailure", containers: [container()] } } } }, ...spec },
    });
    const ok = await cronjobs.create!(ctx("default"), cj("hourly", { schedule: "@hourly", timeZone: "Europe/Paris" }), {});
    expect(ok.spec).toMatchObject({ concurrencyPolicy: "Allow", suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    const cases: [Record<string, unknown>, string][] = [
      [{ schedule: "* * * *" }, 'spec.schedule: Invalid value: "* * * *": expected exactly 5 fields, found 4: [* * * *]'],
      [
        { schedule: "TZ=UTC 0 * * * *" },
        'spec.schedule: Invalid value: "TZ=UTC 0 * * * *": cannot use TZ or CRON_TZ in schedule, use timeZone field instead',
      ],
      [{ schedule: "0 * * * *", timeZone: "Mars/Olympus" }, 'spec.timeZone: Invalid value: "Mars/Olympus": unknown time zone Mars/Olympus'],
      [
        { schedule: "0 * * * *", concurrencyPolicy: "Sometimes" },
        'spec.concurrencyPolicy: Unsupported value: "Sometimes": supported values: "Allow", "Forbid", "Replace"',
      ],
    ];
    for (const [i, [spec, message]] of cases.entries())
      expect(messages(await statusOf(cronjobs.create!(ctx("default"), cj(`bad${i}`, spec), {})))).toEqual([message]);
  });
});

describe("networking, policy, scheduling, storage", () => {
  it("Ingress, NetworkPolicy and PDB validation; NetworkPolicy defaults", async () => {
    const { by } = setup();
    const ing = await statusOf(
      by("networking.k8s.io", "ingresses").create!(
        ctx("default"),
        {
          apiVersion: "networking.k8s.io/v1",
          kind: "Ingress",
          metadata: { name: "i" },
          spec: {
            rules: [
              { host: "10.0.0.1", http: { paths: [{ path: "rel", pathType: "Prefix", backend: { service: { name: "s", port: {} } } }] } },
            ],
          },
        },
        {},
      ),
    );
    expect(messages(ing)).toEqual([
      'spec.rules[0].host: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
      'spec.rules[0].http.paths[0].path: Invalid value: "rel": must be an absolute path',
      "spec.rules[0].http.paths[0].backend: Required value: port name or number is required",
    ]);
    const np = await by("networking.k8s.io", "networkpolicies").create!(
      ctx("default"),
      {
        apiVersion: "networking.k8s.io/v1",
        kind: "NetworkPolicy",
        metadata: { name: "n" },
        spec: { podSelector: {}, egress: [{ ports: [{ port: 53 }] }] },
      },
      {},
    );
    expect(np.spec).toMatchObject({ policyTypes: ["Ingress", "Egress"], egress: [{ ports: [{ port: 53, protocol: "TCP" }] }] });
    const badNp = await statusOf(
      by("networking.k8s.io", "networkpolicies").create!(
        ctx("default"),
        {
          apiVersion: "networking.k8s.io/v1",
          kind: "NetworkPolicy",
          metadata: { name: "b" },
          spec: { podSelector: {}, ingress: [{ from: [{ ipBlock: { cidr: "10.0.0.0/40" } }] }] },
        },
        {},
      ),
    );
    expect(messages(badNp)).toEqual([
      'spec.ingress[0].from[0].ipBlock.cidr: Invalid value: "10.0.0.0/40": must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)',
    ]);
    const pdb = await statusOf(
      by("policy", "poddisruptionbudgets").create!(
        ctx("default"),
        { apiVersion: "policy/v1", kind: "PodDisruptionBudget", metadata: { name: "p" }, spec: { minAvailable: "120%" } },
        {},
      ),
    );
    expect(messages(pdb)).toEqual(['spec.minAvailable: Invalid value: "120%": must not be greater than 100%']);
  });

  it("PriorityClass: value range, reserved system names, immutable value", async () => {
    const { by } = setup();
    const pcs = by("scheduling.k8s.io", "priorityclasses");
    const pc = (name: string, value: number): KubeObject => ({
      apiVersion: "scheduling.k8s.io/v1",
      kind: "PriorityClass",
      metadata: { name },
      value,
    });
    expect((await pcs.create!(ctx(), pc("low", 10), {})).preemptionPolicy).toBe("PreemptLowerPriority");
    expect(messages(await statusOf(pcs.create!(ctx(), pc("high", 1000000001), {})))).toEqual([
      "value: Forbidden: maximum allowed value of a user defined priority is 1000000000",
    ]);
    expect(messages(await statusOf(pcs.create!(ctx(), pc("system-mine", 1), {})))).toEqual([
      "metadata.name: Forbidden: priority class names with 'system-' prefix are reserved for system use only. error: system-mine is not a known system priority class",
    ]);
    await pcs.create!(ctx(), pc("system-node-critical", 2000001000), {});
    expect(messages(await statusOf(pcs.patch!(ctx(), "low", "merge", utf8({ value: 11 }), {})))).toEqual([
      "value: Forbidden: may not be changed in an update.",
    ]);
  });

  it("PVC: defaults, Pending on create, spec immutable; StorageClass parameters immutable", async () => {
    const { by } = setup();
    const pvcs = by("", "persistentvolumeclaims");
    const claim = await pvcs.create!(
      ctx("default"),
      {
        apiVersion: "v1",
        kind: "PersistentVolumeClaim",
        metadata: { name: "c" },
        spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } },
      },
      {},
    );
    expect(claim.spec).toMatchObject({ volumeMode: "Filesystem" });
    expect(claim.status).toEqual({ phase: "Pending" });
    expect(
      messages(await statusOf(pvcs.patch!(ctx("default"), "c", "merge", utf8({ spec: { accessModes: ["ReadWriteMany"] } }), {})))[0],
    ).toMatch(/^spec: Forbidden: spec is immutable after creation/);
    expect(
      messages(
        await statusOf(
          pvcs.create!(
            ctx("default"),
            {
              apiVersion: "v1",
              kind: "PersistentVolumeClaim",
              metadata: { name: "d" },
              spec: { accessModes: ["ReadWriteSometimes"], resources: { requests: { storage: "1Gi" } } },
            },
            {},
          ),
        ),
      ),
    ).toEqual([
      'spec.accessModes: Unsupported value: "ReadWriteSometimes": supported values: "ReadOnlyMany", "ReadWriteMany", "ReadWriteOnce", "ReadWriteOncePod"',
    ]);
    const scs = by("storage.k8s.io", "storageclasses");
    const sc = await scs.create!(
      ctx(),
      {
        apiVersion: "storage.k8s.io/v1",
        kind: "StorageClass",
        metadata: { name: "fast" },
        provisioner: "example.com/csi",
        parameters: { type: "ssd" },
      },
      {},
    );
    expect(sc).toMatchObject({ reclaimPolicy: "Delete", volumeBindingMode: "Immediate" });
    expect(messages(await statusOf(scs.patch!(ctx(), "fast", "merge", utf8({ parameters: { type: "hdd" } }), {})))).toEqual([
      "parameters: Forbidden: updates to parameters are forbidden.",
    ]);
  });

  it("HPA v2 and v1 defaults and replica validation; LimitRange defaults", async () => {
    const { by } = setup();
    const v2 = await by("autoscaling", "horizontalpodautoscalers", "v2").create!(
      ctx("default"),
      {
        apiVersion: "autoscaling/v2",
        kind: "HorizontalPodAutoscaler",
        metadata: { name: "h" },
        spec: { scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "web" }, maxReplicas: 5 },
      },
      {},
    );
    expect(v2.spec).toMatchObject({
      minReplicas: 1,
      metrics: [{ type: "Resource", resource: { name: "cpu", target: { type: "Utilization", averageUtilization: 80 } } }],
    });
    const bad = await statusOf(
      by("autoscaling", "horizontalpodautoscalers", "v1").create!(
        ctx("default"),
        {
          apiVersion: "autoscaling/v1",
          kind: "HorizontalPodAutoscaler",
          metadata: { name: "b" },
          spec: { scaleTargetRef: { kind: "Deployment", name: "web" }, minReplicas: 3, maxReplicas: 2 },
        },
        {},
      ),
    );
    expect(messages(bad)).toEqual(["spec.maxReplicas: Invalid value: 2: must be greater than or equal to `minReplicas`"]);
    const lr = await by("", "limitranges").create!(
      ctx("default"),
      {
        apiVersion: "v1",
        kind: "LimitRange",
        metadata: { name: "l" },
        spec: { limits: [{ type: "Container", max: { cpu: "2" }, min: { memory: "64Mi" } }] },
      },
      {},
    );
    expect((lr.spec as LimitRangeSpec).limits[0]).toEqual({
      type: "Container",
      max: { cpu: "2" },
      min: { memory: "64Mi" },
      default: { cpu: "2" },
      defaultRequest: { cpu: "2", memory: "64Mi" },
    });
  });
});

describe("certificatesigningrequests/approval", () => {
  it("changes only status.conditions; approved and denied together are refused", async () => {
    const { by } = setup();
    const csrs = by("certificates.k8s.io", "certificatesigningrequests");
    await csrs.create!(
      ctx(),
      {
        apiVersion: "certificates.k8s.io/v1",
        kind: "CertificateSigningRequest",
        metadata: { name: "c" },
        spec: { request: CSR_REQUEST, signerName: "example.com/signer", usages: ["client auth"] },
      },
      {},
    );
    const cur = await csrs.get!(ctx(), "c", {});
    const approved = await csrs.subresources!.approval!.update!(
      ctx(),
      "c",
      {
        ...cur,
        spec: { ...(cur.spec as object), signerName: "other.com/x" },
        status: { conditions: [{ type: "Approved", status: "True", reason: "ok" }], certificate: "Zm9v" },
      },
      {},
    );
    expect((approved.object.status as CertificateSigningRequestStatus).conditions).toEqual([
      expect.objectContaining({ type: "Approved", status: "True" }),
    ]);
    expect((approved.object.status as CertificateSigningRequestStatus).certificate).toBeUndefined();
    expect((approved.object.spec as CertificateSigningRequestSpec).signerName).toBe("example.com/signer");
    const both = await statusOf(
      csrs.subresources!.approval!.patch!(
        ctx(),
        "c",
        "merge",
        utf8({
          status: {
            conditions: [
              { type: "Approved", status: "True" },
              { type: "Denied", status: "True" },
            ],
          },
        }),
        {},
      ),
    );
    expect(messages(both)[0]).toMatch(/^status.conditions: Invalid value: .*: Approved and Denied conditions are mutually exclusive$/);
  });
});

describe("bad shapes", () => {
  it("any JSON in spec and status of the new kinds is stored or refused with a 4xx, never a crash", async () => {
    const { default: fc } = await import("fast-check");
    const { StatusError } = await import("../../../runtime/rest/errors.js");
    const { by } = setup();
    const kinds: [string, string, string, string][] = [
      ["", "pods", "v1", "Pod"],
      ["apps", "deployments", "apps/v1", "Deployment"],
      ["apps", "statefulsets", "apps/v1", "StatefulSet"],
      ["batch", "jobs", "batch/v1", "Job"],
      ["batch", "cronjobs", "batch/v1", "CronJob"],
      ["networking.k8s.io", "ingresses", "networking.k8s.io/v1", "Ingress"],
      ["networking.k8s.io", "networkpolicies", "networking.k8s.io/v1", "NetworkPolicy"],
      ["policy", "poddisruptionbudgets", "policy/v1", "PodDisruptionBudget"],
      ["", "persistentvolumeclaims", "v1", "PersistentVolumeClaim"],
      ["", "limitranges", "v1", "LimitRange"],
    ];
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...kinds),
        fc.jsonValue({ maxDepth: 4 }),
        fc.jsonValue({ maxDepth: 2 }),
        async ([group, plural, apiVersion, kind], spec, status) => {
          const obj: KubeObject = { apiVersion, kind, metadata: { name: `o${n++}` }, spec, status };
          try {
            await by(group, plural).create!(ctx("default"), obj, {});
          } catch (err) {
            expect(err).toBeInstanceOf(StatusError);
            const code = (err as InstanceType<typeof StatusError>).code;
            expect(code >= 400 && code < 500, `${kind}: ${(err as Error).message}`).toBe(true);
          }
        },
      ),
      { seed: 16, numRuns: 300 },
    );
  });

  it("valid objects with one field changed or dropped are stored or refused with a 4xx, never a crash", async () => {
    const { default: fc } = await import("fast-check");
    const { StatusError } = await import("../../../runtime/rest/errors.js");
    const { by } = setup();
    const rich = () =>
      pod("x", {
        containers: [
          container({
            ports: [{ containerPort: 80 }],
            env: [{ name: "A", valueFrom: { fieldRef: { fieldPath: "metadata.name" } } }],
            resources: { limits: { cpu: "1" } },
            livenessProbe: { httpGet: { port: 80 } },
            volumeMounts: [{ name: "v", mountPath: "/v" }],
          }),
        ],
        volumes: [{ name: "v", emptyDir: {} }],
        tolerations: [{ key: "k", operator: "Exists" }],
      });
    const fixtures: [string, string, () => KubeObject][] = [
      ["", "pods", rich],
      ["apps", "deployments", () => deployment("x")],
      ["batch", "jobs", () => job("x")],
    ];
    /** Every path to a value inside `spec`. */
    const paths = (v: unknown, at: (string | number)[] = []): (string | number)[][] => {
      if (Array.isArray(v)) return [at, ...v.flatMap((x, i) => paths(x, [...at, i]))];
      if (v && typeof v === "object") return [at, ...Object.entries(v).flatMap(([k, x]) => paths(x, [...at, k]))];
      return [at];
    };
    let n = 0;
    await fc.assert(
      // Typed decoding refuses wrong JSON types before any strategy runs: replace a value by another of its type, or drop it.
      fc.asyncProperty(
        fc.constantFrom(...fixtures),
        fc.nat(),
        fc.string({ maxLength: 70 }),
        fc.integer({ min: -70000, max: 70000 }),
        fc.boolean(),
        fc.nat(3),
        async ([group, plural, make], pick, text, int, bool, how) => {
          const obj = make();
          obj.metadata = { name: `m${n++}` };
          const all = paths(obj.spec).filter((p) => p.length > 0);
          const path = all[pick % all.length]!;
          let cur = obj.spec as Record<string | number, unknown>;
          for (const k of path.slice(0, -1)) cur = cur[k] as Record<string | number, unknown>;
          const key = path.at(-1)!;
          const old = cur[key];
          const value =
            how === 0
              ? undefined
              : typeof old === "string"
                ? text
                : typeof old === "number"
                  ? int
                  : typeof old === "boolean"
                    ? bool
                    : Array.isArray(old)
                      ? []
                      : {};
          if (value === undefined && Array.isArray(cur)) cur.splice(key as number, 1);
          else if (value === undefined) delete cur[key];
          else cur[key] = value;
          try {
            await by(group, plural).create!(ctx("default"), obj, {});
          } catch (err) {
            expect(err).toBeInstanceOf(StatusError);
            const code = (err as InstanceType<typeof StatusError>).code;
            expect(code >= 400 && code < 500, `${path.join(".")}: ${(err as Error).message}`).toBe(true);
          }
        },
      ),
      { seed: 16, numRuns: 500 },
    );
  });
});
