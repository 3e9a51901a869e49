/**
 * Stores for the apply tests: built-in kinds, a custom resource whose schema has every list and
 * map type, and helpers to apply and to read managedFields compactly.
 */
import { MemoryStorage } from "../../../../apiserver/storage/memory.js";
import { customResourceStorage } from "../../../../apiserver/apiextensions/storage.js";
import { viewOf } from "../../../../apiserver/registry/resources/customresourcedefinitions/crd.js";
import type { KubeObject, PatchOptions, RESTStorage } from "../../../../apiserver/registry/rest.js";
import { ctx, scheme, storeFor, utf8 } from "../helpers.js";

export { ctx, statusOf, utf8, cm } from "../helpers.js";

/** A widget's spec schema: one field per list and map type upstream's CRD type converter knows. */
export const WIDGET_SCHEMA = {
  type: "object",
  properties: {
    spec: {
      type: "object",
      properties: {
        conditions: {
          type: "array",
          "x-kubernetes-list-type": "map",
          "x-kubernetes-list-map-keys": ["type"],
          items: { type: "object", properties: { type: { type: "string" }, status: { type: "string" }, reason: { type: "string" } } },
        },
        ports: {
          type: "array",
          "x-kubernetes-list-type": "map",
          "x-kubernetes-list-map-keys": ["port", "protocol"],
          items: {
            type: "object",
            properties: { port: { type: "integer" }, protocol: { type: "string", default: "TCP" }, name: { type: "string" } },
          },
        },
        tags: { type: "array", "x-kubernetes-list-type": "set", items: { type: "string" } },
        args: { type: "array", items: { type: "string" } },
        explicitAtomic: { type: "array", "x-kubernetes-list-type": "atomic", items: { type: "string" } },
        labels: { type: "object", additionalProperties: { type: "string" } },
        selector: { type: "object", "x-kubernetes-map-type": "atomic", additionalProperties: { type: "string" } },
        template: {
          type: "object",
          "x-kubernetes-map-type": "atomic",
          properties: { image: { type: "string" }, command: { type: "string" } },
        },
        config: { type: "object", properties: { image: { type: "string" }, command: { type: "string" } } },
        extra: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
        port: { "x-kubernetes-int-or-string": true },
        embedded: { type: "object", "x-kubernetes-embedded-resource": true, "x-kubernetes-preserve-unknown-fields": true },
      },
    },
    status: {
      type: "object",
      properties: {
        conditions: {
          type: "array",
          "x-kubernetes-list-type": "map",
          "x-kubernetes-list-map-keys": ["type"],
          items: { type: "object", properties: { type: { type: "string" }, status: { type: "string" } } },
        },
      },
    },
  },
};

/** The widgets CRD as stored once established (accepted names filled in). */
export function widgetCRD(): KubeObject {
  const names = { plural: "widgets", singular: "widget", kind: "Widget", listKind: "WidgetList" };
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "widgets.example.com" },
    spec: {
      group: "example.com",
      scope: "Namespaced",
      names,
      versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: WIDGET_SCHEMA }, subresources: { status: {} } }],
    },
    status: { acceptedNames: names },
  };
}

export function setup() {
  const storage = new MemoryStorage();
  const crd = viewOf(widgetCRD());
  const widgets = customResourceStorage({ storage, scheme, crd, version: crd.versions[0]!, terminating: () => false }).rest;
  return {
    storage,
    configmaps: storeFor(storage, "", "configmaps"),
    services: storeFor(storage, "", "services"),
    widgets,
  };
}

export function widget(name: string, spec: Record<string, unknown>): KubeObject {
  return { apiVersion: "example.com/v1", kind: "Widget", metadata: { name }, spec };
}

/** Server-side apply of `config` to `name` in namespace `default`. */
export function applyTo(
  store: Pick<RESTStorage, "patch">,
  name: string,
  config: unknown,
  fieldManager: string,
  opts: PatchOptions = {},
  warnings: string[] = [],
) {
  const c = ctx("default");
  c.warnings = warnings;
  return store.patch!(c, name, "apply", utf8(config), { fieldManager, ...opts });
}

/** managedFields as `manager/operation` -> fieldsV1. */
export function managers(obj: KubeObject): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const e of (obj.metadata?.managedFields ?? []) as { manager: string; operation: string; fieldsV1: unknown }[])
    out[`${e.manager}/${e.operation}`] = e.fieldsV1;
  return out;
}
