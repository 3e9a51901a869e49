/**
 * The generated Clientset against an in-process fake apiserver: the paths, methods, query
 * strings, content types and bodies each verb sends, typed results and watch events, and
 * StatusErrors. Shapes follow seed 001: Clientset -> coreV1() -> namespaces() -> verbs.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ConfigMap, Namespace, NamespaceList } from "../../generated/apis/core/v1/index.js";
import { scheme } from "../../generated/apis/register.js";
import { Clientset, type ClientsetInterface } from "../../generated/clientset/index.js";
import { encodeObject } from "../../runtime/protobuf/index.js";
import { isConflict, isNotFound, MEDIA_TYPE_PROTOBUF, StatusError, type WatchEvent } from "../../runtime/rest/index.js";
import { json, startServer, status, type Recorded, type TestServer } from "../runtime/rest/test-server.js";

let server: TestServer;
let cs: Clientset;

beforeEach(async () => {
  server = await startServer();
  cs = new Clientset({ server: server.url, qps: -1, maxRetries: 0 });
});

afterEach(async () => {
  cs.restClient.close();
  await server.close();
});

const ns = (name: string, rv = "1"): Namespace => ({
  apiVersion: "v1",
  kind: "Namespace",
  metadata: { name, resourceVersion: rv },
  spec: { finalizers: ["kubernetes"] },
});

/** Answers every request with `body` (the request's own body echoed back when `body` is "echo"). */
function answer(code: number, body: unknown): void {
  server.handle((_req, res, reqBody) => json(res, code, body === "echo" ? JSON.parse(reqBody.toString("utf8")) : body));
}

function last(): Recorded {
  const r = server.requests.at(-1);
  if (!r) throw new Error("no request was made");
  return r;
}

const bodyOf = (r: Recorded): unknown => JSON.parse(r.body.toString("utf8"));

