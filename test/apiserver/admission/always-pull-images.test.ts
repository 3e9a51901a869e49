/**
 * AlwaysPullImages (apiserver/admission/always-pull-images.ts) on its own: every container kind
 * and image volume set to Always on create, updates touched only when they bring a new image,
 * and upstream's Unsupported-value refusals from the validating phase.
 */
import { describe, expect, it } from "vitest";
import { AlwaysPullImages } from "../../../apiserver/admission/always-pull-images.js";
import type { AdmissionAttributes, Operation } from "../../../apiserver/admission/interface.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { StatusError } from "../../../runtime/rest/errors.js";

const plugin = new AlwaysPullImages();

const pod = (spec: Record<string, unknown>): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: "p", namespace: "ns" },
  spec,
});

function attrs(operation: Operation, object: KubeObject, oldObject?: KubeObject, subresource = ""): AdmissionAttributes {
  return {
    operation,
    kind: { group: "", version: "v1", kind: "Pod" },
    resource: { group: "", version: "v1", resource: "pods" },
    subresource,
    namespace: "ns",
    name: "p",
    object,
    ...(oldObject && { oldObject }),
    dryRun: false,
    user: { name: "alice", groups: [] },
  };
}

const everyKind = () =>
  pod({
    initContainers: [{ name: "i", image: "init:1", imagePullPolicy: "IfNotPresent" }],
    containers: [
      { name: "a", image: "app:1", imagePullPolicy: "Never" },
      { name: "b", image: "app:2" },
    ],
    ephemeralContainers: [{ name: "e", image: "debug:1", imagePullPolicy: "IfNotPresent" }],
    volumes: [
      { name: "v", image: { reference: "data:1", pullPolicy: "IfNotPresent" } },
      { name: "e", emptyDir: {} },
    ],
  });

async function refusal(p: Promise<void>): Promise<StatusError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StatusError);
  return err as StatusError;
}

describe("AlwaysPullImages", () => {
  it("sets Always on every container (init, regular, ephemeral) and image volume of a new Pod", async () => {
    const a = attrs("CREATE", everyKind());
    await plugin.admit(a);
    const spec = a.object!.spec as Record<string, { imagePullPolicy?: string; image?: { pullPolicy?: string } }[]>;
    expect(spec.initContainers!.map((c) => c.imagePullPolicy)).toEqual(["Always"]);
    expect(spec.containers!.map((c) => c.imagePullPolicy)).toEqual(["Always", "Always"]);
    expect(spec.ephemeralContainers!.map((c) => c.imagePullPolicy)).toEqual(["Always"]);
    expect(spec.volumes![0]!.image!.pullPolicy).toBe("Always");
    expect(spec.volumes![1]).toEqual({ name: "e", emptyDir: {} });
    await expect(plugin.validate(a)).resolves.toBeUndefined();
  });

  it("refuses another policy with upstream's field path and message", async () => {
    const one = pod({ containers: [{ name: "a", image: "app:1", imagePullPolicy: "IfNotPresent" }] });
    const err = await refusal(plugin.validate(attrs("CREATE", one)));
    expect(err.code).toBe(403);
    expect(err.message).toBe(
      'pods "p" is forbidden: spec.containers[0].imagePullPolicy: Unsupported value: "IfNotPresent": supported values: "Always"',
    );
  });

  it("aggregates several refusals as upstream's [a, b] message, still a 403", async () => {
    const err = await refusal(plugin.validate(attrs("CREATE", everyKind())));
    expect(err.code).toBe(403);
    expect(err.message).toBe(
      "[" +
        [
          'pods "p" is forbidden: spec.initContainers[0].imagePullPolicy: Unsupported value: "IfNotPresent": supported values: "Always"',
          'pods "p" is forbidden: spec.containers[0].imagePullPolicy: Unsupported value: "Never": supported values: "Always"',
          'pods "p" is forbidden: spec.containers[1].imagePullPolicy: Unsupported value: "": supported values: "Always"',
          'pods "p" is forbidden: spec.ephemeralContainers[0].imagePullPolicy: Unsupported value: "IfNotPresent": supported values: "Always"',
          'pods "p" is forbidden: spec.volumes[0].image.pullPolicy: Unsupported value: "IfNotPresent": supported values: "Always"',
        ].join(", ") +
        "]",
    );
  });

  it("leaves an update alone unless it brings a new image (containers or image volumes)", async () => {
    const old = pod({ containers: [{ name: "a", image: "app:1", imagePullPolicy: "IfNotPresent" }] });
    const same = attrs("UPDATE", pod({ containers: [{ name: "a", image: "app:1", imagePullPolicy: "IfNotPresent" }] }), old);
    await plugin.admit(same);
    await plugin.validate(same);
    expect((same.object!.spec as { containers: { imagePullPolicy: string }[] }).containers[0]!.imagePullPolicy).toBe("IfNotPresent");

    const newImage = attrs("UPDATE", pod({ containers: [{ name: "a", image: "app:2", imagePullPolicy: "IfNotPresent" }] }), old);
    await plugin.admit(newImage);
    expect((newImage.object!.spec as { containers: { imagePullPolicy: string }[] }).containers[0]!.imagePullPolicy).toBe("Always");

    const newVolume = pod({
      containers: [{ name: "a", image: "app:1", imagePullPolicy: "IfNotPresent" }],
      volumes: [{ name: "v", image: { reference: "data:2", pullPolicy: "IfNotPresent" } }],
    });
    const err = await refusal(plugin.validate(attrs("UPDATE", newVolume, old)));
    expect(err.message).toContain("spec.containers[0].imagePullPolicy: Unsupported value");
  });

  it("ignores subresources, other resources and deletes", async () => {
    const p = pod({ containers: [{ name: "a", image: "app:1", imagePullPolicy: "Never" }] });
    await plugin.validate(attrs("UPDATE", p, p, "status"));
    await plugin.validate(attrs("UPDATE", p, pod({ containers: [] }), "ephemeralcontainers"));
    const cm = { ...attrs("CREATE", p), resource: { group: "", version: "v1", resource: "configmaps" } };
    await plugin.admit(cm);
    expect((p.spec as { containers: { imagePullPolicy: string }[] }).containers[0]!.imagePullPolicy).toBe("Never");
    await plugin.validate({ ...attrs("DELETE", p), object: undefined });
  });
});
