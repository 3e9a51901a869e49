/**
 * The real kubectl against `kubegen apiserver` (a process on SQLite): a patch whose value has the
 * wrong type (`data: 5`, as merge, strategic and JSON patch) is refused with Invalid and the
 * stored ConfigMap is byte for byte what it was; it used to be answered 200 with `data` wiped.
 */
import { afterAll, expect, it } from "vitest";
import { AdminClient } from "../support/apiserver-process.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

let client: AdminClient;

describeWithTools(["kubectl"], "kubectl patch with wrong-typed values", () => {
  const e2e = kubectlServer("kubegen-e2e-patch-", {
    setup: async () => {
      client = new AdminClient(e2e.server.url, e2e.kubeconfig);
      const created = await kubectl("create", "configmap", "w", "--from-literal=k=v", "--from-literal=other=x");
      expect(created.code, created.stderr).toBe(0);
    },
  });
  const { kubectl } = e2e;
  afterAll(() => {
    client?.agent.destroy();
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