describe("Clientset -> coreV1() -> namespaces() (seed 001's layering)", () => {
  it("lists: GET /api/v1/namespaces with list options as the query, typed list back", async () => {
    answer(200, { apiVersion: "v1", kind: "NamespaceList", metadata: { resourceVersion: "7" }, items: [ns("a"), ns("b")] });
    const list: NamespaceList = await cs.coreV1().namespaces().list({ labelSelector: "team=a", limit: 2, resourceVersion: "0" });
    expect(list.items.map((n) => n.metadata?.name)).toEqual(["a", "b"]);
    expect(list.metadata?.resourceVersion).toBe("7");
    const r = last();
    expect(r.method).toBe("GET");
    expect(r.url.pathname).toBe("/api/v1/namespaces");
    expect(Object.fromEntries(r.url.searchParams)).toEqual({ labelSelector: "team=a", limit: "2", resourceVersion: "0" });
    expect(r.headers["accept"]).toBe("application/json");
  });

  it("creates: POST with apiVersion and kind filled in, write options as the query", async () => {
    answer(201, "echo");
    const created = await cs
      .coreV1()
      .namespaces()
      .create({ metadata: { name: "demo" } }, { dryRun: ["All"], fieldManager: "tester" });
    expect(created).toEqual({ apiVersion: "v1", kind: "Namespace", metadata: { name: "demo" } });
    const r = last();
    expect(r.method).toBe("POST");
    expect(r.url.pathname).toBe("/api/v1/namespaces");
    expect(r.url.search).toBe("?dryRun=All&fieldManager=tester");
    expect(r.headers["content-type"]).toBe("application/json");
    expect(r.body.toString("utf8")).toBe('{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"demo"}}');
  });

  it("gets, updates and updates the status subresource by the object's name", async () => {
    answer(200, ns("x", "5"));
    expect((await cs.coreV1().namespaces().get("x", { resourceVersion: "5" })).metadata?.resourceVersion).toBe("5");
    expect(last().url.pathname + last().url.search).toBe("/api/v1/namespaces/x?resourceVersion=5");
    await cs.coreV1().namespaces().update(ns("x", "5"));
    expect([last().method, last().url.pathname]).toEqual(["PUT", "/api/v1/namespaces/x"]);
    await cs
      .coreV1()
      .namespaces()
      .updateStatus({ ...ns("x", "5"), status: { phase: "Terminating" } });
    expect([last().method, last().url.pathname]).toEqual(["PUT", "/api/v1/namespaces/x/status"]);
    expect(bodyOf(last())).toMatchObject({ kind: "Namespace", status: { phase: "Terminating" } });
  });

  it("finalize (+genclient:method=Finalize,verb=update,subresource=finalize): PUT .../x/finalize", async () => {
    answer(200, "echo");
    const out = await cs
      .coreV1()
      .namespaces()
      .finalize({ metadata: { name: "x" }, spec: { finalizers: [] } });
    const r = last();
    expect([r.method, r.url.pathname]).toEqual(["PUT", "/api/v1/namespaces/x/finalize"]);
    expect(bodyOf(r)).toEqual({ apiVersion: "v1", kind: "Namespace", metadata: { name: "x" }, spec: { finalizers: [] } });
    expect(out.spec?.finalizers).toEqual([]);
  });

  it("patches with the patch type as the content type, on the object or a subresource", async () => {
    answer(200, ns("x", "6"));
    const patch = { metadata: { labels: { team: "b" } } };
    await cs.coreV1().namespaces().patch("x", "application/strategic-merge-patch+json", patch, { fieldManager: "m" });
    let r = last();
    expect([r.method, r.url.pathname, r.url.search]).toEqual(["PATCH", "/api/v1/namespaces/x", "?fieldManager=m"]);
    expect(r.headers["content-type"]).toBe("application/strategic-merge-patch+json");
    expect(bodyOf(r)).toEqual(patch);
    await cs.coreV1().namespaces().patch("x", "application/json-patch+json", '[{"op":"remove","path":"/metadata/labels"}]', {}, "status");
    r = last();
    expect([r.url.pathname, r.headers["content-type"]]).toEqual(["/api/v1/namespaces/x/status", "application/json-patch+json"]);
    expect(r.body.toString("utf8")).toBe('[{"op":"remove","path":"/metadata/labels"}]');
  });

  it("applies server-side: PATCH application/apply-patch+yaml with fieldManager and force", async () => {
    answer(200, ns("x", "8"));
    await cs
      .coreV1()
      .namespaces()
      .apply({ metadata: { name: "x", labels: { a: "b" } } }, { fieldManager: "ctl", force: true });
    const r = last();
    expect([r.method, r.url.pathname]).toEqual(["PATCH", "/api/v1/namespaces/x"]);
    expect(Object.fromEntries(r.url.searchParams)).toEqual({ fieldManager: "ctl", force: "true" });
    expect(r.headers["content-type"]).toBe("application/apply-patch+yaml");
    expect(bodyOf(r)).toEqual({ apiVersion: "v1", kind: "Namespace", metadata: { name: "x", labels: { a: "b" } } });
    await cs
      .coreV1()
      .namespaces()
      .applyStatus({ metadata: { name: "x" }, status: { phase: "Active" } }, { fieldManager: "ctl" });
    expect(last().url.pathname).toBe("/api/v1/namespaces/x/status");
  });

  it("deletes with a DeleteOptions body; namespaced kinds delete collections by selector", async () => {
    server.handle((_req, res) => json(res, 200, { kind: "Status", apiVersion: "v1", status: "Success" }));
    await cs.coreV1().namespaces().delete("x", { propagationPolicy: "Foreground", gracePeriodSeconds: 0 });
    let r = last();
    expect([r.method, r.url.pathname]).toEqual(["DELETE", "/api/v1/namespaces/x"]);
    expect(bodyOf(r)).toEqual({ apiVersion: "v1", kind: "DeleteOptions", propagationPolicy: "Foreground", gracePeriodSeconds: 0 });
    await cs.coreV1().configMaps("team-a").deleteCollection({}, { labelSelector: "stale=true" });
    r = last();
    expect([r.method, r.url.pathname, r.url.search]).toEqual([
      "DELETE",
      "/api/v1/namespaces/team-a/configmaps",
      "?labelSelector=stale%3Dtrue",
    ]);
  });

  it("a 404 is a StatusError that isNotFound recognises; a 409 isConflict", async () => {
    server.handle((_req, res) => json(res, 404, status(404, "NotFound", 'namespaces "gone" not found')));
    const err = await cs
      .coreV1()
      .namespaces()
      .get("gone")
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StatusError);
    expect(isNotFound(err)).toBe(true);
    expect((err as StatusError).message).toBe('namespaces "gone" not found');
    server.handle((_req, res) => json(res, 409, status(409, "Conflict", "stale")));
    expect(
      isConflict(
        await cs
          .coreV1()
          .namespaces()
          .update(ns("x"))
          .catch((e: unknown) => e),
      ),
    ).toBe(true);
  });

  it("an aborted signal cancels the call", async () => {
    server.handle(() => new Promise(() => {}));
    const ctl = new AbortController();
    const p = cs.coreV1().namespaces().get("slow", { signal: ctl.signal });
    setTimeout(() => ctl.abort(new Error("stop")), 20);
    await expect(p).rejects.toThrow("stop");
  });
});

