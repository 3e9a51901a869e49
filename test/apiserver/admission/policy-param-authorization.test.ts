/**
 * Who may point a ValidatingAdmissionPolicy at params (issue #16), as upstream's policy and
 * binding strategies decide: `get` on every object of a policy's paramKind, `get` on the object a
 * binding's paramRef names; else 422 with a Forbidden cause at spec.paramKind / spec.paramRef and
 * upstream's text (the user printed as Go prints a user.Info). Through the real apiserver (RBAC).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { goUserText } from "../../../apiserver/admission/policy-param-authorization.js";
import { startRunningServer, type Reply, type TestAPIServer } from "../../support/running-server.js";
import { eventuallyWhere } from "../../support/wait.js";

let server: TestAPIServer;
const call = (method: string, p: string, body?: unknown, headers?: Record<string, string>): Promise<Reply> =>
  server.call(method, p, body, headers);
const asBob = { "Impersonate-User": "bob" };

const REG = "/apis/admissionregistration.k8s.io/v1";
const RBAC = "/apis/rbac.authorization.k8s.io/v1";
const RULES = [{ apiGroups: [""], apiVersions: ["v1"], operations: ["CREATE"], resources: ["configmaps"] }];

const policy = (name: string, paramKind?: Record<string, string>) => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicy",
  metadata: { name },
  spec: {
    ...(paramKind && { paramKind }),
    matchConstraints: { resourceRules: RULES },
    validations: [{ expression: "true" }],
  },
});
const binding = (name: string, policyName: string, paramRef?: Record<string, unknown>) => ({
  apiVersion: "admissionregistration.k8s.io/v1",
  kind: "ValidatingAdmissionPolicyBinding",
  metadata: { name },
  spec: { policyName, validationActions: ["Deny"], ...(paramRef && { paramRef }) },
});

async function grant(name: string, rules: unknown[]): Promise<void> {
  expect((await call("POST", `${RBAC}/clusterroles`, { metadata: { name }, rules })).status).toBe(201);
  const bound = await call("POST", `${RBAC}/clusterrolebindings`, {
    metadata: { name },
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name },
    subjects: [{ kind: "User", apiGroup: "rbac.authorization.k8s.io", name: "bob" }],
  });
  expect(bound.status).toBe(201);
}

beforeAll(async () => {
  server = await startRunningServer({ authorizationMode: "RBAC" });
  await grant("policy-writer", [
    {
      apiGroups: ["admissionregistration.k8s.io"],
      resources: ["validatingadmissionpolicies", "validatingadmissionpolicybindings"],
      verbs: ["create", "update", "patch", "get"],
    },
  ]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe("goUserText", () => {
  it("prints a user.Info as Go's %v of a *user.DefaultInfo", () => {
    expect(goUserText({ name: "bob", groups: ["system:authenticated"] })).toBe("&{bob  [system:authenticated] map[]}");
    expect(goUserText({ name: "sa", uid: "u-1", groups: ["a", "b"], extra: { z: ["1"], a: ["x", "y"] } })).toBe(
      "&{sa u-1 [a b] map[a:[x y] z:[1]]}",
    );
  });
});

describe("policy paramKind and binding paramRef authorization", () => {
  it("refuses a policy whose paramKind the user may not read, and takes it once the user may", async () => {
    const refused = await call(
      "POST",
      `${REG}/validatingadmissionpolicies`,
      policy("needs-maps", { apiVersion: "v1", kind: "ConfigMap" }),
      asBob,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'ValidatingAdmissionPolicy.admissionregistration.k8s.io "needs-maps" is invalid: spec.paramKind: Forbidden: user &{bob  [system:authenticated] map[]} must have "get" permission on all objects of the referenced paramKind (kind=ConfigMap, apiVersion=v1)',
    );
    expect(refused.body.details.causes).toEqual([expect.objectContaining({ reason: "FieldValueForbidden", field: "spec.paramKind" })]);
    expect((await call("GET", `${REG}/validatingadmissionpolicies/needs-maps`)).status).toBe(404);
    // Without a paramKind there is nothing to ask; an admin (system:masters) is never asked.
    expect((await call("POST", `${REG}/validatingadmissionpolicies`, policy("plain"), asBob)).status).toBe(201);
    expect((await call("POST", `${REG}/validatingadmissionpolicies`, policy("admins", { apiVersion: "v1", kind: "Secret" }))).status).toBe(
      201,
    );

    await grant("configmap-reader", [{ apiGroups: [""], resources: ["configmaps"], verbs: ["get"] }]);
    // RBAC's policy cache follows the binding through a watch: asked until it has.
    const created = await eventuallyWhere(
      () => call("POST", `${REG}/validatingadmissionpolicies`, policy("needs-maps", { apiVersion: "v1", kind: "ConfigMap" }), asBob),
      (r) => r.status !== 422,
      30_000,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    // An update keeping the paramKind is not asked again; changing it to Secrets is.
    const merge = { "Content-Type": "application/merge-patch+json", ...asBob };
    const same = await call("PATCH", `${REG}/validatingadmissionpolicies/admins`, { metadata: { labels: { a: "b" } } }, merge);
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    const toSecrets = await call(
      "PATCH",
      `${REG}/validatingadmissionpolicies/needs-maps`,
      { spec: { paramKind: { apiVersion: "v1", kind: "Secret" } } },
      merge,
    );
    expect(toSecrets.status).toBe(422);
    expect(toSecrets.body.message).toContain("(kind=Secret, apiVersion=v1)");
    // A kind nothing serves is asked as every resource of its group/version.
    const unknown = await call(
      "POST",
      `${REG}/validatingadmissionpolicies`,
      policy("unknown", { apiVersion: "example.com/v1", kind: "Thing" }),
      asBob,
    );
    expect(unknown.status).toBe(422);
  });

  it("refuses a binding whose paramRef object the user may not read", async () => {
    expect(
      (await call("POST", `${REG}/validatingadmissionpolicies`, policy("by-secret", { apiVersion: "v1", kind: "Secret" }))).status,
    ).toBe(201);
    const refused = await call(
      "POST",
      `${REG}/validatingadmissionpolicybindings`,
      binding("secret-binding", "by-secret", { name: "limits", namespace: "default", parameterNotFoundAction: "Deny" }),
      asBob,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(
      'ValidatingAdmissionPolicyBinding.admissionregistration.k8s.io "secret-binding" is invalid: spec.paramRef: Forbidden: user &{bob  [system:authenticated] map[]} does not have "get" permission on the object referenced by paramRef',
    );
    // A binding of a ConfigMap policy: bob may get ConfigMaps (granted above).
    const allowed = await call(
      "POST",
      `${REG}/validatingadmissionpolicybindings`,
      binding("map-binding", "needs-maps", { name: "limits", namespace: "default", parameterNotFoundAction: "Deny" }),
      asBob,
    );
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    // Without a paramRef nothing is asked.
    expect((await call("POST", `${REG}/validatingadmissionpolicybindings`, binding("no-params", "by-secret"), asBob)).status).toBe(201);
  });
});
