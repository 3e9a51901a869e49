/**
 * The real kubectl against `kubegen apiserver` (spawned as a process on embedded SQLite) for the
 * rules of issue #16 closed by valgaps5 in session 12: a Service's load-balancer status, the
 * ServiceAccount `secrets` trimmed to names, the Ingress class annotation, IngressClass
 * controllers and EndpointSlice FQDN addresses, each with upstream's message.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["kubectl"], "kubectl: the validation gaps of issue #16 closed by valgaps5", () => {
  const { kubectl, json, file } = kubectlServer("kubegen-e2e-valgaps5-", {
    setup: async () => expect((await kubectl("create", "serviceaccount", "default", "-n", "default")).code).toBe(0),
  });
  const manifest = (name: string, obj: unknown): string => file(`${name}.json`, JSON.stringify(obj));
  const statusPatch = (ingress: unknown[]) => JSON.stringify({ status: { loadBalancer: { ingress } } });

  it("a Service's load-balancer status: IPs, hostnames, ipMode defaulted to VIP, LoadBalancers only", async () => {
    expect((await kubectl("create", "service", "loadbalancer", "lb", "--tcp=80:8080")).code).toBe(0);
    expect(
      (await kubectl("patch", "service", "lb", "--subresource=status", "--type=merge", "-p", statusPatch([{ ip: "192.0.2.10" }]))).code,
    ).toBe(0);
    expect((await json("get", "service", "lb", "-o", "json")).status.loadBalancer.ingress).toEqual([{ ip: "192.0.2.10", ipMode: "VIP" }]);
    const bad = await kubectl(
      "patch",
      "service",
      "lb",
      "--subresource=status",
      "--type=merge",
      "-p",
      statusPatch([{ hostname: "10.0.0.1" }]),
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'status.loadBalancer.ingress[0].hostname: Invalid value: "10.0.0.1": must be a DNS name, not an IP address',
    );
    expect((await kubectl("create", "service", "clusterip", "cip", "--tcp=80:8080")).code).toBe(0);
    const notLB = await kubectl(
      "patch",
      "service",
      "cip",
      "--subresource=status",
      "--type=merge",
      "-p",
      statusPatch([{ ip: "192.0.2.11" }]),
    );
    expect(notLB.code).not.toBe(0);
    expect(notLB.stderr).toContain("status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'");
  });

  it("a ServiceAccount's secrets keep only their names", async () => {
    const sa = {
      apiVersion: "v1",
      kind: "ServiceAccount",
      metadata: { name: "sa1", namespace: "default" },
      secrets: [{ name: "tok", namespace: "elsewhere", kind: "Secret" }],
    };
    expect((await kubectl("create", "-f", manifest("sa1", sa))).code).toBe(0);
    expect((await json("get", "serviceaccount", "sa1", "-o", "json")).secrets).toEqual([{ name: "tok" }]);
  });

  it("an Ingress's class annotation must agree with ingressClassName; an IngressClass controller is a domain-prefixed path", async () => {
    const ing = {
      apiVersion: "networking.k8s.io/v1",
      kind: "Ingress",
      metadata: { name: "i1", namespace: "default", annotations: { "kubernetes.io/ingress.class": "alb" } },
      spec: { ingressClassName: "nginx", defaultBackend: { service: { name: "s", port: { number: 80 } } } },
    };
    const bad = await kubectl("create", "-f", manifest("i1", ing));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The Ingress "i1" is invalid: annotations.kubernetes.io/ingress.class: Invalid value: "alb": must match `ingressClassName` when both are specified',
    );
    const ic = { apiVersion: "networking.k8s.io/v1", kind: "IngressClass", metadata: { name: "c1" }, spec: { controller: "nginx" } };
    const badClass = await kubectl("create", "-f", manifest("c1", ic));
    expect(badClass.code).not.toBe(0);
    expect(badClass.stderr).toContain('spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")');
  });

  it("an EndpointSlice's FQDN addresses have two labels at least", async () => {
    const slice = {
      apiVersion: "discovery.k8s.io/v1",
      kind: "EndpointSlice",
      metadata: { name: "e1", namespace: "default" },
      addressType: "FQDN",
      endpoints: [{ addresses: ["localhost"] }],
      ports: [],
    };
    const bad = await kubectl("create", "-f", manifest("e1", slice));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'endpoints[0].addresses[0]: Invalid value: "localhost": should be a domain with at least two segments separated by dots',
    );
  });
});
