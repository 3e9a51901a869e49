/**
 * The published packages as users get them: `npm run build` once, `npm pack` of each workspace
 * once, then fresh projects outside this repository installing the tarballs (npm from its cache
 * first), run with plain node (no tsx anywhere in their run path):
 *  (a) an ESM program type-checked by tsc under `nodenext` and `bundler` resolution with strict,
 *      exactOptionalPropertyTypes, noUncheckedIndexedAccess, noPropertyAccessFromIndexSignature,
 *      verbatimModuleSyntax and without skipLibCheck, then run against a spawned `kubegen up`;
 *  (b) a CommonJS program using `require`;
 *  (c) an esbuild bundle of the clientset + informer program, run from a folder without node_modules;
 *  (d) `npx kubegen generate` of a user's group, compiled with tsc, served by the compiled-in
 *      apiserver from the compiled output and driven by its generated clientset;
 *  (e) the client-only install holds no native module; its size is printed.
 * One project serves (d) and the spawned server (all three packages); one is client-only.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cronTabCRD } from "../support/crontab-crd.js";
import { runKubectl } from "../support/kubectl.js";

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");
const BIN = (name: string): string => path.join(ROOT, "node_modules/.bin", name);
const ENV = { ...process.env, NODE_OPTIONS: "", npm_config_audit: "false", npm_config_fund: "false", npm_config_update_notifier: "false" };

let work = "";
let packs: Record<"client" | "generator" | "apiserver", string>;
let client = "";
let server = "";
let serverProc: ChildProcess | undefined;
let kubeconfig = "";

async function exec(file: string, args: string[], cwd: string, timeout = 240_000): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd, timeout, maxBuffer: 32 << 20, env: ENV });
    return stdout;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${path.basename(file)} ${args.join(" ")} (in ${cwd}) failed: ${err.message}\n${err.stdout ?? ""}\n${err.stderr ?? ""}`,
      { cause: e },
    );
  }
}

function write(dir: string, rel: string, content: string): void {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}

function project(name: string): string {
  const dir = path.join(work, name);
  write(dir, "package.json", JSON.stringify({ name, private: true, type: "module" }, null, 2));
  return dir;
}

/** `npm install` of local tarballs; third-party dependencies from npm's cache when it has them. */
async function npmInstall(dir: string, specs: string[], extra: string[] = []): Promise<void> {
  await exec("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error", ...extra, ...specs], dir, 300_000);
}

/** Every file under `dir` (relative), following no symlinks. */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => fs.lstatSync(path.join(dir, f)).isFile());
}

function sizeOf(dir: string): number {
  return filesUnder(dir).reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
}

const STRICT = {
  target: "ES2022",
  lib: ["ES2023"],
  types: ["node"],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  verbatimModuleSyntax: true,
  isolatedModules: true,
  skipLibCheck: false,
};

/** The client program: clientset create/get/list, and an informer that sees the object. */
const CLIENT_PROGRAM = `import { cache } from "kubegen";
import type { ConfigMap } from "kubegen/api/core/v1/config.js";
import { Clientset } from "kubegen/generated/clientset/index.js";
import { SharedInformerFactory } from "kubegen/generated/informers/index.js";

const kubeconfig = process.env["KUBECONFIG"];
if (kubeconfig === undefined) throw new Error("KUBECONFIG is not set");
const cs = Clientset.fromKubeconfig({ path: kubeconfig });
const name = process.argv[2] ?? "consumer";
const factory = new SharedInformerFactory(cs);
const informer = factory.coreV1().configMaps();
const seen = new Promise<string>((resolve) => {
  informer.informer().addEventHandler({
    onAdd: (cm: ConfigMap) => {
      if (cm.metadata?.name === name) resolve(cm.data?.["greeting"] ?? "");
    },
  });
});
const ctl = new AbortController();
factory.start(ctl.signal);
const synced = await cache.waitForCacheSync(ctl.signal, () => informer.informer().hasSynced());
const created = await cs.coreV1().configMaps("default").create({ metadata: { name }, data: { greeting: "hello" } });
const got = await cs.coreV1().configMaps("default").get(name);
const namespaces = await cs.coreV1().namespaces().list();
const greeting = await seen;
await factory.shutdown();
ctl.abort();
console.log(JSON.stringify({
  synced,
  created: created.metadata?.name,
  uid: typeof got.metadata?.uid,
  namespaces: namespaces.items.map((n) => n.metadata?.name ?? "").sort(),
  informer: greeting,
}));
`;

