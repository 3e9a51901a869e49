/**
 * The REST client on a "managed cluster" against a real `kubegen apiserver` (SQLite) started
 * with --token-auth-file: exec credential plugins (real node scripts: a token cached until its
 * expiry, re-run after a 401, a failure with stderr, a missing command with its install hint,
 * cluster info and env handed over), the oidc auth-provider refreshing at a real issuer
 * (oauth2-mock-server) and persisting the new tokens, requests and watches through a real
 * HTTP CONNECT proxy (the `proxy` package) from proxy-url or HTTPS_PROXY, Warning headers, and
 * the context namespace as the clientset's default.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { OAuth2Server, Events } from "oauth2-mock-server";
import { createProxy } from "proxy";
import YAML from "yaml";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Clientset } from "../../generated/clientset/index.js";
import { loadKubeconfig, RestClient, type Warning } from "../../runtime/rest/index.js";
import { type APIServerProcess, spawnAPIServer } from "../support/apiserver-process.js";

const EXEC_TOKEN = "exec-token-0123456789";

/** A JWT-shaped token (the client reads only its `exp`; the apiserver matches it as a static token). */
function jwt(payload: Record<string, unknown>): string {
  const part = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "RS256", typ: "JWT" })}.${part(payload)}.c2lnbmF0dXJl`;
}
const now = () => Math.floor(Date.now() / 1000);
const EXPIRED_ID_TOKEN = jwt({ iss: "test", sub: "oidc-user", exp: now() - 3600 });
const FRESH_ID_TOKEN = jwt({ iss: "test", sub: "oidc-user", exp: now() + 24 * 3600 });

/** One credential plugin for every test: its behaviour comes from PLUGIN_MODE, its run count is kept in PLUGIN_COUNTER. */
const PLUGIN = `
const fs = require("node:fs");
fs.appendFileSync(process.env.PLUGIN_COUNTER, "x");
const run = fs.readFileSync(process.env.PLUGIN_COUNTER, "utf8").length;
const info = JSON.parse(process.env.KUBERNETES_EXEC_INFO);
const out = (status) => process.stdout.write(JSON.stringify({ apiVersion: info.apiVersion, kind: "ExecCredential", status }));
const token = ${JSON.stringify(EXEC_TOKEN)};
switch (process.env.PLUGIN_MODE) {
  case "token":
    out({ token });
    break;
  case "expiry": {
    // The first credential is already expired, later ones last an hour.
    const at = run === 1 ? Date.now() - 60000 : Date.now() + 3600000;
    out({ token, expirationTimestamp: new Date(at).toISOString().replace(/\\.\\d+Z$/, "Z") });
    break;
  }
  case "stale":
    // The first token is one the server does not know: it answers 401 and the plugin runs again.
    out({ token: run === 1 ? "stale-token" : token });
    break;
  case "fail":
    process.stderr.write("the session expired: run 'cloud auth login' first\\n");
    process.exit(3);
  case "info":
    fs.writeFileSync(process.env.PLUGIN_INFO, JSON.stringify({ info, args: process.argv.slice(2), extra: process.env.EXTRA_SETTING }));
    out({ token });
    break;
}
`;

describe("client auth against kubegen apiserver", () => {
  let dir: string;
  let server: APIServerProcess;
  let ca: string;
  let plugin: string;
  let counter = 0;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-client-auth-"));
    const tokens = path.join(dir, "tokens.csv");
    fs.writeFileSync(tokens, `${EXEC_TOKEN},exec-user,u-1,"system:masters"\n${FRESH_ID_TOKEN},oidc-user,u-2\n`);
    // What is tested is who the client proves to be; whether that user may act is RBAC's test.
    server = await spawnAPIServer(path.join(dir, "data"), {
      extraArgs: ["--token-auth-file", tokens, "--authorization-mode", "AlwaysAllow"],
    });
    ca = YAML.parse(fs.readFileSync(server.kubeconfig, "utf8")).clusters[0].cluster["certificate-authority-data"];
    plugin = path.join(dir, "plugin.cjs");
    fs.writeFileSync(plugin, PLUGIN);
  });
  afterAll(async () => {
    await server?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Writes a kubeconfig for the server with the given user stanza and cluster extras; returns its path. */
  function kubeconfig(user: Record<string, unknown>, cluster: Record<string, unknown> = {}, context: Record<string, unknown> = {}): string {
    const file = path.join(dir, `kubeconfig-${++counter}`);
    const doc = {
      apiVersion: "v1",
      kind: "Config",
      "current-context": "c",
      clusters: [{ name: "k", cluster: { server: server.url, "certificate-authority-data": ca, ...cluster } }],
      users: [{ name: "u", user }],
      contexts: [{ name: "c", context: { cluster: "k", user: "u", ...context } }],
    };
    fs.writeFileSync(file, YAML.stringify(doc));
    return file;
  }

  /** An exec stanza running the plugin in `mode`; returns it with the file counting its runs. */
  function exec(mode: string, extra: Record<string, unknown> = {}): { stanza: Record<string, unknown>; runs: () => number } {
    const count = path.join(dir, `runs-${++counter}`);
    fs.writeFileSync(count, "");
    const stanza = {
      apiVersion: "client.authentication.k8s.io/v1",
      command: process.execPath,
      args: [plugin],
      interactiveMode: "Never",
      ...extra,
      env: [{ name: "PLUGIN_MODE", value: mode }, { name: "PLUGIN_COUNTER", value: count }, ...((extra["env"] as unknown[]) ?? [])],
    };
    return { stanza, runs: () => fs.readFileSync(count, "utf8").length };
  }

  describe("exec credential plugins", () => {
    it("sends the plugin's token and runs it once while the token has no expiry", async () => {
      const { stanza, runs } = exec("token");
      const cs = Clientset.fromKubeconfig({ path: kubeconfig({ exec: stanza }) });
      try {
        for (let i = 0; i < 3; i++) expect((await cs.coreV1().namespaces().list()).items.length).toBeGreaterThan(0);
        expect(runs()).toBe(1);
      } finally {
        cs.restClient.close();
      }
    });

    it("runs the plugin again once its credential's expirationTimestamp has passed", async () => {
      const { stanza, runs } = exec("expiry", { apiVersion: "client.authentication.k8s.io/v1beta1" });
      const cs = Clientset.fromKubeconfig({ path: kubeconfig({ exec: stanza }) });
      try {
        for (let i = 0; i < 3; i++) await cs.coreV1().namespaces().get("default");
        // Run 1 returned an expired token (used once, then replaced); run 2's lasts an hour.
        expect(runs()).toBe(2);
      } finally {
        cs.restClient.close();
      }
    });

    it("re-runs the plugin after a 401 and retries the request with the new token", async () => {
      const { stanza, runs } = exec("stale");
      const cs = Clientset.fromKubeconfig({ path: kubeconfig({ exec: stanza }) });
      try {
        const ns = await cs.coreV1().namespaces().get("kube-system");
        expect(ns.metadata?.name).toBe("kube-system");
        expect(runs()).toBe(2);
      } finally {
        cs.restClient.close();
      }
    });

    it("fails naming the plugin, its exit code and its stderr", async () => {
      const { stanza } = exec("fail");
      const cs = Clientset.fromKubeconfig({ path: kubeconfig({ exec: stanza }) });
      try {
        const err = await cs
          .coreV1()
          .namespaces()
          .list()
          .catch((e: unknown) => e as Error);
        expect(err).toBeInstanceOf(Error);
        expect((err as Error).message).toContain(`exec: executable ${process.execPath} failed with exit code 3`);
        expect((err as Error).message).toContain("the session expired: run 'cloud auth login' first");
      } finally {
        cs.restClient.close();
      }
    });

    it("shows the installHint when the command does not exist", async () => {
      const file = kubeconfig({
        exec: {
          apiVersion: "client.authentication.k8s.io/v1",
          command: "kubegen-no-such-auth-plugin",
          interactiveMode: "IfAvailable",
          installHint: "install it with: brew install no-such-plugin",
        },
      });
      const cs = Clientset.fromKubeconfig({ path: file });
      try {
        const err = (await cs
          .coreV1()
          .namespaces()
          .list()
          .catch((e: unknown) => e)) as Error;
        expect(err.message).toContain("exec: executable kubegen-no-such-auth-plugin not found");
        expect(err.message).toContain("It looks like you are trying to use a client-go credential plugin that is not installed.");
        expect(err.message).toContain("install it with: brew install no-such-plugin");
      } finally {
        cs.restClient.close();
      }
    });

    it("hands the plugin its args, env and, with provideClusterInfo, the cluster with its exec extension", async () => {
      const infoFile = path.join(dir, "exec-info.json");
      const { stanza } = exec("info", {
        args: [plugin, "--region", "eu-west-1"],
        provideClusterInfo: true,
        env: [
          { name: "PLUGIN_INFO", value: infoFile },
          { name: "EXTRA_SETTING", value: "from-kubeconfig" },
        ],
      });
      const file = kubeconfig(
        { exec: stanza },
        {
          "tls-server-name": "localhost",
          extensions: [
            { name: "client.authentication.k8s.io/exec", extension: { audience: "kubegen" } },
            { name: "other-tool", extension: { x: 1 } },
          ],
        },
      );
      const cs = Clientset.fromKubeconfig({ path: file });
      try {
        await cs.coreV1().namespaces().get("default");
      } finally {
        cs.restClient.close();
      }
      const got = JSON.parse(fs.readFileSync(infoFile, "utf8"));
      expect(got.args).toEqual(["--region", "eu-west-1"]);
      expect(got.extra).toBe("from-kubeconfig");
      expect(got.info).toEqual({
        kind: "ExecCredential",
        apiVersion: "client.authentication.k8s.io/v1",
        spec: {
          interactive: false,
          cluster: {
            server: server.url,
            "tls-server-name": "localhost",
            "certificate-authority-data": ca,
            config: { audience: "kubegen" },
          },
        },
      });
    });
  });

  describe("oidc auth-provider", () => {
    let issuer: OAuth2Server;
    const tokenRequests: Array<{ body: Record<string, unknown>; authorization: string | undefined }> = [];
    beforeAll(async () => {
      issuer = new OAuth2Server();
      await issuer.issuer.keys.generate("RS256");
      await issuer.start(0, "127.0.0.1");
      // The issuer answers with the id-token the apiserver's token file knows, and rotates the refresh token.
      issuer.service.on(Events.BeforeResponse, (res, req) => {
        tokenRequests.push({ body: { ...req.body }, authorization: req.headers.authorization });
        Object.assign(res.body as object, { id_token: FRESH_ID_TOKEN, refresh_token: "refresh-2" });
      });
    });
    afterAll(async () => {
      await issuer?.stop();
    });
    afterEach(() => {
      tokenRequests.length = 0;
    });

    const oidc = (config: Record<string, string>) => ({
      "auth-provider": { name: "oidc", config: { "idp-issuer-url": issuer.issuer.url!, ...config } },
    });

    it("refreshes an expired id-token at the issuer's token endpoint and writes the new tokens to the kubeconfig", async () => {
      const file = kubeconfig(
        oidc({ "client-id": "kubectl", "client-secret": "s3cret", "id-token": EXPIRED_ID_TOKEN, "refresh-token": "refresh-1" }),
      );
      const cs = Clientset.fromKubeconfig({ path: file });
      try {
        expect((await cs.coreV1().namespaces().get("default")).metadata?.name).toBe("default");
        await cs.coreV1().namespaces().get("kube-system");
      } finally {
        cs.restClient.close();
      }
      // One refresh, with the refresh token, the client authenticated as Go's oauth2 does (HTTP Basic).
      expect(tokenRequests).toHaveLength(1);
      expect(tokenRequests[0]!.body).toMatchObject({ grant_type: "refresh_token", refresh_token: "refresh-1" });
      expect(tokenRequests[0]!.authorization).toBe(`Basic ${Buffer.from("kubectl:s3cret").toString("base64")}`);
      const saved = YAML.parse(fs.readFileSync(file, "utf8")).users[0].user["auth-provider"].config;
      expect(saved).toMatchObject({
        "id-token": FRESH_ID_TOKEN,
        "refresh-token": "refresh-2",
        "client-id": "kubectl",
        "client-secret": "s3cret",
      });
    });

    it("uses a valid id-token without asking the issuer", async () => {
      const file = kubeconfig(oidc({ "client-id": "other-client", "id-token": FRESH_ID_TOKEN, "refresh-token": "refresh-1" }));
      const cs = Clientset.fromKubeconfig({ path: file });
      try {
        await cs.coreV1().namespaces().get("default");
      } finally {
        cs.restClient.close();
      }
      expect(tokenRequests).toHaveLength(0);
    });

    it("fails clearly when the id-token expired and there is no refresh-token", async () => {
      const cs = Clientset.fromKubeconfig({ path: kubeconfig(oidc({ "client-id": "third-client", "id-token": EXPIRED_ID_TOKEN })) });
      try {
        await expect(cs.coreV1().namespaces().list()).rejects.toThrow("No valid id-token, and cannot refresh without refresh-token");
      } finally {
        cs.restClient.close();
      }
    });
  });

  describe("proxies", () => {
    let proxy: http.Server;
    let proxyUrl: string;
    const connects: string[] = [];
    beforeAll(async () => {
      proxy = createProxy(http.createServer());
      proxy.on("connect", (req: http.IncomingMessage) => connects.push(req.url ?? ""));
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    });
    afterEach(() => {
      connects.length = 0;
    });

    it("sends requests and watches through the cluster's proxy-url", async () => {
      const cs = Clientset.fromKubeconfig({ path: kubeconfig({ token: EXEC_TOKEN }, { "proxy-url": proxyUrl }) });
      const abort = new AbortController();
      try {
        const list = await cs.coreV1().namespaces().list();
        const events = cs.coreV1().namespaces().watch({ resourceVersion: list.metadata!.resourceVersion!, signal: abort.signal });
        const iterator = events[Symbol.asyncIterator]();
        const first = iterator.next();
        await cs
          .coreV1()
          .namespaces()
          .create({ metadata: { name: "through-proxy" } });
        const ev = await first;
        expect(ev.value).toMatchObject({ type: "ADDED", object: { metadata: { name: "through-proxy" } } });
        await iterator.return?.();
      } finally {
        abort.abort();
        cs.restClient.close();
      }
      // The request pool and the watch's own connection both tunnelled to the server.
      expect(connects.length).toBeGreaterThanOrEqual(2);
      expect(new Set(connects)).toEqual(new Set([`127.0.0.1:${server.port}`]));
    });

    it("takes HTTPS_PROXY from the environment, and NO_PROXY exempts a host", async () => {
      // "vm" resolves to 127.0.0.1 (/etc/hosts) without being a loopback name, which Go never proxies.
      const file = kubeconfig({ token: EXEC_TOKEN }, { server: `https://vm:${server.port}`, "tls-server-name": "localhost" });
      const saved = { HTTPS_PROXY: process.env["HTTPS_PROXY"], NO_PROXY: process.env["NO_PROXY"] };
      process.env["HTTPS_PROXY"] = proxyUrl;
      delete process.env["NO_PROXY"];
      try {
        const proxied = Clientset.fromKubeconfig({ path: file });
        await proxied
          .coreV1()
          .namespaces()
          .get("default")
          .finally(() => proxied.restClient.close());
        expect(connects).toEqual([`vm:${server.port}`]);
        process.env["NO_PROXY"] = "example.com,vm";
        const direct = Clientset.fromKubeconfig({ path: file });
        await direct
          .coreV1()
          .namespaces()
          .get("default")
          .finally(() => direct.restClient.close());
        expect(connects).toEqual([`vm:${server.port}`]);
      } finally {
        for (const [k, v] of Object.entries(saved)) {
          if (v === undefined) delete process.env[k];
          else process.env[k] = v;
        }
      }
    });

    it("refuses a socks5 proxy-url by name", () => {
      expect(() => loadKubeconfig({ path: kubeconfig({ token: EXEC_TOKEN }, { "proxy-url": "socks5://127.0.0.1:1080" }) })).toThrow(
        `'proxy-url' "socks5://127.0.0.1:1080" for cluster "k": socks5 proxies are not supported by kubegen`,
      );
    });
  });

  it("hands Warning headers to the configured handler", async () => {
    const warnings: Warning[] = [];
    const cs = Clientset.fromKubeconfig({ path: kubeconfig({ token: EXEC_TOKEN }) }, { warningHandler: (w) => warnings.push(w) });
    try {
      await cs
        .coreV1()
        .configMaps("default")
        .create({ metadata: { name: "warned" }, data: { a: "1" }, bogus: true } as never, { fieldValidation: "Warn" });
    } finally {
      cs.restClient.close();
    }
    expect(warnings).toEqual([{ code: 299, agent: "-", text: 'unknown field "bogus"' }]);
  });

  it("uses the context's namespace for namespaced calls that name none", async () => {
    const cs = Clientset.fromKubeconfig({ path: kubeconfig({ token: EXEC_TOKEN }, {}, { namespace: "team-a" }) });
    try {
      expect(cs.namespace).toBe("team-a");
      await cs
        .coreV1()
        .namespaces()
        .create({ metadata: { name: "team-a" } });
      const created = await cs
        .coreV1()
        .configMaps()
        .create({ metadata: { name: "defaulted" } });
      expect(created.metadata?.namespace).toBe("team-a");
      expect((await cs.coreV1().configMaps().list()).items.map((c) => c.metadata?.name)).toContain("defaulted");
      // An explicit namespace still wins, and "" still means all namespaces.
      expect((await cs.coreV1().configMaps("").list()).items.some((c) => c.metadata?.namespace === "team-a")).toBe(true);
    } finally {
      cs.restClient.close();
    }
    const plain = new RestClient({ server: server.url });
    expect(plain.defaultNamespace).toBe("default");
    plain.close();
  });
});
