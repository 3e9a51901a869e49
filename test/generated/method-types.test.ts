/**
 * Custom verbs whose types are another group-version's (client-go's `+genclient:method=` with a
 * qualified input or result): apps' and ReplicationController's `scale` through autoscaling/v1
 * Scale, ServiceAccount's `token` through authentication/v1 TokenRequest. On the fake clientset
 * each is one recorded action on the subresource, its body typed with the other group-version.
 */
import { describe, expect, it } from "vitest";
import type { Scale } from "../../api/autoscaling/v1/types.js";
import type { TokenRequest } from "../../api/authentication/v1/types.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import type { Action } from "../../runtime/testing/entry.js";

const scale = (replicas: number): Scale => ({ metadata: { name: "web", namespace: "demo" }, spec: { replicas }, status: { replicas: 1 } });

describe("custom verbs with another group-version's types", () => {
  it("getScale, updateScale and applyScale address the scale subresource with autoscaling/v1 Scale bodies", async () => {
    const fake = new FakeClientset();
    const seen: Action[] = [];
    fake.prependReactor("*", "deployments", (a) => {
      seen.push(a);
      return { handled: true, ret: a.object ?? scale(3) };
    });
    const deployments = fake.appsV1().deployments("demo");
    expect((await deployments.getScale("web")).spec?.replicas).toBe(3);
    const updated = await deployments.updateScale("web", scale(5));
    expect(updated).toMatchObject({ apiVersion: "autoscaling/v1", kind: "Scale", spec: { replicas: 5 } });
    await deployments.applyScale("web", { spec: { replicas: 2 } }, { fieldManager: "test" });
    expect(seen.map((a) => [a.verb, a.resource.resource, a.subresource, a.name])).toEqual([
      ["get", "deployments", "scale", "web"],
      ["update", "deployments", "scale", "web"],
      ["patch", "deployments", "scale", "web"],
    ]);
    expect(JSON.parse(String(seen[2]!.patch))).toEqual({ apiVersion: "autoscaling/v1", kind: "Scale", spec: { replicas: 2 } });
  });

  it("ReplicationController, StatefulSet and ReplicaSet have scale methods too", async () => {
    const fake = new FakeClientset();
    fake.prependReactor("get", "*", () => ({ handled: true, ret: scale(4) }));
    expect((await fake.coreV1().replicationControllers("demo").getScale("web")).spec?.replicas).toBe(4);
    expect((await fake.appsV1().statefulSets("demo").getScale("web")).spec?.replicas).toBe(4);
    expect((await fake.appsV1().replicaSets("demo").getScale("web")).spec?.replicas).toBe(4);
    expect(fake.actions().map((a) => `${a.resource.resource}/${a.subresource}`)).toEqual([
      "replicationcontrollers/scale",
      "statefulsets/scale",
      "replicasets/scale",
    ]);
  });

  it("createToken posts an authentication.k8s.io/v1 TokenRequest to serviceaccounts/token", async () => {
    const fake = new FakeClientset();
    fake.prependReactor("create", "serviceaccounts", (a) => ({
      handled: true,
      ret: { ...(a.object as TokenRequest), status: { token: "t0ken", expirationTimestamp: "2030-01-01T00:00:00Z" } },
    }));
    const request: TokenRequest = {
      spec: { audiences: ["api"], expirationSeconds: 600, boundObjectRef: { kind: "Pod", apiVersion: "v1", name: "runner" } },
    };
    const answer = await fake.coreV1().serviceAccounts("demo").createToken("builder", request);
    expect(answer.status?.token).toBe("t0ken");
    const [action] = fake.actions();
    expect(action).toMatchObject({ verb: "create", subresource: "token", name: "builder", namespace: "demo" });
    expect(action!.object).toMatchObject({ apiVersion: "authentication.k8s.io/v1", kind: "TokenRequest", spec: { audiences: ["api"] } });
  });
});
