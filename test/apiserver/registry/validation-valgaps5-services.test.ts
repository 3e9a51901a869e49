/**
 * Issue #16 against upstream 1.34, session 12: Service status (ValidateServiceStatusUpdate with
 * ValidateLoadBalancerStatus and the ipMode default), ServiceAccount `secrets` trimmed to names
 * (cleanSecretReferences), Ingress status and the class annotation (ValidateIngressCreate), and
 * IngressClass controller and parameters (validateIngressClassSpec).
 */
import { describe, expect, it } from "vitest";
import { serviceStatusStrategy } from "../../../apiserver/registry/resources/services/strategy.js";
import { serviceAccountStrategy } from "../../../apiserver/registry/resources/serviceaccounts/strategy.js";
import { ingressStatusStrategy, ingressStrategy } from "../../../apiserver/registry/resources/ingresses/strategy.js";
import { ingressClassStrategy } from "../../../apiserver/registry/resources/ingressclasses/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import type { Strategy, UpdateStrategy } from "../../../apiserver/registry/strategy.js";

const meta = (more: Record<string, unknown> = {}) => ({ name: "x", namespace: "d", resourceVersion: "1", ...more });

function statusErrors(strategy: UpdateStrategy, old: KubeObject, status: unknown): { errs: string[]; obj: KubeObject } {
  const obj: KubeObject = { ...structuredClone(old), status: structuredClone(status) };
  strategy.prepareForUpdate?.(obj, old);
  return { errs: (strategy.validateUpdate?.(obj, old) ?? []).map(errorText), obj };
}

function createErrors(strategy: Strategy, obj: KubeObject): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText);
}

const svc = (type: string): KubeObject => ({
  apiVersion: "v1",
  kind: "Service",
  metadata: meta(),
  spec: { type, ports: [{ port: 80, protocol: "TCP", targetPort: 80 }], clusterIP: "10.0.0.5", clusterIPs: ["10.0.0.5"] },
  status: { loadBalancer: {} },
});
const lb = (...ingress: unknown[]) => ({ loadBalancer: { ingress } });

describe("Service status", () => {
  it("accepts IPs and hostnames of a LoadBalancer, defaulting ipMode to VIP", () => {
    const { errs, obj } = statusErrors(serviceStatusStrategy, svc("LoadBalancer"), lb({ ip: "192.0.2.1" }, { hostname: "lb.example.com" }));
    expect(errs).toEqual([]);
    expect((obj.status as { loadBalancer: { ingress: unknown[] } }).loadBalancer.ingress).toEqual([
      { ip: "192.0.2.1", ipMode: "VIP" },
      { hostname: "lb.example.com" },
    ]);
    expect(statusErrors(serviceStatusStrategy, svc("LoadBalancer"), lb({ ip: "2001:db8::1", ipMode: "Proxy" })).errs).toEqual([]);
  });

  it("forbids ingress points on other types", () => {
    expect(statusErrors(serviceStatusStrategy, svc("ClusterIP"), lb({ ip: "192.0.2.1" })).errs).toEqual([
      "status.loadBalancer.ingress: Forbidden: may only be used when `spec.type` is 'LoadBalancer'",
    ]);
    expect(statusErrors(serviceStatusStrategy, svc("ClusterIP"), lb()).errs).toEqual([]);
  });

  it("checks the ip, the hostname and the ipMode as upstream", () => {
    expect(
      statusErrors(
        serviceStatusStrategy,
        svc("LoadBalancer"),
        lb(
          { ip: "1.2.3" },
          { ip: "010.0.0.1" },
          { hostname: "1.2.3.4" },
          { hostname: "Bad_Host" },
          { hostname: "h.example", ipMode: "VIP" },
          { ip: "192.0.2.9", ipMode: "Direct" },
        ),
      ).errs,
    ).toEqual([
      'status.loadBalancer.ingress[0].ip: Invalid value: "1.2.3": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
      'status.loadBalancer.ingress[1].ip: Invalid value: "010.0.0.1": must not have leading 0s',
      'status.loadBalancer.ingress[2].hostname: Invalid value: "1.2.3.4": must be a DNS name, not an IP address',
      "status.loadBalancer.ingress[3].hostname: Invalid value: \"Bad_Host\": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')",
      "status.loadBalancer.ingress[4].ipMode: Forbidden: may not be specified when `ip` is not set",
      'status.loadBalancer.ingress[5].ipMode: Unsupported value: "Direct": supported values: "Proxy", "VIP"',
    ]);
  });
});

describe("ServiceAccount secrets", () => {
  it("keeps only the names of the references, on create and update", () => {
    const sa: KubeObject = {
      apiVersion: "v1",
      kind: "ServiceAccount",
      metadata: meta(),
      secrets: [{ name: "s1", namespace: "other", kind: "Secret", uid: "u" }, { namespace: "n" }],
    };
    expect(createErrors(serviceAccountStrategy, sa)).toEqual([]);
    expect(sa.secrets).toEqual([{ name: "s1" }, {}]);
    const updated: KubeObject = { ...structuredClone(sa), secrets: [{ name: "s2", fieldPath: "f" }] };
    serviceAccountStrategy.prepareForUpdate?.(updated, sa);
    expect(updated.secrets).toEqual([{ name: "s2" }]);
  });
});

const ingress = (annotations: Record<string, string>, className?: string): KubeObject => ({
  apiVersion: "networking.k8s.io/v1",
  kind: "Ingress",
  metadata: meta({ annotations }),
  spec: {
    ...(className === undefined ? {} : { ingressClassName: className }),
    defaultBackend: { service: { name: "s", port: { number: 80 } } },
  },
});

