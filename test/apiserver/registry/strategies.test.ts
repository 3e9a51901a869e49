/** Per-resource strategies: upstream's defaults and the fields each kind clears, keeps or makes selectable. */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { ctx, statusOf, storeFor, utf8 } from "./helpers.js";

describe("services", () => {
  it("fills upstream's defaults", async () => {
    const services = storeFor(new MemoryStorage(), "", "services");
    const svc = await services.create(ctx("default"), {
      metadata: { name: "web" },
      spec: { ports: [{ port: 80 }, { name: "b", port: 81, targetPort: "http", protocol: "UDP" }].slice(0, 1) },
    });
    expect(svc.spec).toEqual({
      ports: [{ protocol: "TCP", port: 80, targetPort: 80 }],
      type: "ClusterIP",
      sessionAffinity: "None",
      ipFamilies: ["IPv4"],
      ipFamilyPolicy: "SingleStack",
      internalTrafficPolicy: "Cluster",
    });
    const lb = await services.create(ctx("default"), {
      metadata: { name: "lb" },
      spec: { type: "LoadBalancer", ports: [{ port: 443 }], sessionAffinity: "ClientIP" },
    });
    expect(lb.spec).toMatchObject({
      externalTrafficPolicy: "Cluster",
      allocateLoadBalancerNodePorts: true,
      sessionAffinityConfig: { clientIP: { timeoutSeconds: 10800 } },
    });
    const ext = await services.create(ctx("default"), {
      metadata: { name: "ext" },
      spec: { type: "ExternalName", externalName: "example.com." },
    });
    expect(ext.spec).toEqual({ type: "ExternalName", externalName: "example.com.", sessionAffinity: "None" });
  });

  it("keeps clusterIP and clusterIPs in step and immutable", async () => {
    const services = storeFor(new MemoryStorage(), "", "services");
    const svc = await services.create(ctx("default"), {
      metadata: { name: "web" },
      spec: { clusterIP: "10.96.0.10", ports: [{ port: 80 }] },
    });
    expect(svc.spec).toMatchObject({ clusterIP: "10.96.0.10", clusterIPs: ["10.96.0.10"] });
    // An update that leaves the address out keeps it (kubectl replace of a manifest without it).
    const { object } = await services.update(ctx("default"), "web", { metadata: { name: "web" }, spec: { ports: [{ port: 8080 }] } });
    expect(object.spec).toMatchObject({ clusterIP: "10.96.0.10", clusterIPs: ["10.96.0.10"] });
    const moved = await statusOf(
      services.patch(ctx("default"), "web", "merge", utf8({ spec: { clusterIP: "10.96.0.11", clusterIPs: ["10.96.0.11"] } })),
    );
    expect(moved.message).toBe('Service "web" is invalid: spec.clusterIPs[0]: Invalid value: ["10.96.0.11"]: may not change once set');
    const headless = await services.create(ctx("default"), { metadata: { name: "h" }, spec: { clusterIP: "None" } });
    expect(headless.spec).toMatchObject({ clusterIP: "None", clusterIPs: ["None"], ipFamilies: ["IPv4"] });
  });

  it("selects by spec.type and spec.clusterIP", async () => {
    const services = storeFor(new MemoryStorage(), "", "services");
    await services.create(ctx("default"), { metadata: { name: "a" }, spec: { ports: [{ port: 80 }] } });
    await services.create(ctx("default"), { metadata: { name: "b" }, spec: { type: "NodePort", ports: [{ port: 80 }] } });
    const list = await services.list(ctx("default"), { fieldSelector: "spec.type=NodePort" });
    expect(list.items.map((s) => s.metadata?.name)).toEqual(["b"]);
  });
});

