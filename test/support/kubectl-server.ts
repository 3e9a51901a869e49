/**
 * The kubectl e2e tests' preamble: `kubegen apiserver` (or `up`) as a child process on a fresh
 * temp data dir, started in a beforeAll of the enclosing block and stopped (its dir removed) in an
 * afterAll, and kubectl against the kubeconfig it writes there.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { spawnAPIServer, type APIServerProcess, type SpawnOptions } from "./apiserver-process.js";
import { runKubectl, type KubectlOptions, type KubectlResult } from "./kubectl.js";

export interface KubectlServerOptions {
  /** How to start the server; a function of the data dir may write files there first. */
  spawn?: SpawnOptions | ((dir: string) => SpawnOptions | Promise<SpawnOptions>);
  /** Run once the server listens, still in the beforeAll (namespaces, CRDs the tests share). */
  setup?: () => Promise<void>;
  /** Options of every kubectl call; a 60 s timeout unless given. */
  kubectl?: KubectlOptions;
  /** The beforeAll's timeout; 60 s by default. */
  timeoutMs?: number;
  /** False starts nothing: for top-level hooks of a file whose tests are skipped without kubectl. */
  enabled?: boolean;
}

export interface KubectlServer {
  /** The data dir; the server writes `kubeconfig` there. */
  readonly dir: string;
  readonly server: APIServerProcess;
  readonly kubeconfig: string;
  readonly kubectl: (...args: string[]) => Promise<KubectlResult>;
  /** kubectl that must succeed (exit 0; its stderr in the failure message); its stdout. */
  readonly ok: (...args: string[]) => Promise<string>;
  /** kubectl `-o json` that must succeed, parsed (read ad hoc by the assertions). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- kubectl's JSON output, read ad hoc
  readonly json: (...args: string[]) => Promise<Record<string, any>>;
  /** Writes `text` to `name` in the data dir; returns its path. */
  readonly file: (name: string, text: string) => string;
}

/** Registers the hooks that start and stop the server; the result is usable from the beforeAll on. */
export function kubectlServer(tmpPrefix: string, options: KubectlServerOptions = {}): KubectlServer {
  let dir: string | undefined;
  let server: APIServerProcess | undefined;
  const started = <T>(v: T | undefined): T => {
    if (v === undefined) throw new Error("the e2e apiserver is not running (it starts in beforeAll)");
    return v;
  };
  const self: KubectlServer = {
    get dir() {
      return started(dir);
    },
    get server() {
      return started(server);
    },
    get kubeconfig() {
      return path.join(started(dir), "kubeconfig");
    },
    kubectl: (...args) => runKubectl(self.kubeconfig, args, { timeoutMs: 60_000, ...options.kubectl }),
    ok: async (...args) => {
      const r = await self.kubectl(...args);
      expect(r.code, `kubectl ${args.join(" ")}: ${r.stderr}`).toBe(0);
      return r.stdout;
    },
    json: async (...args) => JSON.parse(await self.ok(...args, "-o", "json")) as Record<string, unknown>,
    file: (name, text) => {
      const p = path.join(started(dir), name);
      writeFileSync(p, text);
      return p;
    },
  };
  beforeAll(async () => {
    if (options.enabled === false) return;
    dir = mkdtempSync(path.join(os.tmpdir(), tmpPrefix));
    const spawn = typeof options.spawn === "function" ? await options.spawn(dir) : options.spawn;
    server = await spawnAPIServer(dir, spawn);
    await options.setup?.();
  }, options.timeoutMs ?? 60_000);
  afterAll(async () => {
    await server?.stop();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });
  return self;
}
