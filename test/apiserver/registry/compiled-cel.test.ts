/**
 * `+kubebuilder:validation:XValidation` rules of a user's group hold the same whether the group is
 * compiled into the apiserver or installed as its generated CRD: the torture case cel-rules
 * (rules on the kind, on a struct type, on fields, on an alias, a transition rule, an
 * optionalOldSelf rule, a messageExpression, and a rule on status written through /status) is generated, served both ways, and every
 * request gets the same answer from both servers, with upstream's messages.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../../../generator/generate.js";
import type { OpenAPIModule } from "../../../apiserver/endpoints/openapi.js";
import type { Scheme } from "../../../runtime/scheme.js";
import { runAPIServer } from "../../../apiserver/server/run.js";
import { AdminClient, ROOT } from "../../support/apiserver-process.js";
import { eventually } from "../../support/wait.js";

const GROUP = "cel-rules.example.com";
const BASE = `/apis/${GROUP}/v1/namespaces/default/gadgets`;
const CASE = path.join(ROOT, "test/fixtures/torture/cel-rules/api");

type Server = Awaited<ReturnType<typeof runAPIServer>>;
interface Side {
  server: Server;
  client: AdminClient;
  dataDir: string;
}

let out = "";
let compiled: Side;
let crd: Side;

async function start(options: Partial<Parameters<typeof runAPIServer>[0]> = {}): Promise<Side> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-compiled-cel-"));
  const server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", log: () => {}, ...options });
  return { server, client: new AdminClient(server.url, server.kubeconfig), dataDir };
}

async function stop(side: Side | undefined): Promise<void> {
  if (!side) return;
  side.client.agent.destroy();
  await side.server.stop();
  fs.rmSync(side.dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  // Inside the checkout, so the generated code's `kubegen/runtime` imports resolve.
  fs.mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
  out = fs.mkdtempSync(path.join(ROOT, ".tmp", "compiled-cel-"));
  await generate({ input: CASE, output: out, runtimeImport: "kubegen/runtime", libraryRoots: [path.join(ROOT, "api")] });
  const { scheme } = (await import(path.join(out, "apis/register.ts"))) as { scheme: Scheme };
  const openapi = (await import(path.join(out, "openapi/index.ts"))) as OpenAPIModule;
  compiled = await start({ apiGroups: [{ scheme, openapi }] });
  crd = await start();
  const manifest = parse(fs.readFileSync(path.join(out, "crds", `${GROUP}_gadgets.yaml`), "utf8")) as Record<string, unknown>;
  const created = await crd.client.request("POST", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions", manifest);
  expect(created.status, created.body).toBe(201);
  await eventually("the CRD to be served", async () => (await crd.client.request("GET", BASE)).status === 200);
}, 120_000);

afterAll(async () => {
  await stop(compiled);
  await stop(crd);
  if (out) fs.rmSync(out, { recursive: true, force: true });
});

const gadget = (name: string, spec: Record<string, unknown>): Record<string, unknown> => ({
  apiVersion: `${GROUP}/v1`,
  kind: "Gadget",
  metadata: { name },
  spec,
});

interface Answer {
  status: number;
  message?: string;
  causes?: unknown;
}

async function answer(side: Side, method: string, url: string, body?: unknown): Promise<Answer> {
  const res = await side.client.request(method, url, body);
  if (res.status < 400) return { status: res.status };
  const status = res.json<{ message: string; details?: { causes?: unknown } }>();
  return { status: res.status, message: status.message, causes: status.details?.causes };
}

/** The same request to both servers: both answers, which must be equal. */
async function both(method: string, url: string, body?: unknown): Promise<Answer> {
  const [a, b] = [await answer(compiled, method, url, body), await answer(crd, method, url, body)];
  expect(a, "compiled-in and CRD answers differ").toEqual(b);
  return a;
}

/** Reads the object from each server and PUTs it back with `spec` changed, on both. */
async function updateBoth(name: string, change: Record<string, unknown>): Promise<Answer> {
  const answers: Answer[] = [];
  for (const side of [compiled, crd]) {
    const cur = (await side.client.request("GET", `${BASE}/${name}`)).json<{ spec: Record<string, unknown> }>();
    answers.push(await answer(side, "PUT", `${BASE}/${name}`, { ...cur, spec: { ...cur.spec, ...change } }));
  }
  expect(answers[0], "compiled-in and CRD answers differ").toEqual(answers[1]);
  return answers[0]!;
}

const invalid = (name: string, detail: string): string => `Gadget.${GROUP} "${name}" is invalid: ${detail}`;

describe("XValidation rules of a compiled-in group, as its CRD", () => {
  it("refuses a struct type's rule with its message", async () => {
    const a = await both("POST", BASE, gadget("g-min", { minReplicas: 5, replicas: 1 }));
    expect(a.status).toBe(422);
    expect(a.message).toBe(invalid("g-min", 'spec: Invalid value: "object": replicas should be greater than or equal to minReplicas'));
  });

  it("refuses a field's rule with its messageExpression's message", async () => {
    const a = await both("POST", BASE, gadget("g-name", { minReplicas: 1, replicas: 1, name: "foo" }));
    expect(a.status).toBe(422);
    expect(a.message).toBe(invalid("g-name", 'spec.name: Invalid value: "string": name foo must end with -x'));
  });

  it("refuses a rule on a field of the kind with its reason and fieldPath", async () => {
    const a = await both("POST", BASE, gadget("g-mode", { minReplicas: 1, replicas: 1, mode: "off" }));
    expect(a.status).toBe(422);
    expect(a.message).toBe(invalid("g-mode", "spec.mode: Forbidden: mode off is forbidden"));
  });

  it("refuses the kind's own rule, which reads metadata", async () => {
    const a = await both("POST", BASE, gadget("other", { minReplicas: 1, replicas: 1 }));
    expect(a.status).toBe(422);
    expect(a.message).toBe(invalid("other", `<nil>: Invalid value: "object": a gadget's name starts with g`));
  });

  it("accepts an object that keeps every rule", async () => {
    const a = await both("POST", BASE, gadget("g-ok", { minReplicas: 1, replicas: 2, name: "a-x", serial: "s1", size: 3 }));
    expect(a.status).toBe(201);
  });

  it("runs an alias's transition rule on update, against the old value", async () => {
    const a = await updateBoth("g-ok", { serial: "s2" });
    expect(a.status).toBe(422);
    expect(a.message).toBe(invalid("g-ok", 'spec.serial: Invalid value: "string": serial is immutable'));
  });

  it("runs an optionalOldSelf rule on update", async () => {
    const a = await updateBoth("g-ok", { size: 2 });
    expect(a.status).toBe(422);
    expect(a.message).toBe(invalid("g-ok", 'spec.size: Invalid value: "integer": size may only grow'));
    expect((await updateBoth("g-ok", { size: 4, replicas: 3 })).status).toBe(200);
  });

  it("runs the status's rules on a status subresource write", async () => {
    const answers: Answer[] = [];
    for (const side of [compiled, crd]) {
      const cur = (await side.client.request("GET", `${BASE}/g-ok`)).json<Record<string, unknown>>();
      answers.push(await answer(side, "PUT", `${BASE}/g-ok/status`, { ...cur, status: { observed: -1 } }));
    }
    expect(answers[0], "compiled-in and CRD answers differ").toEqual(answers[1]);
    expect(answers[0]!.status).toBe(422);
    expect(answers[0]!.message).toBe(invalid("g-ok", 'status.observed: Invalid value: "integer": observed replicas are never negative'));
  });
});
