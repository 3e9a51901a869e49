/**
 * Admission with the objects of every mutating verb, as upstream: a mutating webhook sees the
 * patched object on PATCH, a validating webhook sees oldObject on UPDATE and DELETE (and the
 * DeleteOptions as options), and a ValidatingAdmissionPolicy can compare with oldObject.
 */
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCertificates } from "../../../apiserver/server/certs.js";
import type { TestServer } from "../server/harness.js";
import { json, startCRDServer, statusOf } from "../apiextensions/support.js";

interface ReviewRequest {
  uid: string;
  operation: string;
  name: string;
  object: { metadata: { name: string; labels?: Record<string, string> }; data?: Record<string, string> } | null;
  oldObject: { metadata: { name: string }; data?: Record<string, string> } | null;
  options: { kind: string; gracePeriodSeconds?: number } | null;
}

let t: TestServer;
let hookServer: https.Server;
let dir: string;
const reviews: { path: string; request: ReviewRequest }[] = [];
const AR = "/apis/admissionregistration.k8s.io/v1";
const CM = "/api/v1/namespaces/objs/configmaps";

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-admission-objects-"));
  const certs = await ensureCertificates({ dataDir: dir, ips: ["127.0.0.1"] });
  const caBundle = Buffer.from(certs.ca.cert).toString("base64");
  hookServer = https.createServer({ cert: certs.serving.cert, key: certs.serving.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const { request } = JSON.parse(Buffer.concat(chunks).toString()) as { request: ReviewRequest };
      reviews.push({ path: req.url ?? "", request });
      let response: Record<string, unknown> = { uid: request.uid, allowed: true };
      // The mutating webhook records the value it saw in data.k as a label.
      if (req.url?.startsWith("/mutate") && request.object) {
        const ops = [{ op: "add", path: "/metadata/labels", value: { seen: request.object.data?.k ?? "none" } }];
        response = { ...response, patchType: "JSONPatch", patch: Buffer.from(JSON.stringify(ops)).toString("base64") };
      }
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response }));
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, "127.0.0.1", r));
  const base = `https://127.0.0.1:${(hookServer.address() as AddressInfo).port}`;
  t = await startCRDServer();
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "objs", labels: { objs: "on" } } }));
  const hook = (name: string, p: string): Record<string, unknown> => ({
    name,
    clientConfig: { url: `${base}${p}`, caBundle },
    rules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE", "UPDATE", "DELETE"], resources: ["configmaps"] }],
    sideEffects: "None",
    admissionReviewVersions: ["v1"],
    namespaceSelector: { matchLabels: { objs: "on" } },
  });
  const m = json({ metadata: { name: "m" }, webhooks: [hook("mutate.example.com", "/mutate")] });
  expect((await t.request("POST", `${AR}/mutatingwebhookconfigurations`, m)).status).toBe(201);
  const v = json({ metadata: { name: "v" }, webhooks: [hook("validate.example.com", "/validate")] });
  expect((await t.request("POST", `${AR}/validatingwebhookconfigurations`, v)).status).toBe(201);
  const policy = {
    metadata: { name: "frozen" },
    spec: {
      failurePolicy: "Fail",
      matchConstraints: {
        resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["UPDATE", "DELETE"], resources: ["configmaps"] }],
      },
      validations: [
        {
          expression: "!(has(oldObject.data) && 'frozen' in oldObject.data && oldObject.data.frozen == 'yes')",
          message: "the old object is frozen",
        },
      ],
    },
  };
  expect((await t.request("POST", `${AR}/validatingadmissionpolicies`, json(policy))).status).toBe(201);
  const bindingBody = { metadata: { name: "frozen" }, spec: { policyName: "frozen", validationActions: ["Deny"] } };
  expect((await t.request("POST", `${AR}/validatingadmissionpolicybindings`, json(bindingBody))).status).toBe(201);
}, 60_000);

afterAll(async () => {
  await t?.server.shutdown();
  hookServer?.close();
  rmSync(dir, { recursive: true, force: true });
});

const last = (prefix: string): ReviewRequest => reviews.filter((r) => r.path.startsWith(prefix)).at(-1)!.request;

describe("admission with the objects of each verb", () => {
  it("gives the mutating webhook the patched object on PATCH, and the stored one as oldObject", async () => {
    expect((await t.request("POST", CM, json({ metadata: { name: "p" }, data: { k: "one" } }))).status).toBe(201);
    const res = await t.request("PATCH", `${CM}/p`, {
      body: JSON.stringify({ data: { k: "two" } }),
      headers: { "content-type": "application/merge-patch+json" },
    });
    expect(res.status).toBe(200);
    expect(res.json<{ metadata: { labels: Record<string, string> } }>().metadata.labels).toEqual({ seen: "two" });
    const mutate = last("/mutate");
    expect(mutate.operation).toBe("UPDATE");
    expect(mutate.object?.data).toEqual({ k: "two" });
    expect(mutate.oldObject?.data).toEqual({ k: "one" });
    expect(mutate.options?.kind).toBe("PatchOptions");
    // The validating webhook runs after the mutating one and sees its change.
    expect(last("/validate").object?.metadata.labels).toEqual({ seen: "two" });
  });

  it("gives the validating webhook oldObject on UPDATE", async () => {
    const got = (await t.request("GET", `${CM}/p`)).json<Record<string, unknown>>();
    const res = await t.request("PUT", `${CM}/p`, json({ ...got, data: { k: "three" } }));
    expect(res.status).toBe(200);
    const validate = last("/validate");
    expect(validate.operation).toBe("UPDATE");
    expect(validate.object?.data).toEqual({ k: "three" });
    expect(validate.oldObject?.data).toEqual({ k: "two" });
    expect(validate.options?.kind).toBe("UpdateOptions");
  });

  it("gives the validating webhook oldObject and the DeleteOptions on DELETE", async () => {
    const res = await t.request("DELETE", `${CM}/p`, json({ kind: "DeleteOptions", apiVersion: "v1", gracePeriodSeconds: 0 }));
    expect(res.status).toBe(200);
    const validate = last("/validate");
    expect(validate.operation).toBe("DELETE");
    expect(validate.object).toBeNull();
    expect(validate.oldObject?.metadata.name).toBe("p");
    expect(validate.oldObject?.data).toEqual({ k: "three" });
    expect(validate.options).toMatchObject({ kind: "DeleteOptions", gracePeriodSeconds: 0 });
  });

  it("evaluates a ValidatingAdmissionPolicy's oldObject on UPDATE and DELETE", async () => {
    expect((await t.request("POST", CM, json({ metadata: { name: "f" }, data: { frozen: "yes" } }))).status).toBe(201);
    const update = await t.request("PATCH", `${CM}/f`, {
      body: JSON.stringify({ data: { frozen: "no" } }),
      headers: { "content-type": "application/merge-patch+json" },
    });
    expect(update.status).toBe(422);
    expect(statusOf(update).message).toContain("the old object is frozen");
    const del = await t.request("DELETE", `${CM}/f`);
    expect(del.status).toBe(422);
    expect(statusOf(del).message).toContain("the old object is frozen");
    expect((await t.request("GET", `${CM}/f`)).status).toBe(200);
  });
});
