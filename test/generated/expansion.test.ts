/**
 * The expansion pattern: a hand-written module adds a method to a generated typed client
 * without touching generated files, by augmenting the empty `LeaseExpansion` interface and the
 * `LeaseClient` class, as client-go's hand-written `*_expansion.go` files do.
 */
import { describe, expect, it } from "vitest";
import type { Lease } from "../../generated/apis/coordination/v1/index.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import { LeaseClient } from "../../generated/clientset/typed/coordination/v1/lease.js";
import { isNotFound } from "../../runtime/rest/index.js";

declare module "../../generated/clientset/typed/coordination/v1/generated-expansion.js" {
  interface LeaseExpansion {
    /** The lease's holder, or undefined when the lease does not exist. */
    holder(name: string): Promise<string | undefined>;
  }
}

declare module "../../generated/clientset/typed/coordination/v1/lease.js" {
  interface LeaseClient {
    holder(name: string): Promise<string | undefined>;
  }
}

LeaseClient.prototype.holder = async function (this: LeaseClient, name: string): Promise<string | undefined> {
  try {
    return (await this.get(name)).spec?.holderIdentity;
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw err;
  }
};

describe("expansion interfaces", () => {
  it("carry hand-written methods to the real and the fake typed clients", async () => {
    const lease: Lease = {
      apiVersion: "coordination.k8s.io/v1",
      kind: "Lease",
      metadata: { name: "leader", namespace: "kube-system" },
      spec: { holderIdentity: "node-1" },
    };
    const cs = new FakeClientset(lease);
    expect(await cs.coordinationV1().leases("kube-system").holder("leader")).toBe("node-1");
    expect(await cs.coordinationV1().leases("kube-system").holder("nobody")).toBeUndefined();
  });
});
