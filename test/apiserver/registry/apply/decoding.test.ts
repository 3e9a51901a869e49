/**
 * Apply decoding of built-in kinds as upstream's: an object of another kind (or version) sent to
 * a resource's URL is refused with upstream's "invalid object type" and changes nothing, fields
 * the kind's schema does not declare are refused whatever fieldValidation says, and repeated keys
 * fail under Strict, warn under Warn and pass under Ignore (the last value wins).
 */
import { describe, expect, it } from "vitest";
import { applyTo, cm, ctx, managers, setup, statusOf } from "./support.js";

describe("apply decoding", () => {
  it("refuses a Secret sent to a ConfigMap's URL and leaves the ConfigMap as it was", async () => {
    const { configmaps } = setup();
    const before = (await applyTo(configmaps, "a", cm("a", { key: "v" }), "one")).object;
    const secret = { apiVersion: "v1", kind: "Secret", metadata: { name: "a" }, data: { other: "dg==" } };
    expect(await statusOf(applyTo(configmaps, "a", secret, "one"))).toMatchObject({
      code: 400,
      reason: "BadRequest",
      message: "invalid object type: /v1, Kind=Secret",
    });
    const after = await configmaps.get(ctx("default"), "a");
    expect(after).toEqual(before);
    expect((await statusOf(applyTo(configmaps, "b", { ...cm("b"), apiVersion: "apps/v1" }, "one"))).message).toBe(
      "invalid object type: apps/v1, Kind=ConfigMap",
    );
    expect((await statusOf(applyTo(configmaps, "b", { metadata: { name: "b" } }, "one"))).message).toBe("invalid object type: /, Kind=");
    expect(await statusOf(configmaps.get(ctx("default"), "b"))).toMatchObject({ code: 404 });
  });

  it("refuses undeclared fields (top level, in metadata, in list items) under every fieldValidation", async () => {
    const { configmaps, services } = setup();
    for (const fieldValidation of ["Strict", "Warn", "Ignore"] as const) {
      const status = await statusOf(applyTo(configmaps, "a", { ...cm("a", { k: "v" }), foo: "bar" }, "one", { fieldValidation }));
      expect(status).toMatchObject({
        code: 400,
        message: "failed to create typed patch object (/a; /v1, Kind=ConfigMap): .foo: field not declared in schema",
      });
    }
    const inMeta = await statusOf(
      applyTo(configmaps, "a", { ...cm("a"), metadata: { name: "a", namespace: "default", colour: "red" } }, "one"),
    );
    expect(inMeta.message).toBe(
      "failed to create typed patch object (default/a; /v1, Kind=ConfigMap): .metadata.colour: field not declared in schema",
    );
    const inItem = await statusOf(
      applyTo(
        services,
        "s",
        { apiVersion: "v1", kind: "Service", metadata: { name: "s" }, spec: { ports: [{ port: 80, bogus: true }] } },
        "one",
      ),
    );
    expect(inItem.message).toBe(
      'failed to create typed patch object (/s; /v1, Kind=Service): .spec.ports[port=80,protocol="TCP"].bogus: field not declared in schema',
    );
    expect(await statusOf(configmaps.get(ctx("default"), "a"))).toMatchObject({ code: 404 });
  });

  it("refuses a value of the wrong shape or scalar type, in upstream's words", async () => {
    const { configmaps, services } = setup();
    const prefix = "failed to create typed patch object (/a; /v1, Kind=ConfigMap): ";
    expect((await statusOf(applyTo(configmaps, "a", { ...cm("a"), data: ["x"] }, "one"))).message).toBe(
      `${prefix}.data: expected map, got list`,
    );
    expect((await statusOf(applyTo(configmaps, "a", { ...cm("a"), data: { k: 1 } }, "one"))).message).toBe(
      `${prefix}.data.k: expected string, got &value.valueUnstructured{Value:1}`,
    );
    expect((await statusOf(applyTo(configmaps, "a", { ...cm("a"), immutable: "yes" }, "one"))).message).toBe(
      `${prefix}.immutable: expected boolean, got &{yes}`,
    );
    const port = await statusOf(
      applyTo(services, "s", { apiVersion: "v1", kind: "Service", metadata: { name: "s" }, spec: { ports: [{ port: "80" }] } }, "one"),
    );
    expect(port.message).toBe(
      'failed to create typed patch object (/s; /v1, Kind=Service): .spec.ports[port="80",protocol="TCP"].port: expected numeric (int or float), got string',
    );
    // int-or-string takes either.
    const ok = await applyTo(
      services,
      "s",
      { apiVersion: "v1", kind: "Service", metadata: { name: "s" }, spec: { ports: [{ port: 80, targetPort: "http" }] } },
      "one",
    );
    expect(ok.created).toBe(true);
  });

  it("reports repeated keys as fieldValidation asks; the last value wins", async () => {
    const { configmaps } = setup();
    const body = 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: a\ndata:\n  k: "1"\n  k: "2"\n';
    const strict = await statusOf(
      configmaps.patch(ctx("default"), "a", "apply", new TextEncoder().encode(body), { fieldManager: "m", fieldValidation: "Strict" }),
    );
    expect(strict).toMatchObject({
      code: 400,
      message: 'error strict decoding YAML: error converting YAML to JSON: yaml: unmarshal errors:\n  line 7: key "k" already set in map',
    });
    expect(await statusOf(configmaps.get(ctx("default"), "a"))).toMatchObject({ code: 404 });
    const c = ctx("default");
    const warned = await configmaps.patch(c, "a", "apply", new TextEncoder().encode(body), { fieldManager: "m", fieldValidation: "Warn" });
    expect(warned.object.data).toEqual({ k: "2" });
    expect(c.warnings).toEqual(['error converting YAML to JSON: yaml: unmarshal errors:\n  line 7: key "k" already set in map']);
    const c2 = ctx("default");
    await configmaps.patch(c2, "a", "apply", new TextEncoder().encode(body), { fieldManager: "m", fieldValidation: "Ignore" });
    expect(c2.warnings).toEqual([]);
  });

  it("refuses to create an object from a configuration naming a uid", async () => {
    const { configmaps } = setup();
    const status = await statusOf(applyTo(configmaps, "a", { ...cm("a"), metadata: { name: "a", uid: "1234" } }, "one"));
    expect(status).toMatchObject({
      code: 409,
      message:
        'Operation cannot be fulfilled on configmaps "a": uid mismatch: the provided object specified uid 1234, and no existing object was found',
    });
    expect(await statusOf(configmaps.get(ctx("default"), "a"))).toMatchObject({ code: 404 });
  });

  it("owns what an accepted configuration sets", async () => {
    const { configmaps } = setup();
    const { object } = await applyTo(configmaps, "a", cm("a", { k: "v" }), "one", { fieldValidation: "Strict" });
    expect(managers(object)).toEqual({ "one/Apply": { "f:data": { "f:k": {} } } });
  });
});
