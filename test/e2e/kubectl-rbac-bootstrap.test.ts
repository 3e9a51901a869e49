/**
 * The real kubectl against `kubegen apiserver --authorization-mode RBAC` (issue #16): the whole
 * upstream bootstrap policy is there at the first start, and it grants what upstream's does: the
 * scheduler binds pods, an extension apiserver's service account reads the authentication
 * ConfigMap once bound to `extension-apiserver-authentication-reader`.
 */
import { expect, it } from "vitest";
import { eventuallyWhere } from "../support/wait.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

const names = (out: string): string[] =>
  out
    .trim()
    .split("\n")
    .map((l) => l.replace(/^[^/]+\//, ""));

describeWithTools(["kubectl"], "kubectl: upstream's bootstrap RBAC policy", () => {
  const { kubectl, ok } = kubectlServer("kubegen-e2e-rbac-bootstrap-", {
    spawn: { extraArgs: ["--authorization-mode", "RBAC"] },
  });

  it("`kubectl get clusterroles` lists upstream's roles, controller roles included", async () => {
    const roles = names(await ok("get", "clusterroles", "-o", "name"));
    for (const r of [
      "system:auth-delegator",
      "system:kube-scheduler",
      "system:volume-scheduler",
      "system:node",
      "system:node-proxier",
      "system:monitoring",
      "system:kubelet-api-admin",
      "system:certificates.k8s.io:kube-apiserver-client-approver",
      "system:controller:namespace-controller",
      "system:controller:service-cidrs-controller",
      "system:controller:validatingadmissionpolicy-status-controller",
    ])
      expect(roles, r).toContain(r);
    expect(roles.filter((r) => r.startsWith("system:controller:")).length).toBe(37);
    const bindings = names(await ok("get", "clusterrolebindings", "-o", "name"));
    expect(bindings).toContain("system:kube-scheduler");
    expect(bindings).toContain("system:controller:job-controller");
  });

  it("the scheduler may bind pods; a plain service account may not", async () => {
    // kubectl reads `pods/binding` as the pod named "binding"; the subresource is --subresource.
    const can = async (...args: string[]) => (await kubectl("auth", "can-i", ...args)).stdout.trim();
    expect(await can("create", "pods", "--subresource", "binding", "--as", "system:kube-scheduler")).toBe("yes");
    expect(await can("create", "bindings", "--as", "system:kube-scheduler")).toBe("yes");
    expect(await can("create", "pods", "--subresource", "binding", "--as", "system:serviceaccount:x:y")).toBe("no");
    expect(await can("create", "pods", "--as", "system:kube-scheduler")).toBe("no");
    expect(await can("get", "secrets", "--as", "system:kube-scheduler")).toBe("no");
  });

  it("`kubectl get roles -n kube-system` lists the namespaced roles; binding the reader grants the ConfigMap", async () => {
    const roles = names(
      await eventuallyWhere(
        () => ok("get", "roles", "-n", "kube-system", "-o", "name"),
        (o) => o.includes("token-cleaner"),
        20_000,
      ),
    );
    expect(roles.sort()).toEqual([
      "extension-apiserver-authentication-reader",
      "system::leader-locking-kube-controller-manager",
      "system::leader-locking-kube-scheduler",
      "system:controller:bootstrap-signer",
      "system:controller:cloud-provider",
      "system:controller:token-cleaner",
    ]);
    const canRead = async () =>
      (
        await kubectl(
          "auth",
          "can-i",
          "get",
          "configmaps/extension-apiserver-authentication",
          "-n",
          "kube-system",
          "--as",
          "system:serviceaccount:x:y",
        )
      ).stdout.trim();
    expect(await canRead()).toBe("no");
    await ok(
      "create",
      "rolebinding",
      "x-auth-reader",
      "-n",
      "kube-system",
      "--role",
      "extension-apiserver-authentication-reader",
      "--serviceaccount",
      "x:y",
    );
    expect(await eventuallyWhere(canRead, (v) => v === "yes", 10_000)).toBe("yes");
  });
});