describe("Ingress", () => {
  it("refuses a class annotation naming another class on create only", () => {
    expect(createErrors(ingressStrategy, ingress({ "kubernetes.io/ingress.class": "nginx" }, "nginx"))).toEqual([]);
    expect(createErrors(ingressStrategy, ingress({ "kubernetes.io/ingress.class": "nginx" }))).toEqual([]);
    expect(createErrors(ingressStrategy, ingress({ "kubernetes.io/ingress.class": "alb" }, "nginx"))).toEqual([
      'annotations.kubernetes.io/ingress.class: Invalid value: "alb": must match `ingressClassName` when both are specified',
    ]);
    const old = ingress({}, "nginx");
    const upd = ingress({ "kubernetes.io/ingress.class": "alb" }, "nginx");
    expect((ingressStrategy.validateUpdate?.(upd, old) ?? []).map(errorText)).toEqual([]);
  });

  it("validates the load-balancer status", () => {
    const old = ingress({});
    expect(statusErrors(ingressStatusStrategy, old, lb({ ip: "192.0.2.1" }, { hostname: "a.example" })).errs).toEqual([]);
    expect(statusErrors(ingressStatusStrategy, old, lb({ ip: "nope" }, { hostname: "::1" })).errs).toEqual([
      'status.loadBalancer.ingress[0].ip: Invalid value: "nope": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
      expect.stringMatching(/^status\.loadBalancer\.ingress\[1\]\.hostname: Invalid value: "::1": a lowercase RFC 1123 subdomain/),
      'status.loadBalancer.ingress[1].hostname: Invalid value: "::1": must be a DNS name, not an IP address',
    ]);
  });
});

const ingressClass = (spec: Record<string, unknown>): KubeObject => ({
  apiVersion: "networking.k8s.io/v1",
  kind: "IngressClass",
  metadata: { name: "c", resourceVersion: "1" },
  spec,
});

describe("IngressClass", () => {
  it("wants the controller a domain-prefixed path", () => {
    expect(createErrors(ingressClassStrategy, ingressClass({ controller: "example.com/ingress" }))).toEqual([]);
    expect(createErrors(ingressClassStrategy, ingressClass({}))).toEqual(["spec.controller: Required value"]);
    expect(createErrors(ingressClassStrategy, ingressClass({ controller: "nginx" }))).toEqual([
      'spec.controller: Invalid value: "nginx": must be a domain-prefixed path (such as "acme.io/foo")',
    ]);
    expect(createErrors(ingressClassStrategy, ingressClass({ controller: "Example.com/a b" }))).toEqual([
      expect.stringMatching(/^spec\.controller: Invalid value: "Example\.com": a lowercase RFC 1123 subdomain/),
      "spec.controller: Invalid value: \"a b\": must be a valid path (regex used for validation is '[A-Za-z0-9/\\-._~%!$&'()*+,;=:]+')",
    ]);
    expect(createErrors(ingressClassStrategy, ingressClass({ controller: `example.com/${"a".repeat(250)}` }))[0]).toMatch(
      /^spec\.controller: Too long: may not be (more than|longer than) 250/,
    );
  });

  it("checks parameters and defaults their scope to Cluster", () => {
    const ic = ingressClass({ controller: "example.com/c", parameters: { kind: "Params", name: "p" } });
    expect(createErrors(ingressClassStrategy, ic)).toEqual([]);
    expect((ic.spec as { parameters: { scope: string } }).parameters.scope).toBe("Cluster");
    expect(
      createErrors(
        ingressClassStrategy,
        ingressClass({
          controller: "example.com/c",
          parameters: { apiGroup: "A_B", kind: "", name: "a/b", scope: "Cluster", namespace: "n" },
        }),
      ),
    ).toEqual([
      expect.stringMatching(/^spec\.parameters\.apiGroup: Invalid value: "A_B": a lowercase RFC 1123 subdomain/),
      "spec.parameters.kind: Required value: kind is required",
      "spec.parameters.name: Invalid value: \"a/b\": may not contain '/'",
      "spec.parameters.namespace: Forbidden: `parameters.scope` is set to 'Cluster'",
    ]);
    expect(
      createErrors(
        ingressClassStrategy,
        ingressClass({ controller: "example.com/c", parameters: { kind: "K", name: "p", scope: "Namespace" } }),
      ),
    ).toEqual(["spec.parameters.namespace: Required value: `parameters.scope` is set to 'Namespace'"]);
    expect(
      createErrors(
        ingressClassStrategy,
        ingressClass({ controller: "example.com/c", parameters: { kind: "K", name: "p", scope: "Global" } }),
      ),
    ).toEqual(['spec.parameters.scope: Unsupported value: "Global": supported values: "Cluster", "Namespace"']);
    expect(
      createErrors(
        ingressClassStrategy,
        ingressClass({ controller: "example.com/c", parameters: { kind: "K", name: "p", scope: "Namespace", namespace: "Bad" } }),
      )[0],
    ).toMatch(/^spec\.parameters\.namespace: Invalid value: "Bad": a lowercase RFC 1123 label/);
  });

  it("keeps the controller fixed", () => {
    const old = ingressClass({ controller: "example.com/a" });
    expect((ingressClassStrategy.validateUpdate?.(ingressClass({ controller: "example.com/b" }), old) ?? []).map(errorText)).toEqual([
      'spec.controller: Invalid value: "example.com/b": field is immutable',
    ]);
  });
});
