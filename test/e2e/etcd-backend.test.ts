/**
 * `kubegen apiserver --storage-backend=etcd` smoke test: Debian's etcd started on free loopback
 * ports, the apiserver on it, and the real kubectl listing, creating, reading and deleting through
 * it; a restart of the apiserver finds the objects in etcd. Skipped without /usr/bin/etcd or kubectl.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type EtcdServer, startEtcd } from "../apiserver/storage/etcd-server.js";
import { type APIServerProcess, spawnAPIServer } from "../support/apiserver-process.js";
import { runKubectl, type KubectlResult } from "../support/kubectl.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["etcd", "kubectl"], "kubectl against kubegen apiserver on etcd", () => {
  let dir: string;
  let etcd: EtcdServer;
  let server: APIServerProcess;

  function kubectl(...args: string[]): Promise<KubectlResult> {
    return runKubectl(server.kubeconfig, args, { cacheDir: path.join(dir, "cache") });
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-etcd-"));
    etcd = await startEtcd();
    server = await spawnAPIServer(dir, { etcd: etcd.endpoint });
  });
  afterAll(async () => {
    await server?.stop();
    await etcd?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("get ns lists the system namespaces; healthz checks etcd", async () => {
    const { stdout, code } = await kubectl("get", "ns");
    expect(code).toBe(0);
    expect(stdout.split("\n")[0]).toMatch(/^NAME\s+STATUS\s+AGE$/);
    for (const ns of ["default", "kube-system", "kube-public"]) expect(stdout).toMatch(new RegExp(`^${ns}\\s+Active\\s+\\d+s$`, "m"));
    const health = (await kubectl("get", "--raw", "/healthz?verbose")).stdout;
    expect(health).toContain("healthz check passed");
    expect(health).toContain("[+]etcd ok\n");
    expect(health).not.toContain("sqlite");
  });

  it("create, get, delete a namespace and a configmap", async () => {
    expect((await kubectl("create", "ns", "on-etcd")).stdout).toBe("namespace/on-etcd created\n");
    const ns = JSON.parse((await kubectl("get", "ns", "on-etcd", "-o", "json")).stdout);
    expect(ns).toMatchObject({ kind: "Namespace", metadata: { name: "on-etcd" }, status: { phase: "Active" } });
    expect((await kubectl("create", "configmap", "cm1", "-n", "on-etcd", "--from-literal=k=v")).stdout).toBe("configmap/cm1 created\n");
    expect(JSON.parse((await kubectl("get", "cm", "cm1", "-n", "on-etcd", "-o", "json")).stdout).data).toEqual({ k: "v" });
    expect((await kubectl("delete", "cm", "cm1", "-n", "on-etcd")).stdout).toBe('configmap "cm1" deleted\n');
    expect((await kubectl("get", "cm", "cm1", "-n", "on-etcd")).stderr).toContain(
      'Error from server (NotFound): configmaps "cm1" not found',
    );
    // Without a namespace controller the namespace is left Terminating, as kube-apiserver leaves it.
    const del = await kubectl("delete", "ns", "on-etcd", "--wait=false");
    expect(del.stdout).toBe('namespace "on-etcd" deleted\n');
    expect((await kubectl("get", "ns", "on-etcd", "-o", "jsonpath={.status.phase}")).stdout).toBe("Terminating");
  });

  it("a restarted apiserver reads the same objects back from etcd", async () => {
    expect((await kubectl("create", "cm", "kept", "-n", "default", "--from-literal=a=b")).code).toBe(0);
    expect(await server.stop()).toBe(0);
    server = await spawnAPIServer(dir, { etcd: etcd.endpoint });
    expect((await kubectl("get", "cm", "kept", "-n", "default", "-o", "jsonpath={.data.a}")).stdout).toBe("b");
  });
});

describeWithTools(["etcd", "kubectl"], "kubegen apiserver on etcd over TLS (--etcd-cafile, --etcd-certfile, --etcd-keyfile)", () => {
  let dir: string;
  let etcd: EtcdServer;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-etcd-tls-"));
    etcd = await startEtcd({ tls: true });
  });
  afterAll(async () => {
    await etcd?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves from an https:// member with the CA and client certificate given", async () => {
    const tls = etcd.tls!;
    const server = await spawnAPIServer(path.join(dir, "ok"), {
      etcd: etcd.endpoint,
      extraArgs: [`--etcd-cafile=${tls.caFile}`, `--etcd-certfile=${tls.certFile}`, `--etcd-keyfile=${tls.keyFile}`],
    });
    try {
      const kubectl = (...args: string[]) => runKubectl(server.kubeconfig, args, { cacheDir: path.join(dir, "cache") });
      expect((await kubectl("create", "configmap", "over-tls", "--from-literal=k=v")).stdout).toBe("configmap/over-tls created\n");
      expect(JSON.parse((await kubectl("get", "cm", "over-tls", "-o", "json")).stdout).data).toEqual({ k: "v" });
    } finally {
      await server.stop();
    }
  });

  it("refuses to start, saying why, when etcd's certificate cannot be verified", async () => {
    const tls = etcd.tls!;
    await expect(
      spawnAPIServer(path.join(dir, "no-ca"), {
        etcd: etcd.endpoint,
        extraArgs: [`--etcd-certfile=${tls.certFile}`, `--etcd-keyfile=${tls.keyFile}`],
      }),
    ).rejects.toThrow(/certificate/);
  });
});
