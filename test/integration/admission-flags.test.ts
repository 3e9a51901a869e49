/**
 * --disable-admission-plugins really disables the webhook and policy plugins, as upstream: a
 * server without them admits what a ValidatingAdmissionPolicy and a failing webhook would refuse
 * on a server with the defaults. The names are accepted by both flags.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectAdmissionPlugins } from "../../apiserver/admission/plugins.js";
import { buildBuiltinStorages } from "../../apiserver/registry/builtin.js";
import { MemoryStorage } from "../../apiserver/storage/memory.js";
import { startTestServer, type TestServer } from "../apiserver/server/harness.js";
import { json, waitFor } from "../apiserver/apiextensions/support.js";
import { scheme } from "../apiserver/registry/helpers.js";

const AR = "/apis/admissionregistration.k8s.io/v1";
const RULES = [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }];

async function guard(t: TestServer, what: "policy" | "webhook"): Promise<void> {
  if (what === "policy") {
    const p = await t.request(
      "POST",
      `${AR}/validatingadmissionpolicies`,
      json({
        metadata: { name: "no-cm" },
        spec: {
          failurePolicy: "Fail",
          matchConstraints: { resourceRules: RULES },
          validations: [{ expression: "false", message: "no configmaps" }],
        },
      }),
    );
    expect(p.status).toBe(201);
    const b = await t.request(
      "POST",
      `${AR}/validatingadmissionpolicybindings`,
      json({ metadata: { name: "no-cm" }, spec: { policyName: "no-cm", validationActions: ["Deny"] } }),
    );
    expect(b.status).toBe(201);
  } else {
    const w = await t.request(
      "POST",
      `${AR}/validatingwebhookconfigurations`,
      json({
        metadata: { name: "down" },
        webhooks: [
          {
            name: "down.example.com",
            clientConfig: { url: "https://127.0.0.1:1/validate" },
            rules: RULES,
            failurePolicy: "Fail",
            sideEffects: "None",
            admissionReviewVersions: ["v1"],
            namespaceSelector: { matchLabels: { guarded: what } },
          },
        ],
      }),
    );
    expect(w.status).toBe(201);
  }
}

const createCM = (t: TestServer, ns: string, name: string) =>
  t.request("POST", `/api/v1/namespaces/${ns}/configmaps`, json({ metadata: { name } }));

let on: TestServer;
let off: TestServer;
beforeAll(async () => {
  on = await startTestServer({ storages: buildBuiltinStorages(new MemoryStorage(), scheme) });
  off = await startTestServer({
    storages: buildBuiltinStorages(new MemoryStorage(), scheme),
    builtinAdmissionPlugins: selectAdmissionPlugins(
      [],
      ["MutatingAdmissionWebhook", "ValidatingAdmissionWebhook", "ValidatingAdmissionPolicy"],
    ),
  });
  for (const t of [on, off]) {
    await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "p" } }));
    await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "w", labels: { guarded: "webhook" } } }));
    await guard(t, "policy");
  }
});
afterAll(async () => {
  await on?.close();
  await off?.close();
});

describe("admission flags and the webhook/policy plugins", () => {
  it("accepts the three names in both flags", () => {
    expect(selectAdmissionPlugins()).toEqual(
      expect.arrayContaining(["MutatingAdmissionWebhook", "ValidatingAdmissionWebhook", "ValidatingAdmissionPolicy"]),
    );
    expect(selectAdmissionPlugins(["ValidatingAdmissionPolicy"], ["MutatingAdmissionWebhook"])).not.toContain("MutatingAdmissionWebhook");
  });

  it("a policy denies with the defaults, and does nothing once ValidatingAdmissionPolicy is disabled", async () => {
    const denied = await waitFor(async () => {
      const r = await createCM(on, "p", `c${Date.now()}`);
      return r.status === 422 ? r : undefined;
    });
    expect(denied.json<{ message: string }>().message).toContain("no configmaps");
    // The same policy, installed on the server without the plugin, well past the time it took to act above.
    await new Promise((r) => setTimeout(r, 300));
    expect((await createCM(off, "p", "free")).status).toBe(201);
  });

  it("a failing webhook refuses with the defaults, and is not called once ValidatingAdmissionWebhook is disabled", async () => {
    for (const t of [on, off]) await guard(t, "webhook");
    const refused = await waitFor(async () => {
      const r = await createCM(on, "w", `c${Date.now()}`);
      return r.status >= 400 ? r : undefined;
    });
    expect(refused.json<{ message: string }>().message).toContain("failed calling webhook");
    await new Promise((r) => setTimeout(r, 300));
    expect((await createCM(off, "w", "free")).status).toBe(201);
  });
});
