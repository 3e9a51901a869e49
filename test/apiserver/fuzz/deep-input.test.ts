/**
 * Deeply nested input never crashes the apiserver: bodies at the accepted nesting limit (JSON
 * 1,000 levels, YAML 500) are served and read back in every format, one level past is a 400
 * naming the depth, and nothing ever answers 5xx, drops the connection or stores on a 4xx.
 * Twice: against an apiserver in this process, and against one in a child process with less
 * stack, which is what a handler called from deep in a stack has left (the way a deep YAML body
 * once killed the request fuzzer's process): every walker of a deep value needs some margin.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH } from "../../../apiserver/registry/patch/json-text.js";
import { MAX_YAML_DEPTH } from "../../../apiserver/registry/patch/yaml-depth.js";
import { runAPIServer, type RunningAPIServer } from "../../../apiserver/server/run.js";
import { scheme } from "../../../generated/apis/register.js";
import { encodeObject } from "../../../runtime/protobuf/envelope.js";
import YAML from "yaml";
import { spawnAPIServer, type APIServerProcess } from "../../support/apiserver-process.js";
import {
  CM_PATH,
  CR_PATH,
  CRD_PATH,
  GROUP,
  NS,
  deepCases,
  deepItemsCRD,
  deepSchemaCRD,
  deepYAMLCases,
  kindOf,
  nested,
  runCase,
  thingsCRD,
  type DeepTarget,
} from "../../support/deep-input.js";
import { FuzzClient } from "../../support/fuzz-runner.js";

interface KubeconfigFile {
  clusters: { cluster: { "certificate-authority-data": string } }[];
  users: { user: { "client-certificate-data": string; "client-key-data": string } }[];
}

const PROTOBUF = "application/vnd.kubernetes.protobuf";
/** V8's default stack is 984 KB on 64-bit: the child runs with 70% of it, as if its handlers ran ~3,000 frames deep. */
const SMALL_STACK_KB = Number(process.env.DEEP_STACK_KB ?? 700);

async function waitServed(t: DeepTarget, plural: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if ((await t.request("GET", `/apis/${GROUP}/v1/${plural}`)).status === 200) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  const crd = await t.request("GET", `${CRD_PATH}/${plural}.${GROUP}`);
  throw new Error(`${plural} never served: ${crd.status} ${crd.body.toString().slice(-1500)}`);
}

async function setUp(t: DeepTarget): Promise<void> {
  const post = async (p: string, body: unknown): Promise<void> => {
    const r = await t.request("POST", p, { "Content-Type": "application/json" }, JSON.stringify(body));
    if (r.status !== 201) throw new Error(`POST ${p}: ${r.status} ${r.body.toString()}`);
  };
  await post("/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
  await post(CRD_PATH, thingsCRD());
  await waitServed(t, "things");
  await post(CR_PATH, { apiVersion: `${GROUP}/v1`, kind: "Thing", metadata: { name: "existing" }, spec: { a: 1 } });
  await post(CM_PATH, { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "existing" }, data: { a: "1" } });
}

/** Reads a stored deep object back as JSON, YAML and a Table, and through a watch from resourceVersion 0. */
async function readBack(t: DeepTarget, objectPath: string): Promise<string[]> {
  const problems: string[] = [];
  for (const accept of ["application/json", "application/yaml", "application/json;as=Table;v=v1;g=meta.k8s.io"]) {
    const r = await t.request("GET", objectPath, { Accept: accept });
    if (r.status !== 200) problems.push(`GET ${objectPath} as ${accept}: ${r.status} ${r.body.toString().slice(0, 200)}`);
  }
  return problems;
}

/**
 * `itemLevels`: how deep the `items`-inside-`items` CRD schema nests (one JSON level each), the
 * case needing the most stack: the generated protobuf decoder of a stored CRD takes about 0.9 KB
 * a level, so 990 levels use 92% of V8's default stack.
 */
