/** ValidatingAdmissionPolicy over HTTP: Deny and Warn bindings, messages, matchConditions, params, namespace selectors, failurePolicy. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../server/harness.js";
import { json, startCRDServer, statusOf } from "../apiextensions/support.js";

let t: TestServer;
const AR = "/apis/admissionregistration.k8s.io/v1";
beforeAll(async () => {
  t = await startCRDServer();
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "guarded", labels: { policy: "on" } } }));
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "free" } }));
});
afterAll(async () => {
  await t.server.shutdown();
});

const policy = (name: string, spec: Record<string, unknown>): Record<string, unknown> => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicy",
  metadata: { name },
  spec: {
    failurePolicy: "Fail",
    matchConstraints: {
      resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE", "UPDATE"], resources: ["configmaps"] }],
    },
    ...spec,
  },
});
const binding = (name: string, policyName: string, extra: Record<string, unknown>): Record<string, unknown> => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicyBinding",
  metadata: { name },
  spec: { policyName, ...extra },
});
const cm = (name: string, data: Record<string, string>, labels: Record<string, string> = {}): Record<string, unknown> => ({
  metadata: { name, labels },
  data,
});

describe("ValidatingAdmissionPolicy", () => {
  beforeAll(async () => {
    expect(
      (
        await t.request(
          "POST",
          `${AR}/validatingadmissionpolicies`,
          json(policy("max-keys", { validations: [{ expression: "size(object.data) <= 2", message: "at most two keys" }] })),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await t.request(
          "POST",
          `${AR}/validatingadmissionpolicybindings`,
          json(
            binding("max-keys-guarded", "max-keys", {
              validationActions: ["Deny"],
              matchResources: { namespaceSelector: { matchLabels: { policy: "on" } } },
            }),
          ),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await t.request(
          "POST",
          `${AR}/validatingadmissionpolicies`,
          json(
            policy("named", {
              matchConditions: [{ name: "labelled", expression: "has(object.metadata.labels) && 'check' in object.metadata.labels" }],
              validations: [
                {
                  expression: "object.metadata.name.startsWith('ok-')",
                  messageExpression: "'name ' + object.metadata.name + ' should start with ok-'",
                },
              ],
            }),
          ),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await t.request(
          "POST",
          `${AR}/validatingadmissionpolicybindings`,
          json(binding("named-warn", "named", { validationActions: ["Warn"] })),
        )
      ).status,
    ).toBe(201);
    await t.request("POST", "/api/v1/namespaces/guarded/configmaps", json(cm("limits", { max: "1" })));
    expect(
      (
        await t.request(
          "POST",
          `${AR}/validatingadmissionpolicies`,
          json(
            policy("param-max", {
              paramKind: { apiVersion: "v1", kind: "ConfigMap" },
              validations: [
                { expression: "object.metadata.name == 'limits' || size(object.data) <= int(params.data.max)", reason: "Forbidden" },
              ],
            }),
          ),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await t.request(
          "POST",
          `${AR}/validatingadmissionpolicybindings`,
          json(
            binding("param-max-b", "param-max", {
              validationActions: ["Deny"],
              paramRef: { name: "limits", namespace: "guarded", parameterNotFoundAction: "Deny" },
              matchResources: { objectSelector: { matchLabels: { limited: "yes" } } },
            }),
          ),
        )
      ).status,
    ).toBe(201);
  });

  it("denies in a selected namespace with the validation's message, and stores nothing", async () => {
    const res = await t.request("POST", "/api/v1/namespaces/guarded/configmaps", json(cm("big", { a: "1", b: "2", c: "3" })));
    expect(res.status).toBe(422);
    expect(statusOf(res)).toMatchObject({
      reason: "Invalid",
      message: "ValidatingAdmissionPolicy 'max-keys' with binding 'max-keys-guarded' denied request: at most two keys",
    });
    expect((await t.request("GET", "/api/v1/namespaces/guarded/configmaps/big")).status).toBe(404);
  });

  it("lets the same object through where the namespace selector does not match", async () => {
    expect((await t.request("POST", "/api/v1/namespaces/free/configmaps", json(cm("big", { a: "1", b: "2", c: "3" })))).status).toBe(201);
  });

  it("warns under a Warn binding when the match condition holds, and admits", async () => {
    const res = await t.request("POST", "/api/v1/namespaces/free/configmaps", json(cm("bad-name", {}, { check: "1" })));
    expect(res.status).toBe(201);
    expect(res.headers.warning).toBe(
      "299 - \"Validation failed for ValidatingAdmissionPolicy 'named' with binding 'named-warn': name bad-name should start with ok-\"",
    );
    const skipped = await t.request("POST", "/api/v1/namespaces/free/configmaps", json(cm("other-name", {})));
    expect(skipped.status).toBe(201);
    expect(skipped.headers.warning).toBeUndefined();
  });

  it("reads params through paramRef and uses the validation's reason", async () => {
    const res = await t.request("POST", "/api/v1/namespaces/free/configmaps", json(cm("two", { a: "1", b: "2" }, { limited: "yes" })));
    expect(res.status).toBe(403);
    expect(statusOf(res)).toMatchObject({
      reason: "Forbidden",
      message:
        "ValidatingAdmissionPolicy 'param-max' with binding 'param-max-b' denied request: failed expression: object.metadata.name == 'limits' || size(object.data) <= int(params.data.max)",
    });
    expect((await t.request("POST", "/api/v1/namespaces/free/configmaps", json(cm("one", { a: "1" }, { limited: "yes" })))).status).toBe(
      201,
    );
  });

  it("fails closed on an expression error under failurePolicy Fail", async () => {
    await t.request(
      "POST",
      `${AR}/validatingadmissionpolicies`,
      json(
        policy("broken", {
          matchConstraints: { resourceRules: [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["secrets"] }] },
          validations: [{ expression: "object.nope == 1" }],
        }),
      ),
    );
    await t.request(
      "POST",
      `${AR}/validatingadmissionpolicybindings`,
      json(binding("broken-b", "broken", { validationActions: ["Deny"] })),
    );
    const res = await t.request("POST", "/api/v1/namespaces/free/secrets", json({ metadata: { name: "s" } }));
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toBe(
      "ValidatingAdmissionPolicy 'broken' with binding 'broken-b' denied request: expression 'object.nope == 1' resulted in error: no such key: nope",
    );
  });
  it("stops an expression past the per-call cost limit and a policy past the runtime budget, with upstream's messages", async () => {
    const rules = [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }];
    // One pass over 200,000 keys is past the per-call limit; fifteen passes over 100,000 (0.7M each) are each
    // within it and together past the budget.
    await t.request(
      "POST",
      `${AR}/validatingadmissionpolicies`,
      json(
        policy("costly", {
          matchConstraints: { resourceRules: rules },
          matchConditions: [{ name: "sweep", expression: "has(object.metadata.labels) && object.metadata.labels['sweep'] == 'one'" }],
          validations: [{ expression: "object.data.all(k, k.startsWith('k'))" }],
        }),
      ),
    );
    await t.request(
      "POST",
      `${AR}/validatingadmissionpolicies`,
      json(
        policy("costly-many", {
          matchConstraints: { resourceRules: rules },
          matchConditions: [{ name: "sweep", expression: "has(object.metadata.labels) && object.metadata.labels['sweep'] == 'many'" }],
          validations: Array.from({ length: 15 }, (_, i) => ({ expression: `object.data.all(k, k.size() > ${i % 2})` })),
        }),
      ),
    );
    await t.request(
      "POST",
      `${AR}/validatingadmissionpolicybindings`,
      json(binding("costly-b", "costly", { validationActions: ["Deny"] })),
    );
    await t.request(
      "POST",
      `${AR}/validatingadmissionpolicybindings`,
      json(binding("costly-many-b", "costly-many", { validationActions: ["Deny"] })),
    );
    const keys = (n: number): Record<string, string> => Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, ""]));

    const one = await t.request("POST", "/api/v1/namespaces/free/configmaps", json(cm("sweep-one", keys(200000), { sweep: "one" })));
    expect(one.status).toBe(422);
    expect(statusOf(one).message).toBe(
      "ValidatingAdmissionPolicy 'costly' with binding 'costly-b' denied request: expression 'object.data.all(k, k.startsWith('k'))' resulted in error: operation cancelled: actual cost limit exceeded",
    );
    const many = await t.request("POST", "/api/v1/namespaces/free/configmaps", json(cm("sweep-many", keys(100000), { sweep: "many" })));
    expect(many.status).toBe(422);
    expect(statusOf(many).message).toBe(
      "ValidatingAdmissionPolicy 'costly-many' with binding 'costly-many-b' denied request: validation failed due to running out of cost budget, no further validation rules will be run",
    );
    expect((await t.request("GET", "/api/v1/namespaces/free/configmaps/sweep-many")).status).toBe(404);
    // The same policies admit a small object.
    expect(
      (await t.request("POST", "/api/v1/namespaces/free/configmaps", json(cm("sweep-small", keys(10), { sweep: "many" })))).status,
    ).toBe(201);
  }, 300_000);
});
