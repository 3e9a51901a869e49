/** CRD conversion through a webhook: objects stored at the storage version, served at each version through ConversionReview v1 over HTTPS. */
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCertificates } from "../../../apiserver/server/certs.js";
import type { TestServer } from "../server/harness.js";
import { createEstablished, json, startCRDServer, statusOf } from "../apiextensions/support.js";

let t: TestServer;
let hooks: https.Server;
let dir: string;
let reviews = 0;

type Obj = { apiVersion: string; spec?: Record<string, unknown> } & Record<string, unknown>;

/** v1 spec {size}, v2 spec {dimension: {size}}. */
function convert(o: Obj, to: string): Obj {
  const spec = o.spec ?? {};
  if (to.endsWith("/v2")) return { ...o, apiVersion: to, spec: { dimension: { size: spec.size } } };
  return { ...o, apiVersion: to, spec: { size: (spec.dimension as { size?: string } | undefined)?.size } };
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-conversion-"));
  const certs = await ensureCertificates({ dataDir: dir, ips: ["127.0.0.1"] });
  hooks = https.createServer({ cert: certs.serving.cert, key: certs.serving.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      reviews++;
      const review = JSON.parse(Buffer.concat(chunks).toString()) as {
        request: { uid: string; desiredAPIVersion: string; objects: Obj[] };
      };
      const { uid, desiredAPIVersion, objects } = review.request;
      const failing = objects.some((o) => JSON.stringify(o.spec ?? {}).includes('"fail"'));
      const response = failing
        ? { uid, result: { status: "Failure", message: "cannot convert fail" } }
        : { uid, result: { status: "Success" }, convertedObjects: objects.map((o) => convert(o, desiredAPIVersion)) };
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ apiVersion: "apiextensions.k8s.io/v1", kind: "ConversionReview", response }));
    });
  });
  await new Promise<void>((r) => hooks.listen(0, "127.0.0.1", r));
  const url = `https://127.0.0.1:${(hooks.address() as AddressInfo).port}/convert`;
  t = await startCRDServer();
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "ns1" } }));
  const schema = (spec: Record<string, unknown>): Record<string, unknown> => ({
    openAPIV3Schema: { type: "object", properties: { spec } },
  });
  await createEstablished(t, {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "boxes.conv.example.com" },
    spec: {
      group: "conv.example.com",
      scope: "Namespaced",
      names: { plural: "boxes", kind: "Box", singular: "box", listKind: "BoxList" },
      conversion: {
        strategy: "Webhook",
        webhook: { conversionReviewVersions: ["v1"], clientConfig: { url, caBundle: Buffer.from(certs.ca.cert).toString("base64") } },
      },
      versions: [
        { name: "v1", served: true, storage: true, schema: schema({ type: "object", properties: { size: { type: "string" } } }) },
        {
          name: "v2",
          served: true,
          storage: false,
          schema: schema({ type: "object", properties: { dimension: { type: "object", properties: { size: { type: "string" } } } } }),
        },
      ],
    },
  });
}, 60_000);

afterAll(async () => {
  await t?.server.shutdown();
  hooks?.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (v: string, name = ""): string => `/apis/conv.example.com/${v}/namespaces/ns1/boxes${name ? `/${name}` : ""}`;

describe("conversion webhook", () => {
  it("stores a v2 object at v1 and serves it at both versions", async () => {
    const created = await t.request(
      "POST",
      at("v2"),
      json({ apiVersion: "conv.example.com/v2", kind: "Box", metadata: { name: "b1" }, spec: { dimension: { size: "large" } } }),
    );
    expect(created.status).toBe(201);
    expect(created.json<Obj>()).toMatchObject({ apiVersion: "conv.example.com/v2", spec: { dimension: { size: "large" } } });
    expect((await t.request("GET", at("v1", "b1"))).json<Obj>()).toMatchObject({
      apiVersion: "conv.example.com/v1",
      spec: { size: "large" },
    });
    expect((await t.request("GET", at("v2", "b1"))).json<Obj>()).toMatchObject({
      apiVersion: "conv.example.com/v2",
      spec: { dimension: { size: "large" } },
    });
    expect(reviews).toBeGreaterThan(0);
  });

  it("lists and patches through the requested version", async () => {
    await t.request(
      "POST",
      at("v1"),
      json({ apiVersion: "conv.example.com/v1", kind: "Box", metadata: { name: "b2" }, spec: { size: "small" } }),
    );
    const list = (await t.request("GET", at("v2"))).json<{ items: Obj[] }>();
    expect(list.items.map((i) => [i.apiVersion, i.spec])).toEqual([
      ["conv.example.com/v2", { dimension: { size: "large" } }],
      ["conv.example.com/v2", { dimension: { size: "small" } }],
    ]);
    const patched = await t.request("PATCH", at("v2", "b2"), {
      body: JSON.stringify({ spec: { dimension: { size: "medium" } } }),
      headers: { "Content-Type": "application/merge-patch+json" },
    });
    expect(patched.status).toBe(200);
    expect((await t.request("GET", at("v1", "b2"))).json<Obj>().spec).toEqual({ size: "medium" });
  });

  it("refuses with upstream's error when the webhook fails, storing nothing", async () => {
    const res = await t.request(
      "POST",
      at("v2"),
      json({ apiVersion: "conv.example.com/v2", kind: "Box", metadata: { name: "b3" }, spec: { dimension: { size: "fail" } } }),
    );
    expect(res.status).toBe(500);
    expect(statusOf(res).message).toBe(
      "Internal error occurred: conversion webhook for conv.example.com/v2, Kind=Box failed: cannot convert fail",
    );
    expect((await t.request("GET", at("v1", "b3"))).status).toBe(404);
  });
});
