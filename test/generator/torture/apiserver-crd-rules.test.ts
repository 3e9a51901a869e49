/**
 * The apiserver's CRD validation for what the torture suite found, as upstream: uniqueItems is
 * forbidden, printer-column JSONPaths must be simple paths, patterns are Go RE2 syntax (with
 * Go's messages) both when the CRD is validated and when custom resources are.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../../apiserver/server/harness.js";
import { CRD_PATH, createEstablished, cronTabCRD, json, startCRDServer } from "../../apiserver/apiextensions/support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startCRDServer();
});
afterAll(async () => {
  await server?.close();
});

const withSpec = (spec: Record<string, unknown>, version: Record<string, unknown> = {}): Record<string, unknown> =>
  cronTabCRD({
    schema: { openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: spec } } } },
    ...version,
  });

async function dryRun(crd: Record<string, unknown>): Promise<{ status: number; message: string }> {
  const res = await server.request("POST", `${CRD_PATH}?dryRun=All`, json(crd));
  return { status: res.status, message: res.status === 201 ? "" : res.json<{ message: string }>().message };
}

const PREFIX = "spec.versions[0].schema.openAPIV3Schema.properties[spec].properties";

describe("CRD validation as upstream", () => {
  it("forbids uniqueItems: true", async () => {
    const r = await dryRun(withSpec({ tags: { type: "array", items: { type: "string" }, uniqueItems: true } }));
    expect(r.status).toBe(422);
    expect(r.message).toContain(
      `${PREFIX}[tags].uniqueItems: Forbidden: uniqueItems cannot be set to true since the runtime complexity becomes quadratic`,
    );
    expect((await dryRun(withSpec({ tags: { type: "array", items: { type: "string" }, uniqueItems: false } }))).status).toBe(201);
  });

  it("refuses a printer-column JSONPath that is not a simple path, and an unknown format", async () => {
    const r = await dryRun(
      withSpec(
        { name: { type: "string" } },
        { additionalPrinterColumns: [{ name: "N", type: "string", jsonPath: "`.spec.name`", format: "huge" }] },
      ),
    );
    expect(r.status).toBe(422);
    expect(r.message).toContain(
      'spec.versions[0].additionalPrinterColumns[0].jsonPath: Invalid value: "`.spec.name`": must be a simple json path starting with .',
    );
    expect(r.message).toContain(
      'spec.versions[0].additionalPrinterColumns[0].format: Invalid value: "huge": must be one of byte,date,date-time,double,float,int32,int64,password',
    );
    const ok = await dryRun(
      withSpec(
        { name: { type: "string" } },
        { additionalPrinterColumns: [{ name: "R", type: "string", jsonPath: '.status.conditions[?(@.type=="Ready")].status' }] },
      ),
    );
    expect(ok.status).toBe(201);
  });

  it("compiles patterns as Go does: RE2 syntax accepted, Perl lookahead refused with Go's message", async () => {
    expect((await dryRun(withSpec({ q: { type: "string", pattern: '^\\"q\\\\d\\"$' } }))).status).toBe(201);
    const r = await dryRun(withSpec({ q: { type: "string", pattern: "^(?=a)" } }));
    expect(r.status).toBe(422);
    expect(r.message).toContain(
      `${PREFIX}[q].pattern: Invalid value: "^(?=a)": must be a valid regular expression, but isn't: error parsing regexp: invalid or unsupported Perl syntax: \`(?=\``,
    );
  });

  it("matches custom resources against the Go pattern, anywhere in the value unless anchored", async () => {
    await createEstablished(server, withSpec({ q: { type: "string", pattern: '^\\"q\\\\d\\"$' }, w: { type: "string", pattern: "b+" } }));
    const create = (spec: Record<string, unknown>) =>
      server.request(
        "POST",
        "/apis/stable.example.com/v1/namespaces/default/crontabs",
        json({ apiVersion: "stable.example.com/v1", kind: "CronTab", metadata: { generateName: "c-" }, spec }),
      );
    expect((await create({ q: '"q\\d"', w: "abbc" })).status).toBe(201);
    const bad = await create({ q: '"q1"' });
    expect(bad.status).toBe(422);
    expect(bad.json<{ message: string }>().message).toContain(`spec.q in body should match '^\\"q\\\\d\\"$'`);
  });
});
