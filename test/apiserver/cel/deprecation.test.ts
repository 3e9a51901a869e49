/** Deprecation warnings: a deprecated CRD version (its own text or upstream's default) and v1 Endpoints send `Warning: 299` headers. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../server/harness.js";
import { createEstablished, json, startCRDServer } from "../apiextensions/support.js";

let t: TestServer;
beforeAll(async () => {
  t = await startCRDServer();
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "ns1" } }));
});
afterAll(async () => {
  await t.server.shutdown();
});

const open = { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } };

describe("deprecation warnings", () => {
  it("warns on every request to a deprecated CRD version, and not on the others", async () => {
    await createEstablished(t, {
      apiVersion: "apiextensions.k8s.io/v1",
      kind: "CustomResourceDefinition",
      metadata: { name: "olds.dep.example.com" },
      spec: {
        group: "dep.example.com",
        scope: "Namespaced",
        names: { plural: "olds", kind: "Old", singular: "old", listKind: "OldList" },
        versions: [
          { name: "v1alpha1", served: true, storage: false, deprecated: true, schema: open },
          {
            name: "v1beta1",
            served: true,
            storage: false,
            deprecated: true,
            deprecationWarning: "dep.example.com/v1beta1 Old is going away; use v1",
            schema: open,
          },
          { name: "v1", served: true, storage: true, schema: open },
        ],
      },
    });
    expect((await t.request("GET", "/apis/dep.example.com/v1alpha1/namespaces/ns1/olds")).headers.warning).toBe(
      '299 - "dep.example.com/v1alpha1 Old is deprecated"',
    );
    const created = await t.request(
      "POST",
      "/apis/dep.example.com/v1beta1/namespaces/ns1/olds",
      json({ apiVersion: "dep.example.com/v1beta1", kind: "Old", metadata: { name: "o" } }),
    );
    expect(created.status).toBe(201);
    expect(created.headers.warning).toBe('299 - "dep.example.com/v1beta1 Old is going away; use v1"');
    expect((await t.request("GET", "/apis/dep.example.com/v1/namespaces/ns1/olds")).headers.warning).toBeUndefined();
  });

  it("warns on v1 Endpoints", async () => {
    const res = await t.request("GET", "/api/v1/namespaces/ns1/endpoints");
    expect(res.status).toBe(200);
    expect(res.headers.warning).toBe('299 - "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"');
  });
});
