/**
 * The typed clients issue 15 adds, against a real apiserver: the create-only reviews
 * (client-go's `+genclient:onlyVerbs=create`: SelfSubjectReview, SelfSubjectAccessReview,
 * SubjectAccessReview, LocalSubjectAccessReview, SelfSubjectRulesReview, TokenReview) in JSON and
 * protobuf, and the custom verbs with another group-version's types (a Deployment's scale as
 * autoscaling/v1 Scale, a ServiceAccount's token as authentication/v1 TokenRequest).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TokenRequestSpec } from "../../api/authentication/v1/types.js";
import { Clientset } from "../../generated/clientset/index.js";
import { MEDIA_TYPE_PROTOBUF } from "../../runtime/rest/index.js";
import { type APIServerProcess, spawnAPIServer } from "../support/apiserver-process.js";

const NS = "default";

describe("review clients and cross-group custom verbs over REST", () => {
  let dir: string;
  let server: APIServerProcess;
  let json: Clientset;
  let proto: Clientset;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-review-clients-"));
    server = await spawnAPIServer(path.join(dir, "data"));
    json = Clientset.fromKubeconfig({ path: server.kubeconfig });
    proto = Clientset.fromKubeconfig({ path: server.kubeconfig }, { contentType: MEDIA_TYPE_PROTOBUF });
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ["JSON", () => json],
    ["protobuf", () => proto],
  ])("the reviews answer in %s and store nothing", async (_wire, cs) => {
    const me = await cs().authenticationV1().selfSubjectReviews().create({ metadata: {} });
    expect(me.status?.userInfo?.groups).toContain("system:masters");
    const user = me.status!.userInfo!.username!;

    const mayI = await cs()
      .authorizationV1()
      .selfSubjectAccessReviews()
      .create({ metadata: {}, spec: { resourceAttributes: { verb: "list", resource: "pods", namespace: NS } } });
    expect(mayI.status?.allowed).toBe(true);

    const may = await cs()
      .authorizationV1()
      .subjectAccessReviews()
      .create({ metadata: {}, spec: { user: "nobody", resourceAttributes: { verb: "delete", resource: "nodes" } } });
    expect(may.status?.allowed).toBe(false);

    const local = await cs()
      .authorizationV1()
      .localSubjectAccessReviews(NS)
      .create({
        metadata: { namespace: NS },
        spec: { user, groups: ["system:masters"], resourceAttributes: { verb: "get", resource: "secrets" } },
      });
    expect(local.status?.allowed).toBe(true);

    const rules = await cs()
      .authorizationV1()
      .selfSubjectRulesReviews()
      .create({ metadata: {}, spec: { namespace: NS } });
    expect(rules.status?.resourceRules?.length).toBeGreaterThan(0);

    const review = await cs()
      .authenticationV1()
      .tokenReviews()
      .create({ metadata: {}, spec: { token: "not-a-token" } });
    expect(review.status?.authenticated ?? false).toBe(false);
  });

  it("scale and token: the other group-version's kinds on the kind's subresource", async () => {
    const deployments = json.appsV1().deployments(NS);
    await deployments.create({
      metadata: { name: "web" },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: "web" } },
        template: { metadata: { labels: { app: "web" } }, spec: { containers: [{ name: "web", image: "nginx" }] } },
      },
    });
    const scale = await deployments.getScale("web");
    expect(scale).toMatchObject({ apiVersion: "autoscaling/v1", kind: "Scale", spec: { replicas: 1 } });
    const updated = await deployments.updateScale("web", { ...scale, spec: { replicas: 3 } });
    expect(updated.spec?.replicas).toBe(3);
    expect((await deployments.get("web")).spec?.replicas).toBe(3);

    await json
      .coreV1()
      .serviceAccounts(NS)
      .create({ metadata: { name: "builder" } });
    const token = await json
      .coreV1()
      .serviceAccounts(NS)
      // No bound object: the type has boundObjectRef as upstream's Go field (a pointer without omitempty).
      .createToken("builder", {
        metadata: {},
        spec: { audiences: [], expirationSeconds: 600 } as Partial<TokenRequestSpec> as TokenRequestSpec,
      });
    expect(token.status?.token).toMatch(/^ey/);
  });
});
