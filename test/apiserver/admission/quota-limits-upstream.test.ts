/**
 * ResourceQuota and LimitRanger with upstream 1.34's rules through the real apiserver (SQLite,
 * the default plugins): quota scopes and scopeSelector, init and sidecar containers in a Pod's
 * usage, the cpu/memory constraint, Services' load balancers and node ports (on create and on a
 * type change), claims' expansion, Pod resizes; LimitRanger's Pod items and
 * maxLimitRequestRatio. Messages are upstream's.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRunningServer, type Reply, type TestAPIServer } from "../../support/running-server.js";

let server: TestAPIServer;
const call = (method: string, p: string, body?: unknown): Promise<Reply> => server.call(method, p, body);
const ns = (name: string) => `/api/v1/namespaces/${name}`;

type R = Record<string, string>;
const ctr = (name: string, requests?: R, limits?: R, extra: Record<string, unknown> = {}) => ({
  name,
  image: "busybox",
  resources: { ...(requests && { requests }), ...(limits && { limits }) },
  ...extra,
});
const pod = (name: string, spec: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name },
  spec: { containers: [ctr("c")], ...spec },
});

beforeAll(async () => {
  server = await startRunningServer();
  for (const n of ["scoped", "svc", "claims", "resize", "limits"]) {
    expect((await call("POST", "/api/v1/namespaces", { metadata: { name: n } })).status).toBe(201);
    await call("POST", `${ns(n)}/serviceaccounts`, { metadata: { name: "default" } });
  }
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("ResourceQuota as upstream", () => {
  it("applies each quota only to the Pods its scopes match, and counts init and sidecar containers", async () => {
    const P = `${ns("scoped")}/pods`;
    const quota = async (name: string, spec: Record<string, unknown>) =>
      expect((await call("POST", `${ns("scoped")}/resourcequotas`, { metadata: { name }, spec })).status).toBe(201);
    await quota("best-effort", { hard: { pods: "1" }, scopes: ["BestEffort"] });
    await quota("compute", { hard: { "requests.cpu": "1", "limits.cpu": "2" }, scopes: ["NotBestEffort"] });
    await quota("high", {
      hard: { pods: "0" },
      scopeSelector: { matchExpressions: [{ scopeName: "PriorityClass", operator: "In", values: ["high"] }] },
    });

    expect((await call("POST", P, pod("be-1"))).status).toBe(201);
    const be2 = await call("POST", P, pod("be-2"));
    expect(be2.status).toBe(403);
    expect(be2.body.message).toBe(
      'pods "be-2" is forbidden: exceeded quota: best-effort, requested: pods=1, used: pods=1, limited: pods=1',
    );

    // NotBestEffort: the compute quota governs it, and asks every container for cpu limits.
    const noLimit = await call("POST", P, pod("no-limit", { containers: [ctr("c", { cpu: "100m" })] }));
    expect(noLimit.status).toBe(403);
    expect(noLimit.body.message).toBe('pods "no-limit" is forbidden: failed quota: compute: must specify limits.cpu for: c');

    // An init container's need is counted when greater than the containers' sum.
    const bigInit = await call(
      "POST",
      P,
      pod("big-init", {
        containers: [ctr("c", { cpu: "100m" }, { cpu: "200m" })],
        initContainers: [ctr("setup", { cpu: "1500m" }, { cpu: "1500m" })],
      }),
    );
    expect(bigInit.status).toBe(403);
    expect(bigInit.body.message).toBe(
      'pods "big-init" is forbidden: exceeded quota: compute, requested: requests.cpu=1500m, used: requests.cpu=0, limited: requests.cpu=1',
    );

    // A sidecar adds to the containers (300m + 200m) and to the init container after it (200m + 200m): 500m requested, 1 limit.
    const sidecar = await call(
      "POST",
      P,
      pod("sidecar", {
        containers: [ctr("c", { cpu: "300m" }, { cpu: "600m" })],
        initContainers: [
          ctr("proxy", { cpu: "200m" }, { cpu: "400m" }, { restartPolicy: "Always" }),
          ctr("setup", { cpu: "200m" }, { cpu: "400m" }),
        ],
      }),
    );
    expect(sidecar.status).toBe(201);
    const second = await call("POST", P, pod("second", { containers: [ctr("c", { cpu: "600m" }, { cpu: "600m" })] }));
    expect(second.status).toBe(403);
    expect(second.body.message).toBe(
      'pods "second" is forbidden: exceeded quota: compute, requested: requests.cpu=600m, used: requests.cpu=500m, limited: requests.cpu=1',
    );
    const status = (await call("GET", `${ns("scoped")}/resourcequotas/compute`)).body.status;
    expect(status.used).toEqual({ "requests.cpu": "500m", "limits.cpu": "1" });

    // The PriorityClass selector: a Pod naming no class is outside it.
    await call("POST", "/apis/scheduling.k8s.io/v1/priorityclasses", { metadata: { name: "high" }, value: 1000 });
    const high = await call(
      "POST",
      P,
      pod("high", { priorityClassName: "high", containers: [ctr("c", { cpu: "100m" }, { cpu: "100m" })] }),
    );
    expect(high.status).toBe(403);
    expect(high.body.message).toBe('pods "high" is forbidden: exceeded quota: high, requested: pods=1, used: pods=0, limited: pods=0');
  });

  it("counts Services' load balancers and node ports, on create and when an update changes the type", async () => {
    const S = `${ns("svc")}/services`;
    expect(
      (
        await call("POST", `${ns("svc")}/resourcequotas`, {
          metadata: { name: "svc" },
          spec: { hard: { "services.loadbalancers": "1", "services.nodeports": "2" } },
        })
      ).status,
    ).toBe(201);
    const service = (name: string, type: string, n: number) => ({
      metadata: { name },
      spec: { type, selector: { app: name }, ports: Array.from({ length: n }, (_, i) => ({ name: `p${i}`, port: 80 + i })) },
    });
    const a = await call("POST", S, service("a", "ClusterIP", 2));
    expect(a.status).toBe(201);
    const toNodePort = await call("PUT", `${S}/a`, { ...a.body, spec: { ...a.body.spec, type: "NodePort" } });
    expect(toNodePort.status).toBe(200);
    const lb = await call("POST", S, service("lb", "LoadBalancer", 1));
    expect(lb.status).toBe(403);
    expect(lb.body.message).toBe(
      'services "lb" is forbidden: exceeded quota: svc, requested: services.nodeports=1, used: services.nodeports=2, limited: services.nodeports=2',
    );
    const b = await call("POST", S, service("b", "ClusterIP", 1));
    expect(b.status).toBe(201);
    const bLb = await call("PUT", `${S}/b`, { ...b.body, spec: { ...b.body.spec, type: "LoadBalancer" } });
    expect(bLb.status).toBe(403);
    expect(bLb.body.message).toContain("exceeded quota: svc, requested: services.nodeports=1, used: services.nodeports=2");
  });

  it("charges a claim's expansion", async () => {
    const base = ns("claims");
    expect(
      (
        await call("POST", "/apis/storage.k8s.io/v1/storageclasses", {
          metadata: { name: "expandable" },
          provisioner: "example.com/csi",
          allowVolumeExpansion: true,
        })
      ).status,
    ).toBe(201);
    expect(
      (await call("POST", `${base}/resourcequotas`, { metadata: { name: "storage" }, spec: { hard: { "requests.storage": "3Gi" } } }))
        .status,
    ).toBe(201);
    const made = await call("POST", `${base}/persistentvolumeclaims`, {
      metadata: { name: "data" },
      spec: { accessModes: ["ReadWriteOnce"], storageClassName: "expandable", resources: { requests: { storage: "2Gi" } } },
    });
    expect(made.status).toBe(201);
    // Only a bound claim may grow.
    const bound = await call("PUT", `${base}/persistentvolumeclaims/data/status`, {
      ...made.body,
      spec: { ...made.body.spec, volumeName: "pv-data" },
      status: { phase: "Bound", capacity: { storage: "2Gi" }, accessModes: ["ReadWriteOnce"] },
    });
    expect(bound.status).toBe(200);
    const current = (await call("GET", `${base}/persistentvolumeclaims/data`)).body;
    const grow = (storage: string) =>
      call("PUT", `${base}/persistentvolumeclaims/data`, {
        ...current,
        spec: { ...current.spec, volumeName: current.spec.volumeName ?? "pv-data", resources: { requests: { storage } } },
      });
    const big = await grow("4Gi");
    expect(big.body.message).toBe(
      'persistentvolumeclaims "data" is forbidden: exceeded quota: storage, requested: requests.storage=2Gi, used: requests.storage=2Gi, limited: requests.storage=3Gi',
    );
    expect(big.status).toBe(403);
    expect((await grow("3Gi")).status).toBe(200);
    // LimitRanger holds an expansion to the PersistentVolumeClaim item's max too.
    const lr = { metadata: { name: "storage" }, spec: { limits: [{ type: "PersistentVolumeClaim", max: { storage: "3Gi" } }] } };
    expect((await call("POST", `${base}/limitranges`, lr)).status).toBe(201);
    const latest = (await call("GET", `${base}/persistentvolumeclaims/data`)).body;
    const past = await call("PUT", `${base}/persistentvolumeclaims/data`, {
      ...latest,
      spec: { ...latest.spec, resources: { requests: { storage: "5Gi" } } },
    });
    expect(past.status).toBe(403);
    expect(past.body.message).toBe(
      'persistentvolumeclaims "data" is forbidden: maximum storage usage per PersistentVolumeClaim is 3Gi, but request is 5Gi',
    );
  });

  it("charges a Pod resize what it adds", async () => {
    const base = ns("resize");
    expect(
      (await call("POST", `${base}/resourcequotas`, { metadata: { name: "cpu" }, spec: { hard: { "requests.cpu": "2" } } })).status,
    ).toBe(201);
    const made = await call("POST", `${base}/pods`, pod("p", { containers: [ctr("c", { cpu: "1" })] }));
    expect(made.status).toBe(201);
    const resize = (cpu: string) =>
      call("PUT", `${base}/pods/p/resize`, {
        ...made.body,
        spec: { ...made.body.spec, containers: [{ ...made.body.spec.containers[0], resources: { requests: { cpu } } }] },
      });
    const over = await resize("3");
    expect(over.status).toBe(403);
    expect(over.body.message).toBe(
      'pods "p" is forbidden: exceeded quota: cpu, requested: requests.cpu=2, used: requests.cpu=1, limited: requests.cpu=2',
    );
    expect((await resize("2")).status).toBe(200);
  });
});

describe("LimitRanger as upstream", () => {
  it("checks Pod items against the Pod's totals and maxLimitRequestRatio, with upstream's messages", async () => {
    const base = ns("limits");
    expect(
      (
        await call("POST", `${base}/limitranges`, {
          metadata: { name: "lr" },
          spec: {
            limits: [
              { type: "Pod", max: { cpu: "1" }, maxLimitRequestRatio: { memory: "2" } },
              { type: "Container", maxLimitRequestRatio: { cpu: "4" } },
            ],
          },
        })
      ).status,
    ).toBe(201);
    const two = (name: string, cpuLimit: string, extra: Record<string, unknown> = {}) =>
      pod(name, {
        containers: [
          ctr("a", { cpu: "200m", memory: "100Mi" }, { cpu: cpuLimit, memory: "200Mi" }),
          ctr("b", { cpu: "200m", memory: "100Mi" }, { cpu: cpuLimit, memory: "200Mi" }),
        ],
        ...extra,
      });
    const over = await call("POST", `${base}/pods`, two("over", "600m"));
    expect(over.status).toBe(403);
    expect(over.body.message).toBe('pods "over" is forbidden: maximum cpu usage per Pod is 1, but limit is 1200m');
    expect((await call("POST", `${base}/pods`, two("fits", "500m"))).status).toBe(201);
    // An init container's need is the Pod's when greater; its ratio is a Container's.
    const init = await call(
      "POST",
      `${base}/pods`,
      two("init", "500m", { initContainers: [ctr("setup", { cpu: "100m", memory: "100Mi" }, { cpu: "2", memory: "1Gi" })] }),
    );
    expect(init.status).toBe(403);
    expect(init.body.message).toBe(
      'pods "init" is forbidden: [maximum cpu usage per Pod is 1, but limit is 2, memory max limit to request ratio per Pod is 2, but provided ratio is 5.120000, cpu max limit to request ratio per Container is 4, but provided ratio is 20.000000]',
    );
  });
});
