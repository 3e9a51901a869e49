/** Runs the machine's kubectl for e2e tests: output and exit code as a result, never a throw. */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

export const KUBECTL = "/usr/bin/kubectl";
export const kubectlAvailable = existsSync(KUBECTL);

export interface KubectlResult {
  stdout: string;
  stderr: string;
  code: number;
}

export interface KubectlOptions {
  /** kubectl's discovery cache; default `cache` beside the kubeconfig. */
  cacheDir?: string;
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
}

const run = promisify(execFile);

export async function runKubectl(kubeconfig: string, args: readonly string[], options: KubectlOptions = {}): Promise<KubectlResult> {
  const cacheDir = options.cacheDir ?? path.join(path.dirname(kubeconfig), "cache");
  try {
    const { stdout, stderr } = await run(KUBECTL, ["--kubeconfig", kubeconfig, "--cache-dir", cacheDir, ...args], {
      timeout: options.timeoutMs ?? 30_000,
      maxBuffer: 64 << 20,
      ...(options.env && { env: options.env }),
    });
    return { stdout, stderr, code: 0 };
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string; code?: number };
    return { stdout: e.stdout ?? "", stderr: e.stderr ?? "", code: typeof e.code === "number" ? e.code : 1 };
  }
}