const CJS_PROGRAM = `"use strict";
const { Scheme, rest } = require("kubegen");
const { Clientset } = require("kubegen/generated/clientset/index.js");
const { scheme } = require("kubegen/generated/apis/register.js");
const runtime = require("kubegen");
const fakes = require("kubegen/runtime/testing");
(async () => {
  const cs = Clientset.fromKubeconfig({ path: process.env.KUBECONFIG });
  const list = await cs.coreV1().namespaces().list();
  console.log(JSON.stringify({
    scheme: scheme instanceof Scheme,
    rest: typeof rest.RestClient,
    // The fakes are on their own entry point, not in the runtime's main one.
    fakesInMain: "testing" in runtime,
    tracker: typeof fakes.ObjectTracker,
    namespaces: list.items.map((n) => n.metadata.name).sort(),
  }));
})().catch((err) => { console.error(err); process.exitCode = 1; });
`;

/** The user's program in (d): the group compiled into our apiserver, driven by its generated clientset. */
const DRIVE = `import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runAPIServer } from "@kubegen/apiserver";
import { scheme } from "./generated/apis/register.js";
import { Clientset } from "./generated/clientset/index.js";
import * as openapi from "./generated/openapi/index.js";

const dataDir = mkdtempSync(path.join(os.tmpdir(), "widgets-apiserver-"));
const server = await runAPIServer({ dataDir, securePort: 0, bindAddress: "127.0.0.1", apiGroups: [{ scheme, openapi }], log: () => {} });
const out: Record<string, unknown> = {};
try {
  for (const contentType of ["application/json", "application/vnd.kubernetes.protobuf"] as const) {
    const widgets = Clientset.fromKubeconfig({ path: server.kubeconfig }, { contentType }).widgetsV1alpha1().widgets("default");
    const name = contentType === "application/json" ? "w-json" : "w-proto";
    const created = await widgets.create({ metadata: { name }, spec: { size: 3, tags: ["a", "b"] } });
    const listed = await widgets.list({});
    await widgets.delete(name);
    out[name] = { kind: created.kind, size: created.spec?.size, listed: listed.items.map((w) => w.metadata?.name ?? "") };
  }
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(JSON.stringify(out));
`;

async function startServer(): Promise<void> {
  const dataDir = path.join(work, "server-data");
  kubeconfig = path.join(dataDir, "kubeconfig");
  // The installed bin, run by plain node.
  const bin = path.join(server, "node_modules/.bin/kubegen");
  serverProc = spawn(process.execPath, [bin, "up", "--data-dir", dataDir, "--bind-address", "127.0.0.1", "--secure-port", "0"], {
    cwd: server,
    env: ENV,
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let out = "";
    const onData = (chunk: Buffer): void => {
      out += chunk.toString();
      if (/apiserver listening on/.test(out)) resolve();
    };
    serverProc!.stdout!.on("data", onData);
    serverProc!.stderr!.on("data", onData);
    serverProc!.once("exit", (code) => reject(new Error(`kubegen up exited (${code}):\n${out}`)));
  });
}

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-consumers-"));
  await exec("npm", ["run", "build", "--silent"], ROOT, 300_000);
  const dest = path.join(work, "packs");
  fs.mkdirSync(dest);
  // Built once above; the packages' prepack would build again.
  await exec("npm", ["pack", "--workspaces", "--ignore-scripts", "--pack-destination", dest, "--loglevel=error"], ROOT);
  packs = {
    client: path.join(dest, "kubegen-0.1.0.tgz"),
    generator: path.join(dest, "kubegen-generator-0.1.0.tgz"),
    apiserver: path.join(dest, "kubegen-apiserver-0.1.0.tgz"),
  };
  client = project("client-consumer");
  server = project("server-consumer");
  await Promise.all([
    npmInstall(client, [packs.client]),
    // better-sqlite3's install script would compile it (minutes, and it needs node's headers from
    // the network); this checkout holds the same version built for this node, so it is copied in.
    npmInstall(server, [packs.client, packs.generator, packs.apiserver], ["--ignore-scripts"]),
  ]);
  fs.cpSync(path.join(ROOT, "node_modules/better-sqlite3/build"), path.join(server, "node_modules/better-sqlite3/build"), {
    recursive: true,
  });
  await startServer();
}, 600_000);

