/**
 * A control plane for tests (what envtest gives Go operators, plus the controllers envtest
 * lacks): kubegen's apiserver and controller-manager in this process, on a fresh temporary data
 * directory, with CRDs installed and established before it returns. Namespaces are emptied and
 * finalized by the namespace controller, and every controller the controller-manager runs by
 * default runs here too (the garbage collector, once it is part of that set).
 *
 * This is the one part of the framework that imports apiserver/ and controllers/: it starts them.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseAllDocuments } from "yaml";
import type { CustomResourceDefinition } from "../../api/apiextensions/v1/types.js";
import { runAPIServer, type RunOptions, type RunningAPIServer } from "../../apiserver/server/run.js";
import { ControllerManager } from "../../controllers/controller-manager/controller-manager.js";
import type { ControllerManagerSettings } from "../../controllers/controller/context.js";
import { Clientset } from "../../generated/clientset/index.js";
import type { RestConfig } from "../../runtime/rest/config.js";
import { isAlreadyExists, isNotFound } from "../../runtime/rest/errors.js";
import { loadKubeconfig } from "../../runtime/rest/kubeconfig.js";

export interface ControlPlaneOptions {
  /** CRD manifests to install: YAML files, or folders of them (`generated/crds`). */
  crds?: string | readonly string[];
  /** API groups compiled into the apiserver (runAPIServer's `apiGroups`), served without CRDs. */
  apiGroups?: RunOptions["apiGroups"];
  /** The controller-manager's `--controllers` (default `*`: its default set); `[]` runs none. */
  controllers?: readonly string[];
  /** Controller-manager settings; namespaces are processed without the usual 5 s grace period here. */
  controllerSettings?: Partial<ControllerManagerSettings>;
  /** Where to keep the data; a new temporary folder (removed by `stop`) by default. */
  dataDir?: string;
  log?: (line: string) => void;
  /** How long to wait for CRDs to be established (default 30 s). */
  crdTimeoutMs?: number;
}

export interface ControlPlane {
  /** The admin rest config: give it to a Manager, a Clientset, or any generated SDK. */
  restConfig: RestConfig;
  /** The built-in API's clientset, as admin. */
  clientset: Clientset;
  /** The kubeconfig file (for kubectl or client-node). */
  kubeconfig: string;
  url: string;
  dataDir: string;
  apiserver: RunningAPIServer;
  controllerManager: ControllerManager;
  /** The CRDs installed, as stored. */
  crds: CustomResourceDefinition[];
  /** Stops the controllers, then the apiserver, and removes the data folder it created. */
  stop(): Promise<void>;
}

/** The PKI of the first control plane of this process: signing keys are the slow part of a start, and tests need not each have their own. */
let pkiCache: Map<string, Buffer> | undefined;

function readPKI(dataDir: string): Map<string, Buffer> {
  const dir = path.join(dataDir, "pki");
  return new Map(readdirSync(dir).map((f) => [f, readFileSync(path.join(dir, f))]));
}

function writePKI(dataDir: string, files: Map<string, Buffer>): void {
  const dir = path.join(dataDir, "pki");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const [f, bytes] of files) writeFileSync(path.join(dir, f), bytes, { mode: 0o600 });
}

/** Every CRD document in the files and folders given. */
export function readCRDs(sources: string | readonly string[]): CustomResourceDefinition[] {
  const files: string[] = [];
  for (const src of typeof sources === "string" ? [sources] : sources) {
    if (statSync(src).isDirectory()) {
      files.push(
        ...readdirSync(src)
          .filter((f) => /\.(ya?ml|json)$/.test(f))
          .sort()
          .map((f) => path.join(src, f)),
      );
    } else files.push(src);
  }
  const out: CustomResourceDefinition[] = [];
  for (const file of files) {
    for (const doc of parseAllDocuments(readFileSync(file, "utf8"))) {
      if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]!.message}`);
      const obj = doc.toJS() as { kind?: string } | null;
      if (obj === null || obj === undefined) continue;
      if (obj.kind !== "CustomResourceDefinition") throw new Error(`${file}: a ${String(obj.kind)} is not a CustomResourceDefinition`);
      out.push(obj as CustomResourceDefinition);
    }
  }
  return out;
}

async function poll<T>(what: string, timeoutMs: number, fn: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 10)) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** Installs `crds` and waits until each is established and served. */
export async function installCRDs(
  clientset: Clientset,
  crds: readonly CustomResourceDefinition[],
  timeoutMs = 30_000,
): Promise<CustomResourceDefinition[]> {
  const client = clientset.apiextensionsV1().customResourceDefinitions();
  await Promise.all(
    crds.map(async (crd) => {
      try {
        await client.create(crd);
      } catch (err) {
        if (!isAlreadyExists(err)) throw err;
      }
    }),
  );
  return Promise.all(
    crds.map((crd) =>
      poll(`CRD ${crd.metadata?.name ?? ""} to be established`, timeoutMs, async () => {
        const got = await client.get(crd.metadata?.name ?? "");
        return got.status?.conditions?.some((c) => c.type === "Established" && c.status === "True") ? got : undefined;
      }),
    ),
  );
}

/**
 * Starts an apiserver (SQLite in a temporary folder, HTTPS on a free loopback port) and a
 * controller-manager (its default controllers, no leader election) in this process, installs
 * the CRDs, and resolves once all of it is ready: the `default` namespace exists, the
 * controllers run and the CRDs are served.
 */
export async function startControlPlane(options: ControlPlaneOptions = {}): Promise<ControlPlane> {
  const log = options.log ?? (() => {});
  const created = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "kubegen-test-"));
  let apiserver: RunningAPIServer | undefined;
  let controllerManager: ControllerManager | undefined;
  const cleanup = async (): Promise<void> => {
    await controllerManager?.stop();
    await apiserver?.stop();
    if (created) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    if (pkiCache && created) writePKI(dataDir, pkiCache);
    apiserver = await runAPIServer({
      dataDir,
      securePort: 0,
      bindAddress: "127.0.0.1",
      advertiseAddress: "127.0.0.1",
      ...(options.apiGroups && { apiGroups: options.apiGroups }),
      log,
    });
    pkiCache ??= readPKI(dataDir);
    const restConfig = loadKubeconfig({ path: apiserver.kubeconfig });
    const clientset = new Clientset(restConfig);
    controllerManager = new ControllerManager({
      restConfig,
      controllers: options.controllers ?? ["*"],
      leaderElection: { leaderElect: false },
      settings: { namespaceDeletionGracePeriodMs: 0, ...options.controllerSettings },
      log,
      onError: (err) => log(`controller-manager: ${err instanceof Error ? err.message : String(err)}`),
    });
    void controllerManager.start();
    const crds = options.crds ? readCRDs(options.crds) : [];
    const [, , installed] = await Promise.all([
      controllerManager.whenLeading(),
      poll("the default namespace", 30_000, async () => {
        try {
          return await clientset.coreV1().namespaces().get("default");
        } catch (err) {
          if (isNotFound(err)) return undefined;
          throw err;
        }
      }),
      installCRDs(clientset, crds, options.crdTimeoutMs),
    ]);
    const server = apiserver;
    let stopped: Promise<void> | undefined;
    return {
      restConfig,
      clientset,
      kubeconfig: server.kubeconfig,
      url: server.url,
      dataDir,
      apiserver: server,
      controllerManager,
      crds: installed,
      stop: () => {
        stopped ??= (async () => {
          clientset.restClient.close();
          await cleanup();
        })();
        return stopped;
      },
    };
  } catch (err) {
    await cleanup().catch(() => {});
    throw err;
  }
}
