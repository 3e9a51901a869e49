/**
 * The apiserver identity Lease: upstream's name for a host, created in kube-system with its
 * labels, renewed, retaken after a delete; the collector deletes expired identity Leases only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Lease } from "../../../api/coordination/v1/types.js";
import {
  apiserverIdentity,
  IDENTITY_LABEL,
  identityLeaseExpired,
  identityLeaseGCHook,
  identityLeaseHook,
} from "../../../apiserver/controlplane/apiserver-identity.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import { APIServer } from "../../../apiserver/server/apiserver.js";
import { ensureCertificates, type ClusterCertificates } from "../../../apiserver/server/certs.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { scheme } from "../../../generated/apis/register.js";
import { Clientset } from "../../../generated/clientset/clientset.js";
import { formatMicroTime } from "../../../runtime/leaderelection/micro-time.js";
import { isNotFound } from "../../../runtime/rest/errors.js";
import { eventuallyWhere } from "../../support/wait.js";

let certs: ClusterCertificates;
let certDir: string;

beforeAll(async () => {
  certDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-identity-"));
  certs = await ensureCertificates({ dataDir: certDir });
});

afterAll(() => rmSync(certDir, { recursive: true, force: true }));

describe("apiserverIdentity", () => {
  it("is upstream's name: apiserver- and base32 of SHA-256 over the length-prefixed host and component", () => {
    // Vectors computed outside this code (Python's hashlib and base64.b32encode) by upstream's recipe.
    expect(apiserverIdentity("node-1")).toBe("apiserver-lgabes5ywnaqeagh5dny4zlzs4");
    expect(apiserverIdentity("kubegen-host.example")).toBe("apiserver-2uvxvjhkl3im5qqkj4zvjtcg3y");
  });

  it("counts a lease expired only once its duration has passed since the last renewal", () => {
    const lease = (renew: Date | undefined, seconds: number | undefined): Lease => ({
      spec: {
        ...(renew !== undefined && { renewTime: formatMicroTime(renew) }),
        ...(seconds !== undefined && { leaseDurationSeconds: seconds }),
      },
    });
    const now = new Date("2026-01-01T12:00:00Z");
    expect(identityLeaseExpired(lease(new Date("2026-01-01T10:00:00Z"), 3600), now)).toBe(true);
    expect(identityLeaseExpired(lease(new Date("2026-01-01T11:30:00Z"), 3600), now)).toBe(false);
    expect(identityLeaseExpired(lease(undefined, 3600), now)).toBe(false);
    expect(identityLeaseExpired(lease(new Date("2026-01-01T10:00:00Z"), undefined), now)).toBe(false);
  });
});

describe("identity lease hooks", () => {
  it("keep this server's lease, retake it after a delete, and collect only expired identity leases", async () => {
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
    const leaseStorage = storages.find((s) => s.group === "coordination.k8s.io" && s.info.plural === "leases")!;
    server.hooks.addPostStartHook("identity", identityLeaseHook({ leases: leaseStorage, hostname: "node-1", renewIntervalMs: 100 }));
    server.hooks.addPostStartHook("identity-gc", identityLeaseGCHook({ leases: leaseStorage, gcPeriodMs: 100 }));
    await server.start();
    const client = new Clientset({
      server: `https://127.0.0.1:${server.port}`,
      caData: certs.ca.cert,
      certData: certs.admin.cert,
      keyData: certs.admin.key,
      qps: -1,
    });
    const leases = client.coordinationV1().leases("kube-system");
    const name = "apiserver-lgabes5ywnaqeagh5dny4zlzs4";
    const get = (): Promise<Lease | undefined> =>
      leases.get(name).catch((err: unknown) => {
        if (isNotFound(err)) return undefined;
        throw err;
      });
    try {
      const first = await eventuallyWhere(get, (l) => l !== undefined, 10_000);
      expect(first!.metadata?.labels).toEqual({ [IDENTITY_LABEL]: "kube-apiserver", "kubernetes.io/hostname": "node-1" });
      expect(first!.spec?.leaseDurationSeconds).toBe(3600);
      expect(first!.spec?.holderIdentity).toMatch(new RegExp(`^${name}_[0-9a-f-]{36}$`));
      // Renewed: a later read has a later renewTime.
      await eventuallyWhere(get, (l) => l?.spec?.renewTime !== undefined && l.spec.renewTime > first!.spec!.renewTime!, 10_000);

      await leases.delete(name);
      const back = await eventuallyWhere(get, (l) => l !== undefined && l.metadata?.uid !== first!.metadata?.uid, 10_000);
      expect(back!.metadata?.labels?.[IDENTITY_LABEL]).toBe("kube-apiserver");

      const old = formatMicroTime(new Date(Date.now() - 2 * 3600_000));
      const fresh = formatMicroTime(new Date(Date.now() - 120_000));
      const lease = (n: string, renewTime: string, labelled: boolean, ns = "kube-system"): Lease => ({
        metadata: { name: n, namespace: ns, ...(labelled && { labels: { [IDENTITY_LABEL]: "kube-apiserver" } }) },
        spec: { holderIdentity: n, leaseDurationSeconds: 3600, renewTime },
      });
      await leases.create(lease("gone-apiserver", old, true));
      await leases.create(lease("live-apiserver", fresh, true));
      await leases.create(lease("someone-elses", old, false));
      await client
        .coordinationV1()
        .leases("default")
        .create(lease("elsewhere", old, true, "default"));
      await eventuallyWhere(
        () => leases.list(),
        (l) => !l.items.some((x) => x.metadata?.name === "gone-apiserver"),
        10_000,
      );
      const left = (await leases.list()).items.map((l) => l.metadata?.name).sort();
      expect(left).toEqual([name, "live-apiserver", "someone-elses"].sort());
      expect((await client.coordinationV1().leases("default").get("elsewhere")).metadata?.name).toBe("elsewhere");
    } finally {
      client.restClient.close();
      await server.shutdown();
    }
  });
});
