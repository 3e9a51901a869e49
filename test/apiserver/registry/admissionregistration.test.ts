/**
 * admissionregistration.k8s.io/v1 served with upstream 1.34's strategies (issue #16): webhook
 * configurations' defaults and validation, ValidatingAdmissionPolicies and their bindings, with
 * upstream's messages; updates relax what the stored object already broke; generation moves on
 * spec changes and policy status stays out of main writes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mutatingWebhookConfigurationStrategy } from "../../../apiserver/registry/resources/mutatingwebhookconfigurations/strategy.js";
import { validatingWebhookConfigurationStrategy } from "../../../apiserver/registry/resources/validatingwebhookconfigurations/strategy.js";
import {
  validatingAdmissionPolicyStatusStrategy,
  validatingAdmissionPolicyStrategy,
} from "../../../apiserver/registry/resources/validatingadmissionpolicies/strategy.js";
import { validatingAdmissionPolicyBindingStrategy } from "../../../apiserver/registry/resources/validatingadmissionpolicybindings/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import type { Strategy } from "../../../apiserver/registry/strategy.js";

type Obj = Record<string, unknown>;

const RULES = [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }];

const hook = (extra: Obj = {}): Obj => ({
  name: "check.example.com",
  clientConfig: { url: "https://hooks.example.com/check" },
  rules: RULES,
  sideEffects: "None",
  admissionReviewVersions: ["v1"],
  ...extra,
});

const vwc = (...webhooks: Obj[]): KubeObject => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingWebhookConfiguration",
  metadata: { name: "hooks" },
  webhooks,
});

const mwc = (...webhooks: Obj[]): KubeObject => ({ ...vwc(...webhooks), kind: "MutatingWebhookConfiguration" });

const policy = (spec: Obj = {}, name = "p"): KubeObject => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicy",
  metadata: { name },
  spec: { matchConstraints: { resourceRules: RULES }, validations: [{ expression: "object.data.size() < 5" }], ...spec },
});

const binding = (spec: Obj): KubeObject => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicyBinding",
  metadata: { name: "b" },
  spec: { policyName: "p", validationActions: ["Deny"], ...spec },
});

function createErrors(obj: KubeObject, strategy: Strategy = validatingWebhookConfigurationStrategy): string[] {
  strategy.defaults?.(obj);
  strategy.prepareForCreate?.(obj);
  return (strategy.validate?.(obj) ?? []).map(errorText).filter((e) => !e.startsWith("metadata"));
}

function updateErrors(obj: KubeObject, old: KubeObject, strategy: Strategy = validatingWebhookConfigurationStrategy): string[] {
  strategy.defaults?.(old);
  strategy.defaults?.(obj);
  strategy.prepareForUpdate?.(obj, old);
  return (strategy.validateUpdate?.(obj, old) ?? []).map(errorText).filter((e) => !e.startsWith("metadata"));
}

const hookErrors = (extra: Obj): string[] => createErrors(vwc(hook(extra)));

describe("webhook configuration defaults", () => {
  it("fills v1's defaults: Fail, Equivalent, 10 s, selectors, rule scope, service port; Never for mutating hooks", () => {
    const v = vwc(hook({ clientConfig: { service: { name: "s", namespace: "n" } } }));
    expect(createErrors(v)).toEqual([]);
    const h = (v.webhooks as Obj[])[0]!;
    expect(h).toMatchObject({
      failurePolicy: "Fail",
      matchPolicy: "Equivalent",
      timeoutSeconds: 10,
      namespaceSelector: {},
      objectSelector: {},
      clientConfig: { service: { name: "s", namespace: "n", port: 443 } },
    });
    expect((h.rules as Obj[])[0]!.scope).toBe("*");
    expect(h.reinvocationPolicy).toBeUndefined();
    const m = mwc(hook());
    expect(createErrors(m, mutatingWebhookConfigurationStrategy)).toEqual([]);
    expect((m.webhooks as Obj[])[0]!.reinvocationPolicy).toBe("Never");
  });
  it("keeps values that are set", () => {
    const v = vwc(hook({ failurePolicy: "Ignore", matchPolicy: "Exact", timeoutSeconds: 5 }));
    createErrors(v);
    expect((v.webhooks as Obj[])[0]).toMatchObject({ failurePolicy: "Ignore", matchPolicy: "Exact", timeoutSeconds: 5 });
  });
});

describe("webhook configuration validation", () => {
  it("wants fully qualified, unique webhook names", () => {
    expect(hookErrors({ name: "" })).toEqual(["webhooks[0].name: Required value"]);
    expect(hookErrors({ name: "check" })).toEqual([
      'webhooks[0].name: Invalid value: "check": should be a domain with at least three segments separated by dots',
    ]);
    expect(hookErrors({ name: "Check.example.com" })).toEqual([
      `webhooks[0].name: Invalid value: "Check.example.com": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ]);
    expect(createErrors(vwc(hook(), hook()))).toEqual(['webhooks[1].name: Duplicate value: "check.example.com"']);
  });
  it("checks rules: operations, groups, versions, resources and scope", () => {
    expect(hookErrors({ rules: [{ apiGroups: [], apiVersions: [], operations: [], resources: [] }] })).toEqual([
      "webhooks[0].rules[0].operations: Required value",
      "webhooks[0].rules[0].apiGroups: Required value",
      "webhooks[0].rules[0].apiVersions: Required value",
      "webhooks[0].rules[0].resources: Required value",
    ]);
    expect(
      hookErrors({
        rules: [{ apiGroups: ["*", "apps"], apiVersions: ["*", "v1"], operations: ["*", "PATCH"], resources: ["pods"], scope: "All" }],
      }),
    ).toEqual([
      `webhooks[0].rules[0].operations: Invalid value: ["*","PATCH"]: if '*' is present, must not specify other operations`,
      `webhooks[0].rules[0].operations[1]: Unsupported value: "PATCH": supported values: "*", "CONNECT", "CREATE", "DELETE", "UPDATE"`,
      `webhooks[0].rules[0].apiGroups: Invalid value: ["*","apps"]: if '*' is present, must not specify other API groups`,
      `webhooks[0].rules[0].apiVersions: Invalid value: ["*","v1"]: if '*' is present, must not specify other API versions`,
      `webhooks[0].rules[0].scope: Unsupported value: "All": supported values: "*", "Cluster", "Namespaced"`,
    ]);
  });
  it("checks resources with subresources and wildcards", () => {
    const res = (resources: string[]): string[] => hookErrors({ rules: [{ ...RULES[0], resources }] });
    expect(res(["pods", "pods/status", "*/scale", "deployments/*"])).toEqual([]);
    expect(res(["*/*", "pods"])).toEqual([
      `webhooks[0].rules[0].resources: Invalid value: ["*/*","pods"]: if '*/*' is present, must not specify other resources`,
    ]);
    expect(res(["*", "pods"])).toEqual([
      `webhooks[0].rules[0].resources: Invalid value: ["*","pods"]: if '*' is present, must not specify other resources without subresources`,
    ]);
    expect(res(["pods/*", "pods/status"])).toEqual([
      `webhooks[0].rules[0].resources[1]: Invalid value: "pods/status": if 'pods/*' is present, must not specify pods/status`,
    ]);
    expect(res(["*/status", "pods/status"])).toEqual([
      `webhooks[0].rules[0].resources[1]: Invalid value: "pods/status": if '*/status' is present, must not specify pods/status`,
    ]);
    expect(res(["pods", ""])).toEqual(["webhooks[0].rules[0].resources[1]: Required value"]);
  });
  it("wants exactly one of url and service, an https url without user, query or fragment", () => {
    expect(hookErrors({ clientConfig: {} })).toEqual([
      "webhooks[0].clientConfig: Required value: exactly one of url or service is required",
    ]);
    expect(hookErrors({ clientConfig: { url: "https://a.example.com", service: { name: "s", namespace: "n" } } })).toEqual([
      "webhooks[0].clientConfig: Required value: exactly one of url or service is required",
    ]);
    expect(hookErrors({ clientConfig: { url: "http://u:p@a.example.com/x?q=1#f" } })).toEqual([
      `webhooks[0].clientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme; desired format: https://host[/path]`,
      'webhooks[0].clientConfig.url: Invalid value: "u:p": user information is not permitted in the URL',
      'webhooks[0].clientConfig.url: Invalid value: "f": fragments are not permitted in the URL',
      'webhooks[0].clientConfig.url: Invalid value: "q=1": query parameters are not permitted in the URL',
    ]);
    expect(hookErrors({ clientConfig: { url: "https:///path" } })).toEqual([
      'webhooks[0].clientConfig.url: Invalid value: "": host must be provided; desired format: https://host[/path]',
    ]);
  });
  it("checks the service's name, namespace, port and path", () => {
    expect(hookErrors({ clientConfig: { service: { port: 70000, path: "/ok//Bad/" } } })).toEqual([
      "webhooks[0].clientConfig.service.name: Required value: service name is required",
      "webhooks[0].clientConfig.service.namespace: Required value: service namespace is required",
      "webhooks[0].clientConfig.service.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive",
      'webhooks[0].clientConfig.service.path: Invalid value: "/ok//Bad/": segment[1] may not be empty',
      `webhooks[0].clientConfig.service.path: Invalid value: "/ok//Bad/": segment[2]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ]);
    expect(hookErrors({ clientConfig: { service: { name: "s", namespace: "n", path: "x" } } })).toEqual([
      `webhooks[0].clientConfig.service.path: Invalid value: "x": must start with a '/'`,
      'webhooks[0].clientConfig.service.path: Invalid value: "x": segment[0] may not be empty',
    ]);
  });
  it("wants admissionReviewVersions with a known version, without duplicates", () => {
    expect(hookErrors({ admissionReviewVersions: [] })).toEqual([
      "webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1",
    ]);
    expect(hookErrors({ admissionReviewVersions: ["v2", "v2"] })).toEqual([
      'webhooks[0].admissionReviewVersions[1]: Invalid value: "v2": duplicate version',
      'webhooks[0].admissionReviewVersions: Invalid value: ["v2","v2"]: must include at least one of v1, v1beta1',
    ]);
  });
  it("wants sideEffects None or NoneOnDryRun, a 1..30 s timeout and known policies", () => {
    expect(hookErrors({ sideEffects: undefined })).toEqual([
      "webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun",
    ]);
    expect(hookErrors({ sideEffects: "Some", timeoutSeconds: 31, failurePolicy: "Maybe", matchPolicy: "Close" })).toEqual([
      'webhooks[0].failurePolicy: Unsupported value: "Maybe": supported values: "Fail", "Ignore"',
      'webhooks[0].matchPolicy: Unsupported value: "Close": supported values: "Equivalent", "Exact"',
      'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
      "webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds",
    ]);
    expect(createErrors(mwc(hook({ reinvocationPolicy: "Always" })), mutatingWebhookConfigurationStrategy)).toEqual([
      'webhooks[0].reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never"',
    ]);
  });
  it("checks selectors", () => {
    expect(hookErrors({ objectSelector: { matchExpressions: [{ key: "a", operator: "Is" }] } })).toEqual([
      'webhooks[0].objectSelector.matchExpressions[0].operator: Invalid value: "Is": not a valid selector operator',
    ]);
  });
  it("checks matchConditions: names, at most 64, expressions that compile without params", () => {
    expect(
      hookErrors({
        matchConditions: [
          { name: "ok", expression: "object.metadata.name != 'x' && authorizer != null" },
          { name: "ok", expression: "  " },
          { name: "bad name!", expression: "object.(" },
          { name: "p", expression: "params.x == 1" },
          { name: "t", expression: "'yes'" },
        ],
      }),
    ).toEqual([
      "webhooks[0].matchConditions[1].expression: Required value",
      'webhooks[0].matchConditions[1].name: Duplicate value: "ok"',
      expect.stringMatching(
        /^webhooks\[0\]\.matchConditions\[2\]\.expression: Invalid value: "object\.\(": compilation failed: ERROR: <input>:1:\d+: Syntax error: /,
      ),
      `webhooks[0].matchConditions[2].name: Invalid value: "bad name!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      `webhooks[0].matchConditions[3].expression: Invalid value: "params.x == 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x == 1\n | ^`,
      `webhooks[0].matchConditions[4].expression: Invalid value: "'yes'": must evaluate to bool`,
    ]);
    const many = Array.from({ length: 65 }, (_, i) => ({ name: `c${i}`, expression: "true" }));
    expect(hookErrors({ matchConditions: many })).toEqual(["webhooks[0].matchConditions: Too many: 65: must have at most 64 items"]);
  });
});

describe("webhook configuration updates", () => {
  it("keeps a stored object's broken rules updatable and rechecks matchConditions only when they change", () => {
    const old = vwc(
      hook({ sideEffects: "Some", admissionReviewVersions: ["v9"], matchConditions: [{ name: "p", expression: "params.x" }] }),
      hook(),
    );
    const next = vwc(
      hook({
        sideEffects: "Some",
        admissionReviewVersions: ["v9"],
        matchConditions: [{ name: "p", expression: "params.x" }],
        timeoutSeconds: 3,
      }),
      hook(),
    );
    expect(updateErrors(next, old)).toEqual([]);
    const changed = vwc(
      hook({ sideEffects: "Some", admissionReviewVersions: ["v9"], matchConditions: [{ name: "p", expression: "params.y" }] }),
    );
    expect(updateErrors(changed, old)).toEqual([
      `webhooks[0].matchConditions[0].expression: Invalid value: "params.y": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.y\n | ^`,
    ]);
    expect(updateErrors(vwc(hook({ sideEffects: "Some" })), vwc(hook()))).toEqual([
      'webhooks[0].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
    ]);
  });
  it("tracks generation", () => {
    expect(validatingWebhookConfigurationStrategy.trackGeneration).toBe(true);
    expect(mutatingWebhookConfigurationStrategy.trackGeneration).toBe(true);
  });
});

describe("ValidatingAdmissionPolicy", () => {
  const errs = (spec: Obj, name?: string): string[] => createErrors(policy(spec, name), validatingAdmissionPolicyStrategy);

  it("defaults failurePolicy and matchConstraints' policy and selectors", () => {
    const p = policy();
    expect(createErrors(p, validatingAdmissionPolicyStrategy)).toEqual([]);
    expect(p.spec).toMatchObject({
      failurePolicy: "Fail",
      matchConstraints: { matchPolicy: "Equivalent", namespaceSelector: {}, objectSelector: {}, resourceRules: [{ scope: "*" }] },
    });
  });
  it("wants matchConstraints with resourceRules, and validations or auditAnnotations", () => {
    expect(errs({ matchConstraints: undefined, validations: undefined })).toEqual([
      "spec.matchConstraints: Required value",
      "spec.validations: Required value: validations or auditAnnotations must contain at least one item",
      "spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item",
    ]);
    expect(
      errs({ matchConstraints: { resourceRules: [], excludeResourceRules: [{ ...RULES[0], resourceNames: ["a", "a", "b/c"] }] } }),
    ).toEqual([
      'spec.matchConstraints.excludeResourceRules[0].resourceNames[1]: Duplicate value: "a"',
      `spec.matchConstraints.excludeResourceRules[0].resourceNames[2]: Invalid value: "b/c": may not contain '/'`,
      "spec.matchConstraints.resourceRules: Required value",
    ]);
  });
  it("checks failurePolicy and paramKind", () => {
    expect(errs({ failurePolicy: "Sometimes", paramKind: { apiVersion: "a/b/c", kind: "" } })).toEqual([
      'spec.failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore"',
      'spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
      "spec.paramKind.kind: Required value",
    ]);
    expect(errs({ paramKind: { apiVersion: "example.com/", kind: "My_Kind" } })).toEqual([
      'spec.paramKind.apiVersion: Invalid value: "example.com/": version must be specified',
      `spec.paramKind.kind: Invalid value: "My_Kind": may have mixed case, but should otherwise match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')`,
    ]);
  });
  it("compiles validations and messageExpressions; params only with a paramKind; checks message and reason", () => {
    expect(
      errs({
        validations: [
          { expression: "params.max > 1", messageExpression: "authorizer.path('x')", message: "two\nlines", reason: "Teapot" },
          { expression: " ", messageExpression: "  " },
          { expression: "object.(" },
        ],
      }),
    ).toEqual([
      `spec.validations[0].expression: Invalid value: "params.max > 1": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.max > 1\n | ^`,
      `spec.validations[0].messageExpression: Invalid value: "authorizer.path('x')": compilation failed: ERROR: <input>:1:1: undeclared reference to 'authorizer' (in container '')\n | authorizer.path('x')\n | ^`,
      'spec.validations[0].message: Invalid value: "two\\nlines": message must not contain line breaks',
      'spec.validations[0].reason: Unsupported value: "Teapot": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"',
      "spec.validations[1].expression: Required value: expression is not specified",
      'spec.validations[1].messageExpression: Invalid value: "  ": must be non-empty if specified',
      expect.stringMatching(
        /^spec\.validations\[2\]\.expression: Invalid value: "object\.\(": compilation failed: ERROR: <input>:1:\d+: Syntax error: /,
      ),
    ]);
    expect(
      errs({
        paramKind: { apiVersion: "v1", kind: "ConfigMap" },
        validations: [{ expression: "params.data.size() > 0", messageExpression: "'too ' + params.kind" }],
      }),
    ).toEqual([]);
    // Library namespaces and macro variables are not variable references.
    expect(
      errs({
        validations: [{ expression: "sets.contains([1], [1]) && optional.none() == optional.none() && object.data.all(k, k != '')" }],
      }),
    ).toEqual([]);
    expect(errs({ validations: [{ expression: "1 + 1" }, { expression: "true", messageExpression: "1 == 1" }] })).toEqual([
      'spec.validations[1].messageExpression: Invalid value: "1 == 1": must evaluate to string',
    ]);
  });
  it("checks variables: CEL identifiers, expressions compiled with variables in scope", () => {
    expect(
      errs({
        variables: [
          { name: "size", expression: "object.data.size()" },
          { name: "if", expression: "" },
        ],
        validations: [{ expression: "variables.size < 5" }],
      }),
    ).toEqual([
      'spec.variables[1].name: Invalid value: "if": name is not a valid CEL identifier',
      "spec.variables[1].expression: Required value: expression is not specified",
    ]);
    expect(errs({ validations: [{ expression: "variables.size < 5" }] })).toEqual([
      `spec.validations[0].expression: Invalid value: "variables.size < 5": compilation failed: ERROR: <input>:1:1: undeclared reference to 'variables' (in container '')\n | variables.size < 5\n | ^`,
    ]);
  });
  it("checks auditAnnotations: keys qualified with the policy's name and unique, value expressions", () => {
    expect(
      errs({
        validations: undefined,
        auditAnnotations: [
          { key: "size", valueExpression: "string(object.data.size())" },
          { key: "size", valueExpression: "" },
          { key: "bad key", valueExpression: "x" },
        ],
      }),
    ).toEqual([
      "spec.auditAnnotations[1].valueExpression: Required value: valueExpression is not specified",
      'spec.auditAnnotations[1].key: Duplicate value: "size"',
      `spec.auditAnnotations[2].key: Invalid value: "p/bad key": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      `spec.auditAnnotations[2].valueExpression: Invalid value: "x": compilation failed: ERROR: <input>:1:1: undeclared reference to 'x' (in container '')\n | x\n | ^`,
    ]);
  });
  it("keeps status out of main writes and checks typeChecking through the status subresource; generation on spec change", () => {
    const p = policy();
    p.status = { typeChecking: { expressionWarnings: [] } };
    createErrors(p, validatingAdmissionPolicyStrategy);
    expect(p.status).toBeUndefined();
    const old = { ...policy(), status: { typeChecking: {} } };
    const next = { ...policy(), status: { typeChecking: { expressionWarnings: [{ fieldRef: "", warning: "" }] } } };
    validatingAdmissionPolicyStatusStrategy.prepareForUpdate?.(next, old);
    const statusErrors = (validatingAdmissionPolicyStatusStrategy.validateUpdate?.(next, old) ?? []).map(errorText);
    expect(statusErrors.filter((e) => !e.startsWith("metadata"))).toEqual([
      "status.typeChecking.expressionWarnings[0].warning: Required value",
      "status.typeChecking.expressionWarnings[0].fieldRef: Required value",
    ]);
    expect(validatingAdmissionPolicyStrategy.trackGeneration).toBe(true);
  });
  it("rechecks matchConditions on update only when they or paramKind change", () => {
    const old = policy({ matchConditions: [{ name: "p", expression: "params.x" }] });
    expect(
      updateErrors(policy({ matchConditions: [{ name: "p", expression: "params.x" }] }), old, validatingAdmissionPolicyStrategy),
    ).toEqual([]);
    expect(
      updateErrors(policy({ matchConditions: [{ name: "p", expression: "params.y" }] }), old, validatingAdmissionPolicyStrategy),
    ).toEqual([
      `spec.matchConditions[0].expression: Invalid value: "params.y": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.y\n | ^`,
    ]);
  });
});

describe("ValidatingAdmissionPolicyBinding", () => {
  const errs = (spec: Obj): string[] => createErrors(binding(spec), validatingAdmissionPolicyBindingStrategy);

  it("wants a policyName and validationActions: known, unique, not both Deny and Warn", () => {
    expect(errs({ policyName: "", validationActions: [] })).toEqual([
      "spec.policyName: Required value",
      "spec.validationActions: Required value: at least one validation action is required",
    ]);
    expect(errs({ policyName: "Bad", validationActions: ["Deny", "Warn", "Warn", "Log"] })).toEqual([
      `spec.policyName: Invalid value: "Bad": a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
      'spec.validationActions[2]: Duplicate value: "Warn"',
      'spec.validationActions[3]: Unsupported value: "Log": supported values: "Audit", "Deny", "Warn"',
      'spec.validationActions: Invalid value: ["Deny","Warn","Warn","Log"]: must not contain both Deny and Warn (repeating the same validation failure information in the API response and headers serves no purpose)',
    ]);
  });
  it("checks paramRef: name or selector, not both, and parameterNotFoundAction", () => {
    expect(errs({ paramRef: {} })).toEqual([
      "spec.paramRef: Required value: one of name or selector must be specified",
      "spec.paramRef.parameterNotFoundAction: Required value",
    ]);
    expect(errs({ paramRef: { name: "a", selector: {}, parameterNotFoundAction: "Ignore" } })).toEqual([
      "spec.paramRef.name: Forbidden: name and selector are mutually exclusive",
      "spec.paramRef.selector: Forbidden: name and selector are mutually exclusive",
      'spec.paramRef.parameterNotFoundAction: Unsupported value: "Ignore": supported values: "Deny", "Allow"',
    ]);
    expect(errs({ paramRef: { name: "limits", namespace: "n", parameterNotFoundAction: "Allow" } })).toEqual([]);
  });
  it("defaults and checks matchResources under upstream's field name", () => {
    const b = binding({ matchResources: { matchPolicy: "Close" } });
    expect(createErrors(b, validatingAdmissionPolicyBindingStrategy)).toEqual([
      'spec.matchResouces.matchPolicy: Unsupported value: "Close": supported values: "Equivalent", "Exact"',
    ]);
    expect(b.spec).toMatchObject({ matchResources: { namespaceSelector: {}, objectSelector: {} } });
  });
});

