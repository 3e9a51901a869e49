/**
 * CEL validation rules, JSONPath printer columns and deprecation warnings through the real
 * kubectl against a spawned apiserver: the Widget rule refuses minReplicas > replicas
 * with its message, messageExpression/reason/fieldPath and a transition rule refuse what they
 * should, a CRD with a broken rule is refused with the compile error, a filtered condition
 * column prints, and kubectl prints `Warning:` for a deprecated version.
 */
import { describe, expect, it } from "vitest";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";

const CRD_YAML = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: widgets.cel.example.com
spec:
  group: cel.example.com
  scope: Namespaced
  names: {plural: widgets, singular: widget, kind: Widget, listKind: WidgetList}
  versions:
    - name: v1beta1
      served: true
      storage: false
      deprecated: true
      schema: {openAPIV3Schema: {type: object, x-kubernetes-preserve-unknown-fields: true}}
    - name: v1
      served: true
      storage: true
      additionalPrinterColumns:
        - {name: Ready, type: string, jsonPath: '.status.conditions[?(@.type=="Ready")].status'}
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              x-kubernetes-validations:
                - rule: self.minReplicas <= self.replicas
                  message: replicas should be greater than or equal to minReplicas
                - rule: "!has(self.name) || self.name.startsWith('w')"
                  messageExpression: "'name ' + self.name + ' must start with w'"
                - rule: "!has(self.mode) || self.mode != 'off'"
                  reason: FieldValueForbidden
                  fieldPath: .mode
                  message: mode off is forbidden
              properties:
                minReplicas: {type: integer}
                replicas: {type: integer}
                name: {type: string}
                mode: {type: string}
                size:
                  type: string
                  x-kubernetes-validations:
                    - {rule: "self == oldSelf", message: Value is immutable}
            status:
              type: object
              x-kubernetes-preserve-unknown-fields: true
`;

const BROKEN_CRD_YAML = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: brokens.cel.example.com
spec:
  group: cel.example.com
  scope: Namespaced
  names: {plural: brokens, singular: broken, kind: Broken}
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          x-kubernetes-validations:
            - rule: "self.nosuchfield > 1 +"
`;

const widget = (name: string, spec: string): string => `apiVersion: cel.example.com/v1
kind: Widget
metadata: {name: ${name}, namespace: default}
spec: ${spec}
status: {conditions: [{type: Synced, status: "False"}, {type: Ready, status: "True"}]}
`;

describe.skipIf(!kubectlAvailable)("CEL rules with kubectl", () => {
  const { kubectl, file } = kubectlServer("kubegen-cel-e2e-", {
    setup: async () => {
      expect((await kubectl("apply", "-f", file("crd.yaml", CRD_YAML))).code).toBe(0);
      expect((await kubectl("wait", "--for=condition=Established", "crd/widgets.cel.example.com", "--timeout=20s")).code).toBe(0);
    },
  });

  it("refuses the issue's Widget with the rule's message", async () => {
    const r = await kubectl("create", "-f", file("w1.yaml", widget("w1", "{minReplicas: 5, replicas: 1}")));
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim()).toBe(
      'The Widget "w1" is invalid: spec: Invalid value: "object": replicas should be greater than or equal to minReplicas',
    );
    expect((await kubectl("get", "widget", "w1")).code).not.toBe(0);
  }, 60_000);

  it("refuses with messageExpression, reason and fieldPath", async () => {
    const r = await kubectl("create", "-f", file("w2.yaml", widget("w2", "{minReplicas: 1, replicas: 1, name: bob, mode: 'off'}")));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('spec: Invalid value: "object": name bob must start with w');
    expect(r.stderr).toContain("spec.mode: Forbidden: mode off is forbidden");
  }, 60_000);

  it("creates a valid Widget, prints its Ready condition, and keeps an immutable field", async () => {
    expect(
      (await kubectl("create", "-f", file("w3.yaml", widget("w3", "{minReplicas: 1, replicas: 2, name: wally, size: small}")))).code,
    ).toBe(0);
    const list = await kubectl("get", "widgets");
    expect(list.stdout).toMatch(/^NAME\s+READY\nw3\s+True\n$/);
    const patched = await kubectl("patch", "widget", "w3", "--type=merge", "-p", '{"spec":{"size":"large"}}');
    expect(patched.code).not.toBe(0);
    expect(patched.stderr).toContain('spec.size: Invalid value: "string": Value is immutable');
    expect((await kubectl("patch", "widget", "w3", "--type=merge", "-p", '{"spec":{"replicas":3}}')).code).toBe(0);
  }, 60_000);

  it("refuses a CRD whose rule does not compile", async () => {
    const r = await kubectl("create", "-f", file("broken.yaml", BROKEN_CRD_YAML));
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain(
      'spec.versions[0].schema.openAPIV3Schema.x-kubernetes-validations[0].rule: Invalid value: apiextensions.ValidationRule{Rule:"self.nosuchfield > 1 +"',
    );
    expect(r.stderr).toContain("compilation failed: ERROR: <input>:1:");
  }, 60_000);

  it("prints Warning: for a deprecated version", async () => {
    const r = await kubectl("get", "widgets.v1beta1.cel.example.com");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("Warning: cel.example.com/v1beta1 Widget is deprecated");
  }, 60_000);
});
