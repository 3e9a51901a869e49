/**
 * The whole API with the real kubectl against `kubegen up` (issue #16): `run`, `create
 * deployment|job|cronjob|ingress|quota|pdb|priorityclass`, a multi-kind manifest applied twice
 * (nothing changes the second time) and then server-side, get/describe of each kind with
 * upstream's columns, `scale`, field selectors, `apply --prune -l` without an allowlist, the
 * connect subresources without a kubelet, invalid manifests refused with upstream's messages,
 * and `delete ns` removing all of it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import YAML from "yaml";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/apiserver-process.js";
import { eventually } from "../support/wait.js";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";

const NS = "workloads";
const MANIFEST = path.join(ROOT, "test/fixtures/workloads/manifest.yaml");

const { kubectl, file } = kubectlServer("kubegen-workloads-e2e-", {
  enabled: kubectlAvailable,
  spawn: { command: "up", extraArgs: ["--endpoint-reconciler-type", "none"] },
  setup: async () => {
    await ok("create", "namespace", NS);
    // Pods need the namespace's `default` ServiceAccount (ServiceAccount admission, as upstream);
    // the serviceaccount controller makes it just after the namespace.
    await eventually(`serviceaccount ${NS}/default`, async () => (await kubectl("-n", NS, "get", "serviceaccount", "default")).code === 0);
  },
});

async function ok(...args: string[]): Promise<string> {
  const r = await kubectl(...args);
  expect(r.stderr, `kubectl ${args.join(" ")}`).not.toMatch(/error/i);
  expect(r.code, `kubectl ${args.join(" ")}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- kubectl output of a dozen kinds, read ad hoc by the assertions
async function json(...args: string[]): Promise<Record<string, any>> {
  return JSON.parse(await ok(...args, "-o", "json"));
}

/** Writes a manifest into the test's directory and returns its path. */
function manifest(name: string, docs: unknown[]): string {
  return file(name, docs.map((d) => YAML.stringify(d)).join("---\n"));
}

/** The first header line of `kubectl get` output, columns split on runs of spaces. */
function header(out: string): string[] {
  return out
    .split("\n")[0]!
    .trim()
    .split(/\s{2,}/);
}

