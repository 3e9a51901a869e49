/** The REST endpoints over fake storages: verbs, codes, formats, conversions and bad input. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { decodeObject, encodeObject } from "../../../runtime/protobuf/envelope.js";
import { decodeWatchStream } from "../../../runtime/protobuf/watch.js";
import YAML from "yaml";
import { startTestServer, type TestServer } from "../server/harness.js";
import type { FakeStorage } from "../server/fake-storage.js";

let t: TestServer;
const JSON_CT = { "Content-Type": "application/json" };
const TABLE = "application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json";
const PROTOBUF = "application/vnd.kubernetes.protobuf";

beforeAll(async () => {
  t = await startTestServer();
  await t.request("POST", "/api/v1/namespaces", { body: JSON.stringify({ metadata: { name: "work" } }) });
});
afterAll(async () => t.close());

const post = (path: string, obj: unknown, headers: Record<string, string> = JSON_CT) =>
  t.request("POST", path, { body: JSON.stringify(obj), headers });
const storage = (plural: string) => t.storages.find((s) => s.info.plural === plural) as FakeStorage;

async function expectStatus(
  res: { status: number; json(): Record<string, unknown> },
  code: number,
  reason: string,
  message?: string | RegExp,
) {
  expect(res.status).toBe(code);
  const body = res.json();
  expect(body).toMatchObject({ kind: "Status", apiVersion: "v1", status: "Failure", reason, code });
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message !== undefined) expect(body.message).toBe(message);
}

describe("CRUD", () => {
  it("creates (201), gets, lists, updates, patches and deletes a configmap", async () => {
    const created = await post("/api/v1/namespaces/work/configmaps", {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "c1", uid: "ignored" },
      data: { a: "1" },
    });
    expect(created.status).toBe(201);
    const obj = created.json<{ metadata: { uid: string; namespace: string; resourceVersion: string } }>();
    expect(obj.metadata.namespace).toBe("work");
    expect(obj.metadata.uid).not.toBe("ignored");

    await expectStatus(
      await post("/api/v1/namespaces/work/configmaps", { metadata: { name: "c1" } }),
      409,
      "AlreadyExists",
      'configmaps "c1" already exists',
    );

    const got = await t.request("GET", "/api/v1/namespaces/work/configmaps/c1");
    expect(got.status).toBe(200);
    expect(got.json()).toMatchObject({ kind: "ConfigMap", data: { a: "1" } });

    const list = await t.request("GET", "/api/v1/namespaces/work/configmaps");
    expect(list.json()).toMatchObject({ kind: "ConfigMapList", items: [{ metadata: { name: "c1" } }] });
    const all = await t.request("GET", "/api/v1/configmaps?labelSelector=nope%3D1");
    expect(all.json().items).toEqual([]);

    const updated = await t.request("PUT", "/api/v1/namespaces/work/configmaps/c1", {
      body: JSON.stringify({ metadata: { name: "c1" }, data: { a: "2" } }),
      headers: JSON_CT,
    });
    expect(updated.status).toBe(200);
    expect(updated.json()).toMatchObject({ data: { a: "2" } });

    const patched = await t.request("PATCH", "/api/v1/namespaces/work/configmaps/c1", {
      body: JSON.stringify({ data: { b: "3" } }),
      headers: { "Content-Type": "application/merge-patch+json" },
    });
    expect(patched.status).toBe(200);
    expect(patched.json()).toMatchObject({ data: { a: "2", b: "3" } });

    const deleted = await t.request("DELETE", "/api/v1/namespaces/work/configmaps/c1", {
      body: JSON.stringify({ kind: "DeleteOptions", apiVersion: "v1", propagationPolicy: "Background" }),
      headers: JSON_CT,
    });
    expect(deleted.status).toBe(200);
    await expectStatus(await t.request("GET", "/api/v1/namespaces/work/configmaps/c1"), 404, "NotFound", 'configmaps "c1" not found');
  });

  it("sets the namespace from the path and refuses a different one", async () => {
    await expectStatus(
      await post("/api/v1/namespaces/work/configmaps", { metadata: { name: "c2", namespace: "other" } }),
      400,
      "BadRequest",
      "the namespace of the provided object does not match the namespace sent on the request",
    );
  });

  it("refuses an update whose name differs from the URL", async () => {
    await post("/api/v1/namespaces/work/configmaps", { metadata: { name: "c3" } });
    await expectStatus(
      await t.request("PUT", "/api/v1/namespaces/work/configmaps/c3", {
        body: JSON.stringify({ metadata: { name: "other" } }),
        headers: JSON_CT,
      }),
      400,
      "BadRequest",
      "the name of the object (other) does not match the name on the URL (c3)",
    );
  });

  it("serves subresources and deletecollection", async () => {
    const status = await t.request("GET", "/api/v1/namespaces/work/status");
    expect(status.status).toBe(200);
    expect(status.json()).toMatchObject({ kind: "Namespace", metadata: { name: "work" } });
    await post("/api/v1/namespaces/work/secrets", { metadata: { name: "s1", labels: { k: "v" } } });
    await post("/api/v1/namespaces/work/secrets", { metadata: { name: "s2" } });
    const dc = await t.request("DELETE", "/api/v1/namespaces/work/secrets?labelSelector=k%3Dv");
    expect(dc.status).toBe(200);
    expect(dc.json()).toMatchObject({ kind: "SecretList", items: [{ metadata: { name: "s1" } }] });
    expect((await t.request("GET", "/api/v1/namespaces/work/secrets")).json().items).toHaveLength(1);
  });

  it("dry runs are passed to storage and not persisted", async () => {
    const res = await post("/api/v1/namespaces/work/configmaps?dryRun=All", { metadata: { name: "dry" } });
    expect(res.status).toBe(201);
    expect((await t.request("GET", "/api/v1/namespaces/work/configmaps/dry")).status).toBe(404);
  });
});

describe("formats and conversions", () => {
  it("answers YAML and protobuf, and takes YAML and protobuf bodies", async () => {
    const yaml = await t.request("GET", "/api/v1/namespaces/work", { headers: { Accept: "application/yaml" } });
    expect(yaml.headers["content-type"]).toBe("application/yaml");
    expect(YAML.parse(yaml.text)).toMatchObject({ kind: "Namespace", metadata: { name: "work" } });

    const pb = await t.request("GET", "/api/v1/namespaces", { headers: { Accept: PROTOBUF } });
    expect(pb.headers["content-type"]).toBe(PROTOBUF);
    const list = decodeObject<{ kind: string; items: unknown[] }>(scheme, pb.body);
    expect(list.kind).toBe("NamespaceList");
    expect(list.items.length).toBeGreaterThan(0);

    const fromYaml = await t.request("POST", "/api/v1/namespaces/work/configmaps", {
      body: "metadata:\n  name: y1\ndata:\n  k: v\n",
      headers: { "Content-Type": "application/yaml" },
    });
    expect(fromYaml.status).toBe(201);
    const body = encodeObject(scheme, { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "p1" }, data: { k: "v" } } as never);
    const fromPb = await t.request("POST", "/api/v1/namespaces/work/configmaps", {
      body,
      headers: { "Content-Type": PROTOBUF, Accept: PROTOBUF },
    });
    expect(fromPb.status).toBe(201);
    expect(decodeObject(scheme, fromPb.body)).toMatchObject({
      kind: "ConfigMap",
      metadata: { name: "p1", namespace: "work" },
      data: { k: "v" },
    });
  });

  it("errors come back in protobuf when asked for", async () => {
    const res = await t.request("GET", "/api/v1/namespaces/work/configmaps/none", { headers: { Accept: PROTOBUF } });
    expect(res.status).toBe(404);
    expect(decodeObject(scheme, res.body)).toMatchObject({ kind: "Status", reason: "NotFound", code: 404 });
  });

  it("prints tables server-side, with partial metadata per row", async () => {
    const res = await t.request("GET", "/api/v1/namespaces?limit=500", { headers: { Accept: TABLE } });
    const table = res.json<{
      kind: string;
      apiVersion: string;
      columnDefinitions: { name: string }[];
      rows: { cells: unknown[]; object: { kind: string } }[];
    }>();
    expect(table.kind).toBe("Table");
    expect(table.apiVersion).toBe("meta.k8s.io/v1");
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(["Name", "Status", "Age"]);
    expect(table.rows.find((r) => r.cells[0] === "work")!.object.kind).toBe("PartialObjectMetadata");
    const one = await t.request("GET", "/api/v1/namespaces/work?includeObject=Object", { headers: { Accept: TABLE } });
    expect(one.json<{ rows: { object: { kind: string } }[] }>().rows[0]!.object.kind).toBe("Namespace");
    await expectStatus(
      await t.request("GET", "/api/v1/namespaces?includeObject=Bad", { headers: { Accept: TABLE } }),
      400,
      "BadRequest",
      /includeObject: Unsupported value: "Bad"/,
    );
  });

  it("converts to PartialObjectMetadataList", async () => {
    const res = await t.request("GET", "/api/v1/namespaces", {
      headers: { Accept: "application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1" },
    });
    expect(res.json()).toMatchObject({ kind: "PartialObjectMetadataList", apiVersion: "meta.k8s.io/v1" });
    await expectStatus(
      await t.request("GET", "/api/v1/namespaces", { headers: { Accept: "application/json;as=PartialObjectMetadata;g=meta.k8s.io;v=v1" } }),
      406,
      "NotAcceptable",
    );
  });

  it("pretty prints on ?pretty=true", async () => {
    const res = await t.request("GET", "/api/v1/namespaces/work?pretty=true");
    expect(res.text).toContain('\n  "metadata": {');
  });
});

describe("field validation", () => {
  const cm = { metadata: { name: "fv", bogus: 1 }, data: { a: "b" }, extra: { x: 1 } };

  it("warns about unknown fields by default and drops them", async () => {
    const res = await post("/api/v1/namespaces/work/configmaps", cm);
    expect(res.status).toBe(201);
    expect(res.headers.warning).toBe('299 - "unknown field \\"metadata.bogus\\"", 299 - "unknown field \\"extra\\""');
    expect(res.json()).not.toHaveProperty("extra");
  });

  it("fails Strict requests with every unknown field, ignores them under Ignore", async () => {
    await expectStatus(
      await post("/api/v1/namespaces/work/configmaps?fieldValidation=Strict", { ...cm, metadata: { name: "fv2", bogus: 1 } }),
      400,
      "BadRequest",
      'strict decoding error: unknown field "metadata.bogus", unknown field "extra"',
    );
    const ignored = await post("/api/v1/namespaces/work/configmaps?fieldValidation=Ignore", { ...cm, metadata: { name: "fv3", bogus: 1 } });
    expect(ignored.status).toBe(201);
    expect(ignored.headers.warning).toBeUndefined();
  });

  it("reports unknown fields inside lists by index", async () => {
    const res = await post("/api/v1/namespaces/work/services?fieldValidation=Strict", {
      metadata: { name: "svc" },
      spec: { ports: [{ port: 80, nope: true }] },
    });
    await expectStatus(res, 400, "BadRequest", 'strict decoding error: unknown field "spec.ports[0].nope"');
  });

  it("refuses values of the wrong type", async () => {
    await expectStatus(
      await post("/api/v1/namespaces/work/configmaps", { metadata: { name: 5 } }),
      400,
      "BadRequest",
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string',
    );
    await expectStatus(
      await post("/api/v1/namespaces/work/services", { metadata: { name: "s" }, spec: { ports: [{ port: 1.5 }] } }),
      400,
      "BadRequest",
      /cannot unmarshal number 1.5 into Go struct field ServicePort.spec.ports\[0\].port of type int32/,
    );
    await expectStatus(
      await post("/api/v1/namespaces/work/secrets", { metadata: { name: "s" }, data: { k: "not base64!" } }),
      400,
      "BadRequest",
      /illegal base64 data/,
    );
    await expectStatus(
      await post("/api/v1/namespaces/work/configmaps", { metadata: { name: "t", creationTimestamp: "yesterday" } }),
      400,
      "BadRequest",
      /parsing time "yesterday"/,
    );
  });
});

describe("bad input never gets a 500", () => {
  const cases: [string, string, string, Record<string, string>, number, string, string | RegExp][] = [
    [
      "malformed JSON",
      "POST",
      "{not json",
      JSON_CT,
      400,
      "BadRequest",
      /^the object provided is unrecognized \(must be of type ConfigMap\): couldn't get version\/kind; json parse error: /,
    ],
    ["empty body", "POST", "", JSON_CT, 400, "BadRequest", /unexpected end of JSON input/],
    ["a JSON array", "POST", "[1]", JSON_CT, 400, "BadRequest", /cannot unmarshal array/],
    [
      "malformed YAML",
      "POST",
      "metadata: [a, b\n  name: x",
      { "Content-Type": "application/yaml" },
      400,
      "BadRequest",
      /error converting YAML to JSON/,
    ],
    [
      "malformed protobuf",
      "POST",
      "k8s\u0000\u00ff\u00ff\u00ff",
      { "Content-Type": PROTOBUF },
      400,
      "BadRequest",
      /the object provided is unrecognized/,
    ],
    ["protobuf without the magic", "POST", "{}", { "Content-Type": PROTOBUF }, 400, "BadRequest", /magic/],
    [
      "an unknown content type",
      "POST",
      "{}",
      { "Content-Type": "text/plain" },
      415,
      "UnsupportedMediaType",
      /the body of the request was in an unknown format/,
    ],
    [
      "a wrong kind",
      "POST",
      JSON.stringify({ apiVersion: "v1", kind: "Secret", metadata: { name: "x" } }),
      JSON_CT,
      400,
      "BadRequest",
      'Secret in version "v1" cannot be handled as a ConfigMap: converting (v1.Secret) to (core.ConfigMap): unknown conversion',
    ],
    [
      "an unknown apiVersion",
      "POST",
      JSON.stringify({ apiVersion: "v9", kind: "ConfigMap", metadata: { name: "x" } }),
      JSON_CT,
      400,
      "BadRequest",
      'ConfigMap in version "v9" cannot be handled as a ConfigMap: no kind "ConfigMap" is registered for version "v9" in scheme "kubegen"',
    ],
    [
      "a kind from another group",
      "POST",
      JSON.stringify({ apiVersion: "coordination.k8s.io/v1", kind: "Lease", metadata: { name: "x" } }),
      JSON_CT,
      400,
      "BadRequest",
      /cannot be handled as a ConfigMap/,
    ],
    ["a non-string kind", "POST", JSON.stringify({ kind: 7 }), JSON_CT, 400, "BadRequest", /cannot unmarshal number/],
    [
      "a bad dryRun",
      "POST?dryRun=Some",
      "{}",
      JSON_CT,
      422,
      "Invalid",
      'CreateOptions.meta.k8s.io "" is invalid: dryRun: Unsupported value: []string{"Some"}: supported values: "All"',
    ],
    ["a bad fieldValidation", "POST?fieldValidation=Loud", "{}", JSON_CT, 422, "Invalid", /fieldValidation: Unsupported value: "Loud"/],
  ];
  it.each(cases)("%s", async (_what, methodAndQuery, body, headers, code, reason, message) => {
    const [method, query] = methodAndQuery.split("?") as [string, string | undefined];
    const res = await t.request(method, `/api/v1/namespaces/work/configmaps${query ? `?${query}` : ""}`, { body, headers });
    await expectStatus(res, code, reason, message);
  });

  it.each([
    [
      "a bad label selector",
      "/api/v1/namespaces/work/configmaps?labelSelector=a%20in%20(",
      400,
      "BadRequest",
      /unable to parse requirement/,
    ],
    ["a bad field selector", "/api/v1/namespaces/work/configmaps?fieldSelector=foo", 400, "BadRequest", /invalid selector: 'foo'/],
    ["a bad resourceVersion", "/api/v1/namespaces/work/configmaps?resourceVersion=abc", 400, "BadRequest", /invalid resource version/],
    ["a bad resourceVersion on get", "/api/v1/namespaces/work?resourceVersion=-1", 400, "BadRequest", /invalid resource version/],
    ["a bad limit", "/api/v1/namespaces/work/configmaps?limit=ten", 400, "BadRequest", /limit: strconv.ParseInt/],
    [
      "resourceVersionMatch without resourceVersion",
      "/api/v1/namespaces/work/configmaps?resourceVersionMatch=Exact",
      422,
      "Invalid",
      /ListOptions.meta.k8s.io "" is invalid: resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden unless resourceVersion is provided/,
    ],
    ["a bad watch flag", "/api/v1/namespaces/work/configmaps?watch=maybe", 400, "BadRequest", /strconv.ParseBool/],
  ] as const)("%s", async (_what, path, code, reason, message) => {
    await expectStatus(await t.request("GET", path), code, reason, message);
  });

  it("bodies over 3 MiB are a 413, by Content-Length or by what arrives", async () => {
    const big = JSON.stringify({ metadata: { name: "big" }, data: { k: "x".repeat(3 * 1024 * 1024) } });
    await expectStatus(
      await post("/api/v1/namespaces/work/configmaps", big),
      413,
      "RequestEntityTooLarge",
      "Request entity too large: limit is 3145728",
    );
    expect((await t.request("GET", "/healthz")).text).toBe("ok");
  });

  it("malformed patches are 400s and unknown patch types 415s", async () => {
    await post("/api/v1/namespaces/work/configmaps", { metadata: { name: "pt" } });
    const patch = (type: string, body: string) =>
      t.request("PATCH", "/api/v1/namespaces/work/configmaps/pt", { body, headers: { "Content-Type": type } });
    await expectStatus(await patch("application/merge-patch+json", "{oops"), 400, "BadRequest", /error decoding patch/);
    await expectStatus(await patch("application/json-patch+json", "{}"), 400, "BadRequest", /jsonpatch.Patch/);
    const apply = await t.request("PATCH", "/api/v1/namespaces/work/configmaps/pt?fieldManager=me", {
      body: "a: [b",
      headers: { "Content-Type": "application/apply-patch+yaml" },
    });
    await expectStatus(apply, 400, "BadRequest", /error decoding YAML/);
    await expectStatus(await patch("application/json", "{}"), 415, "UnsupportedMediaType", /application\/strategic-merge-patch\+json/);
    await expectStatus(
      await patch("application/apply-patch+yaml", "{}"),
      422,
      "Invalid",
      'PatchOptions.meta.k8s.io "" is invalid: fieldManager: Required value: is required for apply patch',
    );
  });

  it("unknown paths are upstream's 404, unsupported verbs 405", async () => {
    for (const path of [
      "/api/v1/widgets",
      "/apis/apps/v1/gadgets",
      "/api/v2/namespaces",
      "/api/v1/namespaces/work/configmaps/c/bogus",
      "/api/v1/configmaps/c",
      "/nonsense",
    ]) {
      const res = await t.request("GET", path);
      await expectStatus(res, 404, "NotFound", "the server could not find the requested resource");
    }
    await expectStatus(
      await t.request("DELETE", "/api/v1/namespaces"),
      405,
      "MethodNotAllowed",
      'deletecollection is not supported on resources of kind "namespaces"',
    );
    await expectStatus(await t.request("POST", "/api/v1/namespaces/work/configmaps/c"), 405, "MethodNotAllowed");
    await expectStatus(await t.request("POST", "/api/v1/configmaps", { body: "{}" }), 405, "MethodNotAllowed");
    await expectStatus(await t.request("DELETE", "/api/v1/namespaces/work/status"), 405, "MethodNotAllowed");
  });

  it("the server stays healthy after all of it", async () => {
    expect((await t.request("GET", "/readyz")).text).toBe("ok");
  });
});

describe("admission: NamespaceLifecycle", () => {
  it("refuses content in a missing namespace with 404", async () => {
    await expectStatus(
      await post("/api/v1/namespaces/ghost/configmaps", { metadata: { name: "c" } }),
      404,
      "NotFound",
      'namespaces "ghost" not found',
    );
  });

  it("refuses new content in a terminating namespace with 403", async () => {
    await post("/api/v1/namespaces", { metadata: { name: "dying" } });
    const ns = storage("namespaces");
    const obj = ns.objects.get("/dying")!;
    obj.status = { phase: "Terminating" };
    const res = await post("/api/v1/namespaces/dying/configmaps", { metadata: { name: "late" } });
    await expectStatus(
      res,
      403,
      "Forbidden",
      'configmaps "late" is forbidden: unable to create new content in namespace dying because it is being terminated',
    );
    expect(res.json<{ details: { causes: unknown[] } }>().details.causes).toEqual([
      { reason: "NamespaceTerminating", message: "namespace dying is being terminated", field: "metadata.namespace" },
    ]);
  });

  it.each(["default", "kube-system", "kube-public"])("%s cannot be deleted", async (name) => {
    await expectStatus(
      await t.request("DELETE", `/api/v1/namespaces/${name}`),
      403,
      "Forbidden",
      `namespaces "${name}" is forbidden: this namespace may not be deleted`,
    );
  });

  it("kube-node-lease can be deleted", async () => {
    expect((await t.request("DELETE", "/api/v1/namespaces/kube-node-lease")).status).toBe(200);
  });
});

async function readLines(chunks: AsyncIterable<Buffer>, count: number): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let buf = "";
  for await (const chunk of chunks) {
    buf += chunk.toString("utf8");
    let nl: number;
    while ((nl = buf.indexOf("\n")) >= 0) {
      out.push(JSON.parse(buf.slice(0, nl)));
      buf = buf.slice(nl + 1);
      if (out.length === count) return out;
    }
  }
  return out;
}

describe("watch", () => {
  it("streams one JSON event per line", async () => {
    const w = await t.stream("/api/v1/namespaces/work/configmaps?watch=1");
    expect(w.status).toBe(200);
    expect(w.headers["content-type"]).toBe("application/json");
    expect(w.headers["transfer-encoding"]).toBe("chunked");
    const events = readLines(w.chunks, 2);
    await post("/api/v1/namespaces/work/configmaps", { metadata: { name: "w1" } });
    await t.request("DELETE", "/api/v1/namespaces/work/configmaps/w1");
    const got = await events;
    w.close();
    expect(got.map((e) => [e.type, (e.object as { metadata: { name: string } }).metadata.name])).toEqual([
      ["ADDED", "w1"],
      ["DELETED", "w1"],
    ]);
  });

  it("sends Tables with column definitions in the first event only", async () => {
    const w = await t.stream("/api/v1/watch/namespaces", { headers: { Accept: TABLE } });
    const events = readLines(w.chunks, 2);
    await post("/api/v1/namespaces", { metadata: { name: "tw1" } });
    await post("/api/v1/namespaces", { metadata: { name: "tw2" } });
    const [first, second] = (await events) as {
      type: string;
      object: { kind: string; columnDefinitions: unknown[]; rows: { cells: unknown[] }[] };
    }[];
    w.close();
    expect(first!.object.kind).toBe("Table");
    expect(first!.object.columnDefinitions).toHaveLength(3);
    expect(first!.object.rows[0]!.cells[0]).toBe("tw1");
    expect(second!.object.columnDefinitions).toEqual([]);
  });

  it("streams protobuf frames", async () => {
    const w = await t.stream("/api/v1/namespaces/work/configmaps?watch=true", { headers: { Accept: PROTOBUF } });
    expect(w.headers["content-type"]).toBe("application/vnd.kubernetes.protobuf;stream=watch");
    const it = decodeWatchStream(scheme, w.chunks)[Symbol.asyncIterator]();
    const next = it.next();
    await post("/api/v1/namespaces/work/configmaps", { metadata: { name: "pw" } });
    const ev = await next;
    w.close();
    expect(ev.value).toMatchObject({ type: "ADDED", object: { kind: "ConfigMap", metadata: { name: "pw" } } });
  });

  it("ends at timeoutSeconds", async () => {
    const start = Date.now();
    const w = await t.stream("/api/v1/namespaces/work/configmaps?watch=1&timeoutSeconds=1");
    for await (const _ of w.chunks) {
      // no events expected
    }
    expect(Date.now() - start).toBeGreaterThanOrEqual(900);
  });

  it("a watch that fails at once answers with its status code", async () => {
    const res = await t.request("GET", "/api/v1/namespaces/work/configmaps?watch=1&resourceVersion=1");
    await expectStatus(res, 410, "Expired", /too old resource version/);
  });

  it("YAML watches are not acceptable", async () => {
    const res = await t.request("GET", "/api/v1/namespaces/work/configmaps?watch=1", { headers: { Accept: "application/yaml" } });
    expect(res.status).toBe(406);
    // The error itself is written in the format asked for.
    expect(YAML.parse(res.text)).toMatchObject({ kind: "Status", reason: "NotAcceptable", code: 406 });
  });
});
