/** x-kubernetes-validations over HTTP: rules enforced on create and update, transition rules, messages, reasons, field paths, and CRDs with bad rules refused. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../server/harness.js";
import { CRD_PATH, createEstablished, json, startCRDServer, statusOf } from "../apiextensions/support.js";

let t: TestServer;
beforeAll(async () => {
  t = await startCRDServer();
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "ns1" } }));
});
afterAll(async () => {
  await t.server.shutdown();
});

function crd(plural: string, kind: string, spec: Record<string, unknown>): Record<string, unknown> {
  const group = "cel.example.com";
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `${plural}.${group}` },
    spec: {
      group,
      scope: "Namespaced",
      names: { plural, kind, singular: kind.toLowerCase(), listKind: `${kind}List` },
      versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object", properties: { spec } } } }],
    },
  };
}

const path = (plural: string, name = ""): string => `/apis/cel.example.com/v1/namespaces/ns1/${plural}${name ? `/${name}` : ""}`;
const obj = (kind: string, name: string, spec: unknown): Record<string, unknown> => ({
  apiVersion: "cel.example.com/v1",
  kind,
  metadata: { name },
  spec,
});

describe("rules on create and update", () => {
  beforeAll(async () => {
    await createEstablished(
      t,
      crd("widgets", "Widget", {
        type: "object",
        "x-kubernetes-validations": [
          { rule: "self.minReplicas <= self.replicas", message: "replicas should be greater than or equal to minReplicas" },
          { rule: "!has(self.name) || self.name.startsWith('w')", messageExpression: "'name ' + self.name + ' must start with w'" },
          {
            rule: "!has(self.mode) || self.mode != 'off'",
            reason: "FieldValueForbidden",
            fieldPath: ".mode",
            message: "mode off is forbidden",
          },
          { rule: "!has(self.tags) || self.tags.isSorted()" },
        ],
        properties: {
          minReplicas: { type: "integer" },
          replicas: { type: "integer" },
          name: { type: "string" },
          mode: { type: "string" },
          immutable: { type: "string", "x-kubernetes-validations": [{ rule: "self == oldSelf", message: "Value is immutable" }] },
          tags: { type: "array", items: { type: "string" } },
        },
      }),
    );
  });

  it("refuses an object that breaks a rule with the rule's message, and stores nothing", async () => {
    const res = await t.request("POST", path("widgets"), json(obj("Widget", "w1", { minReplicas: 5, replicas: 1 })));
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toBe(
      'Widget.cel.example.com "w1" is invalid: spec: Invalid value: "object": replicas should be greater than or equal to minReplicas',
    );
    expect((await t.request("GET", path("widgets", "w1"))).status).toBe(404);
  });

  it("accepts an object that keeps every rule", async () => {
    const res = await t.request(
      "POST",
      path("widgets"),
      json(obj("Widget", "w2", { minReplicas: 1, replicas: 3, name: "wally", tags: ["a", "b"], immutable: "x" })),
    );
    expect(res.status).toBe(201);
  });

  it("uses messageExpression, reason and fieldPath", async () => {
    const res = await t.request(
      "POST",
      path("widgets"),
      json(obj("Widget", "w3", { minReplicas: 1, replicas: 1, name: "bob", mode: "off", tags: ["b", "a"] })),
    );
    expect(res.status).toBe(422);
    const causes = statusOf(res).details!.causes!;
    expect(causes).toEqual(
      expect.arrayContaining([
        { reason: "FieldValueInvalid", field: "spec", message: 'Invalid value: "object": name bob must start with w' },
        { reason: "FieldValueForbidden", field: "spec.mode", message: "Forbidden: mode off is forbidden" },
        {
          reason: "FieldValueInvalid",
          field: "spec",
          message: 'Invalid value: "object": failed rule: !has(self.tags) || self.tags.isSorted()',
        },
      ]),
    );
  });

  it("runs transition rules on update only, against the old value", async () => {
    const cur = (await t.request("GET", path("widgets", "w2"))).json<Record<string, unknown>>();
    const changed = { ...cur, spec: { ...(cur.spec as object), immutable: "y" } };
    const res = await t.request("PUT", path("widgets", "w2"), json(changed));
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toContain('spec.immutable: Invalid value: "string": Value is immutable');
    const same = { ...cur, spec: { ...(cur.spec as object), replicas: 4 } };
    expect((await t.request("PUT", path("widgets", "w2"), json(same))).status).toBe(200);
  });
});

describe("rules refused when the CRD is written", () => {
  it("refuses a rule that does not compile, with the compile error", async () => {
    const res = await t.request(
      "POST",
      CRD_PATH,
      json(
        crd("brokens", "Broken", {
          type: "object",
          properties: { a: { type: "integer" } },
          "x-kubernetes-validations": [{ rule: "self.nosuchfield > 1 +" }],
        }),
      ),
    );
    expect(res.status).toBe(422);
    const msg = statusOf(res).message;
    expect(msg).toContain(
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.nosuchfield > 1 +"',
    );
    expect(msg).toContain("compilation failed: ERROR: <input>:");
  });

  it("refuses a rule reading a field the schema does not declare", async () => {
    const res = await t.request(
      "POST",
      CRD_PATH,
      json(
        crd("undeclareds", "Undeclared", {
          type: "object",
          properties: { a: { type: "integer" } },
          "x-kubernetes-validations": [{ rule: "self.nosuchfield > 1" }],
        }),
      ),
    );
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toContain("undefined field 'nosuchfield'");
  });

  it("refuses an unknown reason and oldSelf under a list that does not correlate", async () => {
    const res = await t.request(
      "POST",
      CRD_PATH,
      json(
        crd("reasons", "Reason", {
          type: "object",
          "x-kubernetes-validations": [{ rule: "true", reason: "Nope" }],
          properties: { l: { type: "array", items: { type: "string", "x-kubernetes-validations": [{ rule: "self == oldSelf" }] } } },
        }),
      ),
    );
    expect(res.status).toBe(422);
    const msg = statusOf(res).message;
    expect(msg).toContain(
      'x-kubernetes-validations[0].reason: Unsupported value: "Nope": supported values: "FieldValueDuplicate", "FieldValueForbidden", "FieldValueInvalid", "FieldValueRequired"',
    );
    expect(msg).toContain("oldSelf cannot be used on the uncorrelatable portion of the schema");
  });

  it("refuses a rule whose estimated cost exceeds the budget, and accepts it once the list and its strings are bounded", async () => {
    const rule = { rule: "self.all(x, self.all(y, x == y || x != y))" };
    const unbounded = crd("costlies", "Costly", {
      type: "object",
      properties: { l: { type: "array", items: { type: "string" }, "x-kubernetes-validations": [rule] } },
    });
    const res = await t.request("POST", CRD_PATH, json(unbounded));
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toMatch(
      /rule: Forbidden: estimated rule cost exceeds budget by factor of more than 100x \(try simplifying the rule, or adding maxItems, maxProperties, and maxLength where arrays, maps, and strings are declared\)/,
    );
    const bounded = crd("costlies", "Costly", {
      type: "object",
      properties: { l: { type: "array", maxItems: 10, items: { type: "string", maxLength: 64 }, "x-kubernetes-validations": [rule] } },
    });
    expect((await t.request("POST", CRD_PATH, json(bounded))).status).toBe(201);
  });
});

describe("runtime cost limits", () => {
  // Integers need no length bound: the static estimate of one pass over the list stays within
  // the per-rule limit, so the CRD is accepted and only a large list is refused at run time.
  const ints = (n: number): number[] => Array.from({ length: n }, () => 1);
  beforeAll(async () => {
    await createEstablished(
      t,
      crd("sweeps", "Sweep", {
        type: "object",
        "x-kubernetes-validations": [{ rule: "self.l.all(x, x > 0)", message: "all positive" }],
        properties: { l: { type: "array", items: { type: "integer" } } },
      }),
    );
    await createEstablished(
      t,
      crd("budgets", "Budget", {
        type: "object",
        // Twelve passes over one list: each within the per-call limit, together past the budget.
        "x-kubernetes-validations": Array.from({ length: 12 }, (_, i) => ({ rule: `self.l.all(x, x > -${i + 1})` })),
        properties: { l: { type: "array", maxItems: 200000, items: { type: "integer" } } },
      }),
    );
  });

  it("stops a rule past the per-call limit with upstream's message, and accepts the same rule on a short list", async () => {
    const res = await t.request("POST", path("sweeps"), json(obj("Sweep", "big", { l: ints(200000) })));
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toBe(
      `Sweep.cel.example.com "big" is invalid: spec: Invalid value: "object": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: all positive`,
    );
    expect((await t.request("POST", path("sweeps"), json(obj("Sweep", "small", { l: ints(1000) })))).status).toBe(201);
  });

  it("stops the rules of an object past the runtime budget with upstream's message", async () => {
    const res = await t.request("POST", path("budgets"), json(obj("Budget", "big", { l: ints(150000) })));
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toBe(
      'Budget.cel.example.com "big" is invalid: spec: Invalid value: "object": validation failed due to running out of cost budget, no further validation rules will be run',
    );
    expect((await t.request("POST", path("budgets"), json(obj("Budget", "small", { l: ints(1000) })))).status).toBe(201);
  });
});