describe.skipIf(!kubectlAvailable)("kubectl against the whole API", () => {
  it("kubectl run creates a Pod with upstream's defaults, Pending with its QoS class", async () => {
    expect(await ok("-n", NS, "run", "nginx", "--image=nginx")).toContain("pod/nginx created");
    const pod = await json("-n", NS, "get", "pod", "nginx");
    expect(pod.spec).toMatchObject({
      restartPolicy: "Always",
      dnsPolicy: "ClusterFirst",
      terminationGracePeriodSeconds: 30,
      schedulerName: "default-scheduler",
      enableServiceLinks: true,
    });
    expect(pod.spec.containers[0]).toMatchObject({
      imagePullPolicy: "Always",
      terminationMessagePath: "/dev/termination-log",
      terminationMessagePolicy: "File",
    });
    expect(pod.status).toEqual({ phase: "Pending", qosClass: "BestEffort" });
    expect(pod.metadata.generation).toBe(1);
  });

  it("kubectl create deployment, job, cronjob, ingress, quota, pdb and priorityclass", async () => {
    expect(await ok("-n", NS, "create", "deployment", "web", "--image=nginx:1.25", "--replicas=2")).toContain(
      "deployment.apps/web created",
    );
    expect(await ok("-n", NS, "create", "job", "once", "--image=busybox")).toContain("job.batch/once created");
    expect(await ok("-n", NS, "create", "cronjob", "tick", "--image=busybox", "--schedule=*/5 * * * *")).toContain(
      "cronjob.batch/tick created",
    );
    expect(await ok("-n", NS, "create", "ingress", "web", "--rule=web.example.com/=web:80")).toContain(
      "ingress.networking.k8s.io/web created",
    );
    expect(await ok("-n", NS, "create", "quota", "small", "--hard=pods=10,limits.cpu=4")).toContain("resourcequota/small created");
    expect(await ok("-n", NS, "create", "pdb", "web", "--selector=app=web", "--min-available=1")).toContain(
      "poddisruptionbudget.policy/web created",
    );
    expect(await ok("create", "priorityclass", "batch-low", "--value=1000")).toContain("priorityclass.scheduling.k8s.io/batch-low created");

    const deploy = await json("-n", NS, "get", "deployment", "web");
    expect(deploy.spec).toMatchObject({
      replicas: 2,
      revisionHistoryLimit: 10,
      progressDeadlineSeconds: 600,
      strategy: { type: "RollingUpdate", rollingUpdate: { maxSurge: "25%", maxUnavailable: "25%" } },
    });
    expect(deploy.spec.template.spec.containers[0].imagePullPolicy).toBe("IfNotPresent");
    const job = await json("-n", NS, "get", "job", "once");
    expect(job.spec).toMatchObject({
      backoffLimit: 6,
      completions: 1,
      parallelism: 1,
      completionMode: "NonIndexed",
      podReplacementPolicy: "TerminatingOrFailed",
      suspend: false,
    });
    expect(job.spec.selector.matchLabels["batch.kubernetes.io/controller-uid"]).toBe(job.metadata.uid);
    expect(job.spec.template.metadata.labels["batch.kubernetes.io/job-name"]).toBe("once");
    const cj = await json("-n", NS, "get", "cronjob", "tick");
    expect(cj.spec).toMatchObject({ concurrencyPolicy: "Allow", suspend: false, successfulJobsHistoryLimit: 3, failedJobsHistoryLimit: 1 });
    // The system classes the apiserver writes at start.
    const classes = await json("get", "priorityclasses");
    expect(classes.items.map((c: { metadata: { name: string }; value: number }) => `${c.metadata.name}=${c.value}`).sort()).toEqual([
      "batch-low=1000",
      "system-cluster-critical=2000000000",
      "system-node-critical=2000001000",
    ]);
  });

  it("a multi-kind manifest applies, changes nothing when applied again, then applies server-side", async () => {
    const first = await ok("-n", NS, "apply", "-f", MANIFEST);
    for (const line of [
      "deployment.apps/demo created",
      "statefulset.apps/db created",
      "horizontalpodautoscaler.autoscaling/demo created",
      "networkpolicy.networking.k8s.io/demo created",
      "cronjob.batch/nightly created",
      "persistentvolumeclaim/demo-data created",
      "rolebinding.rbac.authorization.k8s.io/demo created",
    ]) {
      expect(first).toContain(line);
    }
    const versions = async () =>
      (await json("-n", NS, "get", "all,cm,secret,pvc,ing,pdb,netpol,sa,role,rolebinding", "-l", "app=demo")).items
        .map(
          (i: { kind: string; metadata: { name: string; resourceVersion: string } }) =>
            `${i.kind}/${i.metadata.name}@${i.metadata.resourceVersion}`,
        )
        .sort();
    const before = await versions();
    const second = await ok("-n", NS, "apply", "-f", MANIFEST);
    for (const line of [
      "deployment.apps/demo unchanged",
      "service/demo unchanged",
      "configmap/demo-config unchanged",
      "horizontalpodautoscaler.autoscaling/demo unchanged",
      "networkpolicy.networking.k8s.io/demo unchanged",
      "cronjob.batch/nightly unchanged",
    ]) {
      expect(second).toContain(line);
    }
    expect(await versions()).toEqual(before);
    // As upstream: the claim templates are an atomic list that defaulting changed, so the
    // client-side owner's value differs from the applied one and the upgrade cannot take it over.
    const ssa = await kubectl("-n", NS, "apply", "--server-side", "-f", MANIFEST);
    expect(ssa.stdout).toContain("deployment.apps/demo serverside-applied");
    expect(ssa.stdout).toContain("networkpolicy.networking.k8s.io/demo serverside-applied");
    expect(ssa.stderr).toContain(
      'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.volumeClaimTemplates',
    );
    expect(await ok("-n", NS, "apply", "--server-side", "--force-conflicts", "-f", MANIFEST)).toContain(
      "statefulset.apps/db serverside-applied",
    );
    // Defaults as upstream: the claim template of the StatefulSet and the NetworkPolicy's types.
    const sts = await json("-n", NS, "get", "statefulset", "db");
    expect(sts.spec).toMatchObject({
      podManagementPolicy: "OrderedReady",
      updateStrategy: { type: "RollingUpdate", rollingUpdate: { partition: 0 } },
      persistentVolumeClaimRetentionPolicy: { whenDeleted: "Retain", whenScaled: "Retain" },
    });
    expect(sts.spec.volumeClaimTemplates[0].spec.volumeMode).toBe("Filesystem");
    expect((await json("-n", NS, "get", "networkpolicy", "demo")).spec.policyTypes).toEqual(["Ingress"]);
  });

  it("get shows upstream's columns and describe works for every kind", async () => {
    expect(header(await ok("-n", NS, "get", "pods", "-o", "wide"))).toEqual([
      "NAME",
      "READY",
      "STATUS",
      "RESTARTS",
      "AGE",
      "IP",
      "NODE",
      "NOMINATED NODE",
      "READINESS GATES",
    ]);
    expect(header(await ok("-n", NS, "get", "deployments"))).toEqual(["NAME", "READY", "UP-TO-DATE", "AVAILABLE", "AGE"]);
    expect(header(await ok("-n", NS, "get", "jobs"))).toEqual(["NAME", "STATUS", "COMPLETIONS", "DURATION", "AGE"]);
    expect(header(await ok("-n", NS, "get", "cronjobs"))).toEqual([
      "NAME",
      "SCHEDULE",
      "TIMEZONE",
      "SUSPEND",
      "ACTIVE",
      "LAST SCHEDULE",
      "AGE",
    ]);
    expect(header(await ok("-n", NS, "get", "statefulsets"))).toEqual(["NAME", "READY", "AGE"]);
    expect(header(await ok("-n", NS, "get", "ingress"))).toEqual(["NAME", "CLASS", "HOSTS", "ADDRESS", "PORTS", "AGE"]);
    expect(header(await ok("-n", NS, "get", "hpa"))).toEqual(["NAME", "REFERENCE", "TARGETS", "MINPODS", "MAXPODS", "REPLICAS", "AGE"]);
    expect(header(await ok("-n", NS, "get", "pdb"))).toEqual(["NAME", "MIN AVAILABLE", "MAX UNAVAILABLE", "ALLOWED DISRUPTIONS", "AGE"]);
    expect(header(await ok("-n", NS, "get", "pvc"))).toEqual([
      "NAME",
      "STATUS",
      "VOLUME",
      "CAPACITY",
      "ACCESS MODES",
      "STORAGECLASS",
      "VOLUMEATTRIBUTESCLASS",
      "AGE",
    ]);
    expect(header(await ok("-n", NS, "get", "quota"))).toEqual(["NAME", "AGE", "REQUEST", "LIMIT"]);
    expect(header(await ok("get", "priorityclasses"))).toEqual(["NAME", "VALUE", "GLOBAL-DEFAULT", "AGE", "PREEMPTIONPOLICY"]);
    const pods = await ok("-n", NS, "get", "pods");
    expect(pods).toMatch(/^nginx\s+0\/1\s+Pending\s+0\s+/m);
    expect(await ok("-n", NS, "get", "jobs")).toMatch(/^once\s+Running\s+0\/1\s+/m);
    expect(await ok("-n", NS, "get", "hpa")).toMatch(/^demo\s+Deployment\/demo\s+cpu: <unknown>\/70%\s+2\s+5\s+0\s+/m);
    // The resourcequota controller counts the namespace's one Pod (nginx) into status.used.
    await eventually("quota small counting the nginx pod", async () =>
      /^small\s+\S+\s+pods: 1\/10\s+limits.cpu: 0\/4/m.test((await kubectl("-n", NS, "get", "quota")).stdout),
    );
    for (const kind of [
      "pod/nginx",
      "deployment/demo",
      "statefulset/db",
      "job/once",
      "cronjob/nightly",
      "service/demo",
      "ingress/demo",
      "hpa/demo",
      "pdb/demo",
      "networkpolicy/demo",
      "pvc/demo-data",
      "quota/small",
      "configmap/demo-config",
      "secret/demo-secret",
      "serviceaccount/demo-sa",
      "role/demo",
      "rolebinding/demo",
    ]) {
      const out = await ok("-n", NS, "describe", kind);
      expect(out).toMatch(/^Name:\s+/m);
    }
    const ns = await ok("describe", "namespace", NS);
    expect(ns).toContain("Resource Quotas");
    expect(ns).toContain("No LimitRange resource.");
    const all = await ok("-n", NS, "get", "all");
    for (const name of [
      "pod/nginx",
      "service/demo",
      "deployment.apps/demo",
      "statefulset.apps/db",
      "job.batch/once",
      "cronjob.batch/nightly",
      "horizontalpodautoscaler.autoscaling/demo",
    ]) {
      expect(all).toContain(name);
    }
  });

  it("scale, field selectors, and the pod subresources without a kubelet", async () => {
    expect(await ok("-n", NS, "scale", "deployment", "demo", "--replicas=4")).toContain("deployment.apps/demo scaled");
    const deploy = await json("-n", NS, "get", "deployment", "demo");
    expect(deploy.spec.replicas).toBe(4);
    expect(deploy.metadata.generation).toBe(2);
    const scale = await json("-n", NS, "get", "deployment", "demo", "--subresource=scale");
    expect(scale).toMatchObject({
      kind: "Scale",
      apiVersion: "autoscaling/v1",
      spec: { replicas: 4 },
      status: { replicas: 0, selector: "app=demo" },
    });
    expect(await ok("-n", NS, "get", "pods", "--field-selector", "status.phase=Pending", "-o", "name")).toBe("pod/nginx\n");
    expect(await ok("-n", NS, "get", "pods", "--field-selector", "status.phase=Running", "-o", "name")).toBe("");
    const badField = await kubectl("-n", NS, "get", "pods", "--field-selector", "spec.color=blue");
    expect(badField.stderr).toContain("field label not supported: spec.color");
    // An unscheduled pod: an empty log, and exec refused as kube-apiserver refuses it.
    expect(await ok("-n", NS, "logs", "nginx")).toBe("");
    const exec = await kubectl("-n", NS, "exec", "nginx", "--", "true");
    expect(exec.code).not.toBe(0);
    expect(exec.stderr).toContain("pod nginx does not have a host assigned");
    const proxy = await kubectl("-n", NS, "get", "--raw", `/api/v1/namespaces/${NS}/services/demo/proxy/`);
    expect(proxy.stderr).toContain("ServiceUnavailable");
  });

  it("apply --prune -l without an allowlist removes what the manifest no longer has", async () => {
    const docs = YAML.parseAllDocuments(readFileSync(MANIFEST, "utf8"))
      .map((d) => d.toJS())
      .filter((d) => d.kind !== "ConfigMap" && d.kind !== "PersistentVolumeClaim");
    const out = await kubectl("-n", NS, "apply", "--prune", "-l", "app=demo", "-f", manifest("pruned.yaml", docs));
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain("configmap/demo-config pruned");
    expect(out.stdout).toContain("persistentvolumeclaim/demo-data pruned");
    expect(out.stdout).not.toMatch(/deployment.apps\/demo pruned/);
  });

  it("invalid manifests are refused with upstream's messages", async () => {
    // Upstream's quota asks every container for the cpu limits it limits (small: limits.cpu); the Pods below state none.
    await ok("-n", NS, "delete", "quota", "small", "--ignore-not-found");
    const template = (labels: Record<string, string>, spec: Record<string, unknown>) => ({ metadata: { labels }, spec });
    const cases: [unknown, string][] = [
      [
        {
          apiVersion: "apps/v1",
          kind: "Deployment",
          metadata: { name: "mismatch" },
          spec: {
            selector: { matchLabels: { app: "a" } },
            template: template({ app: "b" }, { containers: [{ name: "c", image: "nginx" }] }),
          },
        },
        'The Deployment "mismatch" is invalid: spec.template.metadata.labels: Invalid value: {"app":"b"}: `selector` does not match template `labels`',
      ],
      [
        {
          apiVersion: "v1",
          kind: "Pod",
          metadata: { name: "greedy" },
          spec: { containers: [{ name: "c", image: "nginx", resources: { requests: { cpu: "2" }, limits: { cpu: "1" } } }] },
        },
        'spec.containers[0].resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1',
      ],
      [
        {
          apiVersion: "v1",
          kind: "Pod",
          metadata: { name: "nomount" },
          spec: { containers: [{ name: "c", image: "nginx", volumeMounts: [{ name: "missing", mountPath: "/x" }] }] },
        },
        'spec.containers[0].volumeMounts[0].name: Not found: "missing"',
      ],
      [
        {
          apiVersion: "batch/v1",
          kind: "Job",
          metadata: { name: "always" },
          spec: { template: { spec: { restartPolicy: "Always", containers: [{ name: "c", image: "busybox" }] } } },
        },
        'spec.template.spec.restartPolicy: Unsupported value: "Always": supported values: "OnFailure", "Never"',
      ],
      [
        {
          apiVersion: "batch/v1",
          kind: "CronJob",
          metadata: { name: "badcron" },
          spec: {
            schedule: "61 * * * *",
            jobTemplate: { spec: { template: { spec: { restartPolicy: "Never", containers: [{ name: "c", image: "busybox" }] } } } },
          },
        },
        'spec.schedule: Invalid value: "61 * * * *": end of range (61) above maximum (59): 61',
      ],
      [
        { apiVersion: "scheduling.k8s.io/v1", kind: "PriorityClass", metadata: { name: "too-high" }, value: 2000000001 },
        "value: Forbidden: maximum allowed value of a user defined priority is 1000000000",
      ],
      [
        {
          apiVersion: "networking.k8s.io/v1",
          kind: "Ingress",
          metadata: { name: "nopathtype" },
          spec: { rules: [{ http: { paths: [{ path: "/", backend: { service: { name: "s", port: { number: 80 } } } }] } }] },
        },
        "spec.rules[0].http.paths[0].pathType: Required value: pathType must be specified",
      ],
      [
        {
          apiVersion: "v1",
          kind: "Pod",
          metadata: { name: "badquantity" },
          spec: { containers: [{ name: "c", image: "nginx", resources: { limits: { memory: "lots" } } }] },
        },
        "quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'",
      ],
      [
        {
          apiVersion: "v1",
          kind: "Pod",
          metadata: { name: "halfgpu" },
          spec: { containers: [{ name: "c", image: "nginx", resources: { limits: { "example.com/gpu": "0.5" } } }] },
        },
        'spec.containers[0].resources.limits[example.com/gpu]: Invalid value: "500m": must be an integer',
      ],
      [
        {
          apiVersion: "networking.k8s.io/v1",
          kind: "Ingress",
          metadata: { name: "backstep" },
          spec: {
            rules: [
              { http: { paths: [{ path: "/a/../b", pathType: "Prefix", backend: { service: { name: "s", port: { number: 80 } } } }] } },
            ],
          },
        },
        "spec.rules[0].http.paths[0].path: Invalid value: \"/a/../b\": must not contain '/../'",
      ],
      [
        {
          apiVersion: "v1",
          kind: "Pod",
          metadata: { name: "oddpages" },
          spec: { containers: [{ name: "c", image: "nginx", resources: { limits: { "hugepages-2Mi": "3Mi", memory: "1Gi" } } }] },
        },
        'spec.containers[0].resources.limits[hugepages-2Mi]: Invalid value: "3Mi": 3Mi is not positive integer multiple of hugepages-2Mi',
      ],
      [
        {
          apiVersion: "apps/v1",
          kind: "Deployment",
          metadata: { name: "spread" },
          spec: {
            selector: { matchLabels: { app: "spread" } },
            template: {
              metadata: { labels: { app: "spread" } },
              spec: {
                containers: [{ name: "c", image: "nginx" }],
                affinity: {
                  podAntiAffinity: {
                    requiredDuringSchedulingIgnoredDuringExecution: [{ labelSelector: { matchLabels: { app: "spread" } } }],
                  },
                },
              },
            },
          },
        },
        "spec.template.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty",
      ],
    ];
    for (const [i, [obj, message]] of cases.entries()) {
      const r = await kubectl("-n", NS, "create", "-f", manifest(`invalid-${i}.yaml`, [obj]));
      expect(r.code, JSON.stringify(obj)).not.toBe(0);
      expect(r.stderr).toContain(message);
    }
    // Accepted with upstream's warning: an imagePullSecrets entry without a name.
    const warned = await kubectl(
      "-n",
      NS,
      "create",
      "-f",
      manifest("warned.yaml", [
        {
          apiVersion: "v1",
          kind: "Pod",
          metadata: { name: "warned" },
          spec: { imagePullSecrets: [{ name: "" }], containers: [{ name: "c", image: "nginx" }] },
        },
      ]),
    );
    expect(warned.code, warned.stderr).toBe(0);
    expect(warned.stderr).toContain('Warning: spec.imagePullSecrets[0].name: invalid empty name ""');
    // Immutable: a Deployment's selector.
    const patch = await kubectl(
      "-n",
      NS,
      "patch",
      "deployment",
      "demo",
      "--type=merge",
      "-p",
      '{"spec":{"selector":{"matchLabels":{"app":"other"}},"template":{"metadata":{"labels":{"app":"other"}}}}}',
    );
    expect(patch.stderr).toContain("spec.selector: Invalid value");
    expect(patch.stderr).toContain("field is immutable");
  });

  it("matchLabelKeys merge into a created Pod's selectors; HostProcess and hostAliases rules reach kubectl", async () => {
    const selector = { matchLabels: { app: "keys" } };
    const created = await kubectl(
      "-n",
      NS,
      "create",
      "-f",
      manifest("keys.yaml", [
        {
          apiVersion: "v1",
          kind: "Pod",
          metadata: { name: "keys", labels: { app: "keys", rev: "r1", tenant: "t1" } },
          spec: {
            containers: [{ name: "c", image: "nginx" }],
            topologySpreadConstraints: [
              { maxSkew: 1, topologyKey: "zone", whenUnsatisfiable: "ScheduleAnyway", labelSelector: selector, matchLabelKeys: ["rev"] },
            ],
            affinity: {
              podAntiAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: [
                  { topologyKey: "kubernetes.io/hostname", labelSelector: selector, mismatchLabelKeys: ["tenant"] },
                ],
              },
            },
            hostAliases: [
              { ip: "10.0.0.1", hostnames: ["a"] },
              { ip: "10.0.0.1", hostnames: ["b"] },
            ],
          },
        },
      ]),
    );
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain('Warning: spec.hostAliases[1].ip: duplicate ip "10.0.0.1"');
    const pod = await json("-n", NS, "get", "pod", "keys");
    expect(pod.spec.topologySpreadConstraints[0].labelSelector.matchExpressions).toEqual([{ key: "rev", operator: "In", values: ["r1"] }]);
    expect(pod.spec.affinity.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].labelSelector.matchExpressions).toEqual([
      { key: "tenant", operator: "NotIn", values: ["t1"] },
    ]);
    const hostProcess = await kubectl(
      "-n",
      NS,
      "create",
      "-f",
      manifest("hostprocess.yaml", [
        {
          apiVersion: "v1",
          kind: "Pod",
          metadata: { name: "hostprocess" },
          spec: {
            os: { name: "windows" },
            securityContext: { windowsOptions: { hostProcess: true, runAsUserName: "NT AUTHORITY\\SYSTEM" } },
            containers: [{ name: "c", image: "mcr.microsoft.com/windows/nanoserver" }],
          },
        },
      ]),
    );
    expect(hostProcess.code).not.toBe(0);
    expect(hostProcess.stderr).toContain(
      "spec.hostNetwork: Invalid value: false: hostNetwork must be true if pod contains any hostProcess containers",
    );
  });

  it("delete namespace removes every kind in it", async () => {
    const out = await kubectl("delete", "namespace", NS, "--timeout=60s");
    expect(out.code, out.stderr).toBe(0);
    expect((await kubectl("get", "namespace", NS)).stderr).toContain("NotFound");
    // The cluster-scoped class stays; the namespaced kinds are gone with their namespace.
    expect(await ok("get", "priorityclass", "batch-low", "-o", "name")).toBe("priorityclass.scheduling.k8s.io/batch-low\n");
    const left = await kubectl("get", "deploy,sts,job,cronjob,ing,hpa,pdb,netpol,pvc,quota,pods", "-n", NS, "-o", "name");
    expect(left.stdout).toBe("");
  });
});
