/**
 * The FieldsV1 a create records, with the real kubectl against a spawned apiserver, pinned to
 * upstream's texts: a built-in kind is compared against its Go zero value, so `f:spec` and
 * `f:containers` (present there, `containers: null`) get no `.`, while labels (absent there) and
 * new list items do. A custom resource starts from `{}`: its `f:spec` keeps the `.`.
 */
import { expect, it } from "vitest";
import type { KubeObject } from "../../apiserver/registry/rest.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools, toolAvailable } from "../support/tools.js";

const { kubectl, file: writeFile } = kubectlServer("kubegen-fieldsv1-e2e-", { enabled: toolAvailable("kubectl") });

/** The entry of `manager` as its JSON text (keys in the order the server wrote them). */
async function fieldsOf(manager: string, ...args: string[]): Promise<string> {
  const res = await kubectl("get", ...args, "-o", "json", "--show-managed-fields");
  expect(res.stderr).toBe("");
  const obj = JSON.parse(res.stdout) as KubeObject;
  const entry = ((obj.metadata?.managedFields ?? []) as { manager: string; operation: string; fieldsV1: unknown }[]).find(
    (e) => e.manager === manager,
  );
  expect(entry?.operation).toBe("Update");
  return JSON.stringify(entry?.fieldsV1);
}

const CRD_YAML = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: gadgets.zero.example.com
spec:
  group: zero.example.com
  scope: Namespaced
  names: { plural: gadgets, singular: gadget, kind: Gadget }
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                size: { type: integer }
`;

describeWithTools(["kubectl"], "managedFields of creates with kubectl", () => {
  it("kubectl run: upstream's FieldsV1 for the Pod", async () => {
    // ServiceAccount admission needs the namespace's `default` (no controller makes it here).
    expect((await kubectl("create", "serviceaccount", "default")).code).toBe(0);
    const run = await kubectl("run", "nginx", "--image=nginx");
    expect(run.stderr).toBe("");
    expect(await fieldsOf("kubectl-run", "pod", "nginx")).toBe(
      '{"f:metadata":{"f:labels":{".":{},"f:run":{}}},"f:spec":{"f:containers":{"k:{\\"name\\":\\"nginx\\"}":{".":{},"f:image":{},"f:imagePullPolicy":{},"f:name":{},"f:resources":{},"f:terminationMessagePath":{},"f:terminationMessagePolicy":{}}},"f:dnsPolicy":{},"f:enableServiceLinks":{},"f:restartPolicy":{},"f:schedulerName":{},"f:securityContext":{},"f:terminationGracePeriodSeconds":{}}}',
    );
  }, 90_000);

  it("kubectl create deployment: upstream's FieldsV1 for the Deployment", async () => {
    expect((await kubectl("create", "deployment", "nginx", "--image=nginx")).code).toBe(0);
    expect(await fieldsOf("kubectl-create", "deployment", "nginx")).toBe(
      JSON.stringify({
        "f:metadata": { "f:labels": { ".": {}, "f:app": {} } },
        "f:spec": {
          "f:progressDeadlineSeconds": {},
          "f:replicas": {},
          "f:revisionHistoryLimit": {},
          "f:selector": {},
          "f:strategy": { "f:rollingUpdate": { ".": {}, "f:maxSurge": {}, "f:maxUnavailable": {} }, "f:type": {} },
          "f:template": {
            "f:metadata": { "f:labels": { ".": {}, "f:app": {} } },
            "f:spec": {
              "f:containers": {
                'k:{"name":"nginx"}': {
                  ".": {},
                  "f:image": {},
                  "f:imagePullPolicy": {},
                  "f:name": {},
                  "f:resources": {},
                  "f:terminationMessagePath": {},
                  "f:terminationMessagePolicy": {},
                },
              },
              "f:dnsPolicy": {},
              "f:restartPolicy": {},
              "f:schedulerName": {},
              "f:securityContext": {},
              "f:terminationGracePeriodSeconds": {},
            },
          },
        },
      }),
    );
  }, 90_000);

  it("a custom resource's create keeps `.` under f:spec (its zero value is {})", async () => {
    expect((await kubectl("apply", "-f", writeFile("crd.yaml", CRD_YAML))).code).toBe(0);
    expect((await kubectl("wait", "--for=condition=Established", "crd/gadgets.zero.example.com", "--timeout=20s")).code).toBe(0);
    const gadget = "apiVersion: zero.example.com/v1\nkind: Gadget\nmetadata:\n  name: g\n  namespace: default\nspec:\n  size: 3\n";
    expect((await kubectl("create", "-f", writeFile("g.yaml", gadget))).code).toBe(0);
    expect(await fieldsOf("kubectl-create", "gadget", "g")).toBe('{"f:spec":{".":{},"f:size":{}}}');
  }, 90_000);
});
