/**
 * The real kubectl reading /openapi/v2 as protobuf: `kubectl explain --output=plaintext-openapiv2`
 * asks for gnostic's protobuf Document only, and prints fields, types and descriptions from it.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, expect, it } from "vitest";
import { spawnAPIServer, type APIServerProcess } from "../support/apiserver-process.js";
import { describeWithTools } from "../support/tools.js";

const KUBECTL = "/usr/bin/kubectl";
const run = promisify(execFile);

describeWithTools(["kubectl"], "kubectl explain from /openapi/v2 protobuf", () => {
  let dir: string;
  let server: APIServerProcess;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-openapi-v2-"));
    server = await spawnAPIServer(dir);
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const explain = (...args: string[]) =>
    run(
      KUBECTL,
      ["--kubeconfig", server.kubeconfig, "--cache-dir", path.join(dir, "cache"), "explain", "--output=plaintext-openapiv2", ...args],
      { timeout: 30_000 },
    );

  it("asks for protobuf, gets it, and prints the kind's fields", async () => {
    const { stdout, stderr } = await explain("configmap", "-v=8");
    expect(stderr).toMatch(/GET https:\/\/\S+\/openapi\/v2/);
    expect(stderr).toMatch(/Accept: application\/com\.github\.proto-openapi\.spec\.v2@v1\.0\+protobuf/);
    expect(stderr).toMatch(/Content-Type: application\/com\.github\.proto-openapi\.spec\.v2\.v1\.0\+protobuf/);
    expect(stdout).toMatch(/^KIND:\s+ConfigMap$/m);
    expect(stdout).toMatch(/^VERSION:\s+v1$/m);
    expect(stdout).toMatch(/^\s+data\s+<map\[string\]string>$/m);
    expect(stdout).toMatch(/^\s+metadata\s+<Object>$/m);
  });

  it("follows references into nested fields, lists and group kinds", async () => {
    expect((await explain("namespace.spec")).stdout).toMatch(/^\s+finalizers\s+<\[\]string>$/m);
    const ports = (await explain("service.spec.ports")).stdout;
    expect(ports).toMatch(/^RESOURCE:\s+ports <\[\]Object>$/m);
    expect(ports).toMatch(/^\s+port\s+<integer> -required-$/m);
    expect((await explain("leases.spec", "--api-version=coordination.k8s.io/v1")).stdout).toMatch(/^\s+holderIdentity\s+<string>$/m);
  });
});
