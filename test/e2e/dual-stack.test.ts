/**
 * Dual-stack Services seen by the real kubectl against a spawned apiserver with two
 * --service-cluster-ip-range CIDRs: `kubectl create service clusterip` gets a single-stack IPv4
 * Service, `kubectl apply` of a PreferDualStack one gets an address of each family, `kubectl get
 * servicecidrs` shows the `kubernetes` ServiceCIDR with both ranges, `kubectl get ipaddresses`
 * prints upstream's columns, and the ServiceCIDR's CIDRs refuse a change. Skipped without kubectl.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";
import { eventually } from "../support/wait.js";

describeWithTools(["kubectl"], "kubectl: dual-stack Services", () => {
  const { kubectl, ok, json, file } = kubectlServer("kubegen-e2e-dualstack-", {
    spawn: { extraArgs: ["--service-cluster-ip-range=10.96.0.0/16,fd00:10:96::/112"] },
  });

  it("kubectl create service clusterip: single-stack in the first family", async () => {
    expect(await ok("create", "service", "clusterip", "web", "--tcp=80:80")).toBe("service/web created\n");
    const svc = await json("get", "service", "web", "-o", "json");
    expect(svc.spec.ipFamilyPolicy).toBe("SingleStack");
    expect(svc.spec.ipFamilies).toEqual(["IPv4"]);
    expect(svc.spec.clusterIPs).toEqual([svc.spec.clusterIP]);
    expect(svc.spec.clusterIP).toMatch(/^10\.96\./);
  });

  it("kubectl apply of a PreferDualStack Service: an address per family, both in the wide listing", async () => {
    const manifest = file(
      "dual.yaml",
      [
        "apiVersion: v1",
        "kind: Service",
        "metadata:",
        "  name: dual",
        "spec:",
        "  ipFamilyPolicy: PreferDualStack",
        "  selector: {app: dual}",
        "  ports: [{port: 80}]",
        "",
      ].join("\n"),
    );
    expect(await ok("apply", "-f", manifest)).toBe("service/dual created\n");
    const svc = await json("get", "service", "dual", "-o", "json");
    expect(svc.spec.ipFamilies).toEqual(["IPv4", "IPv6"]);
    expect(svc.spec.clusterIPs[0]).toMatch(/^10\.96\./);
    expect(svc.spec.clusterIPs[1]).toMatch(/^fd00:10:96::/);
    const row = (await ok("get", "service", "dual", "--no-headers")).trim().split(/\s+/);
    expect(row.slice(0, 3)).toEqual(["dual", "ClusterIP", svc.spec.clusterIP]);
  });

  it("kubectl get servicecidrs,ipaddresses: the kubernetes ServiceCIDR with both ranges; upstream's columns", async () => {
    await eventually("the kubernetes ServiceCIDR", async () => (await kubectl("get", "servicecidr", "kubernetes")).code === 0);
    const out = await ok("get", "servicecidrs,ipaddresses");
    const lines = out.split("\n");
    expect(lines[0]).toMatch(/^NAME\s+CIDRS\s+AGE$/);
    expect(lines[1]).toMatch(/^servicecidr\.networking\.k8s\.io\/kubernetes\s+10\.96\.0\.0\/16,fd00:10:96::\/112\s+\S+$/);
    const ready = await json("get", "servicecidr", "kubernetes", "-o", "json");
    expect(ready.status.conditions).toEqual([expect.objectContaining({ type: "Ready", status: "True" })]);

    const ip = file(
      "ip.yaml",
      [
        "apiVersion: networking.k8s.io/v1",
        "kind: IPAddress",
        "metadata: {name: 10.96.200.1}",
        "spec:",
        "  parentRef: {group: '', resource: services, namespace: default, name: web}",
        "",
      ].join("\n"),
    );
    expect(await ok("create", "-f", ip)).toBe("ipaddress.networking.k8s.io/10.96.200.1 created\n");
    const ips = (await ok("get", "ipaddresses")).split("\n");
    expect(ips[0]).toMatch(/^NAME\s+PARENTREF$/);
    expect(ips.find((l) => l.startsWith("10.96.200.1"))).toMatch(/^10\.96\.200\.1\s+services\/default\/web$/);
  });

  it("the kubernetes ServiceCIDR's ranges cannot change; an IPAddress name must be a canonical IP", async () => {
    const patched = await kubectl("patch", "servicecidr", "kubernetes", "--type=merge", "-p", '{"spec":{"cidrs":["10.97.0.0/16"]}}');
    expect(patched.code).not.toBe(0);
    expect(patched.stderr).toContain('spec.cidrs: Invalid value: ["10.97.0.0/16"]: field is immutable');
    const bad = file(
      "bad-ip.yaml",
      [
        "apiVersion: networking.k8s.io/v1",
        "kind: IPAddress",
        "metadata: {name: 'fd00:10:96:0::5'}",
        "spec:",
        "  parentRef: {resource: services, name: web}",
        "",
      ].join("\n"),
    );
    const refused = await kubectl("create", "-f", bad);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('metadata.name: Invalid value: "fd00:10:96:0::5": must be in canonical form ("fd00:10:96::5")');
  });
});