describe("namespaced kinds and other groups", () => {
  it("addresses namespaced objects under /namespaces/<ns>/ and named groups under /apis", async () => {
    answer(200, { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "cm", namespace: "a" }, data: { k: "v" } });
    const cm: ConfigMap = await cs.coreV1().configMaps("a").get("cm");
    expect(cm.data).toEqual({ k: "v" });
    expect(last().url.pathname).toBe("/api/v1/namespaces/a/configmaps/cm");
    answer(200, { items: [] });
    await cs.rbacV1().roles("a").list();
    expect(last().url.pathname).toBe("/apis/rbac.authorization.k8s.io/v1/namespaces/a/roles");
    await cs.rbacV1().clusterRoles().list();
    expect(last().url.pathname).toBe("/apis/rbac.authorization.k8s.io/v1/clusterroles");
    await cs.coordinationV1().leases("kube-node-lease").list();
    expect(last().url.pathname).toBe("/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases");
    await cs.apiextensionsV1().customResourceDefinitions().list();
    expect(last().url.pathname).toBe("/apis/apiextensions.k8s.io/v1/customresourcedefinitions");
    await cs.coreV1().endpoints("").list();
    expect(last().url.pathname).toBe("/api/v1/endpoints");
  });

  it("creates a namespaced object with the group's apiVersion", async () => {
    answer(201, "echo");
    await cs
      .rbacV1()
      .roles("a")
      .create({ metadata: { name: "r" }, rules: [] });
    expect(bodyOf(last())).toEqual({ apiVersion: "rbac.authorization.k8s.io/v1", kind: "Role", metadata: { name: "r" }, rules: [] });
    expect(last().url.pathname).toBe("/apis/rbac.authorization.k8s.io/v1/namespaces/a/roles");
  });
});

describe("watch", () => {
  it("streams JSON lines as typed events until the server ends the stream", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write(
        `${JSON.stringify({ type: "ADDED", object: ns("a", "10") })}\n${JSON.stringify({ type: "MODIFIED", object: ns("a", "11") }).slice(0, 20)}`,
      );
      res.write(`${JSON.stringify({ type: "MODIFIED", object: ns("a", "11") }).slice(20)}\n`);
      res.end(`${JSON.stringify({ type: "DELETED", object: ns("a", "12") })}\n`);
    });
    const events: WatchEvent<Namespace>[] = [];
    for await (const ev of cs.coreV1().namespaces().watch({ resourceVersion: "9", allowWatchBookmarks: true })) events.push(ev);
    expect(events.map((e) => `${e.type}:${e.type === "ERROR" ? "" : e.object.metadata?.resourceVersion}`)).toEqual([
      "ADDED:10",
      "MODIFIED:11",
      "DELETED:12",
    ]);
    expect(Object.fromEntries(last().url.searchParams)).toEqual({ resourceVersion: "9", allowWatchBookmarks: "true", watch: "1" });
  });

  it("ends quietly when the signal aborts", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write(`${JSON.stringify({ type: "ADDED", object: ns("a", "10") })}\n`);
    });
    const ctl = new AbortController();
    const seen: string[] = [];
    for await (const ev of cs.coreV1().namespaces().watch({ signal: ctl.signal })) {
      seen.push(ev.type);
      ctl.abort();
    }
    expect(seen).toEqual(["ADDED"]);
  });
});

describe("protobuf", () => {
  it("asks for protobuf and decodes it through the generated scheme when the config says so", async () => {
    const pcs = new Clientset({ server: server.url, qps: -1, contentType: MEDIA_TYPE_PROTOBUF });
    try {
      const stored = { apiVersion: "v1", kind: "Namespace", metadata: { name: "pb", resourceVersion: "3", labels: { a: "b" } } };
      server.handle((_req, res) => {
        res.writeHead(200, { "Content-Type": MEDIA_TYPE_PROTOBUF }).end(encodeObject(scheme, stored));
      });
      const got = await pcs.coreV1().namespaces().get("pb");
      expect(got).toMatchObject({
        apiVersion: "v1",
        kind: "Namespace",
        metadata: { name: "pb", resourceVersion: "3", labels: { a: "b" } },
      });
      expect(last().headers["accept"]).toBe(`${MEDIA_TYPE_PROTOBUF}, application/json`);
    } finally {
      pcs.restClient.close();
    }
  });
});

describe("construction", () => {
  it("fromKubeconfig reads the current context; the clientset satisfies ClientsetInterface", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-cs-"));
    try {
      const file = path.join(dir, "config");
      fs.writeFileSync(
        file,
        [
          "apiVersion: v1",
          "kind: Config",
          "current-context: test",
          "clusters: [{name: c, cluster: {server: " + server.url + "}}]",
          "users: [{name: u, user: {token: s3cret}}]",
          "contexts: [{name: test, context: {cluster: c, user: u}}]",
        ].join("\n"),
      );
      const fromFile: ClientsetInterface = Clientset.fromKubeconfig({ path: file }, { qps: -1 });
      answer(200, { items: [] });
      await fromFile.coreV1().namespaces().list();
      expect(last().headers["authorization"]).toBe("Bearer s3cret");
      (fromFile as Clientset).restClient.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
