/** Admission webhooks over real HTTPS: a mutating JSONPatch applied before validating webhooks see the object, denials and warnings passed on, failurePolicy, selectors. */
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureCertificates } from "../../../apiserver/server/certs.js";
import type { TestServer } from "../server/harness.js";
import { json, startCRDServer, statusOf } from "../apiextensions/support.js";

let t: TestServer;
let hookServer: https.Server;
let base: string;
let caBundle: string;
let dir: string;
const seen: { path: string; labels: Record<string, string> }[] = [];

type Review = {
  request: { uid: string; object: { metadata: { name: string; labels?: Record<string, string> }; data?: Record<string, string> } };
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-webhook-"));
  const certs = await ensureCertificates({ dataDir: dir, ips: ["127.0.0.1"] });
  caBundle = Buffer.from(certs.ca.cert).toString("base64");
  hookServer = https.createServer({ cert: certs.serving.cert, key: certs.serving.key }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const review = JSON.parse(Buffer.concat(chunks).toString()) as Review;
      const obj = review.request.object;
      seen.push({ path: req.url ?? "", labels: obj.metadata.labels ?? {} });
      let response: Record<string, unknown> = { uid: review.request.uid, allowed: true };
      if (req.url?.startsWith("/mutate")) {
        const ops = [
          obj.metadata.labels
            ? { op: "add", path: "/metadata/labels/mutated", value: "yes" }
            : { op: "add", path: "/metadata/labels", value: { mutated: "yes" } },
        ];
        response = {
          ...response,
          patchType: "JSONPatch",
          patch: Buffer.from(JSON.stringify(ops)).toString("base64"),
          warnings: ["mutated by the test webhook"],
        };
      } else if (req.url?.startsWith("/validate") && obj.data?.forbidden !== undefined) {
        response = { uid: review.request.uid, allowed: false, status: { code: 403, message: "the key forbidden is not allowed" } };
      }
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response }));
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, "127.0.0.1", r));
  base = `https://127.0.0.1:${(hookServer.address() as AddressInfo).port}`;
  t = await startCRDServer();
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "hooked", labels: { hooks: "on" } } }));
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "plain" } }));
  const rules = [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["configmaps"] }];
  const hook = (name: string, p: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
    name,
    clientConfig: { url: `${base}${p}`, caBundle },
    rules,
    sideEffects: "None",
    admissionReviewVersions: ["v1"],
    namespaceSelector: { matchLabels: { hooks: "on" } },
    ...extra,
  });
  const AR = "/apis/admissionregistration.k8s.io/v1";
  expect(
    (
      await t.request(
        "POST",
        `${AR}/mutatingwebhookconfigurations`,
        json({ metadata: { name: "m" }, webhooks: [hook("mutate.example.com", "/mutate")] }),
      )
    ).status,
  ).toBe(201);
  expect(
    (
      await t.request(
        "POST",
        `${AR}/validatingwebhookconfigurations`,
        json({ metadata: { name: "v" }, webhooks: [hook("validate.example.com", "/validate")] }),
      )
    ).status,
  ).toBe(201);
  expect(
    (
      await t.request(
        "POST",
        `${AR}/validatingwebhookconfigurations`,
        json({
          metadata: { name: "down" },
          webhooks: [
            hook("down-fail.example.com", "/x", {
              clientConfig: { url: "https://127.0.0.1:1/x", caBundle },
              failurePolicy: "Fail",
              objectSelector: { matchLabels: { down: "fail" } },
            }),
            hook("down-ignore.example.com", "/x", {
              clientConfig: { url: "https://127.0.0.1:1/x", caBundle },
              failurePolicy: "Ignore",
              objectSelector: { matchLabels: { down: "ignore" } },
            }),
          ],
        }),
      )
    ).status,
  ).toBe(201);
}, 60_000);

afterAll(async () => {
  await t?.server.shutdown();
  hookServer?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("admission webhooks", () => {
  it("mutates through a JSONPatch before the validating webhook sees the object, and passes the warning on", async () => {
    const res = await t.request("POST", "/api/v1/namespaces/hooked/configmaps", json({ metadata: { name: "a" }, data: { k: "v" } }));
    expect(res.status).toBe(201);
    expect(res.json<{ metadata: { labels: Record<string, string> } }>().metadata.labels).toEqual({ mutated: "yes" });
    expect(res.headers.warning).toBe('299 - "mutated by the test webhook"');
    const validated = seen.filter((s) => s.path.startsWith("/validate"));
    expect(validated.at(-1)!.labels).toEqual({ mutated: "yes" });
    expect(seen.at(-1)!.path).toBe("/validate?timeout=10s");
  });

  it("refuses with the validating webhook's message and code, storing nothing", async () => {
    const res = await t.request(
      "POST",
      "/api/v1/namespaces/hooked/configmaps",
      json({ metadata: { name: "b" }, data: { forbidden: "x" } }),
    );
    expect(res.status).toBe(403);
    expect(statusOf(res).message).toBe('admission webhook "validate.example.com" denied the request: the key forbidden is not allowed');
    expect((await t.request("GET", "/api/v1/namespaces/hooked/configmaps/b")).status).toBe(404);
  });

  it("calls no webhook where the namespace selector does not match", async () => {
    const before = seen.length;
    expect(
      (await t.request("POST", "/api/v1/namespaces/plain/configmaps", json({ metadata: { name: "c" }, data: { forbidden: "x" } }))).status,
    ).toBe(201);
    expect(seen.length).toBe(before);
  });

  it("fails closed or open on an unreachable webhook per failurePolicy", async () => {
    const fail = await t.request(
      "POST",
      "/api/v1/namespaces/hooked/configmaps",
      json({ metadata: { name: "d", labels: { down: "fail" } } }),
    );
    expect(fail.status).toBe(500);
    expect(statusOf(fail).message).toMatch(
      /^Internal error occurred: failed calling webhook "down-fail\.example\.com": failed to call webhook: Post "https:\/\/127\.0\.0\.1:1\/x\?timeout=10s": /,
    );
    expect(
      (await t.request("POST", "/api/v1/namespaces/hooked/configmaps", json({ metadata: { name: "e", labels: { down: "ignore" } } })))
        .status,
    ).toBe(201);
  });
});
