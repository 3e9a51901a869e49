/**
 * The default ServiceCIDR controller over a fake clientset, as upstream's
 * defaultservicecidr controller: it creates `kubernetes` from the flag's CIDRs and marks it
 * Ready, upgrades a single-stack one when the flag gained the second family, and leaves a
 * mismatched one or one whose Ready is False as it is (logging once).
 */
import { describe, expect, it } from "vitest";
import type { ServiceCIDR } from "../../../api/networking/v1/types.js";
import { DefaultServiceCIDRController } from "../../../apiserver/controlplane/default-service-cidr.js";
import { FakeClientset } from "../../../generated/clientset/fake/clientset.js";

const NOW = new Date("2026-01-01T00:00:00Z");

function existing(cidrs: string[], ready?: "True" | "False"): ServiceCIDR {
  return {
    apiVersion: "networking.k8s.io/v1",
    kind: "ServiceCIDR",
    metadata: { name: "kubernetes" },
    spec: { cidrs },
    ...(ready && {
      status: {
        conditions: [{ type: "Ready", status: ready, reason: "Why", message: "because", lastTransitionTime: "2025-01-01T00:00:00Z" }],
      },
    }),
  };
}

describe("default ServiceCIDR controller", () => {
  it("creates the kubernetes ServiceCIDR and marks it Ready", async () => {
    const client = new FakeClientset();
    const c = new DefaultServiceCIDRController(client.networkingV1().serviceCIDRs(), {
      cidrs: ["10.96.0.0/12", "fd00::/108"],
      now: () => NOW,
    });
    await c.sync();
    const got = await client.networkingV1().serviceCIDRs().get("kubernetes");
    expect(got.spec).toEqual({ cidrs: ["10.96.0.0/12", "fd00::/108"] });
    expect(got.status?.conditions).toEqual([
      expect.objectContaining({
        type: "Ready",
        status: "True",
        message: "Kubernetes default Service CIDR is ready",
        lastTransitionTime: "2026-01-01T00:00:00Z",
      }),
    ]);
  });

  it("upgrades a single-stack ServiceCIDR when the flag gained the other family", async () => {
    const client = new FakeClientset(existing(["10.96.0.0/12"], "True"));
    const logs: string[] = [];
    const c = new DefaultServiceCIDRController(client.networkingV1().serviceCIDRs(), {
      cidrs: ["10.96.0.0/12", "fd00::/108"],
      log: (l) => logs.push(l),
    });
    await c.sync();
    expect((await client.networkingV1().serviceCIDRs().get("kubernetes")).spec?.cidrs).toEqual(["10.96.0.0/12", "fd00::/108"]);
    expect(logs).toEqual(["Updating default ServiceCIDR from single-stack ([10.96.0.0/12]) to dual-stack ([10.96.0.0/12 fd00::/108])"]);
  });

  it("leaves a mismatched ServiceCIDR alone and says so once", async () => {
    const client = new FakeClientset(existing(["10.100.0.0/16"]));
    const logs: string[] = [];
    const c = new DefaultServiceCIDRController(client.networkingV1().serviceCIDRs(), { cidrs: ["10.96.0.0/12"], log: (l) => logs.push(l) });
    await c.sync();
    await c.sync();
    const got = await client.networkingV1().serviceCIDRs().get("kubernetes");
    expect(got.spec?.cidrs).toEqual(["10.100.0.0/16"]);
    expect(got.status).toBeUndefined();
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain("Inconsistent ServiceCIDR status for kubernetes");
  });

  it("does not overwrite Ready=False", async () => {
    const client = new FakeClientset(existing(["10.96.0.0/12"], "False"));
    const c = new DefaultServiceCIDRController(client.networkingV1().serviceCIDRs(), { cidrs: ["10.96.0.0/12"] });
    await c.sync();
    const got = await client.networkingV1().serviceCIDRs().get("kubernetes");
    expect(got.status?.conditions?.[0]).toMatchObject({ status: "False", reason: "Why" });
  });
});