afterAll(async () => {
  if (serverProc && serverProc.exitCode === null) {
    const exited = new Promise((r) => serverProc!.once("exit", r));
    serverProc.kill("SIGTERM");
    await exited;
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("(e) the client-only install", () => {
  it("holds kubegen and its pure-JS dependencies only: no native module, no generator or server packages", () => {
    const modules = path.join(client, "node_modules");
    const files = filesUnder(modules);
    expect(files.filter((f) => f.endsWith(".node") || f.endsWith("binding.gyp"))).toEqual([]);
    const installed = fs.readdirSync(modules).filter((n) => !n.startsWith("."));
    // The SDK's own dependencies (kubeconfig YAML, proxies, OIDC token expiry) and theirs; never
    // the generator's or the server's.
    expect(installed).toEqual(expect.arrayContaining(["kubegen", "yaml", "jose", "https-proxy-agent", "proxy-from-env"]));
    for (const heavy of ["@kubegen", "better-sqlite3", "ts-morph", "typescript", "prettier", "handlebars", "tsx", "esbuild", "commander"]) {
      expect(installed, heavy).not.toContain(heavy);
    }
    const bytes = sizeOf(modules);
    console.log(`client SDK install: ${(bytes / 1e6).toFixed(2)} MB in ${files.length} files (${installed.join(", ")})`);
    expect(bytes).toBeLessThan(10e6);
    // The packed package carries its build, types, declaration maps and licence, not tests or benches.
    const pkg = path.join(modules, "kubegen");
    expect(fs.existsSync(path.join(pkg, "LICENSE"))).toBe(true);
    expect(fs.existsSync(path.join(pkg, "dist/runtime/index.d.ts.map"))).toBe(true);
    expect(filesUnder(pkg).filter((f) => /(^|\/)(test|bench)\//.test(f) || f.endsWith(".test.js"))).toEqual([]);
  });
});

describe("(a) an ESM consumer under strict compiler options", () => {
  beforeAll(async () => {
    await npmInstall(client, ["@types/node@20"]);
    write(client, "src/main.ts", CLIENT_PROGRAM);
    for (const [name, resolution] of [
      ["tsconfig.nodenext.json", { module: "NodeNext", moduleResolution: "NodeNext" }],
      ["tsconfig.bundler.json", { module: "ESNext", moduleResolution: "Bundler" }],
    ] as const) {
      write(
        client,
        name,
        JSON.stringify(
          {
            compilerOptions: { ...STRICT, ...resolution, outDir: `out-${resolution.moduleResolution.toLowerCase()}`, rootDir: "src" },
            include: ["src"],
          },
          null,
          2,
        ),
      );
    }
  }, 300_000);

  it.each(["nodenext", "bundler"])(
    "type-checks with moduleResolution %s and runs with plain node",
    async (mode) => {
      await exec(BIN("tsc"), ["-p", `tsconfig.${mode}.json`], client);
      const out = JSON.parse(await execEnv(process.execPath, [`out-${mode}/main.js`, `cm-${mode}`], client)) as Record<string, unknown>;
      expect(out).toEqual({
        synced: true,
        created: `cm-${mode}`,
        uid: "string",
        namespaces: expect.arrayContaining(["default", "kube-system"]),
        informer: "hello",
      });
    },
    240_000,
  );
});

describe("(b) a CommonJS consumer", () => {
  it("requires the SDK (require(esm)) and lists namespaces", async () => {
    write(client, "cjs/main.cjs", CJS_PROGRAM);
    const out = JSON.parse(await execEnv(process.execPath, ["cjs/main.cjs"], client)) as Record<string, unknown>;
    expect(out).toEqual({
      scheme: true,
      rest: "function",
      fakesInMain: false,
      tracker: "function",
      namespaces: expect.arrayContaining(["default", "kube-system"]),
    });
  }, 120_000);
});

describe("(c) an esbuild bundle", () => {
  it("bundles the clientset + informer program into one file that runs without node_modules", async () => {
    write(client, "src/main.ts", CLIENT_PROGRAM);
    const bundleDir = path.join(work, "bundle-only");
    fs.mkdirSync(bundleDir, { recursive: true });
    const outfile = path.join(bundleDir, "main.mjs");
    // yaml (kubeconfig parsing) resolves to its CommonJS build under the "node" condition, and an
    // ESM bundle has no `require` for its `require("process")`: the banner provides one.
    const banner = 'import { createRequire } from "node:module"; const require = createRequire(import.meta.url);';
    await exec(
      BIN("esbuild"),
      [
        "src/main.ts",
        "--bundle",
        "--platform=node",
        "--format=esm",
        "--target=node20",
        `--banner:js=${banner}`,
        `--outfile=${outfile}`,
        "--log-level=warning",
      ],
      client,
    );
    const out = JSON.parse(await execEnv(process.execPath, [outfile, "cm-bundle"], bundleDir)) as Record<string, unknown>;
    expect(out).toMatchObject({ synced: true, created: "cm-bundle", informer: "hello" });
  }, 120_000);
});

describe("(d) a user's group generated, compiled and served", () => {
  it("generates with `npx kubegen generate`, compiles with tsc, and the compiled apiserver serves it", async () => {
    write(server, "api/widgets/v1alpha1/doc.ts", WIDGET_DOC);
    write(server, "api/widgets/v1alpha1/types.ts", WIDGET_TYPES);
    write(server, "drive.ts", DRIVE);
    const generated = await exec("npx", ["--no-install", "kubegen", "generate", "--input", "api", "--output", "generated"], server);
    expect(generated).toContain("wrote apis/widgets/v1alpha1/zz_generated.deepcopy.ts");
    await npmInstall(server, ["@types/node@20"], ["--ignore-scripts"]);
    write(
      server,
      "tsconfig.json",
      JSON.stringify(
        {
          compilerOptions: {
            target: "ES2022",
            lib: ["ES2023"],
            types: ["node"],
            module: "NodeNext",
            moduleResolution: "NodeNext",
            strict: true,
            noUncheckedIndexedAccess: true,
            verbatimModuleSyntax: true,
            outDir: "out",
          },
          include: ["api", "generated", "drive.ts"],
        },
        null,
        2,
      ),
    );
    await exec(BIN("tsc"), ["-p", "."], server);
    const out = JSON.parse(await exec(process.execPath, ["out/drive.js"], server, 120_000)) as Record<string, unknown>;
    expect(out).toEqual({
      "w-json": { kind: "Widget", size: 3, listed: ["w-json"] },
      "w-proto": { kind: "Widget", size: 3, listed: ["w-proto"] },
    });
  }, 300_000);
});

describe("(f) the installed bin's lazily loaded parts", () => {
  // The CLI bundle loads the CEL modules and reads the OpenAPI documents from files on first use
  // (packages/bundle-cli.mjs): both must be there in the installed package.
  it("enforces a CRD's x-kubernetes-validations and serves the OpenAPI documents", async () => {
    const kubectl = (...args: string[]) => runKubectl(kubeconfig, args, { env: ENV, timeoutMs: 60_000 });
    const manifest = (name: string, obj: unknown): string => {
      const file = path.join(work, `${name}.json`);
      fs.writeFileSync(file, JSON.stringify(obj));
      return file;
    };
    const spec = { type: "object", properties: { replicas: { type: "integer" } } };
    const rule = { rule: "self.replicas <= 10", message: "replicas must be at most 10" };
    const crd = cronTabCRD({
      schema: { openAPIV3Schema: { type: "object", properties: { spec: { ...spec, "x-kubernetes-validations": [rule] } } } },
    });
    expect((await kubectl("apply", "-f", manifest("crd", crd))).code).toBe(0);
    expect((await kubectl("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=30s")).code).toBe(0);
    const cronTab = (name: string, replicas: number) =>
      manifest(name, {
        apiVersion: "stable.example.com/v1",
        kind: "CronTab",
        metadata: { name, namespace: "default" },
        spec: { replicas },
      });
    const bad = await kubectl("create", "-f", cronTab("too-many", 11));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("replicas must be at most 10");
    expect((await kubectl("create", "-f", cronTab("few", 3))).code).toBe(0);
    const swagger = JSON.parse((await kubectl("get", "--raw", "/openapi/v2")).stdout) as { definitions: Record<string, unknown> };
    expect(swagger.definitions).toHaveProperty(["io.k8s.api.core.v1.Pod"]);
    const v3 = JSON.parse((await kubectl("get", "--raw", "/openapi/v3/apis/apps/v1")).stdout) as {
      components: { schemas: Record<string, unknown> };
    };
    expect(v3.components.schemas).toHaveProperty(["io.k8s.api.apps.v1.Deployment"]);
  }, 120_000);
});

/** Runs a consumer program against the spawned server. */
async function execEnv(file: string, args: string[], cwd: string): Promise<string> {
  try {
    const { stdout } = await run(file, args, { cwd, timeout: 60_000, env: { ...ENV, KUBECONFIG: kubeconfig } });
    return stdout;
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${path.basename(file)} ${args.join(" ")} failed: ${err.message}\n${err.stdout ?? ""}\n${err.stderr ?? ""}`, {
      cause: e,
    });
  }
}

const WIDGET_DOC = `/**
 * Package v1alpha1 holds the widgets API.
 *
 * +groupName=widgets.example.org
 * +k8s:deepcopy-gen=package
 * +k8s:protobuf-gen=package
 * +k8s:openapi-gen=true
 * +kubegen:go-package=example.org/widgets/api/widgets/v1alpha1
 */
export {};
`;

const WIDGET_TYPES = `import type { ListMeta, ObjectMeta, TypeMeta } from "kubegen/api/meta/v1/types.js";
import type { int32 } from "kubegen/api/scalars.js";

/**
 * Widget is something the factory makes.
 *
 * +genclient
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface Widget extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;
  /**
   * +optional
   * +protobuf=2
   */
  spec?: WidgetSpec;
}

export interface WidgetSpec {
  /**
   * How big.
   * +kubebuilder:validation:Minimum=1
   * +protobuf=1
   */
  size: int32;
  /**
   * +optional
   * +listType=set
   * +protobuf=2
   */
  tags?: string[];
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface WidgetList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;
  /** +protobuf=2 */
  items: Widget[];
}
`;
