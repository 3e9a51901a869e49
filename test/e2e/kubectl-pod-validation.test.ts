/**
 * The real kubectl against `kubegen apiserver` (spawned as a process on embedded SQLite) for the
 * Pod rules of issue #16 a user meets from the command line: an AppArmor profile refused on
 * create, the deprecated AppArmor annotation's warning and its copy into the field, and
 * `kubectl debug` refused for a target container the Pod does not have (the
 * pods/ephemeralcontainers subresource), each with upstream's message.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runKubectl, type KubectlResult } from "../support/kubectl.js";
import { describeWithTools } from "../support/tools.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

let dir: string;
let server: ChildProcess;

function startServer(): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["bin/kubegen.js", "apiserver", "--data-dir", dir, "--secure-port", "0", "--bind-address", "127.0.0.1"],
    { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      if (/listening on https:\/\/\S+/.test(out)) resolve(child);
    });
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.once("exit", (code) => reject(new Error(`apiserver exited with ${code}: ${out}${err}`)));
  });
}

function kubectl(...args: string[]): Promise<KubectlResult> {
  return runKubectl(path.join(dir, "kubeconfig"), args);
}

/** Writes a manifest into the data dir and returns its path for `-f`. */
function manifest(name: string, obj: unknown): string {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(obj));
  return file;
}

const pod = (name: string, extra: Record<string, unknown> = {}, container: Record<string, unknown> = {}) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, namespace: "default", ...extra },
  spec: { containers: [{ name: "app", image: "nginx", ...container }] },
});

describeWithTools(["kubectl"], "kubectl: Pod validation of issue #16", () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-podval-"));
    server = await startServer();
    // No controller manager runs here: the ServiceAccount admission needs the namespace's default account.
    expect((await kubectl("create", "serviceaccount", "default", "-n", "default")).code).toBe(0);
  });
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((r) => server.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it("an unknown AppArmor profile type is a 422 naming the field, as upstream's", async () => {
    const file = manifest("bad-apparmor", pod("bad-apparmor", {}, { securityContext: { appArmorProfile: { type: "Strict" } } }));
    const res = await kubectl("create", "-f", file);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(
      'The Pod "bad-apparmor" is invalid: spec.containers[0].securityContext.appArmorProfile.type: Unsupported value: "Strict": supported values: "Localhost", "RuntimeDefault", "Unconfined"',
    );
  });

  it("the deprecated annotation is warned about and copied into the container's field", async () => {
    const annotations = { "container.apparmor.security.beta.kubernetes.io/app": "runtime/default" };
    const res = await kubectl("create", "-f", manifest("annotated", pod("annotated", { annotations })));
    expect(res.code).toBe(0);
    expect(res.stderr).toContain(
      'Warning: metadata.annotations[container.apparmor.security.beta.kubernetes.io/app]: deprecated since v1.30; use the "appArmorProfile" field instead',
    );
    const got = await kubectl("get", "pod", "annotated", "-o", "jsonpath={.spec.containers[0].securityContext.appArmorProfile.type}");
    expect(got.stdout).toBe("RuntimeDefault");
  });

  it("kubectl debug with a target the Pod does not have is refused by pods/ephemeralcontainers", async () => {
    expect((await kubectl("create", "-f", manifest("target", pod("target")))).code).toBe(0);
    const res = await kubectl("debug", "target", "--image=busybox", "--target=nope", "--container=debugger");
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain('spec.ephemeralContainers[0].targetContainerName: Not found: "nope"');
    const ok = await kubectl("debug", "target", "--image=busybox", "--target=app", "--container=debugger");
    expect(ok.code).toBe(0);
    const names = await kubectl("get", "pod", "target", "-o", "jsonpath={.spec.ephemeralContainers[*].name}");
    expect(names.stdout).toBe("debugger");
  });
});
