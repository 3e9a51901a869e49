/**
 * Pod's generated `bind` and `evict` (upstream's hand-written PodExpansion Bind and EvictV1, here
 * `+genclient:method` tags on Pod): on the fake clientset each is one create action on the pod's
 * subresource, its body a core/v1 Binding or a policy/v1 Eviction.
 */
import { describe, expect, it } from "vitest";
import type { Binding } from "../../api/core/v1/types.js";
import type { Eviction } from "../../api/policy/v1/types.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";

describe("Pod bind and evict on the fake clientset", () => {
  it("bind posts a core/v1 Binding to pods/{name}/binding", async () => {
    const fake = new FakeClientset();
    const binding: Binding = { metadata: { name: "web-0", namespace: "demo" }, target: { kind: "Node", name: "node-a" } };
    const answer = await fake.coreV1().pods("demo").bind("web-0", binding);
    expect(answer).toMatchObject({ apiVersion: "v1", kind: "Binding", target: { name: "node-a" } });
    const [action] = fake.actions();
    expect(action).toMatchObject({ verb: "create", subresource: "binding", name: "web-0", namespace: "demo" });
    expect(action!.resource.resource).toBe("pods");
    expect(action!.object).toMatchObject({ apiVersion: "v1", kind: "Binding", target: { kind: "Node", name: "node-a" } });
  });

  it("evict posts a policy/v1 Eviction to pods/{name}/eviction", async () => {
    const fake = new FakeClientset();
    const seen: string[] = [];
    fake.prependReactor("create", "pods", (a) => {
      seen.push(`${a.subresource}/${a.name}`);
      return { handled: false };
    });
    const eviction: Eviction = { metadata: { name: "web-0", namespace: "demo" }, deleteOptions: { gracePeriodSeconds: 0 } };
    await fake
      .coreV1()
      .pods("demo")
      .evict("web-0", eviction, { dryRun: ["All"] });
    expect(seen).toEqual(["eviction/web-0"]);
    const [action] = fake.actions();
    expect(action).toMatchObject({ verb: "create", subresource: "eviction", name: "web-0" });
    expect(action!.object).toMatchObject({ apiVersion: "policy/v1", kind: "Eviction", deleteOptions: { gracePeriodSeconds: 0 } });
  });

  it("the create-only bindings resource has a client with create alone", async () => {
    const fake = new FakeClientset();
    const bindings = fake.coreV1().bindings("demo");
    expect(
      Object.getOwnPropertyNames(Object.getPrototypeOf(Object.getPrototypeOf(bindings)) as object).filter((n) => n !== "constructor"),
    ).toEqual(["create"]);
    await bindings.create({ metadata: { name: "web-0" }, target: { kind: "Node", name: "node-a" } });
    expect(fake.actions().map((a) => [a.verb, a.resource.resource])).toEqual([["create", "bindings"]]);
  });
});