function targetSuite(
  name: string,
  itemLevels: number,
  audited: boolean,
  start: () => Promise<{ target: DeepTarget; stop(): Promise<void>; auditLog?: string }>,
): void {
  describe(name, () => {
    let target: DeepTarget;
    let stop: (() => Promise<void>) | undefined;
    let auditLog: string | undefined;
    beforeAll(async () => {
      const started = await start();
      target = started.target;
      stop = () => started.stop();
      auditLog = started.auditLog;
      await setUp(target);
    }, 180_000);
    afterAll(async () => {
      await stop?.();
    });

    for (const depth of [MAX_NESTING_DEPTH, MAX_NESTING_DEPTH + 1]) {
      it(
        `JSON bodies nesting ${depth} levels: 2xx or a 4xx Status, nothing stored on a 4xx, the server stays up`,
        { timeout: 300_000 },
        async () => {
          const failures: string[] = [];
          for (const c of deepCases(depth)) {
            const a = await runCase(target, c);
            if (a.failure) failures.push(`${a.what}: ${a.failure}`);
            else if (a.status < 300 && c.stored.kind === "absent") failures.push(...(await readBack(target, c.stored.path)));
          }
          if (depth <= MAX_NESTING_DEPTH) failures.push(...(await readBack(target, `${CR_PATH}/existing`)));
          // A watch from 0 sends every stored object, the deep ones included.
          const w = await target.request("GET", `${CR_PATH}?watch=true&resourceVersion=0&timeoutSeconds=1`);
          if (w.status !== 200 || !w.body.toString().includes('"ADDED"')) failures.push(`watch: ${w.status}`);
          expect(failures).toEqual([]);
        },
      );
    }

    for (const depth of [MAX_YAML_DEPTH, MAX_YAML_DEPTH + 1]) {
      it(`YAML bodies nesting ${depth} levels`, { timeout: 300_000 }, async () => {
        const failures: string[] = [];
        for (const c of deepYAMLCases(depth)) {
          const a = await runCase(target, c);
          if (a.failure) failures.push(`${a.what}: ${a.failure}`);
        }
        expect(failures).toEqual([]);
      });
    }

    it("serves a CRD whose schema nests to the limit, its custom resources, and refuses one level more", { timeout: 300_000 }, async () => {
      const failures: string[] = [];
      const check = async (
        what: string,
        method: string,
        p: string,
        contentType: string,
        body: string | Uint8Array,
        expected: number,
        message?: string,
        name = what,
      ) => {
        const stored =
          method === "POST" ? { kind: "absent" as const, path: `${p}/${name}` } : { kind: "unchanged" as const, path: p.split("?")[0]! };
        const a = await runCase(target, {
          what,
          method,
          path: p,
          contentType,
          body,
          stored,
          expect: expected,
          ...(message && { message }),
        });
        if (a.failure) failures.push(`${what}: ${a.failure}`);
      };
      const props = deepSchemaCRD("props", MAX_NESTING_DEPTH);
      await check("props CRD", "POST", CRD_PATH, "application/json", props.text, 201, undefined, `props.${GROUP}`);
      await check(
        "props CRD past the limit",
        "POST",
        CRD_PATH,
        "application/json",
        deepSchemaCRD("props2", MAX_NESTING_DEPTH + 1).text,
        400,
        "exceeded max depth",
        `props2.${GROUP}`,
      );
      await waitServed(target, "props");
      const crPath = `/apis/${GROUP}/v1/namespaces/${NS}/props`;
      const kind = kindOf("props");
      const along = (n: number, leaf: string): string => `${'{"a":'.repeat(n)}${leaf}${"}".repeat(n)}`;
      // Down the schema's properties to its preserve-unknown-fields bottom, then free-form to the limit.
      const deepCR = (name: string, leaf: string): string =>
        `{"apiVersion":"${GROUP}/v1","kind":"${kind}","metadata":{"name":"${name}"},"a":${along(props.levels - 1, leaf)}}`;
      await check(
        "cr-full",
        "POST",
        crPath,
        "application/json",
        deepCR("cr-full", nested("object", MAX_NESTING_DEPTH - props.levels)),
        201,
      );
      await check("cr-cel", "POST", crPath, "application/json", deepCR("cr-cel", '{"bad":1}'), 422, "failed rule: !has(self.bad)");
      await check("cr-wrong-type", "POST", crPath, "application/json", deepCR("cr-wrong-type", "1"), 422, "must be of type object");
      await check(
        "cr-apply",
        "PATCH",
        `${crPath}/cr-apply?fieldManager=deep`,
        "application/apply-patch+yaml",
        deepCR("cr-apply", nested("object", MAX_NESTING_DEPTH - props.levels)),
        201,
      );
      failures.push(...(await readBack(target, `${CRD_PATH}/props.${GROUP}`)));
      failures.push(...(await readBack(target, `${crPath}/cr-full`)));

      // The deep schema in protobuf, both ways: read, then written back as an update.
      const pb = await target.request("GET", `${CRD_PATH}/props.${GROUP}`, { Accept: PROTOBUF });
      if (pb.status !== 200) failures.push(`GET CRD as protobuf: ${pb.status}`);
      else await check("props CRD protobuf update", "PUT", `${CRD_PATH}/props.${GROUP}`, PROTOBUF, pb.body, 200);
      const crds = await target.request("GET", `${CRD_PATH}?watch=true&resourceVersion=0&timeoutSeconds=1`, { Accept: PROTOBUF });
      if (crds.status !== 200) failures.push(`watch CRDs as protobuf: ${crds.status}`);

      // A protobuf CRD nesting past anything JSON takes: refused, not overflowed into a 500.
      for (const levels of [600, 20_000]) {
        let schema: Record<string, unknown> = { type: "object" };
        for (let i = 0; i < levels; i++) schema = { type: "object", properties: { a: schema } };
        const crd = JSON.parse(props.text.replaceAll("props", `pb${levels}`)) as { spec: { versions: { schema: unknown }[] } };
        crd.spec.versions[0]!.schema = { openAPIV3Schema: schema };
        let bytes: Uint8Array;
        try {
          bytes = encodeObject(scheme, crd as never);
        } catch {
          continue; // the encoder's own stack ran out: nothing to send
        }
        await check(`pb${levels} CRD`, "POST", CRD_PATH, PROTOBUF, bytes, 400, "exceeded maximum recursion depth", `pb${levels}.${GROUP}`);
      }

      // items inside items: one JSON level a schema level, with CEL rules over the whole value.
      await check("items CRD", "POST", CRD_PATH, "application/json", deepItemsCRD("items", itemLevels), 201, undefined, `items.${GROUP}`);
      await waitServed(target, "items");
      const itemsPath = `/apis/${GROUP}/v1/namespaces/${NS}/items`;
      const itemsCR = (name: string, leaf: string) =>
        `{"apiVersion":"${GROUP}/v1","kind":"${kindOf("items")}","metadata":{"name":"${name}"},"spec":${"[".repeat(itemLevels)}${leaf}${"]".repeat(itemLevels)}}`;
      await check("items-ok", "POST", itemsPath, "application/json", itemsCR("items-ok", "1"), 201);
      await check("items-bad", "POST", itemsPath, "application/json", itemsCR("items-bad", '"x"'), 422, "must be of type integer");
      failures.push(...(await readBack(target, `${itemsPath}/items-ok`)));
      // The deep CRDs changed by the field manager: apply (typed JSONSchemaProps all the way down) and a merge patch.
      const itemsCRDPath = `${CRD_PATH}/items.${GROUP}`;
      const applied = deepItemsCRD("items", itemLevels).replace('"type":"integer"', '"type":"integer","description":"applied"');
      await check("items CRD apply", "PATCH", `${itemsCRDPath}?fieldManager=deep&force=true`, "application/apply-patch+yaml", applied, 200);
      await check(
        "props CRD merge patch",
        "PATCH",
        `${CRD_PATH}/props.${GROUP}`,
        "application/merge-patch+json",
        '{"metadata":{"labels":{"deep":"yes"}}}',
        200,
      );
      // A deep default and example: values the OpenAPI documents carry (v2's protobuf as YAML text).
      const valued = (plural: string, value: string): string => {
        const crd = thingsCRD() as { metadata: { name: string }; spec: { names: unknown } };
        crd.metadata.name = `${plural}.${GROUP}`;
        crd.spec.names = { plural, singular: plural, kind: kindOf(plural) };
        const extra = `"x-kubernetes-preserve-unknown-fields":true,"default":${value},"example":${value}`;
        return JSON.stringify(crd).replace('"x-kubernetes-preserve-unknown-fields":true', extra);
      };
      await check(
        "valued CRD",
        "POST",
        CRD_PATH,
        "application/json",
        valued("valued", `{"x":${nested("object", MAX_NESTING_DEPTH - 11)}}`),
        201,
        undefined,
        `valued.${GROUP}`,
      );
      await waitServed(target, "valued");
      const valuedPath = `/apis/${GROUP}/v1/namespaces/${NS}/valued`;
      await check(
        "defaulted",
        "POST",
        valuedPath,
        "application/json",
        `{"apiVersion":"${GROUP}/v1","kind":"${kindOf("valued")}","metadata":{"name":"defaulted"}}`,
        201,
      );
      failures.push(...(await readBack(target, `${valuedPath}/defaulted`)));
      for (const [p, accept] of [
        ["/openapi/v2", "application/json"],
        ["/openapi/v2", "application/com.github.proto-openapi.spec.v2@v1.0+protobuf"],
        [`/openapi/v3/apis/${GROUP}/v1`, "application/json"],
      ] as const) {
        const r = await target.request("GET", p, { Accept: accept });
        if (r.status !== 200) failures.push(`GET ${p} as ${accept}: ${r.status} ${r.body.toString().slice(0, 200)}`);
      }
      expect(failures).toEqual([]);
    });

    if (audited)
      it("audits deep requests with their request and response objects", { timeout: 60_000 }, async () => {
        const log = auditLog!;
        const name = `c-${MAX_NESTING_DEPTH}-o`;
        let found: { requestObject?: { spec?: unknown }; responseObject?: unknown } | undefined;
        for (let i = 0; i < 200 && found === undefined; i++) {
          found = readFileSync(log, "utf8")
            .split("\n")
            .filter((l) => l.includes(`"name":"${name}"`) && l.includes('"ResponseComplete"') && l.includes('"verb":"create"'))
            .map((l) => JSON.parse(l) as { requestObject?: { spec?: unknown }; responseObject?: unknown })[0];
          if (found === undefined) await new Promise((r) => setTimeout(r, 50));
        }
        expect(found?.requestObject?.spec).toBeDefined();
        expect(found?.responseObject).toBeDefined();
      });
  });
}

