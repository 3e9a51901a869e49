/**
 * The start-kubernetes-service-cidr-controller hook on a running server: given the registry's
 * storage it writes in-process, and leaves the same object and managedFields as over the
 * loopback client (a create by `kube-apiserver`, the controller's server-side apply of status).
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { ServiceCIDR } from "../../../api/networking/v1/types.js";
import { defaultServiceCIDRHook } from "../../../apiserver/controlplane/default-service-cidr.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import { APIServer } from "../../../apiserver/server/apiserver.js";
import { ensureCertificates } from "../../../apiserver/server/certs.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { scheme } from "../../../generated/apis/register.js";
import { Clientset } from "../../../generated/clientset/clientset.js";

const NOW = new Date("2026-01-01T00:00:00Z");

describe("the start-kubernetes-service-cidr-controller hook", () => {
  /** A server running the hook, in-process or over its loopback client; the ServiceCIDR it left when ready, as a client reads it. */
  async function startedWith(inProcess: boolean, dataDir: string): Promise<ServiceCIDR> {
    const certs = await ensureCertificates({ dataDir });
    const storages = buildBuiltinStorages(new MemoryStorage(), scheme);
    const server = new APIServer({
      storages,
      scheme,
      bindAddress: "127.0.0.1",
      securePort: 0,
      advertiseAddress: "192.0.2.10",
      tls: { cert: certs.serving.cert, key: certs.serving.key, clientCA: certs.ca.cert },
      log: () => {},
    });
    const storage = storages.find((s) => s.group === "networking.k8s.io" && s.info.plural === "servicecidrs")!;
    server.hooks.addPostStartHook(
      "cidr",
      defaultServiceCIDRHook({ cidrs: ["10.96.0.0/12", "fd00::/108"], now: () => NOW, ...(inProcess && { storage }) }),
    );
    await server.start();
    const client = new Clientset({
      server: `https://127.0.0.1:${server.port}`,
      caData: certs.ca.cert,
      certData: certs.admin.cert,
      keyData: certs.admin.key,
      qps: -1,
    });
    try {
      return await client.networkingV1().serviceCIDRs().get("kubernetes");
    } finally {
      client.restClient.close();
      await server.shutdown();
    }
  }

  it("leaves, when the server is ready, the same object in-process as over the loopback client", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-service-cidr-"));
    try {
      const [loopback, inProcess] = [await startedWith(false, dir), await startedWith(true, dir)];
      // What differs between any two servers' objects: identity, versions and the write times.
      const comparable = (o: ServiceCIDR) => ({
        ...o,
        metadata: {
          ...o.metadata,
          uid: undefined,
          resourceVersion: undefined,
          creationTimestamp: undefined,
          managedFields: o.metadata?.managedFields?.map((f) => ({ ...f, time: undefined })),
        },
      });
      expect(comparable(inProcess)).toEqual(comparable(loopback));
      expect(inProcess.metadata?.managedFields?.map((f) => [f.manager, f.operation, f.subresource])).toEqual([
        ["kubernetes-service-cidr-controller", "Apply", "status"],
        ["kube-apiserver", "Update", undefined],
      ]);
      expect(inProcess.spec?.cidrs).toEqual(["10.96.0.0/12", "fd00::/108"]);
      expect(inProcess.status?.conditions).toEqual([
        {
          type: "Ready",
          status: "True",
          reason: "",
          message: "Kubernetes default Service CIDR is ready",
          lastTransitionTime: "2026-01-01T00:00:00Z",
        },
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
