/**
 * Service ClusterIP and NodePort allocation seen by the real kubectl against a spawned apiserver
 * (SQLite): `kubectl create service nodeport` gets an IP of --service-cluster-ip-range and a
 * port of --service-node-port-range; a taken port or an IP outside the range is refused with
 * upstream's message; deleting the Service releases both, so asking for them again succeeds.
 * Skipped without kubectl.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

function ipToNumber(ip: string): number {
  return ip.split(".").reduce((acc, o) => acc * 256 + Number(o), 0);
}

describeWithTools(["kubectl"], "kubectl: Service IP and NodePort allocation", () => {
  const { kubectl } = kubectlServer("kubegen-e2e-svc-alloc-", {
    spawn: { extraArgs: ["--service-cluster-ip-range=10.96.0.0/16", "--service-node-port-range=30000-30999"] },
  });

  it("a NodePort service gets an IP and a port in range; deleting it releases both", async () => {
    const created = await kubectl("create", "service", "nodeport", "x", "--tcp=80:80");
    expect(created).toMatchObject({ code: 0, stdout: "service/x created\n" });
    const svc = JSON.parse((await kubectl("get", "service", "x", "-o", "json")).stdout) as {
      spec: { clusterIP: string; clusterIPs: string[]; ports: { nodePort: number }[] };
    };
    const ip = svc.spec.clusterIP;
    const port = svc.spec.ports[0]!.nodePort;
    expect(svc.spec.clusterIPs).toEqual([ip]);
    expect(ipToNumber(ip)).toBeGreaterThan(ipToNumber("10.96.0.0"));
    expect(ipToNumber(ip)).toBeLessThan(ipToNumber("10.96.255.255"));
    expect(port).toBeGreaterThanOrEqual(30000);
    expect(port).toBeLessThanOrEqual(30999);

    const taken = await kubectl("create", "service", "nodeport", "y", "--tcp=80:80", `--node-port=${port}`);
    expect(taken.code).not.toBe(0);
    expect(taken.stderr).toBe(
      `error: failed to create NodePort service: Service "y" is invalid: spec.ports[0].nodePort: Invalid value: ${port}: provided port is already allocated\n`,
    );
    const takenIP = await kubectl("create", "service", "clusterip", "y", "--tcp=80:80", `--clusterip=${ip}`);
    expect(takenIP.stderr).toContain(
      `spec.clusterIPs: Invalid value: ["${ip}"]: failed to allocate IP ${ip}: provided IP is already allocated`,
    );
    const outside = await kubectl("create", "service", "clusterip", "y", "--tcp=80:80", "--clusterip=10.200.0.1");
    expect(outside.stderr).toContain(
      // upstream's MetaAllocator: an address no ServiceCIDR holds.
      'spec.clusterIPs: Invalid value: ["10.200.0.1"]: failed to allocate IP 10.200.0.1: the provided network does not match the current range',
    );

    expect((await kubectl("delete", "service", "x")).stdout).toBe('service "x" deleted\n');
    expect(await kubectl("create", "service", "nodeport", "y", "--tcp=80:80", `--node-port=${port}`)).toMatchObject({
      code: 0,
      stdout: "service/y created\n",
    });
    expect(await kubectl("create", "service", "clusterip", "z", "--tcp=80:80", `--clusterip=${ip}`)).toMatchObject({
      code: 0,
      stdout: "service/z created\n",
    });
    expect((await kubectl("get", "service", "z", "-o", "jsonpath={.spec.clusterIP}")).stdout).toBe(ip);
  });

  it("the kubernetes Service holds the range's first IP; the repair hook is a readiness check", async () => {
    // The bootstrap controller creates it from its own post-start hook.
    const deadline = Date.now() + 15_000;
    let ip = "";
    while (Date.now() < deadline && ip === "") {
      ip = (await kubectl("get", "service", "kubernetes", "-n", "default", "-o", "jsonpath={.spec.clusterIP}")).stdout;
      if (ip === "") await new Promise((r) => setTimeout(r, 200));
    }
    expect(ip).toBe("10.96.0.1");
    const readyz = (await kubectl("get", "--raw", "/readyz?verbose")).stdout;
    expect(readyz).toContain("[+]poststarthook/start-service-ip-repair-controllers ok");
    const taken = await kubectl("create", "service", "clusterip", "first", "--tcp=80:80", "--clusterip=10.96.0.1");
    expect(taken.stderr).toContain("failed to allocate IP 10.96.0.1: provided IP is already allocated");
  });
});