targetSuite("an apiserver in this process", MAX_NESTING_DEPTH - 10, true, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-deep-"));
  // Every request audited at RequestResponse: the deep objects go through the audit log too.
  writeFileSync(path.join(dir, "audit-policy.yaml"), "apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n  - level: RequestResponse\n");
  const auditLog = path.join(dir, "audit.log");
  const server = await runAPIServer({
    dataDir: dir,
    securePort: 0,
    bindAddress: "127.0.0.1",
    log: () => {},
    auditPolicyFile: path.join(dir, "audit-policy.yaml"),
    auditLogPath: auditLog,
  });
  const client = new FuzzClient(server);
  return {
    auditLog,
    target: { request: (m, p, h, b) => client.request(m, p, h, b) },
    async stop() {
      client.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

targetSuite(`an apiserver process with a ${SMALL_STACK_KB} KB stack`, 600, false, async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-deep-"));
  const proc: APIServerProcess = await spawnAPIServer(dir, { nodeArgs: [`--stack-size=${SMALL_STACK_KB}`] });
  // The admin credentials from the kubeconfig, in the shape FuzzClient reads.
  const cfg = YAML.parse(readFileSync(proc.kubeconfig, "utf8")) as KubeconfigFile;
  const pem = (b64: string): string => Buffer.from(b64, "base64").toString();
  const client = new FuzzClient({
    url: proc.url,
    certs: {
      ca: { cert: pem(cfg.clusters[0]!.cluster["certificate-authority-data"]) },
      admin: { cert: pem(cfg.users[0]!.user["client-certificate-data"]), key: pem(cfg.users[0]!.user["client-key-data"]) },
    },
  } as unknown as RunningAPIServer);
  return {
    target: { request: (m, p, h, b) => client.request(m, p, h, b) },
    async stop() {
      client.close();
      const code = await proc.stop();
      rmSync(dir, { recursive: true, force: true });
      // A crash would have shown as failed requests already; a clean exit is part of staying up.
      if (code !== 0) throw new Error(`the apiserver exited with ${code}`);
    },
  };
});
