/** Printer columns with Kubernetes JSONPath filters served in tables, and malformed paths refused when the CRD is written. */
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

function crd(plural: string, kind: string, columns: Record<string, unknown>[]): Record<string, unknown> {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: `${plural}.cols.example.com` },
    spec: {
      group: "cols.example.com",
      scope: "Namespaced",
      names: { plural, kind, singular: kind.toLowerCase(), listKind: `${kind}List` },
      versions: [
        {
          name: "v1",
          served: true,
          storage: true,
          schema: { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } },
          additionalPrinterColumns: columns,
        },
      ],
    },
  };
}

describe("printer columns", () => {
  it("prints a filtered condition's status", async () => {
    await createEstablished(
      t,
      crd("things", "Thing", [
        { name: "Ready", type: "string", jsonPath: '.status.conditions[?(@.type=="Ready")].status' },
        { name: "Last", type: "integer", jsonPath: ".spec.ports[-1]" },
      ]),
    );
    const thing = {
      apiVersion: "cols.example.com/v1",
      kind: "Thing",
      metadata: { name: "t1" },
      spec: { ports: [1, 2, 3] },
      status: {
        conditions: [
          { type: "Synced", status: "False" },
          { type: "Ready", status: "True" },
        ],
      },
    };
    expect((await t.request("POST", "/apis/cols.example.com/v1/namespaces/ns1/things", json(thing))).status).toBe(201);
    const res = await t.request("GET", "/apis/cols.example.com/v1/namespaces/ns1/things", {
      headers: { Accept: "application/json;as=Table;v=v1;g=meta.k8s.io" },
    });
    const table = res.json<{ columnDefinitions: { name: string }[]; rows: { cells: unknown[] }[] }>();
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(["Name", "Ready", "Last"]);
    expect(table.rows[0]!.cells).toEqual(["t1", "True", 3]);
  });

  it("refuses a malformed path when the CRD is written", async () => {
    const res = await t.request(
      "POST",
      CRD_PATH,
      json(crd("bads", "Bad", [{ name: "Ready", type: "string", jsonPath: '.status.conditions[?(@.type=="Ready"' }])),
    );
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toContain(
      'spec.versions[0].additionalPrinterColumns[0].jsonPath: Invalid value: ".status.conditions[?(@.type==\\"Ready\\"": must be a valid JSONPath',
    );
  });
});
