/**
 * Auth plugins and request decorations below the e2e level: exec plugin interactive modes and
 * output checks, a client certificate from an exec plugin (and its rotation) seen by a TLS
 * server, impersonation headers, Warning header parsing and the deduplicating handler, and an
 * oidc issuer over HTTPS trusted through idp-certificate-authority-data.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type tls from "node:tls";
import os from "node:os";
import path from "node:path";
import { OAuth2Server, Events } from "oauth2-mock-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  deduplicatingWarningHandler,
  ExecAuthenticator,
  impersonationHeaders,
  OidcAuthProvider,
  parseWarningHeaders,
  RestClient,
  type ExecProviderConfig,
  type Warning,
} from "../../../runtime/rest/index.js";
import { json, makePki, startServer, type Pki, type TestServer } from "./test-server.js";

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-auth-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A plugin printing `output` (a JS expression over `info`, the parsed KUBERNETES_EXEC_INFO) as JSON. */
function plugin(output: string): string {
  const file = path.join(dir, `plugin-${Math.random().toString(36).slice(2)}.cjs`);
  fs.writeFileSync(
    file,
    `const fs = require("node:fs");
const info = JSON.parse(process.env.KUBERNETES_EXEC_INFO);
if (process.env.RUNS) fs.appendFileSync(process.env.RUNS, "x");
const run = process.env.RUNS ? fs.readFileSync(process.env.RUNS, "utf8").length : 1;
process.stdout.write(JSON.stringify(${output}));`,
  );
  return file;
}

const V1 = "client.authentication.k8s.io/v1";
const execConfig = (file: string, extra: Partial<ExecProviderConfig> = {}): ExecProviderConfig => ({
  command: process.execPath,
  args: [file],
  apiVersion: V1,
  interactiveMode: "Never",
  ...extra,
});

describe("ExecAuthenticator", () => {
  const echoInteractive = () =>
    plugin(`{ apiVersion: info.apiVersion, kind: "ExecCredential", status: { token: "t-" + info.spec.interactive } }`);

  it("follows interactiveMode as client-go: Never, IfAvailable on a terminal or not, Always", async () => {
    const file = echoInteractive();
    const mode = (interactiveMode: ExecProviderConfig["interactiveMode"], tty: boolean) =>
      new ExecAuthenticator(execConfig(file, { interactiveMode }), undefined, { isTerminal: () => tty }).credentials();
    expect(await mode("Never", true)).toEqual({ token: "t-false" });
    expect(await mode("IfAvailable", false)).toEqual({ token: "t-false" });
    expect(await mode("IfAvailable", true)).toEqual({ token: "t-true" });
    expect(await mode("Always", true)).toEqual({ token: "t-true" });
    await expect(mode("Always", false)).rejects.toThrow("exec plugin cannot support interactive mode: standard input is not a terminal");
  });

  it("defaults interactiveMode to IfAvailable for v1beta1 and requires it for v1", async () => {
    const file = echoInteractive();
    const beta = new ExecAuthenticator(
      { command: process.execPath, args: [file], apiVersion: "client.authentication.k8s.io/v1beta1" },
      undefined,
      { isTerminal: () => true },
    );
    expect(await beta.credentials()).toEqual({ token: "t-true" });
    expect(() => new ExecAuthenticator({ command: process.execPath, apiVersion: V1 }, undefined)).toThrow(
      "interactiveMode must be specified",
    );
    expect(
      () =>
        new ExecAuthenticator(
          { command: process.execPath, apiVersion: "client.authentication.k8s.io/v1alpha1", interactiveMode: "Never" },
          undefined,
        ),
    ).toThrow('exec plugin: invalid apiVersion "client.authentication.k8s.io/v1alpha1"');
  });

  it.each([
    [
      `{ apiVersion: "client.authentication.k8s.io/v1beta1", kind: "ExecCredential", status: { token: "x" } }`,
      "plugin returned version client.authentication.k8s.io/v1beta1",
    ],
    [`{ apiVersion: info.apiVersion, kind: "ExecCredential" }`, "exec plugin didn't return a status field"],
    [`{ apiVersion: info.apiVersion, kind: "ExecCredential", status: {} }`, "exec plugin didn't return a token or cert/key pair"],
    [
      `{ apiVersion: info.apiVersion, kind: "ExecCredential", status: { clientCertificateData: "PEM" } }`,
      "exec plugin returned only certificate or key, not both",
    ],
    [
      `{ apiVersion: info.apiVersion, kind: "ExecCredential", status: { token: "x", expirationTimestamp: "soon" } }`,
      'expirationTimestamp "soon" is not an RFC 3339 time',
    ],
    [`{ hello: "world" }`, "not an ExecCredential"],
  ])("refuses bad output %#", async (output, message) => {
    const a = new ExecAuthenticator(execConfig(plugin(output)), undefined, { isTerminal: () => false });
    await expect(a.credentials()).rejects.toThrow(message);
  });

  it("passes plugin stderr on after a successful run", async () => {
    const file = path.join(dir, "chatty.cjs");
    fs.writeFileSync(
      file,
      `process.stderr.write("using cached login\\n"); process.stdout.write(JSON.stringify({ apiVersion: "${V1}", kind: "ExecCredential", status: { token: "t" } }));`,
    );
    const seen: string[] = [];
    const a = new ExecAuthenticator(execConfig(file), undefined, { stderr: (t) => seen.push(t) });
    expect(await a.credentials()).toEqual({ token: "t" });
    expect(seen).toEqual(["using cached login\n"]);
  });

  it("runs once for concurrent callers", async () => {
    const runs = path.join(dir, "runs");
    fs.writeFileSync(runs, "");
    const file = plugin(`{ apiVersion: info.apiVersion, kind: "ExecCredential", status: { token: "t" + run } }`);
    const a = new ExecAuthenticator(execConfig(file, { env: [{ name: "RUNS", value: runs }] }), undefined);
    const all = await Promise.all([a.credentials(), a.credentials(), a.credentials()]);
    expect(all.map((c) => c.token)).toEqual(["t1", "t1", "t1"]);
    // A 401 to the current credentials drops them; to older ones it does nothing.
    a.unauthorized({ token: "old" });
    expect((await a.credentials()).token).toBe("t1");
    a.unauthorized(all[0]);
    expect((await a.credentials()).token).toBe("t2");
  });
});

