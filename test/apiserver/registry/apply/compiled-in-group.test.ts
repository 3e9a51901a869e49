/**
 * Server-side apply of a compiled-in group's kind (examples/crontab's stable.example.com, served
 * with its generated OpenAPI as runAPIServer serves it): its schema decides what is declared,
 * what conflicts and who owns what, and the status subresource's fields are reset on the main
 * resource, as for built-in kinds.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../../apiserver/storage/memory.js";
import { buildStore } from "../../../../apiserver/registry/builtin.js";
import { addSwaggerDefinitions } from "../../../../apiserver/registry/patch/patch-meta.js";
import { OpenAPIDocuments } from "../../../../apiserver/endpoints/openapi.js";
import { mergeSchemes } from "../../../../runtime/scheme.js";
import { scheme as builtinScheme } from "../../../../generated/apis/register.js";
import { scheme as crontabScheme } from "../../../../examples/crontab/generated/apis/register.js";
import * as crontabOpenAPI from "../../../../examples/crontab/generated/openapi/index.js";
import { applyTo, managers, statusOf } from "./support.js";

function cronTabs() {
  addSwaggerDefinitions(new OpenAPIDocuments([crontabOpenAPI]).groupDefinitions());
  const scheme = mergeSchemes(builtinScheme, crontabScheme);
  const gv = { group: "stable.example.com", version: "v1" };
  const info = scheme.resourcesFor(gv).find((r) => r.plural === "crontabs")!;
  return buildStore(new MemoryStorage(), scheme, gv, info, { watchCache: false });
}

const ct = (spec: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  apiVersion: "stable.example.com/v1",
  kind: "CronTab",
  metadata: { name: "c" },
  spec,
  ...extra,
});

describe("a compiled-in group's kind", () => {
  it("merges per field and conflicts per field by its schema", async () => {
    const store = cronTabs();
    await applyTo(store, "c", ct({ cronSpec: "* * * * *", image: "a" }), "one");
    const { object } = await applyTo(store, "c", ct({ cronSpec: "* * * * *", replicas: 3 }), "two");
    expect(object.spec).toMatchObject({ cronSpec: "* * * * *", image: "a", replicas: 3 });
    expect(managers(object)["two/Apply"]).toEqual({ "f:spec": { "f:cronSpec": {}, "f:replicas": {} } });
    const status = await statusOf(applyTo(store, "c", ct({ cronSpec: "*/5 * * * *", image: "a" }), "two"));
    expect(status.message).toBe('Apply failed with 1 conflict: conflict with "one": .spec.cronSpec');
  });

  it("refuses what its schema does not declare", async () => {
    const store = cronTabs();
    const status = await statusOf(applyTo(store, "c", ct({ cronSpec: "* * * * *", colour: "red" }), "one"));
    expect(status).toMatchObject({
      code: 400,
      message: "failed to create typed patch object (/c; stable.example.com/v1, Kind=CronTab): .spec.colour: field not declared in schema",
    });
  });

  it("owns no status through the main resource", async () => {
    const store = cronTabs();
    const { object } = await applyTo(store, "c", ct({ cronSpec: "* * * * *" }, { status: { replicas: 2 } }), "one");
    expect(managers(object)).toEqual({ "one/Apply": { "f:spec": { "f:cronSpec": {} } } });
  });
});
