/**
 * The real kubectl against `kubegen apiserver` (a process on SQLite): a patch whose value has the
 * wrong type (`data: 5`, as merge, strategic and JSON patch) is refused with Invalid and the
 * stored ConfigMap is byte for byte what it was; it used to be answered 200 with `data` wiped.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient, spawnAPIServer, type APIServerProcess } from "../support/apiserver-process.js";
import { kubectlAvailable, runKubectl, type KubectlResult } from "../support/kubectl.js";

let dir: string;
let server: APIServerProcess;
let client: AdminClient;

function kubectl(...args: string[]): Promise<KubectlResult> {
  return runKubectl(server.kubeconfig, args);
}

describe.skipIf(!kubectlAvailable)("kubectl patch with wrong-typed values", () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-patch-"));
    server = await spawnAPIServer(dir);
    client = new AdminClient(server.url, server.kubeconfig);
    const created = await kubectl("create", "configmap", "w", "--from-literal=k=v", "--from-literal=other=x");
    expect(created.code, created.stderr).toBe(0);
  }, 60_000);
  afterAll(async () => {
    client?.agent.destroy();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const decodeError = "json: cannot unmarshal number into Go struct field ConfigMap.data of type map[string]string";
  for (const [type, patch, why] of [
    ["merge", '{"data":5}', decodeError],
    // Upstream converts a strategic patch's result from a map: the converter's words.
    ["strategic", '{"data":5}', "cannot restore map from int64"],
    ["json", '[{"op":"replace","path":"/data","value":5}]', decodeError],
  ] as const) {
    it(`--type ${type} ${patch} is refused and changes nothing`, async () => {
      const before = await client.request("GET", "/api/v1/namespaces/default/configmaps/w");
      expect(before.status).toBe(200);
      const res = await kubectl("patch", "cm", "w", "--type", type, "-p", patch);
      expect(res.code).not.toBe(0);
      expect(res.stderr).toMatch(/Invalid|is invalid/);
      expect(res.stderr).toContain(why);
      const after = await client.request("GET", "/api/v1/namespaces/default/configmaps/w");
      expect(after.body).toBe(before.body);
      expect(after.json<{ data: Record<string, string> }>().data).toEqual({ k: "v", other: "x" });
    }, 60_000);
  }
});
