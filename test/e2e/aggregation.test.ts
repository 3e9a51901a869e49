/**
 * API aggregation with the real kubectl: a second kubegen apiserver serves the Widget example
 * group compiled in, as an extension apiserver (requestheader authentication from the main
 * apiserver's extension-apiserver-authentication ConfigMap, TokenReview and SubjectAccessReview
 * against it), registered on the first with an APIService over a Service and its EndpointSlice.
 * kubectl reaches widgets through the first; discovery and explain see them; the APIService is
 * Available, then not with FailedDiscoveryCheck once the extension stops, and its group answers 503.
 */
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { scheme as widgetScheme } from "../../examples/widget/generated/apis/register.js";
import * as widgetOpenAPI from "../../examples/widget/generated/openapi/index.js";
import { ensureClientCertificate } from "../../apiserver/server/certs.js";
import { writeKubeconfig } from "../../apiserver/server/kubeconfig.js";
import { runAPIServer, type RunningAPIServer } from "../../apiserver/server/run.js";
import { aggregation } from "../../apiserver/aggregator/run-options.js";
import { defaultAdvertiseAddress } from "../../apiserver/server/options.js";
import { describeWithTools } from "../support/tools.js";
import { runKubectl } from "../support/kubectl.js";
import { eventually } from "../support/wait.js";

let main: RunningAPIServer;
let ext: RunningAPIServer | undefined;
let dir: string;
const quiet = { log: () => {} };
/**
 * The extension listens on the host's non-loopback address: an EndpointSlice may not list a
 * loopback one (upstream's ValidateNonSpecialIP), as a real cluster's would not.
 */
const extHost = defaultAdvertiseAddress("0.0.0.0");

async function kubectl(...args: string[]) {
  return runKubectl(main.kubeconfig, args, { timeoutMs: 60_000 });
}

