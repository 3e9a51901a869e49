/**
 * Admission through the real kubectl against a spawned apiserver: a ValidatingAdmissionPolicy
 * denies and warns (kubectl prints `Warning:`), and a plain node:https webhook server mutates
 * (JSONPatch) and validates ConfigMaps.
 */
import https from "node:https";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { ensureCertificates } from "../../apiserver/server/certs.js";
import { kubectlAvailable } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";

let hooks: https.Server;
/** A webhook configuration calling the hooks server at `p`; set once it listens. */
let webhook: (kind: string, name: string, p: string) => string;

const POLICY = `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: small-configmaps}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
      - {apiGroups: [""], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [configmaps]}
  validations:
    - expression: "!has(object.data) || size(object.data) <= 2"
      message: at most two keys
    - expression: "object.metadata.name.startsWith('cm-')"
      messageExpression: "'name ' + object.metadata.name + ' should start with cm-'"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: small-configmaps-binding}
spec:
  policyName: small-configmaps
  validationActions: [Warn]
  matchResources:
    namespaceSelector: {matchLabels: {vap: warn}}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: small-configmaps-deny}
spec:
  policyName: small-configmaps
  validationActions: [Deny]
  matchResources:
    namespaceSelector: {matchLabels: {vap: deny}}
`;

describe.skipIf(!kubectlAvailable)("admission with kubectl", () => {
  const { kubectl, file } = kubectlServer("kubegen-admission-e2e-", {
    timeoutMs: 90_000,
    // The webhook server first, its certificates in the data dir.
    spawn: async (dir) => {
      const certs = await ensureCertificates({ dataDir: path.join(dir, "hook-pki"), ips: ["127.0.0.1"] });
      hooks = https.createServer({ cert: certs.serving.cert, key: certs.serving.key }, (req, res) => {
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          const review = JSON.parse(Buffer.concat(chunks).toString()) as {
            request: { uid: string; object: { data?: Record<string, string> } };
          };
          const uid = review.request.uid;
          let response: Record<string, unknown> = { uid, allowed: true };
          if (req.url?.startsWith("/mutate"))
            response = {
              uid,
              allowed: true,
              patchType: "JSONPatch",
              patch: Buffer.from(
                JSON.stringify([{ op: "add", path: "/metadata/annotations", value: { "example.com/mutated": "true" } }]),
              ).toString("base64"),
            };
          else if (review.request.object.data?.secret !== undefined)
            response = { uid, allowed: false, status: { code: 403, message: "no secrets in configmaps" } };
          res.setHeader("Content-Type", "application/json");
          res.end(JSON.stringify({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response }));
        });
      });
      await new Promise<void>((r) => hooks.listen(0, "127.0.0.1", r));
      const url = `https://127.0.0.1:${(hooks.address() as AddressInfo).port}`;
      const ca = Buffer.from(certs.ca.cert).toString("base64");
      webhook = (kind: string, name: string, p: string): string => `apiVersion: admissionregistration.k8s.io/v1
kind: ${kind}
metadata: {name: ${name}}
webhooks:
  - name: ${name}.example.com
    clientConfig: {url: "${url}${p}", caBundle: ${ca}}
    rules: [{apiGroups: [""], apiVersions: [v1], operations: [CREATE], resources: [configmaps]}]
    namespaceSelector: {matchLabels: {hooks: "on"}}
    sideEffects: None
    admissionReviewVersions: [v1]
`;
      return {};
    },
    setup: async () => {
      for (const [ns, labels] of [
        ["warned", "vap=warn"],
        ["denied", "vap=deny"],
        ["hooked", "hooks=on"],
      ] as const) {
        expect((await kubectl("create", "namespace", ns)).code).toBe(0);
        expect((await kubectl("label", "namespace", ns, labels)).code).toBe(0);
      }
      expect((await kubectl("apply", "-f", file("policy.yaml", POLICY))).code).toBe(0);
      expect((await kubectl("apply", "-f", file("mwh.yaml", webhook("MutatingWebhookConfiguration", "mutate", "/mutate")))).code).toBe(0);
      expect(
        (await kubectl("apply", "-f", file("vwh.yaml", webhook("ValidatingWebhookConfiguration", "validate", "/validate")))).code,
      ).toBe(0);
    },
  });

  afterAll(() => {
    hooks?.close();
  });

  it("a policy under a Warn binding admits and kubectl prints the warning", async () => {
    const r = await kubectl("create", "configmap", "big", "-n", "warned", "--from-literal=a=1", "--from-literal=b=2", "--from-literal=c=3");
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      "Warning: Validation failed for ValidatingAdmissionPolicy 'small-configmaps' with binding 'small-configmaps-binding': at most two keys",
    );
    expect(r.stderr).toContain(
      "Warning: Validation failed for ValidatingAdmissionPolicy 'small-configmaps' with binding 'small-configmaps-binding': name big should start with cm-",
    );
  }, 60_000);

  it("a policy under a Deny binding refuses with upstream's message", async () => {
    const r = await kubectl(
      "create",
      "configmap",
      "cm-big",
      "-n",
      "denied",
      "--from-literal=a=1",
      "--from-literal=b=2",
      "--from-literal=c=3",
    );
    expect(r.code).not.toBe(0);
    expect(r.stderr.trim()).toBe(
      "error: failed to create configmap: ValidatingAdmissionPolicy 'small-configmaps' with binding 'small-configmaps-deny' denied request: at most two keys",
    );
  }, 60_000);

  it("a webhook mutates and another validates", async () => {
    expect((await kubectl("create", "configmap", "ok", "-n", "hooked", "--from-literal=a=1")).code).toBe(0);
    const got = await kubectl("get", "configmap", "ok", "-n", "hooked", "-o", "jsonpath={.metadata.annotations}");
    expect(got.stdout).toBe('{"example.com/mutated":"true"}');
    const denied = await kubectl("create", "configmap", "leak", "-n", "hooked", "--from-literal=secret=x");
    expect(denied.code).not.toBe(0);
    expect(denied.stderr).toContain('admission webhook "validate.example.com" denied the request: no secrets in configmaps');
  }, 60_000);
});
