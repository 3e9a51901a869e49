/**
 * Creates record what upstream's field manager does: the object compared against the Go zero
 * value of its kind (`&v1.Pod{}`), not against nothing. Fields that zero value has (spec, a
 * Deployment's template and strategy, `containers: null`) are not added themselves, so they get
 * no `.`; fields it lacks (labels, pointer structs, new list items and all under them) do. A
 * `null` is a value: a list that was null gains items, not a `.`. Applied sets are unchanged.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../../apiserver/storage/memory.js";
import { recordUpdate } from "../../../../apiserver/registry/apply/field-manager.js";
import { applySchemaFor } from "../../../../apiserver/registry/apply/schema.js";
import { zeroValueFor } from "../../../../apiserver/registry/apply/zero-value.js";
import type { KubeObject } from "../../../../apiserver/registry/rest.js";
import { ctx, storeFor } from "../helpers.js";
import { applyTo, managers, setup, widget } from "./support.js";

const fieldsOf = (obj: KubeObject, manager = "m"): string =>
  JSON.stringify(
    (obj.metadata?.managedFields as { manager: string; fieldsV1: unknown }[] | undefined)?.find((e) => e.manager === manager)?.fieldsV1,
  );

const POD_CONTAINER = {
  name: "c",
  image: "i",
  env: [{ name: "X", value: "1" }],
  ports: [{ containerPort: 80 }],
  livenessProbe: { httpGet: { path: "/", port: 80 } },
};

describe("create managedFields against the kind's zero value", () => {
  it("the generated zero values: structs present, pointers and omitempty fields absent, the rest at zero", () => {
    expect(zeroValueFor({ group: "", version: "v1", kind: "Pod" })).toEqual({
      metadata: { creationTimestamp: null },
      spec: { containers: null },
      status: {},
    });
    expect(zeroValueFor({ group: "apps", version: "v1", kind: "Deployment" })).toEqual({
      metadata: { creationTimestamp: null },
      spec: { selector: null, template: { metadata: { creationTimestamp: null }, spec: { containers: null } }, strategy: {} },
      status: {},
    });
    expect(zeroValueFor({ group: "autoscaling", version: "v2", kind: "HorizontalPodAutoscaler" })).toMatchObject({
      spec: { scaleTargetRef: { kind: "", name: "" }, maxReplicas: 0 },
    });
    expect(zeroValueFor({ group: "example.com", version: "v1", kind: "Widget" })).toEqual({});
  });

  it("a Pod: no `.` under f:spec or f:containers; new items and everything under them have it", async () => {
    const pods = storeFor(new MemoryStorage(), "", "pods");
    const p = await pods.create(
      ctx("default"),
      {
        apiVersion: "v1",
        kind: "Pod",
        metadata: { name: "p", namespace: "default", labels: { a: "b" } },
        spec: { containers: [POD_CONTAINER] },
      },
      { fieldManager: "m" },
    );
    expect(fieldsOf(p)).toBe(
      JSON.stringify({
        "f:metadata": { "f:labels": { ".": {}, "f:a": {} } },
        "f:spec": {
          "f:containers": {
            'k:{"name":"c"}': {
              ".": {},
              "f:env": { ".": {}, 'k:{"name":"X"}': { ".": {}, "f:name": {}, "f:value": {} } },
              "f:image": {},
              "f:imagePullPolicy": {},
              "f:livenessProbe": {
                ".": {},
                "f:failureThreshold": {},
                "f:httpGet": { ".": {}, "f:path": {}, "f:port": {}, "f:scheme": {} },
                "f:periodSeconds": {},
                "f:successThreshold": {},
                "f:timeoutSeconds": {},
              },
              "f:name": {},
              "f:ports": { ".": {}, 'k:{"containerPort":80,"protocol":"TCP"}': { ".": {}, "f:containerPort": {}, "f:protocol": {} } },
              "f:terminationMessagePath": {},
              "f:terminationMessagePolicy": {},
            },
          },
          "f:dnsPolicy": {},
          "f:enableServiceLinks": {},
          "f:restartPolicy": {},
          "f:schedulerName": {},
          "f:securityContext": {},
          "f:terminationGracePeriodSeconds": {},
        },
      }),
    );
  });

  it("a leaf equal to the zero value's is not recorded; a struct left with nothing recorded is left out", () => {
    const schema = applySchemaFor({ group: "apps", version: "v1", kind: "Deployment" })!;
    const zero = zeroValueFor({ group: "apps", version: "v1", kind: "Deployment" });
    const d: KubeObject = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "d" },
      spec: {
        selector: { matchLabels: { a: "b" } },
        template: { metadata: { creationTimestamp: null }, spec: { containers: null } },
        strategy: {},
      },
    };
    recordUpdate(undefined, d, "m", { schema, apiVersion: "apps/v1", now: "2026-01-01T00:00:00Z", resetFields: ["status"], zero });
    expect(fieldsOf(d)).toBe('{"f:spec":{"f:selector":{}}}');
  });

  it("a PUT that creates records what a POST does", async () => {
    const storage = new MemoryStorage();
    const bindings = storeFor(storage, "rbac.authorization.k8s.io", "rolebindings");
    const body = (name: string): KubeObject => ({
      apiVersion: "rbac.authorization.k8s.io/v1",
      kind: "RoleBinding",
      metadata: { name, namespace: "default", labels: { a: "b" } },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "r" },
      subjects: [{ kind: "User", name: "u", apiGroup: "rbac.authorization.k8s.io" }],
    });
    const { object, created } = await bindings.update(ctx("default"), "put", body("put"), { fieldManager: "m" });
    expect(created).toBe(true);
    const posted = await bindings.create(ctx("default"), body("post"), { fieldManager: "m" });
    expect(fieldsOf(object)).toBe(fieldsOf(posted));
    expect(fieldsOf(object)).toBe('{"f:metadata":{"f:labels":{".":{},"f:a":{}}},"f:roleRef":{},"f:subjects":{}}');
  });

  it("an update from `containers: null`: the list gains items, not a `.`; a field set to null is modified", () => {
    const schema = applySchemaFor({ group: "", version: "v1", kind: "Pod" })!;
    const opts = { schema, apiVersion: "v1", now: "2026-01-01T00:00:00Z", resetFields: ["status"] };
    const owner = [
      { manager: "other", operation: "Update", apiVersion: "v1", fieldsType: "FieldsV1", fieldsV1: { "f:spec": { "f:hostname": {} } } },
    ];
    const old: KubeObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p", managedFields: owner },
      spec: { containers: null, hostname: "h" },
    };
    const next: KubeObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "p" },
      spec: { containers: [{ name: "c", image: "i" }], hostname: null },
    };
    recordUpdate(old, next, "m", opts);
    expect(fieldsOf(next)).toBe('{"f:spec":{"f:containers":{"k:{\\"name\\":\\"c\\"}":{".":{},"f:image":{},"f:name":{}}},"f:hostname":{}}}');
    // The other manager lost the field the update changed.
    expect(fieldsOf(next, "other")).toBe(undefined);
  });

  it("a custom resource starts from {}: its f:spec keeps the `.`", async () => {
    const { widgets } = setup();
    const w = await widgets.create!(ctx("default"), widget("w", { tags: ["a"], config: { image: "x" } }), { fieldManager: "m" });
    expect(fieldsOf(w)).toBe('{"f:spec":{".":{},"f:config":{".":{},"f:image":{}},"f:tags":{".":{},"v:\\"a\\"":{}}}}');
  });

  it("applied sets are the configuration's fields: no `.` under maps or structs, only on list items", async () => {
    const storage = new MemoryStorage();
    const deployments = storeFor(storage, "apps", "deployments");
    const config = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "d", labels: { app: "a" } },
      spec: {
        selector: { matchLabels: { app: "a" } },
        template: { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "c", image: "i" }] } },
      },
    };
    const { object } = await applyTo(deployments, "d", config, "ssa");
    expect(managers(object)["ssa/Apply"]).toEqual({
      "f:metadata": { "f:labels": { "f:app": {} } },
      "f:spec": {
        "f:selector": {},
        "f:template": {
          "f:metadata": { "f:labels": { "f:app": {} } },
          "f:spec": { "f:containers": { 'k:{"name":"c"}': { ".": {}, "f:image": {}, "f:name": {} } } },
        },
      },
    });
  });
});