describe("over TLS with a client-certificate-checking server", () => {
  let pki: Pki;
  let server: TestServer;
  beforeAll(async () => {
    pki = makePki();
    server = await startServer({ key: pki.serverKey, cert: pki.serverCert, ca: pki.ca, requestCert: true, rejectUnauthorized: false });
    server.handle((req, res) => {
      const peer = (req.socket as tls.TLSSocket).getPeerCertificate();
      json(res, 200, { kind: "Status", status: "Success", message: peer.subject?.CN ?? "anonymous" });
    });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(pki.dir, { recursive: true, force: true });
  });

  it("presents the exec plugin's client certificate, and a rotated one on new connections once it expires", async () => {
    const runs = path.join(dir, "runs");
    fs.writeFileSync(runs, "");
    // A second client certificate from the same CA, for the plugin's second run.
    const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: pki.dir, stdio: "pipe" });
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "second.key", "-out", "second.csr", "-subj", "/CN=second");
    openssl(
      "x509",
      "-req",
      "-in",
      "second.csr",
      "-CA",
      "ca.crt",
      "-CAkey",
      "ca.key",
      "-CAcreateserial",
      "-out",
      "second.crt",
      "-days",
      "1",
    );
    const pair = (n: string) => [path.join(pki.dir, `${n}.crt`), path.join(pki.dir, `${n}.key`)];
    const [c1, k1] = pair("client");
    const [c2, k2] = pair("second");
    // Run 1 returns the "admin" certificate with an expiry already past; later runs the "second" one.
    const file = plugin(
      `{ apiVersion: info.apiVersion, kind: "ExecCredential", status: run === 1
        ? { clientCertificateData: fs.readFileSync(${JSON.stringify(c1)}, "utf8"), clientKeyData: fs.readFileSync(${JSON.stringify(k1)}, "utf8"), expirationTimestamp: "2000-01-01T00:00:00Z" }
        : { clientCertificateData: fs.readFileSync(${JSON.stringify(c2)}, "utf8"), clientKeyData: fs.readFileSync(${JSON.stringify(k2)}, "utf8") } }`,
    );
    const client = new RestClient({
      server: server.url,
      caData: pki.ca,
      execProvider: execConfig(file, { env: [{ name: "RUNS", value: runs }] }),
    });
    try {
      const who = async () => (await client.request<{ message: string }>({ method: "GET", path: "/whoami" })).message;
      expect(await who()).toBe("admin");
      // The kept-alive connection still carries the first certificate: it must be replaced.
      expect(await who()).toBe("second");
      expect(await who()).toBe("second");
      expect(fs.readFileSync(runs, "utf8").length).toBe(2);
    } finally {
      client.close();
    }
  });

  it("does not run the plugin when a client certificate is configured, as client-go", async () => {
    const runs = path.join(dir, "runs");
    fs.writeFileSync(runs, "");
    const file = plugin(`{ apiVersion: info.apiVersion, kind: "ExecCredential", status: { token: "t" } }`);
    const client = new RestClient({
      server: server.url,
      caData: pki.ca,
      certData: pki.clientCert,
      keyData: pki.clientKey,
      execProvider: execConfig(file, { env: [{ name: "RUNS", value: runs }] }),
    });
    try {
      await client.request({ method: "GET", path: "/whoami" });
      expect(fs.readFileSync(runs, "utf8")).toBe("");
      expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
    } finally {
      client.close();
    }
  });

  it("trusts an oidc issuer over HTTPS through idp-certificate-authority-data", async () => {
    const keyPath = path.join(pki.dir, "server.key");
    const certPath = path.join(pki.dir, "server.crt");
    const issuer = new OAuth2Server(keyPath, certPath);
    await issuer.issuer.keys.generate("RS256");
    await issuer.start(0, "127.0.0.1");
    const bodies: unknown[] = [];
    issuer.service.once(Events.BeforeResponse, (res, req) => {
      bodies.push({ ...req.body });
      Object.assign(res.body as object, { id_token: "header.e30.sig" });
    });
    try {
      const persisted: Array<Record<string, string>> = [];
      const expired = `x.${Buffer.from(JSON.stringify({ exp: 1 })).toString("base64url")}.y`;
      const p = new OidcAuthProvider(
        {
          "idp-issuer-url": issuer.issuer.url!.replace("localhost", "127.0.0.1"),
          "client-id": "public-client",
          "idp-certificate-authority-data": pki.ca.toString("base64"),
          "id-token": expired,
          "refresh-token": "r1",
        },
        (cfg) => void persisted.push(cfg),
      );
      expect(await p.credentials()).toEqual({ token: "header.e30.sig" });
      expect(bodies).toEqual([expect.objectContaining({ grant_type: "refresh_token", refresh_token: "r1" })]);
      // The mock issuer rotated the refresh token; the id-token came from the hook.
      expect(persisted).toHaveLength(1);
      expect(persisted[0]!["id-token"]).toBe("header.e30.sig");
      expect(persisted[0]!["refresh-token"]).not.toBe("r1");
    } finally {
      await issuer.stop();
    }
  });
});