async function apply(manifest: object) {
  const file = path.join(dir, `m-${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, JSON.stringify(manifest));
  const r = await kubectl("apply", "-f", file);
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
}

/** GET on the extension directly, with a client certificate and the identity headers. */
function getDirect(url: string, cert: { cert: string; key: string }, headers: Record<string, string | string[]>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = https.request(url, { cert: cert.cert, key: cert.key, rejectUnauthorized: false, headers }, (res) => {
      let body = "";
      res.on("data", (c) => (body += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describeWithTools(["kubectl"], "API aggregation through kube-apiserver's aggregator", () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-aggregation-"));
    main = await runAPIServer({
      dataDir: path.join(dir, "main"),
      securePort: 0,
      bindAddress: "127.0.0.1",
      authorizationMode: "RBAC",
      extensions: [aggregation({ availabilityCheckIntervalMs: 300 })],
      ...quiet,
    });
    ext = await runAPIServer({
      dataDir: path.join(dir, "ext"),
      securePort: 0,
      bindAddress: extHost,
      apiGroups: [{ scheme: widgetScheme, openapi: widgetOpenAPI }],
      extensions: [
        aggregation({
          authenticationKubeconfig: main.kubeconfig,
          authorizationKubeconfig: main.kubeconfig,
          servingDNSNames: ["widgets-api.kube-system.svc"],
        }),
      ],
      ...quiet,
    });
    await apply({
      apiVersion: "v1",
      kind: "Service",
      metadata: { name: "widgets-api", namespace: "kube-system" },
      spec: { ports: [{ name: "https", port: 443, targetPort: ext.server.port }] },
    });
    await apply({
      apiVersion: "discovery.k8s.io/v1",
      kind: "EndpointSlice",
      metadata: { name: "widgets-api-1", namespace: "kube-system", labels: { "kubernetes.io/service-name": "widgets-api" } },
      addressType: "IPv4",
      endpoints: [{ addresses: [extHost], conditions: { ready: true } }],
      ports: [{ name: "https", port: ext.server.port, protocol: "TCP" }],
    });
    await apply({
      apiVersion: "apiregistration.k8s.io/v1",
      kind: "APIService",
      metadata: { name: "v1.widgets.example.com" },
      spec: {
        group: "widgets.example.com",
        version: "v1",
        service: { namespace: "kube-system", name: "widgets-api", port: 443 },
        caBundle: Buffer.from(ext.certs.ca.cert).toString("base64"),
        groupPriorityMinimum: 1000,
        versionPriority: 15,
      },
    });
  }, 120_000);

  afterAll(async () => {
    await ext?.stop();
    await main?.stop();
  });

  it("registers the built-in group-versions as Local APIServices", async () => {
    const r = await eventually("local APIServices", async () => {
      const out = await kubectl("get", "apiservice", "v1.apps", "v1.");
      return out.code === 0 && out.stdout.includes("Local") ? out : undefined;
    });
    expect(r.stdout).toMatch(/^v1\.\s+Local\s+True\s+/m);
    expect(r.stdout).toMatch(/^v1\.apps\s+Local\s+True\s+/m);
  });

  it("shows the extension Available with Passed, and kubectl creates and gets widgets through the first apiserver", async () => {
    const available = await eventually("Available", async () => {
      const out = await kubectl("get", "apiservice", "v1.widgets.example.com");
      return out.stdout.includes("True") ? out : undefined;
    });
    expect(available.stdout).toMatch(/^v1\.widgets\.example\.com\s+kube-system\/widgets-api\s+True\s+/m);
    const cond = await kubectl("get", "apiservice", "v1.widgets.example.com", "-o", "jsonpath={.status.conditions[0].reason}");
    expect(cond.stdout).toBe("Passed");

    await apply({
      apiVersion: "widgets.example.com/v1",
      kind: "Widget",
      metadata: { name: "w1", namespace: "default" },
      spec: { message: "hi" },
    });
    const got = await kubectl("get", "widgets", "-n", "default", "-o", "jsonpath={.items[*].metadata.name}:{.items[*].spec.message}");
    expect(got.stderr).toBe("");
    expect(got.stdout).toBe("w1:hi");
    // Stored in the extension, not in the first apiserver.
    const direct = await runKubectl(ext!.kubeconfig, ["get", "widget", "w1", "-n", "default", "-o", "name"]);
    expect(direct.stdout.trim()).toBe("widget.widgets.example.com/w1");
  }, 60_000);

  it("streams a watch through the proxy", async () => {
    const url = `${main.url}/apis/widgets.example.com/v1/namespaces/default/widgets?watch=1&resourceVersion=0`;
    const events: { type: string; object: { metadata: { name: string } } }[] = [];
    const req = https.request(url, { cert: main.certs.admin.cert, key: main.certs.admin.key, ca: main.certs.ca.cert });
    req.on("response", (res) => {
      let buf = "";
      res.on("data", (c: Buffer) => {
        buf += c.toString();
        for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
          events.push(JSON.parse(buf.slice(0, i)));
          buf = buf.slice(i + 1);
        }
      });
    });
    req.on("error", () => undefined);
    req.end();
    try {
      await eventually("the existing widget", async () => events.length >= 1);
      await apply({
        apiVersion: "widgets.example.com/v1",
        kind: "Widget",
        metadata: { name: "w2", namespace: "default" },
        spec: { message: "x" },
      });
      await eventually("w2 ADDED", async () => events.some((e) => e.type === "ADDED" && e.object.metadata.name === "w2"));
      expect(events[0]).toMatchObject({ type: "ADDED", object: { metadata: { name: "w1" } } });
    } finally {
      req.destroy();
    }
    expect((await kubectl("delete", "widget", "w2", "-n", "default")).code).toBe(0);
  }, 60_000);

  it("lists the group in discovery and explains its kinds", async () => {
    const resources = await kubectl("api-resources", "--api-group", "widgets.example.com", "--no-headers");
    expect(resources.stdout).toMatch(/^widgets\s+.*widgets\.example\.com\/v1\s+true\s+Widget/m);
    const groups = await kubectl("get", "--raw", "/apis/widgets.example.com");
    expect(JSON.parse(groups.stdout)).toMatchObject({ kind: "APIGroup", name: "widgets.example.com", preferredVersion: { version: "v1" } });
    const explain = await kubectl("explain", "widgets.spec.message");
    expect(explain.stderr).toBe("");
    expect(explain.stdout).toContain("KIND:       Widget");
    expect(explain.stdout).toContain("FIELD: message <string>");
    // The Swagger document merges the extension's definitions and its group-version's paths.
    const swagger = JSON.parse((await kubectl("get", "--raw", "/openapi/v2")).stdout) as { definitions: object; paths: object };
    expect(Object.keys(swagger.definitions)).toContain("com.example.widget.api.widgets.v1.Widget");
    expect(Object.keys(swagger.paths)).toContain("/apis/widgets.example.com/v1/namespaces/{namespace}/widgets/{name}");
    expect(Object.keys(swagger.paths)).toContain("/api/v1/namespaces");
  }, 60_000);

  it("authorizes on the extension through the first apiserver's RBAC", async () => {
    const fp = {
      cert: fs.readFileSync(path.join(dir, "main", "pki", "front-proxy-client.crt"), "utf8"),
      key: fs.readFileSync(path.join(dir, "main", "pki", "front-proxy-client.key"), "utf8"),
    };
    const url = `https://${extHost}:${ext!.server.port}/apis/widgets.example.com/v1/namespaces/default/widgets`;
    // alice has no role on the first apiserver: the extension's SubjectAccessReview says no.
    const denied = await getDirect(url, fp, { "X-Remote-User": "alice", "X-Remote-Group": "system:authenticated" });
    expect(denied.status).toBe(403);
    expect(JSON.parse(denied.body).message).toBe(
      'widgets.widgets.example.com is forbidden: User "alice" cannot list resource "widgets" in API group "widgets.example.com" in the namespace "default"',
    );
    // bob gets a Role on the first apiserver, and the extension lets him list.
    await apply({
      apiVersion: "rbac.authorization.k8s.io/v1",
      kind: "Role",
      metadata: { name: "widget-reader", namespace: "default" },
      rules: [{ apiGroups: ["widgets.example.com"], resources: ["widgets"], verbs: ["get", "list"] }],
    });
    await apply({
      apiVersion: "rbac.authorization.k8s.io/v1",
      kind: "RoleBinding",
      metadata: { name: "bob-reads-widgets", namespace: "default" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "widget-reader" },
      subjects: [{ apiGroup: "rbac.authorization.k8s.io", kind: "User", name: "bob" }],
    });
    const allowed = await eventually("bob allowed", async () => {
      const r = await getDirect(url, fp, { "X-Remote-User": "bob", "X-Remote-Group": "system:authenticated" });
      return r.status === 200 ? r : undefined;
    });
    expect(JSON.parse(allowed.body).items.map((w: { metadata: { name: string } }) => w.metadata.name)).toEqual(["w1"]);
    // A certificate of the first apiserver's own CA is no front proxy: its headers count for nothing.
    const admin = { cert: main.certs.admin.cert, key: main.certs.admin.key };
    const notProxy = await getDirect(url, admin, { "X-Remote-User": "bob" });
    expect(notProxy.status).toBe(401);

    // Through the first apiserver, carol is refused there already; with her Role she reaches the extension.
    const carol = await ensureClientCertificate(path.join(dir, "main"), main.certs.ca, "carol", "carol");
    const carolConfig = path.join(dir, "carol.kubeconfig");
    writeKubeconfig(carolConfig, main.url, { ca: main.certs.ca, admin: carol });
    const refused = await runKubectl(carolConfig, ["get", "widgets", "-n", "default"]);
    expect(refused.stderr).toContain(
      'User "carol" cannot list resource "widgets" in API group "widgets.example.com" in the namespace "default"',
    );
  }, 60_000);

  it("checks the extension's serving certificate against the caBundle when proxying", async () => {
    const patch = (caBundle: string) =>
      kubectl("patch", "apiservice", "v1.widgets.example.com", "--type", "merge", "-p", JSON.stringify({ spec: { caBundle } }));
    expect((await patch(Buffer.from(main.certs.ca.cert).toString("base64"))).code).toBe(0);
    const admin = { cert: main.certs.admin.cert, key: main.certs.admin.key };
    const url = `${main.url}/apis/widgets.example.com/v1/namespaces/default/widgets`;
    const refused = await eventually("a TLS failure", async () => {
      const r = await getDirect(url, admin, {});
      return r.status === 503 ? r : undefined;
    });
    expect(refused.body).toBe("tls: failed to verify certificate: x509: certificate signed by unknown authority\n");
    // Upstream's availability check does not verify the certificate: the APIService stays Available.
    const cond = await kubectl("get", "apiservice", "v1.widgets.example.com", "-o", "jsonpath={.status.conditions[0].status}");
    expect(cond.stdout).toBe("True");
    expect((await patch(Buffer.from(ext!.certs.ca.cert).toString("base64"))).code).toBe(0);
    await eventually("proxying again", async () => (await getDirect(url, admin, {})).status === 200);
  }, 60_000);

  it("reports FailedDiscoveryCheck once the extension stops, and its group answers 503", async () => {
    const port = ext!.server.port;
    await ext!.stop();
    ext = undefined;
    // A check in flight as the extension stops sees its keep-alive connection end ("EOF", as Go's
    // transport says); the checks after it (every 300 ms here) find the port closed.
    const refused = `failing or missing response from https://${extHost}:${port}/apis/widgets.example.com/v1: Get "https://${extHost}:${port}/apis/widgets.example.com/v1": dial tcp ${extHost}:${port}: connect: connection refused`;
    const condition = await eventually(
      "Available False, connection refused",
      async () => {
        const out = await kubectl(
          "get",
          "apiservice",
          "v1.widgets.example.com",
          "-o",
          "jsonpath={.status.conditions[0].status}/{.status.conditions[0].reason}/{.status.conditions[0].message}",
        );
        return out.stdout.endsWith("connect: connection refused") ? out.stdout : undefined;
      },
      30_000,
    );
    expect(condition).toBe(`False/FailedDiscoveryCheck/${refused}`);
    const table = await kubectl("get", "apiservice", "v1.widgets.example.com");
    expect(table.stdout).toMatch(/^v1\.widgets\.example\.com\s+kube-system\/widgets-api\s+False \(FailedDiscoveryCheck\)\s+/m);
    const raw = await kubectl("get", "--raw", "/apis/widgets.example.com/v1/namespaces/default/widgets");
    expect(raw.code).not.toBe(0);
    expect(raw.stderr).toContain("Error from server (ServiceUnavailable): the server is currently unable to handle the request");
  }, 60_000);
});