describe("other kinds", () => {
  it("secrets: Opaque by default, selectable by type", async () => {
    const secrets = storeFor(new MemoryStorage(), "", "secrets");
    await secrets.create(ctx("default"), { metadata: { name: "a" } });
    await secrets.create(ctx("default"), { metadata: { name: "b" }, type: "kubernetes.io/tls", data: { "tls.crt": "", "tls.key": "" } });
    const opaque = await secrets.list(ctx("default"), { fieldSelector: "type=Opaque" });
    expect(opaque.items.map((s) => [s.metadata?.name, s.type])).toEqual([["a", "Opaque"]]);
  });

  it("endpoints: ports default to TCP", async () => {
    const endpoints = storeFor(new MemoryStorage(), "", "endpoints");
    const ep = await endpoints.create(ctx("default"), {
      metadata: { name: "e" },
      subsets: [{ addresses: [{ ip: "10.0.0.1" }], ports: [{ port: 80 }] }],
    });
    expect(ep.subsets).toEqual([{ addresses: [{ ip: "10.0.0.1" }], ports: [{ port: 80, protocol: "TCP" }] }]);
  });

  it("events: selectable by involvedObject fields, reason and type", async () => {
    const events = storeFor(new MemoryStorage(), "", "events");
    const base = { involvedObject: { kind: "Pod", namespace: "default", name: "p" }, type: "Normal" };
    await events.create(ctx("default"), { metadata: { name: "e1" }, ...base, reason: "Started" });
    await events.create(ctx("default"), {
      metadata: { name: "e2" },
      ...base,
      involvedObject: { ...base.involvedObject, name: "q" },
      reason: "Killing",
    });
    const byObject = await events.list(ctx("default"), { fieldSelector: "involvedObject.name=p,involvedObject.kind=Pod" });
    expect(byObject.items.map((e) => e.metadata?.name)).toEqual(["e1"]);
    expect((await events.list(ctx("default"), { fieldSelector: "reason=Killing" })).items.map((e) => e.metadata?.name)).toEqual(["e2"]);
    const bad = await statusOf(events.create(ctx("default"), { metadata: { name: "e3" }, involvedObject: { namespace: "other" } }));
    expect(bad.message).toBe('Event "e3" is invalid: involvedObject.namespace: Invalid value: "other": does not match event.namespace');
  });

  it("role bindings: subjects' apiGroup defaults; roleRef cannot change", async () => {
    const bindings = storeFor(new MemoryStorage(), "rbac.authorization.k8s.io", "rolebindings");
    const rb = await bindings.create(ctx("default"), {
      metadata: { name: "b" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "r" },
      subjects: [
        { kind: "User", name: "alice" },
        { kind: "ServiceAccount", name: "sa", namespace: "default" },
      ],
    });
    expect(rb.subjects).toEqual([
      { kind: "User", apiGroup: "rbac.authorization.k8s.io", name: "alice" },
      { kind: "ServiceAccount", name: "sa", namespace: "default" },
    ]);
    const changed = await statusOf(bindings.patch(ctx("default"), "b", "merge", utf8({ roleRef: { name: "other" } })));
    expect(changed.message).toBe(
      'RoleBinding.rbac.authorization.k8s.io "b" is invalid: roleRef: Invalid value: {"APIGroup":"rbac.authorization.k8s.io","Kind":"Role","Name":"other"}: cannot change roleRef',
    );
  });

  it("custom resource definitions: defaults, stored versions, generation and status", async () => {
    const crds = storeFor(new MemoryStorage(), "apiextensions.k8s.io", "customresourcedefinitions");
    const spec = {
      group: "example.com",
      scope: "Namespaced",
      names: { plural: "widgets", kind: "Widget" },
      versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } }],
    };
    const crd = await crds.create(ctx(), { metadata: { name: "widgets.example.com" }, spec, status: { acceptedNames: { kind: "X" } } });
    expect(crd.metadata?.generation).toBe(1);
    expect(crd.spec).toMatchObject({
      names: { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList" },
      conversion: { strategy: "None" },
    });
    // Status sent on create is dropped; storedVersions starts with the storage version.
    expect(crd.status).toMatchObject({ storedVersions: ["v1"], acceptedNames: { kind: "" } });
    const relabeled = await crds.patch(ctx(), "widgets.example.com", "merge", utf8({ metadata: { labels: { a: "b" } } }));
    expect(relabeled.object.metadata?.generation).toBe(1);
    const changed = await crds.patch(ctx(), "widgets.example.com", "merge", utf8({ spec: { names: { shortNames: ["wd"] } } }));
    expect(changed.object.metadata?.generation).toBe(2);
    const accepted = {
      storedVersions: ["v1"],
      acceptedNames: { plural: "widgets", kind: "Widget" },
      conditions: [{ type: "Established", status: "True" }],
    };
    const status = await crds.subresources.status!.update!(ctx(), "widgets.example.com", { ...changed.object, status: accepted }, {});
    expect(status.object.status).toEqual(accepted);
    expect(status.object.metadata?.generation).toBe(2);
    const noRV = { ...changed.object, metadata: { ...changed.object.metadata, resourceVersion: undefined } };
    expect((await statusOf(crds.update(ctx(), "widgets.example.com", noRV))).message).toBe(
      'customresourcedefinitions.apiextensions.k8s.io "widgets.example.com" is invalid: metadata.resourceVersion: Invalid value: 0: must be specified for an update',
    );
  });
});

describe("Endpoints", () => {
  it("stores subsets repacked as upstream's Canonicalize: one subset per set of ports, addresses sorted", async () => {
    const endpoints = storeFor(new MemoryStorage(), "", "endpoints");
    const created = await endpoints.create(ctx("default"), {
      apiVersion: "v1",
      kind: "Endpoints",
      metadata: { name: "ext" },
      subsets: [
        { addresses: [{ ip: "10.0.0.2" }], ports: [{ name: "http", port: 80 }] },
        { addresses: [{ ip: "10.0.0.1" }], notReadyAddresses: [{ ip: "10.0.0.3" }], ports: [{ name: "http", port: 80 }] },
        { addresses: [{ ip: "10.0.0.9" }], ports: [{ name: "metrics", port: 9090 }] },
      ],
    });
    expect(created.subsets).toEqual([
      {
        addresses: [{ ip: "10.0.0.1" }, { ip: "10.0.0.2" }],
        notReadyAddresses: [{ ip: "10.0.0.3" }],
        ports: [{ name: "http", port: 80, protocol: "TCP" }],
      },
      { addresses: [{ ip: "10.0.0.9" }], ports: [{ name: "metrics", port: 9090, protocol: "TCP" }] },
    ]);
    // An update is repacked too: ports offered by the same addresses join one subset.
    const { object: updated } = await endpoints.update(
      ctx("default"),
      "ext",
      {
        ...created,
        subsets: [
          { addresses: [{ ip: "10.0.0.5" }], ports: [{ name: "metrics", port: 9090 }] },
          { addresses: [{ ip: "10.0.0.5" }], ports: [{ name: "http", port: 80 }] },
        ],
      },
      {},
    );
    expect(updated.subsets).toEqual([
      {
        addresses: [{ ip: "10.0.0.5" }],
        ports: [
          { name: "http", port: 80, protocol: "TCP" },
          { name: "metrics", port: 9090, protocol: "TCP" },
        ],
      },
    ]);
  });
});