describe("impersonation headers", () => {
  it("maps as, as-uid, as-groups and as-user-extra to Impersonate-* (extra keys escaped)", () => {
    expect(
      impersonationHeaders({ userName: "jane", uid: "42", groups: ["dev", "ops"], extra: { "scopes.example.com/a b": ["x", "y"] } }),
    ).toEqual({
      "Impersonate-User": "jane",
      "Impersonate-Uid": "42",
      "Impersonate-Group": ["dev", "ops"],
      "Impersonate-Extra-scopes.example.com%2Fa%20b": ["x", "y"],
    });
    expect(() => impersonationHeaders({ groups: ["dev"] })).toThrow("without impersonating a user");
  });

  it("sends them on the wire, one line per group", async () => {
    const server = await startServer();
    server.handle((_req, res) => json(res, 200, {}));
    const client = new RestClient({ server: server.url, impersonate: { userName: "jane", groups: ["dev", "ops"] } });
    try {
      await client.request({ method: "GET", path: "/api" });
      const h = server.requests[0]!.headers;
      expect(h["impersonate-user"]).toBe("jane");
      // Node joins repeated request header lines with ", ".
      expect(h["impersonate-group"]).toBe("dev, ops");
    } finally {
      client.close();
      await server.close();
    }
  });
});

describe("warnings", () => {
  it("parses several warnings per header, escapes and an optional date", () => {
    expect(
      parseWarningHeaders([`299 - "a \\"quoted\\" word", 299 - "second, with comma" "Wed, 21 Oct 2015 07:28:00 GMT"`, `199 agent "misc"`]),
    ).toEqual([
      { code: 299, agent: "-", text: 'a "quoted" word' },
      { code: 299, agent: "-", text: "second, with comma" },
      { code: 199, agent: "agent", text: "misc" },
    ]);
    expect(parseWarningHeaders(["garbage", `299 - "unterminated`])).toEqual([]);
  });

  it("prints each distinct API warning once by default", () => {
    const lines: string[] = [];
    const handler = deduplicatingWarningHandler((l) => lines.push(l));
    const w = (text: string, code = 299): Warning => ({ code, agent: "-", text });
    for (const warning of [w("deprecated"), w("deprecated"), w("other"), w("not an API warning", 199)]) handler(warning);
    expect(lines).toEqual(["Warning: deprecated\n", "Warning: other\n"]);
  });

  it("surfaces warnings of error responses and watches too", async () => {
    const server = await startServer();
    server.handle((req, res) => {
      res.setHeader("Warning", ['299 - "first"', '299 - "second"']);
      if (req.url!.includes("watch=1")) res.writeHead(200, { "Content-Type": "application/json" }).end();
      else json(res, 404, { kind: "Status", apiVersion: "v1", status: "Failure", code: 404, reason: "NotFound", message: "gone" });
    });
    const seen: string[] = [];
    const client = new RestClient({ server: server.url, warningHandler: (w) => seen.push(w.text) });
    try {
      await expect(client.request({ method: "GET", path: "/api/v1/x" })).rejects.toThrow("gone");
      for await (const _ of client.watch({ path: "/api/v1/x" })) void _;
      expect(seen).toEqual(["first", "second", "first", "second"]);
    } finally {
      client.close();
      await server.close();
    }
  });
});
