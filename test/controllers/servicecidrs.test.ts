/**
 * The service-cidr-controller against a real apiserver started in this process, whose
 * --service-cluster-ip-range is a /29 (the `kubernetes` Service and five more): ServiceCIDRs get
 * the finalizer and Ready=True; once the first range is full a second ServiceCIDR serves new
 * Services; deleting a ServiceCIDR whose addresses are in use leaves it Terminating (Ready=False,
 * reason Terminating, finalizer kept) until the Service goes, then it goes after the grace period.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAPIServer, type RunningAPIServer } from "../../apiserver/server/run.js";
import { ControllerManager } from "../../controllers/controller-manager/controller-manager.js";
import { SERVICE_CIDR_FINALIZER } from "../../controllers/servicecidrs/servicecidrs-controller.js";
import type { Service } from "../../generated/apis/core/v1/index.js";
import { Clientset } from "../../generated/clientset/index.js";
import { isNotFound, StatusError } from "../../runtime/rest/errors.js";
import { loadKubeconfig } from "../../runtime/rest/kubeconfig.js";
import { eventually } from "../support/wait.js";

let dataDir: string;
let server: RunningAPIServer;
let cs: Clientset;
let manager: ControllerManager;

const service = (name: string): Service => ({ metadata: { name }, spec: { ports: [{ port: 80 }] } });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-servicecidrs-"));
  server = await runAPIServer({
    dataDir,
    securePort: 0,
    bindAddress: "127.0.0.1",
    endpointReconcilerType: "none",
    serviceClusterIPRange: "10.0.0.0/29",
    log: () => {},
  });
  const restConfig = loadKubeconfig({ path: server.kubeconfig });
  cs = new Clientset(restConfig);
  manager = new ControllerManager({
    restConfig,
    identity: "servicecidrs",
    controllers: ["service-cidr-controller"],
    leaderElection: { leaderElect: false },
    onError: () => {},
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

describe("service-cidr-controller", () => {
  it("starts under upstream's name and puts its finalizer on the kubernetes ServiceCIDR", async () => {
    expect(manager.started).toEqual(["service-cidr-controller"]);
    const sc = await eventually("the finalizer", async () => {
      const got = await cs.networkingV1().serviceCIDRs().get("kubernetes");
      return got.metadata?.finalizers?.includes(SERVICE_CIDR_FINALIZER) ? got : undefined;
    });
    expect(sc.status?.conditions?.find((c) => c.type === "Ready")?.status).toBe("True");
  });

  it("a second ServiceCIDR serves Services once the first range is full; deleting it while used leaves it Terminating", async () => {
    const services = cs.coreV1().services("default");
    // The kubernetes Service holds 10.0.0.1: five addresses are left.
    await eventually("the kubernetes Service", async () => (await services.get("kubernetes").catch(() => undefined))?.spec?.clusterIP);
    for (let i = 0; i < 5; i++) await services.create(service(`fill-${i}`));
    const full = await services.create(service("sixth")).catch((e: unknown) => e);
    expect(full).toBeInstanceOf(StatusError);
    expect((full as StatusError).status.message).toBe("Internal error occurred: failed to allocate a serviceIP: range is full");

    await cs
      .networkingV1()
      .serviceCIDRs()
      .create({ metadata: { name: "extra" }, spec: { cidrs: ["10.1.0.0/29"] } });
    const ready = await eventually("extra Ready with its finalizer", async () => {
      const got = await cs.networkingV1().serviceCIDRs().get("extra");
      const cond = got.status?.conditions?.find((c) => c.type === "Ready");
      return cond?.status === "True" && got.metadata?.finalizers?.includes(SERVICE_CIDR_FINALIZER) ? got : undefined;
    });
    expect(ready.status?.conditions?.[0]).toMatchObject({ type: "Ready", status: "True", message: "Kubernetes Service CIDR is ready" });
    const sixth = await eventually("a Service from the new range", async () => services.create(service("sixth")).catch(() => undefined));
    expect(sixth.spec?.clusterIP).toMatch(/^10\.1\.0\.[1-6]$/);
    const ip = await cs.networkingV1().ipAddresses().get(sixth.spec!.clusterIP!);
    expect(ip.spec?.parentRef).toEqual({ resource: "services", namespace: "default", name: "sixth" });

    await cs.networkingV1().serviceCIDRs().delete("extra");
    const terminating = await eventually("extra Terminating", async () => {
      const got = await cs.networkingV1().serviceCIDRs().get("extra");
      return got.status?.conditions?.[0]?.reason === "Terminating" ? got : undefined;
    });
    expect(terminating.metadata?.deletionTimestamp).toBeDefined();
    expect(terminating.metadata?.finalizers).toEqual([SERVICE_CIDR_FINALIZER]);
    expect(terminating.status?.conditions?.[0]).toMatchObject({
      type: "Ready",
      status: "False",
      reason: "Terminating",
      message: "There are still IPAddresses referencing the ServiceCIDR, please remove them or create a new ServiceCIDR",
    });
    // A terminating ServiceCIDR hands out nothing.
    await services.delete("fill-0");
    const again = await services.create(service("seventh"));
    expect(again.spec?.clusterIP).toMatch(/^10\.0\.0\./);

    await services.delete("sixth");
    await eventually(
      "extra gone",
      async () => {
        try {
          await cs.networkingV1().serviceCIDRs().get("extra");
          return undefined;
        } catch (err) {
          if (isNotFound(err)) return true;
          throw err;
        }
      },
      30_000,
    );
  }, 60_000);
});
