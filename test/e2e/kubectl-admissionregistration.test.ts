/**
 * Issue #16 with the real kubectl against `kubegen apiserver`: admissionregistration.k8s.io/v1
 * objects as a controller author installs them. An invalid webhook configuration and an invalid
 * ValidatingAdmissionPolicy are refused with upstream's messages; valid ones come back with v1's
 * defaults, and a policy's generation moves when its spec changes.
 */
import { describe, expect, it } from "vitest";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";

const { kubectl, json, file } = kubectlServer("kubegen-admissionregistration-e2e-", { enabled: kubectlAvailable });

const RULES = [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }];

const applyFile = (name: string, obj: unknown) => kubectl("apply", "-f", file(name, JSON.stringify(obj)));

describe.skipIf(!kubectlAvailable)("admissionregistration with kubectl", () => {
  it("refuses an invalid webhook configuration and defaults a valid one", async () => {
    const hook = {
      name: "check",
      clientConfig: { url: "http://hooks.example.com/check?x=1" },
      rules: [{ ...RULES[0], operations: ["PATCH"] }],
      admissionReviewVersions: ["v1"],
      timeoutSeconds: 60,
    };
    const bad = await applyFile("bad-hooks.json", {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingWebhookConfiguration",
      metadata: { name: "bad-hooks" },
      webhooks: [hook],
    });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('The ValidatingWebhookConfiguration "bad-hooks" is invalid: ');
    for (const line of [
      'webhooks[0].name: Invalid value: "check": should be a domain with at least three segments separated by dots',
      'webhooks[0].rules[0].operations[0]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"',
      "webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun",
      "webhooks[0].timeoutSeconds: Invalid value: 60: the timeout value must be between 1 and 30 seconds",
      `webhooks[0].clientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme; desired format: https://host[/path]`,
      'webhooks[0].clientConfig.url: Invalid value: "x=1": query parameters are not permitted in the URL',
    ])
      expect(bad.stderr).toContain(line);

    const good = await applyFile("hooks.json", {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "MutatingWebhookConfiguration",
      metadata: { name: "hooks" },
      webhooks: [
        {
          name: "check.example.com",
          clientConfig: { service: { name: "hooks", namespace: "default", path: "/mutate" } },
          rules: RULES,
          sideEffects: "None",
          admissionReviewVersions: ["v1"],
        },
      ],
    });
    expect(good.code, good.stderr).toBe(0);
    const stored = await json("get", "mutatingwebhookconfigurations", "hooks");
    expect(stored.webhooks[0]).toMatchObject({
      failurePolicy: "Fail",
      matchPolicy: "Equivalent",
      timeoutSeconds: 10,
      reinvocationPolicy: "Never",
      namespaceSelector: {},
      objectSelector: {},
      clientConfig: { service: { port: 443 } },
      rules: [{ scope: "*" }],
    });
  });

  it("refuses a policy whose expressions do not compile or read params without a paramKind, and a bad binding", async () => {
    const bad = await applyFile("bad-policy.json", {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicy",
      metadata: { name: "bad-policy" },
      spec: {
        matchConstraints: { resourceRules: RULES },
        validations: [{ expression: "params.max > 1" }, { expression: "true", reason: "Teapot" }],
      },
    });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('The ValidatingAdmissionPolicy "bad-policy" is invalid: ');
    expect(bad.stderr).toContain(
      `spec.validations[0].expression: Invalid value: "params.max > 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')`,
    );
    expect(bad.stderr).toContain(
      'spec.validations[1].reason: Unsupported value: "Teapot": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"',
    );

    const badBinding = await applyFile("bad-binding.json", {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicyBinding",
      metadata: { name: "bad-binding" },
      spec: { policyName: "small", validationActions: ["Deny", "Warn"] },
    });
    expect(badBinding.code).not.toBe(0);
    expect(badBinding.stderr).toContain(
      'spec.validationActions: Invalid value: ["Deny","Warn"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
    );

    const policy = (max: number) => ({
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicy",
      metadata: { name: "small" },
      spec: { matchConstraints: { resourceRules: RULES }, validations: [{ expression: `object.data.size() < ${max}` }] },
    });
    expect((await applyFile("policy.json", policy(5))).code).toBe(0);
    const created = await json("get", "validatingadmissionpolicies", "small");
    expect(created.spec).toMatchObject({
      failurePolicy: "Fail",
      matchConstraints: { matchPolicy: "Equivalent", namespaceSelector: {}, objectSelector: {} },
    });
    expect(created.metadata.generation).toBe(1);
    expect((await applyFile("policy.json", policy(6))).code).toBe(0);
    expect((await json("get", "validatingadmissionpolicies", "small")).metadata.generation).toBe(2);
  });

  it("prints upstream's columns: WEBHOOKS; VALIDATIONS and PARAMKIND; POLICYNAME and PARAMREF", async () => {
    const hook = (n: string) => ({
      name: `${n}.example.com`,
      clientConfig: { url: `https://hooks.example.com/${n}` },
      rules: RULES,
      sideEffects: "None",
      admissionReviewVersions: ["v1"],
    });
    const hooks = await applyFile("two-hooks.json", {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingWebhookConfiguration",
      metadata: { name: "two-hooks" },
      webhooks: [hook("a"), hook("b")],
    });
    expect(hooks.code, hooks.stderr).toBe(0);
    const hooksTable = await kubectl("get", "validatingwebhookconfigurations", "two-hooks");
    expect(hooksTable.stdout.split("\n")[0]).toMatch(/^NAME\s+WEBHOOKS\s+AGE$/);
    expect(hooksTable.stdout.split("\n")[1]).toMatch(/^two-hooks\s+2\s+\S+$/);

    const policy = await applyFile("param-policy.json", {
      apiVersion: "admissionregistration.k8s.io/v1",
      kind: "ValidatingAdmissionPolicy",
      metadata: { name: "with-params" },
      spec: {
        paramKind: { apiVersion: "v1", kind: "ConfigMap" },
        matchConstraints: { resourceRules: RULES },
        validations: [{ expression: "object.data.size() < 5" }, { expression: "params != null" }],
      },
    });
    expect(policy.code, policy.stderr).toBe(0);
    const policyTable = await kubectl("get", "validatingadmissionpolicies", "with-params");
    expect(policyTable.stdout.split("\n")[0]).toMatch(/^NAME\s+VALIDATIONS\s+PARAMKIND\s+AGE$/);
    expect(policyTable.stdout.split("\n")[1]).toMatch(/^with-params\s+2\s+v1\/ConfigMap\s+\S+$/);

    const binding = (name: string, paramRef: unknown) =>
      applyFile(`${name}.json`, {
        apiVersion: "admissionregistration.k8s.io/v1",
        kind: "ValidatingAdmissionPolicyBinding",
        metadata: { name },
        spec: { policyName: "with-params", validationActions: ["Deny"], paramRef },
      });
    expect((await binding("by-name", { name: "limits", namespace: "default", parameterNotFoundAction: "Deny" })).code).toBe(0);
    expect((await binding("any-namespace", { name: "limits", parameterNotFoundAction: "Allow" })).code).toBe(0);
    const bySelector = await binding("by-selector", {
      selector: { matchLabels: { tier: "a", app: "x" }, matchExpressions: [{ key: "env", operator: "In", values: ["p", "q"] }] },
      parameterNotFoundAction: "Deny",
    });
    expect(bySelector.code, bySelector.stderr).toBe(0);
    const bindings = await kubectl("get", "validatingadmissionpolicybindings", "any-namespace", "by-name", "by-selector");
    const lines = bindings.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+POLICYNAME\s+PARAMREF\s+AGE$/);
    expect(lines[1]).toMatch(/^any-namespace\s+with-params\s+\*\/limits\s+\S+$/);
    expect(lines[2]).toMatch(/^by-name\s+with-params\s+default\/limits\s+\S+$/);
    expect(lines[3]).toContain(
      "&LabelSelector{MatchLabels:map[string]string{app: x,tier: a,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:env,Operator:In,Values:[p q],},},}",
    );
  });
});
