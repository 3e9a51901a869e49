/**
 * The real kubectl against `kubegen apiserver` (a process on SQLite) for two admission plugins
 * upstream enables by default: RuntimeClass (a Pod gets its class's overhead and scheduling; an
 * unknown class is refused with upstream's message) and DefaultIngressClass (an Ingress naming no
 * class gets the default one).
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["kubectl"], "kubectl: the RuntimeClass and DefaultIngressClass admission plugins", () => {
  const e2e = kubectlServer("kubegen-e2e-admission-defaults-", {
    setup: async () => {
      // The ServiceAccount plugin wants the `default` account (the controller-manager's job): make it if missing.
      await kubectl("create", "serviceaccount", "default");
    },
  });
  const { kubectl } = e2e;
  const apply = (name: string, obj: unknown) => kubectl("apply", "-f", e2e.file(`${name}.json`, JSON.stringify(obj)));
  const pod = (name: string, spec: Record<string, unknown>) => ({
    apiVersion: "v1",
    kind: "Pod",
    metadata: { name, namespace: "default" },
    spec: { containers: [{ name: "app", image: "nginx" }], ...spec },
  });

  it("a Pod naming a RuntimeClass gets its overhead, nodeSelector and tolerations; an unknown class is refused", async () => {
    const rc = await apply("rc", {
      apiVersion: "node.k8s.io/v1",
      kind: "RuntimeClass",
      metadata: { name: "gvisor" },
      handler: "runsc",
      overhead: { podFixed: { cpu: "100m", memory: "64Mi" } },
      scheduling: { nodeSelector: { "runtime/gvisor": "yes" }, tolerations: [{ key: "gvisor", operator: "Exists" }] },
    });
    expect(rc.code, rc.stderr).toBe(0);
    expect((await kubectl("get", "runtimeclass", "gvisor", "-o", "jsonpath={.handler}")).stdout).toBe("runsc");
    // upstream's printer columns: NAME HANDLER AGE.
    const table = (await kubectl("get", "runtimeclass", "gvisor")).stdout.split("\n");
    expect(table[0]!.split(/\s+/)).toEqual(["NAME", "HANDLER", "AGE"]);
    expect(table[1]!.split(/\s+/).slice(0, 2)).toEqual(["gvisor", "runsc"]);

    const created = await apply("sandboxed", pod("sandboxed", { runtimeClassName: "gvisor" }));
    expect(created.code, created.stderr).toBe(0);
    const got = await kubectl("get", "pod", "sandboxed", "-o", "json");
    const spec = JSON.parse(got.stdout).spec;
    expect(spec.overhead).toEqual({ cpu: "100m", memory: "64Mi" });
    expect(spec.nodeSelector).toEqual({ "runtime/gvisor": "yes" });
    expect(spec.tolerations).toContainEqual({ key: "gvisor", operator: "Exists" });

    const unknown = await apply("unknown", pod("unknown", { runtimeClassName: "kata" }));
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('pods "unknown" is forbidden: pod rejected: RuntimeClass "kata" not found');

    const immutable = await kubectl("patch", "runtimeclass", "gvisor", "--type", "merge", "-p", '{"handler":"kata"}');
    expect(immutable.code).not.toBe(0);
    expect(immutable.stderr).toContain('handler: Invalid value: "kata": field is immutable');
  });

  it("an Ingress naming no class gets the default IngressClass", async () => {
    const cls = await apply("ic", {
      apiVersion: "networking.k8s.io/v1",
      kind: "IngressClass",
      metadata: { name: "contour", annotations: { "ingressclass.kubernetes.io/is-default-class": "true" } },
      spec: { controller: "projectcontour.io/contour" },
    });
    expect(cls.code, cls.stderr).toBe(0);
    const ing = await kubectl("create", "ingress", "web", "--rule=example.com/=web:80");
    expect(ing.code, ing.stderr).toBe(0);
    expect((await kubectl("get", "ingress", "web", "-o", "jsonpath={.spec.ingressClassName}")).stdout).toBe("contour");
    const named = await kubectl("create", "ingress", "named", "--class=other", "--rule=example.com/=web:80");
    expect(named.code, named.stderr).toBe(0);
    expect((await kubectl("get", "ingress", "named", "-o", "jsonpath={.spec.ingressClassName}")).stdout).toBe("other");
  });
});
