/** Custom resource behaviour over HTTP: naming conflicts, schema errors, validation, defaults, pruning, subresources, columns, versions, deletion. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestServer } from "../server/harness.js";
import { CRD_PATH, createEstablished, cronTabCRD, json, startCRDServer, statusOf, waitFor } from "./support.js";

let t: TestServer;
beforeAll(async () => {
  t = await startCRDServer();
  await t.request("POST", "/api/v1/namespaces", json({ metadata: { name: "ns1" } }));
});
afterAll(async () => {
  await t.server.shutdown();
});

type Cond = { type: string; status: string; reason: string; message: string };
const conditions = async (name: string): Promise<Record<string, Cond>> => {
  const crd = (await t.request("GET", `${CRD_PATH}/${name}`)).json<{ status: { conditions?: Cond[] } }>();
  return Object.fromEntries((crd.status.conditions ?? []).map((c) => [c.type, c]));
};

function widgetCRD(
  name: string,
  group: string,
  names: Record<string, unknown>,
  versions: Record<string, unknown>[],
  scope = "Namespaced",
): Record<string, unknown> {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name },
    spec: { group, scope, names, versions },
  };
}
const open = { openAPIV3Schema: { type: "object", "x-kubernetes-preserve-unknown-fields": true } };

describe("naming", () => {
  it("refuses names another CRD of the group has accepted", async () => {
    await createEstablished(
      t,
      widgetCRD("widgets.names.example.com", "names.example.com", { plural: "widgets", kind: "Widget", shortNames: ["wd"] }, [
        { name: "v1", served: true, storage: true, schema: open },
      ]),
    );
    const res = await t.request(
      "POST",
      CRD_PATH,
      json(
        widgetCRD("gadgets.names.example.com", "names.example.com", { plural: "gadgets", kind: "Gadget", shortNames: ["wd"] }, [
          { name: "v1", served: true, storage: true, schema: open },
        ]),
      ),
    );
    expect(res.status).toBe(201);
    const conds = await waitFor(async () => {
      const c = await conditions("gadgets.names.example.com");
      return c.NamesAccepted ? c : undefined;
    });
    expect(conds.NamesAccepted).toMatchObject({ status: "False", reason: "ShortNamesConflict", message: '"wd" is already in use' });
    expect(conds.Established).toMatchObject({ status: "False", reason: "NotAccepted", message: "not all names are accepted" });
    const kindClash = await t.request(
      "POST",
      CRD_PATH,
      json(
        widgetCRD("others.names.example.com", "names.example.com", { plural: "others", kind: "Widget" }, [
          { name: "v1", served: true, storage: true, schema: open },
        ]),
      ),
    );
    expect(kindClash.status).toBe(201);
    const c2 = await waitFor(async () => {
      const c = await conditions("others.names.example.com");
      return c.NamesAccepted ? c : undefined;
    });
    // Every name is checked in turn and the last conflict is the one reported, as upstream.
    expect(c2.NamesAccepted).toMatchObject({ status: "False", reason: "ListKindConflict", message: '"WidgetList" is already in use' });
  });
});

describe("CRD validation", () => {
  it("rejects a schema that is not structural, naming the field", async () => {
    const crd = cronTabCRD({
      schema: { openAPIV3Schema: { type: "object", properties: { spec: { properties: { cronSpec: { type: "string" } } } } } },
    });
    (crd.metadata as { name: string }).name = "crontabs.stable.example.com";
    const res = await t.request("POST", CRD_PATH, json(crd));
    expect(res.status).toBe(422);
    expect(statusOf(res).message).toBe(
      'CustomResourceDefinition.apiextensions.k8s.io "crontabs.stable.example.com" is invalid: spec.versions[0].schema.openAPIV3Schema.properties[spec].type: Required value: must not be empty for specified object fields',
    );
  });
});

describe("CRD validation of versions", () => {
  it("checks scale paths, printer column types and defaults", async () => {
    const crd = cronTabCRD({
      schema: {
        openAPIV3Schema: {
          type: "object",
          properties: { spec: { type: "object", properties: { replicas: { type: "integer", default: "one" } } } },
        },
      },
      subresources: { scale: { specReplicasPath: ".status.replicas", statusReplicasPath: ".status.replicas" } },
      additionalPrinterColumns: [{ name: "X", type: "text", jsonPath: ".spec.x" }],
    });
    (crd.metadata as { name: string }).name = "crontabs.stable.example.com";
    const res = await t.request("POST", CRD_PATH, json(crd));
    expect(res.status).toBe(422);
    expect(statusOf(res).details?.causes?.map((c) => `${c.field}: ${c.message}`)).toEqual([
      'spec.versions[0].schema.openAPIV3Schema.properties[spec].properties[replicas].default: Invalid value: "string": in body must be of type integer: "string"',
      'spec.versions[0].subresources.scale.specReplicasPath: Invalid value: ".status.replicas": should be a json path under .spec',
      'spec.versions[0].additionalPrinterColumns[0].type: Unsupported value: "text": supported values: "boolean", "date", "integer", "number", "string"',
    ]);
  });
});

describe("custom objects", () => {
  const CT = "/apis/stable.example.com/v1/namespaces/ns1/crontabs";
  beforeAll(async () => {
    const crd = cronTabCRD({
      schema: {
        openAPIV3Schema: {
          type: "object",
          properties: {
            spec: {
              type: "object",
              properties: {
                cronSpec: { type: "string" },
                image: { type: "string" },
                replicas: { type: "integer", default: 1, minimum: 0 },
                extra: { type: "object", "x-kubernetes-preserve-unknown-fields": true },
              },
            },
            status: { type: "object", properties: { replicas: { type: "integer" }, selector: { type: "string" } } },
          },
        },
      },
      subresources: {
        status: {},
        scale: { specReplicasPath: ".spec.replicas", statusReplicasPath: ".status.replicas", labelSelectorPath: ".status.selector" },
      },
      additionalPrinterColumns: [
        { name: "Spec", type: "string", jsonPath: ".spec.cronSpec" },
        { name: "Replicas", type: "integer", jsonPath: ".spec.replicas" },
        { name: "Age", type: "date", jsonPath: ".metadata.creationTimestamp" },
      ],
    });
    await createEstablished(t, crd);
  });

  it("rejects invalid objects with 422 and field paths", async () => {
    const res = await t.request(
      "POST",
      CT,
      json({
        apiVersion: "stable.example.com/v1",
        kind: "CronTab",
        metadata: { name: "my-new-cron-object" },
        spec: { replicas: "string" },
      }),
    );
    expect(res.status).toBe(422);
    const s = statusOf(res);
    expect(s.reason).toBe("Invalid");
    // The scale subresource's replicas path is checked too, as upstream.
    expect(s.message).toBe(
      'CronTab.stable.example.com "my-new-cron-object" is invalid: [spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string", spec.replicas: Invalid value: 0: .spec.replicas accessor error: string is of the type string, expected int64]',
    );
    expect(s.details?.causes?.[0]).toEqual({
      reason: "FieldValueTypeInvalid",
      field: "spec.replicas",
      message: 'Invalid value: "string": spec.replicas in body must be of type integer: "string"',
    });
  });

  it("defaults, prunes unknown fields with a warning (or fails them with Strict) and keeps preserved ones", async () => {
    const res = await t.request(
      "POST",
      CT,
      json({
        apiVersion: "stable.example.com/v1",
        kind: "CronTab",
        metadata: { name: "a" },
        spec: { cronSpec: "* * * * *", bogus: 1, extra: { any: { thing: 1 } } },
        status: { replicas: 5 },
      }),
    );
    expect(res.status).toBe(201);
    expect(res.headers.warning).toBe('299 - "unknown field \\"spec.bogus\\""');
    const obj = res.json<{ spec: Record<string, unknown>; status?: unknown }>();
    expect(obj.spec).toEqual({ cronSpec: "* * * * *", replicas: 1, extra: { any: { thing: 1 } } });
    // The status subresource is on: creates cannot set status.
    expect(obj.status).toBeUndefined();
    const strict = await t.request(
      "POST",
      `${CT}?fieldValidation=Strict`,
      json({ apiVersion: "stable.example.com/v1", kind: "CronTab", metadata: { name: "b" }, spec: { bogus: 1 } }),
    );
    expect(strict.status).toBe(400);
    expect(statusOf(strict).message).toBe(
      'CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.bogus"',
    );
    const patch = await t.request("PATCH", `${CT}/a?fieldValidation=Strict`, {
      body: JSON.stringify({ spec: { nope: 1 } }),
      headers: { "Content-Type": "application/merge-patch+json" },
    });
    expect(patch.status).toBe(400);
    expect(statusOf(patch).message).toBe(
      'CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.nope"',
    );
  });

  it("changes status only through /status, and spec there not at all; status writes do not bump generation", async () => {
    const cur = (await t.request("GET", `${CT}/a`)).json<{ metadata: { resourceVersion: string; generation: number } }>();
    const st = await t.request(
      "PUT",
      `${CT}/a/status`,
      json({ ...cur, spec: { cronSpec: "changed" }, status: { replicas: 2, selector: "app=a" } }),
    );
    expect(st.status).toBe(200);
    const after = st.json<{ spec: { cronSpec: string }; status: { replicas: number }; metadata: { generation: number } }>();
    expect(after.spec.cronSpec).toBe("* * * * *");
    expect(after.status.replicas).toBe(2);
    expect(after.metadata.generation).toBe(cur.metadata.generation);
    const main = await t.request("PATCH", `${CT}/a`, {
      body: JSON.stringify({ status: { replicas: 9 }, spec: { image: "x" } }),
      headers: { "Content-Type": "application/merge-patch+json" },
    });
    expect(main.json()).toMatchObject({
      status: { replicas: 2 },
      spec: { image: "x" },
      metadata: { generation: cur.metadata.generation + 1 },
    });
  });

  it("serves the scale subresource over the replicas paths", async () => {
    const scale = await t.request("GET", `${CT}/a/scale`);
    expect(scale.json()).toMatchObject({
      kind: "Scale",
      apiVersion: "autoscaling/v1",
      metadata: { name: "a", namespace: "ns1" },
      spec: { replicas: 1 },
      status: { replicas: 2, selector: "app=a" },
    });
    const put = await t.request(
      "PUT",
      `${CT}/a/scale`,
      json({ kind: "Scale", apiVersion: "autoscaling/v1", metadata: { name: "a", namespace: "ns1" }, spec: { replicas: 4 } }),
    );
    expect(put.status).toBe(200);
    expect(put.json()).toMatchObject({ spec: { replicas: 4 } });
    expect((await t.request("GET", `${CT}/a`)).json()).toMatchObject({ spec: { replicas: 4 } });
    const patched = await t.request("PATCH", `${CT}/a/scale`, {
      body: JSON.stringify({ spec: { replicas: 6 } }),
      headers: { "Content-Type": "application/merge-patch+json" },
    });
    expect(patched.json()).toMatchObject({ spec: { replicas: 6 } });
    const bad = await t.request(
      "PUT",
      `${CT}/a/scale`,
      json({ kind: "Scale", apiVersion: "autoscaling/v1", metadata: { name: "a" }, spec: { replicas: -1 } }),
    );
    expect(bad.status).toBe(422);
  });

  it("prints the declared columns as a Table", async () => {
    const res = await t.request("GET", CT, { headers: { Accept: "application/json;as=Table;g=meta.k8s.io;v=v1" } });
    const table = res.json<{ columnDefinitions: { name: string; type: string; description: string }[]; rows: { cells: unknown[] }[] }>();
    expect(table.columnDefinitions.map((c) => [c.name, c.type])).toEqual([
      ["Name", "string"],
      ["Spec", "string"],
      ["Replicas", "integer"],
      ["Age", "date"],
    ]);
    expect(table.columnDefinitions[1]!.description).toBe("Custom resource definition column (in JSONPath format): .spec.cronSpec");
    expect(table.rows[0]!.cells.slice(0, 3)).toEqual(["a", "* * * * *", 6]);
  });

  it("is in the OpenAPI documents with its group-version-kind", async () => {
    const index = (await t.request("GET", "/openapi/v3")).json<{ paths: Record<string, { serverRelativeURL: string }> }>();
    const link = index.paths["apis/stable.example.com/v1"]!.serverRelativeURL;
    const doc = (await t.request("GET", link)).json<{
      components: { schemas: Record<string, { properties: Record<string, unknown>; "x-kubernetes-group-version-kind": unknown }> };
    }>();
    const schema = doc.components.schemas["com.example.stable.v1.CronTab"]!;
    expect(schema["x-kubernetes-group-version-kind"]).toEqual([{ group: "stable.example.com", kind: "CronTab", version: "v1" }]);
    expect(Object.keys(schema.properties)).toEqual(["apiVersion", "kind", "metadata", "spec", "status"]);
    expect(doc.components.schemas["io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"]).toBeDefined();
    const v2 = (await t.request("GET", "/openapi/v2")).json<{ definitions: Record<string, unknown> }>();
    expect(v2.definitions["com.example.stable.v1.CronTab"]).toBeDefined();
    expect(v2.definitions["io.k8s.api.core.v1.Namespace"]).toBeDefined();
    // The protobuf form (kubectl's client-side validation) carries it too.
    const pb = await t.request("GET", "/openapi/v2", { headers: { Accept: "application/com.github.proto-openapi.spec.v2@v1.0+protobuf" } });
    expect(pb.status).toBe(200);
    expect(pb.headers["content-type"]).toBe("application/com.github.proto-openapi.spec.v2.v1.0+protobuf");
    expect(pb.body.includes(Buffer.from("com.example.stable.v1.CronTab"))).toBe(true);
  });
});

describe("versions", () => {
  it("serves every served version from one storage, rewriting apiVersion, and prefers the highest version", async () => {
    const schema = {
      openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: { size: { type: "integer" } } } } },
    };
    await createEstablished(
      t,
      widgetCRD("things.versions.example.com", "versions.example.com", { plural: "things", kind: "Thing" }, [
        { name: "v1", served: true, storage: true, schema },
        { name: "v2", served: true, storage: false, schema },
        { name: "v3", served: false, storage: false, schema },
      ]),
    );
    const created = await t.request(
      "POST",
      "/apis/versions.example.com/v1/namespaces/ns1/things",
      json({ apiVersion: "versions.example.com/v1", kind: "Thing", metadata: { name: "t" }, spec: { size: 2 } }),
    );
    expect(created.status).toBe(201);
    const v2 = (await t.request("GET", "/apis/versions.example.com/v2/namespaces/ns1/things/t")).json();
    expect(v2).toMatchObject({ apiVersion: "versions.example.com/v2", kind: "Thing", spec: { size: 2 } });
    expect((await t.request("GET", "/apis/versions.example.com/v3/namespaces/ns1/things")).status).toBe(404);
    const group = (await t.request("GET", "/apis/versions.example.com")).json<{
      versions: { version: string }[];
      preferredVersion: { version: string };
    }>();
    expect(group.versions.map((v) => v.version)).toEqual(["v2", "v1"]);
    expect(group.preferredVersion.version).toBe("v2");
    // Every version is stored as v1: discovery's storage version hash says so for each.
    const hashes = await Promise.all(
      ["v1", "v2"].map(
        async (v) =>
          (await t.request("GET", `/apis/versions.example.com/${v}`)).json<{ resources: { storageVersionHash: string }[] }>().resources[0]!
            .storageVersionHash,
      ),
    );
    expect(hashes[0]).toBe(hashes[1]);
    // Serving v3 too, and adding a printer column, reinstalls.
    const crd = (await t.request("GET", `${CRD_PATH}/things.versions.example.com`)).json<{
      spec: { versions: Record<string, unknown>[] };
    }>();
    crd.spec.versions[2]!.served = true;
    crd.spec.versions[0]!.additionalPrinterColumns = [{ name: "Size", type: "integer", jsonPath: ".spec.size" }];
    expect((await t.request("PUT", `${CRD_PATH}/things.versions.example.com`, json(crd))).status).toBe(200);
    const v3 = await waitFor(async () => {
      const r = await t.request("GET", "/apis/versions.example.com/v3/namespaces/ns1/things/t");
      return r.status === 200 ? r.json() : undefined;
    });
    expect(v3).toMatchObject({ apiVersion: "versions.example.com/v3" });
    const table = await waitFor(async () => {
      const r = (
        await t.request("GET", "/apis/versions.example.com/v1/namespaces/ns1/things", {
          headers: { Accept: "application/json;as=Table;g=meta.k8s.io;v=v1" },
        })
      ).json<{ columnDefinitions: { name: string }[] }>();
      return r.columnDefinitions.some((c) => c.name === "Size") ? r : undefined;
    });
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(["Name", "Size"]);
  });
});

describe("selectable fields", () => {
  it("selects on the version's selectableFields besides metadata.name and metadata.namespace", async () => {
    const schema = {
      openAPIV3Schema: {
        type: "object",
        properties: { spec: { type: "object", properties: { color: { type: "string" }, size: { type: "integer" } } } },
      },
    };
    await createEstablished(
      t,
      widgetCRD("shirts.select.example.com", "select.example.com", { plural: "shirts", kind: "Shirt" }, [
        { name: "v1", served: true, storage: true, schema, selectableFields: [{ jsonPath: ".spec.color" }, { jsonPath: ".spec.size" }] },
      ]),
    );
    const path = "/apis/select.example.com/v1/namespaces/ns1/shirts";
    for (const [name, color, size] of [
      ["a", "red", 1],
      ["b", "blue", 2],
      ["c", "red", 3],
    ] as const) {
      expect(
        (
          await t.request(
            "POST",
            path,
            json({ apiVersion: "select.example.com/v1", kind: "Shirt", metadata: { name }, spec: { color, size } }),
          )
        ).status,
      ).toBe(201);
    }
    const names = async (selector: string): Promise<string[]> =>
      (await t.request("GET", `${path}?fieldSelector=${encodeURIComponent(selector)}`))
        .json<{ items: { metadata: { name: string } }[] }>()
        .items.map((i) => i.metadata.name);
    expect(await names("spec.color=red")).toEqual(["a", "c"]);
    expect(await names("spec.color=red,spec.size!=3")).toEqual(["a"]);
    expect(await names("metadata.name=b")).toEqual(["b"]);
    const bad = await t.request("GET", `${path}?fieldSelector=spec.other%3Dx`);
    expect(bad.json()).toMatchObject({ code: 400, message: "field label not supported: spec.other" });
  });
});

describe("defaults on read", () => {
  it("applies a default added to the schema to objects stored before it", async () => {
    const schema = (extra: Record<string, unknown>) => ({
      openAPIV3Schema: { type: "object", properties: { spec: { type: "object", properties: { size: { type: "integer" }, ...extra } } } },
    });
    await createEstablished(
      t,
      widgetCRD("boxes.defaults.example.com", "defaults.example.com", { plural: "boxes", kind: "Box" }, [
        { name: "v1", served: true, storage: true, schema: schema({}) },
      ]),
    );
    const path = "/apis/defaults.example.com/v1/namespaces/ns1/boxes";
    expect(
      (
        await t.request(
          "POST",
          path,
          json({ apiVersion: "defaults.example.com/v1", kind: "Box", metadata: { name: "b" }, spec: { size: 1 } }),
        )
      ).status,
    ).toBe(201);
    const crd = (await t.request("GET", `${CRD_PATH}/boxes.defaults.example.com`)).json<{
      spec: { versions: Record<string, unknown>[] };
    }>();
    crd.spec.versions[0]!.schema = schema({ color: { type: "string", default: "blue" } });
    expect((await t.request("PUT", `${CRD_PATH}/boxes.defaults.example.com`, json(crd))).status).toBe(200);
    const read = await waitFor(async () => {
      const obj = (await t.request("GET", `${path}/b`)).json<{ spec: Record<string, unknown> }>();
      return obj.spec.color ? obj : undefined;
    });
    expect(read.spec).toEqual({ size: 1, color: "blue" });
    const listed = (await t.request("GET", path)).json<{ items: { spec: Record<string, unknown> }[] }>();
    expect(listed.items[0]!.spec).toEqual({ size: 1, color: "blue" });
  });
});

describe("deletion", () => {
  it("deletes every object of a deleted CRD, then the CRD, and stops serving it", async () => {
    await createEstablished(
      t,
      widgetCRD(
        "gone.deletion.example.com",
        "deletion.example.com",
        { plural: "gone", kind: "Gone" },
        [{ name: "v1", served: true, storage: true, schema: open }],
        "Cluster",
      ),
    );
    for (const n of ["a", "b", "c"]) {
      expect(
        (
          await t.request(
            "POST",
            "/apis/deletion.example.com/v1/gone",
            json({ apiVersion: "deletion.example.com/v1", kind: "Gone", metadata: { name: n } }),
          )
        ).status,
      ).toBe(201);
    }
    const del = await t.request("DELETE", `${CRD_PATH}/gone.deletion.example.com`);
    expect(del.status).toBe(200);
    // As upstream: the first delete answers with the CRD marked, holding the cleanup finalizer.
    const marked = del.json<{
      metadata: { deletionTimestamp?: string; finalizers?: string[] };
      status: { conditions: { type: string; reason: string }[] };
    }>();
    expect(marked.metadata.deletionTimestamp).toBeDefined();
    expect(marked.metadata.finalizers).toContain("customresourcecleanup.apiextensions.k8s.io");
    expect(marked.status.conditions.find((c) => c.type === "Terminating")?.reason).toBe("InstanceDeletionPending");
    await waitFor(async () => ((await t.request("GET", `${CRD_PATH}/gone.deletion.example.com`)).status === 404 ? true : undefined));
    expect((await t.request("GET", "/apis/deletion.example.com/v1/gone")).status).toBe(404);
    const groups = (await t.request("GET", "/apis")).json<{ groups: { name: string }[] }>();
    expect(groups.groups.map((g) => g.name)).not.toContain("deletion.example.com");
    // Nothing is left in storage: a new CRD of the same name starts empty.
    await createEstablished(
      t,
      widgetCRD(
        "gone.deletion.example.com",
        "deletion.example.com",
        { plural: "gone", kind: "Gone" },
        [{ name: "v1", served: true, storage: true, schema: open }],
        "Cluster",
      ),
    );
    expect((await t.request("GET", "/apis/deletion.example.com/v1/gone")).json<{ items: unknown[] }>().items).toEqual([]);
  });

  it("deletes a CRD that was never established at once", async () => {
    // Its kind is taken in the group, so it is never established.
    const res = await t.request(
      "POST",
      CRD_PATH,
      json(
        widgetCRD("clash.names.example.com", "names.example.com", { plural: "clash", kind: "Widget" }, [
          { name: "v1", served: true, storage: true, schema: open },
        ]),
      ),
    );
    expect(res.status).toBe(201);
    await waitFor(async () => ((await conditions("clash.names.example.com")).NamesAccepted?.status === "False" ? true : undefined));
    expect((await t.request("DELETE", `${CRD_PATH}/clash.names.example.com`)).status).toBe(200);
    await waitFor(async () => ((await t.request("GET", `${CRD_PATH}/clash.names.example.com`)).status === 404 ? true : undefined));
  });

  it("refuses custom objects in a terminating namespace", async () => {
    await t.request(
      "POST",
      "/api/v1/namespaces",
      json({ metadata: { name: "dying", finalizers: [] }, spec: { finalizers: ["kubernetes"] } }),
    );
    await t.request("DELETE", "/api/v1/namespaces/dying");
    const res = await t.request(
      "POST",
      "/apis/stable.example.com/v1/namespaces/dying/crontabs",
      json({ apiVersion: "stable.example.com/v1", kind: "CronTab", metadata: { name: "x" }, spec: {} }),
    );
    expect(res.status).toBe(403);
    expect(statusOf(res).message).toContain("because it is being terminated");
  });
});

describe("bad input", () => {
  const CT = "/apis/stable.example.com/v1/namespaces/ns1/crontabs";
  it("refuses metadata that does not decode as ObjectMeta with 400, on create and on patch", async () => {
    const cases: [unknown, string][] = [
      [{ name: "m1", labels: "bad" }, "json: cannot unmarshal string into Go struct field ObjectMeta.labels of type map[string]string"],
      [{ name: 5 }, "json: cannot unmarshal number into Go struct field ObjectMeta.name of type string"],
      [{ name: "m2", annotations: { a: 1 } }, "json: cannot unmarshal number into Go struct field ObjectMeta.annotations of type string"],
      [{ name: "m3", finalizers: "x" }, "json: cannot unmarshal string into Go struct field ObjectMeta.finalizers of type []string"],
    ];
    for (const [metadata, message] of cases) {
      const res = await t.request("POST", CT, json({ apiVersion: "stable.example.com/v1", kind: "CronTab", metadata, spec: {} }));
      expect(res.status).toBe(400);
      expect(statusOf(res).message).toBe(`CronTab in version "v1" cannot be handled as a CronTab: ${message}`);
    }
    expect(
      (await t.request("POST", CT, json({ apiVersion: "stable.example.com/v1", kind: "CronTab", metadata: { name: "m4" }, spec: {} })))
        .status,
    ).toBe(201);
    const patched = await t.request("PATCH", `${CT}/m4`, {
      body: JSON.stringify({ metadata: { labels: "bad" } }),
      headers: { "Content-Type": "application/merge-patch+json" },
    });
    expect(patched.status).toBe(400);
  });
});
