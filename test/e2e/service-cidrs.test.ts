/**
 * ClusterIPs as IPAddresses and ServiceCIDRs seen by the real kubectl against `kubegen up` with a
 * /29 --service-cluster-ip-range: `kubectl get ipaddresses` lists each Service's address with its
 * parentRef, deleting the Service deletes it; `kubectl apply` of a second ServiceCIDR gives new
 * Services addresses once the first range is full; `kubectl delete` of that ServiceCIDR while a
 * Service uses it leaves it in place with its finalizer. Skipped without kubectl.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";
import { eventually } from "../support/wait.js";

describeWithTools(["kubectl"], "kubectl: IPAddresses and ServiceCIDRs", () => {
  const { kubectl, ok, json, file } = kubectlServer("kubegen-e2e-servicecidrs-", {
    spawn: { command: "up", extraArgs: ["--service-cluster-ip-range=10.0.0.0/29"] },
  });

  it("kubectl get ipaddresses: a Service's address with its parentRef; gone with the Service", async () => {
    expect(await ok("create", "service", "clusterip", "web", "--tcp=80:80")).toBe("service/web created\n");
    const ip = (await ok("get", "service", "web", "-o", "jsonpath={.spec.clusterIP}")).trim();
    const lines = (await ok("get", "ipaddresses")).split("\n");
    expect(lines[0]).toMatch(/^NAME\s+PARENTREF$/);
    expect(lines.find((l) => l.startsWith(`${ip} `))).toMatch(new RegExp(`^${ip.replace(/\./g, "\\.")}\\s+services/default/web$`));
    const obj = await json("get", "ipaddress", ip, "-o", "json");
    expect(obj.metadata.labels).toEqual({
      "ipaddress.kubernetes.io/ip-family": "IPv4",
      "ipaddress.kubernetes.io/managed-by": "ipallocator.k8s.io",
    });
    const outside = await kubectl("create", "service", "clusterip", "out", "--tcp=80:80", "--clusterip=10.200.0.1");
    expect(outside.stderr).toContain(
      'spec.clusterIPs: Invalid value: ["10.200.0.1"]: failed to allocate IP 10.200.0.1: the provided network does not match the current range',
    );
    expect(await ok("delete", "service", "web")).toBe('service "web" deleted\n');
    expect((await kubectl("get", "ipaddress", ip)).stderr).toContain(`ipaddresses.networking.k8s.io "${ip}" not found`);
  });

  it("kubectl apply of a second ServiceCIDR serves new Services once the first is full; deleting it in use leaves it pending", async () => {
    // 10.0.0.1 is the kubernetes Service's: five are left.
    await eventually("the kubernetes Service", async () => (await kubectl("get", "service", "kubernetes")).code === 0);
    for (let i = 0; i < 5; i++) await ok("create", "service", "clusterip", `fill-${i}`, "--tcp=80:80");
    const full = await kubectl("create", "service", "clusterip", "more", "--tcp=80:80");
    expect(full.stderr).toContain("failed to allocate a serviceIP: range is full");

    const manifest = file(
      "extra.yaml",
      ["apiVersion: networking.k8s.io/v1", "kind: ServiceCIDR", "metadata:", "  name: extra", "spec:", "  cidrs: [10.1.0.0/29]", ""].join(
        "\n",
      ),
    );
    expect(await ok("apply", "-f", manifest)).toBe("servicecidr.networking.k8s.io/extra created\n");
    await eventually("extra Ready", async () => {
      const sc = await json("get", "servicecidr", "extra", "-o", "json");
      return sc.status?.conditions?.[0]?.status === "True";
    });
    await eventually(
      "a Service from the new range",
      async () => (await kubectl("create", "service", "clusterip", "more", "--tcp=80:80")).code === 0,
    );
    expect((await ok("get", "service", "more", "-o", "jsonpath={.spec.clusterIP}")).trim()).toMatch(/^10\.1\.0\.[1-6]$/);

    expect(await ok("delete", "servicecidr", "extra", "--wait=false")).toBe('servicecidr.networking.k8s.io "extra" deleted\n');
    const pending = await eventually("extra Terminating", async () => {
      const sc = await json("get", "servicecidr", "extra", "-o", "json");
      return sc.status?.conditions?.[0]?.reason === "Terminating" ? sc : undefined;
    });
    expect(pending.metadata.finalizers).toEqual(["networking.k8s.io/service-cidr-finalizer"]);
    expect(pending.metadata.deletionTimestamp).toBeDefined();
  }, 60_000);
});
