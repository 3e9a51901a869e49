/**
 * kubectl with requests past Node's default limits: a label selector of 2,000 requirements
 * makes a URL of tens of KB, which kube-apiserver serves (headers up to 1 MiB) and which used
 * to end in `Unable to connect to the server: EOF`.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["kubectl"], "kubectl with large requests", () => {
  const { kubectl } = kubectlServer("kubegen-e2e-large-", {
    setup: async () => {
      expect((await kubectl("create", "cm", "wanted", "-n", "default")).code).toBe(0);
      expect((await kubectl("label", "cm", "wanted", "-n", "default", "app=web", "tier=front")).code).toBe(0);
      expect((await kubectl("create", "cm", "other", "-n", "default")).code).toBe(0);
      expect((await kubectl("label", "cm", "other", "-n", "default", "app=db")).code).toBe(0);
    },
  });

  it("lists with a 2,000-requirement label selector", async () => {
    const requirements = ["app=web", ...Array.from({ length: 1999 }, (_, i) => `key-${i}!=value-${i}`)];
    const { stdout, stderr, code } = await kubectl("get", "cm", "-n", "default", "-l", requirements.join(","), "-o", "name");
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(stdout).toBe("configmap/wanted\n");
  });

  it("answers a 2,000-requirement selector that matches nothing with an empty list", async () => {
    const requirements = Array.from({ length: 2000 }, (_, i) => `key-${i}=value-${i}`);
    const { stdout, stderr, code } = await kubectl("get", "cm", "-n", "default", "-l", requirements.join(","));
    expect(code).toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toBe("No resources found in default namespace.\n");
  });
});