describe("odd input", () => {
  it("any JSON in any field gives field errors, never an exception", () => {
    const strategies: Strategy[] = [
      validatingWebhookConfigurationStrategy,
      mutatingWebhookConfigurationStrategy,
      validatingAdmissionPolicyStrategy,
      validatingAdmissionPolicyBindingStrategy,
    ];
    const value = fc.letrec((tie) => ({
      any: fc.oneof(
        { depthSize: "small" },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie("any"), { maxLength: 3 }),
        fc.dictionary(fc.constantFrom(...KEYS), tie("any"), { maxKeys: 4 }),
      ),
    })).any;
    fc.assert(
      fc.property(fc.constantFrom(...strategies), fc.dictionary(fc.constantFrom("webhooks", "spec", "status"), value), (strategy, body) => {
        const obj = { apiVersion: "admissionregistration.k8s.io/v1", kind: "X", metadata: { name: "n" }, ...body } as KubeObject;
        const old = structuredClone(obj);
        expect(() => createErrors(obj, strategy)).not.toThrow();
        expect(() => updateErrors(structuredClone(old), old, strategy)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});

/** The field names the validation reads, so generated objects reach its branches. */
const KEYS = [
  "name",
  "rules",
  "operations",
  "apiGroups",
  "apiVersions",
  "resources",
  "scope",
  "clientConfig",
  "url",
  "service",
  "namespace",
  "port",
  "path",
  "sideEffects",
  "timeoutSeconds",
  "admissionReviewVersions",
  "matchConditions",
  "expression",
  "namespaceSelector",
  "objectSelector",
  "matchExpressions",
  "matchConstraints",
  "resourceRules",
  "resourceNames",
  "validations",
  "messageExpression",
  "message",
  "reason",
  "variables",
  "auditAnnotations",
  "key",
  "valueExpression",
  "paramKind",
  "kind",
  "apiVersion",
  "paramRef",
  "selector",
  "parameterNotFoundAction",
  "policyName",
  "validationActions",
  "matchResources",
  "typeChecking",
  "expressionWarnings",
  "failurePolicy",
];
