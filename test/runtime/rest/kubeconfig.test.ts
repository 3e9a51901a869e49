/** Kubeconfig loading (contexts, credential variants, relative files, KUBECONFIG merge, errors) and in-cluster config. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inClusterConfig, loadKubeconfig, persistAuthProviderConfig } from "../../../runtime/rest/index.js";

let dir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-kubeconfig-"));
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(rel: string, content: string): string {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

const b64 = (s: string) => Buffer.from(s).toString("base64");
const text = (d: Uint8Array | string | undefined) => (d === undefined ? undefined : Buffer.from(d as Uint8Array).toString("utf8"));

const TWO_CONTEXTS = `
apiVersion: v1
kind: Config
current-context: dev
clusters:
- name: dev-cluster
  cluster:
    server: https://dev.example:6443
    certificate-authority-data: ${b64("DEV CA")}
- name: prod-cluster
  cluster:
    server: https://prod.example:6443
    insecure-skip-tls-verify: true
    tls-server-name: api.prod
users:
- name: token-user
  user:
    token: abc123
- name: cert-user
  user:
    client-certificate-data: ${b64("CERT")}
    client-key-data: ${b64("KEY")}
contexts:
- name: dev
  context: {cluster: dev-cluster, user: token-user, namespace: team-a}
- name: prod
  context: {cluster: prod-cluster, user: cert-user}
`;

describe("loadKubeconfig", () => {
  it("uses the current context: server, inline CA, token, namespace", () => {
    const config = loadKubeconfig({ path: write("config", TWO_CONTEXTS) });
    expect(config.server).toBe("https://dev.example:6443");
    expect(text(config.caData)).toBe("DEV CA");
    expect(config.bearerToken).toBe("abc123");
    expect(config.namespace).toBe("team-a");
    expect(config.insecureSkipTLSVerify).toBeUndefined();
  });

  it("picks another context: client certificate data, insecure, TLS server name", () => {
    const config = loadKubeconfig({ path: write("config", TWO_CONTEXTS), context: "prod" });
    expect(config).toMatchObject({ server: "https://prod.example:6443", insecureSkipTLSVerify: true, tlsServerName: "api.prod" });
    expect(text(config.certData)).toBe("CERT");
    expect(text(config.keyData)).toBe("KEY");
    expect(config.bearerToken).toBeUndefined();
    expect(config.caData).toBeUndefined();
  });

  it("reads files named relative to the kubeconfig's folder, tokenFile", () => {
    write("kube/pki/ca.crt", "FILE CA");
    write("kube/pki/client.crt", "FILE CERT");
    write("kube/pki/client.key", "FILE KEY");
    write("kube/token", "file-token\n");
    const file = write(
      "kube/config",
      `
current-context: c
clusters: [{name: k, cluster: {server: "https://10.0.0.1", certificate-authority: pki/ca.crt}}]
users:
- name: u
  user: {client-certificate: pki/client.crt, client-key: ./pki/client.key, tokenFile: token}
contexts: [{name: c, context: {cluster: k, user: u}}]
`,
    );
    // Loaded from elsewhere, so that paths resolve against the file and not the working directory.
    const config = loadKubeconfig({ path: path.relative(process.cwd(), file) });
    expect(text(config.caData)).toBe("FILE CA");
    expect(text(config.certData)).toBe("FILE CERT");
    expect(text(config.keyData)).toBe("FILE KEY");
    expect(config.bearerToken).toBe("file-token");
    expect(config.bearerTokenFile).toBe(path.join(dir, "kube/token"));
  });

  it("reads basic auth, and refuses it together with a token as client-go does", () => {
    const cfg = (user: string) => `
current-context: c
clusters: [{name: k, cluster: {server: "https://10.0.0.1"}}]
users: [{name: u, user: ${user}}]
contexts: [{name: c, context: {cluster: k, user: u}}]
`;
    expect(loadKubeconfig({ path: write("basic", cfg("{username: admin, password: pw}")) })).toMatchObject({
      username: "admin",
      password: "pw",
    });
    expect(() => loadKubeconfig({ path: write("both", cfg("{token: t, username: admin, password: pw}")) })).toThrow(
      "more than one authentication method found for u; found [token basicAuth], only one is allowed",
    );
  });

  it("merges the KUBECONFIG list: the first file to define a name or current-context wins", () => {
    const a = write(
      "a/config",
      `
clusters: [{name: shared, cluster: {server: "https://from-a"}}]
users: [{name: u, user: {token: from-a}}]
contexts: [{name: ctx, context: {cluster: shared, user: u}}]
`,
    );
    write("b/ca.crt", "B CA");
    const b = write(
      "b/config",
      `
current-context: ctx
clusters:
- {name: shared, cluster: {server: "https://from-b"}}
- {name: only-b, cluster: {server: "https://only-b", certificate-authority: ca.crt}}
users: [{name: u, user: {token: from-b}}]
contexts:
- {name: ctx, context: {cluster: only-b, user: u}}
- {name: other, context: {cluster: only-b, user: u}}
`,
    );
    const missing = path.join(dir, "does-not-exist");
    const env = { KUBECONFIG: [missing, a, b, a].join(path.delimiter) };
    const config = loadKubeconfig({ env });
    expect(config.server).toBe("https://from-a");
    expect(config.bearerToken).toBe("from-a");
    // A context found only in the second file still resolves its relative path against that file.
    const other = loadKubeconfig({ env, context: "other" });
    expect(other.server).toBe("https://only-b");
    expect(text(other.caData)).toBe("B CA");
  });

  it("falls back to ~/.kube/config", () => {
    write("home/.kube/config", TWO_CONTEXTS);
    expect(loadKubeconfig({ env: { HOME: path.join(dir, "home") } }).server).toBe("https://dev.example:6443");
  });

  it("names what is missing", () => {
    const file = write("config", TWO_CONTEXTS);
    expect(() => loadKubeconfig({ path: file, context: "staging" })).toThrow(`context "staging" not found in kubeconfig ${file}`);
    const noCluster = write("c2", `current-context: x\ncontexts: [{name: x, context: {cluster: nope, user: u}}]\n`);
    expect(() => loadKubeconfig({ path: noCluster })).toThrow(`cluster "nope" of context "x" not found in kubeconfig ${noCluster}`);
    const noUser = write(
      "c3",
      `current-context: x\nclusters: [{name: k, cluster: {server: "https://k"}}]\ncontexts: [{name: x, context: {cluster: k, user: ghost}}]\n`,
    );
    expect(() => loadKubeconfig({ path: noUser })).toThrow(`user "ghost" of context "x" not found in kubeconfig ${noUser}`);
    const noCurrent = write("c4", `clusters: []\n`);
    expect(() => loadKubeconfig({ path: noCurrent })).toThrow("has no current-context");
    expect(() => loadKubeconfig({ path: path.join(dir, "nothing") })).toThrow("does not exist");
    expect(() => loadKubeconfig({ env: { KUBECONFIG: path.join(dir, "nothing") } })).toThrow("none of the files in KUBECONFIG exist");
    expect(() => loadKubeconfig({ env: { HOME: path.join(dir, "empty-home") } })).toThrow("no kubeconfig");
    const missingCa = write(
      "c5",
      `current-context: x\nclusters: [{name: k, cluster: {server: "https://k", certificate-authority: no-ca.crt}}]\ncontexts: [{name: x, context: {cluster: k}}]\n`,
    );
    expect(() => loadKubeconfig({ path: missingCa })).toThrow(`cannot read certificate-authority ${path.join(dir, "no-ca.crt")}`);
    const bad = write("c6", "clusters: [\n");
    expect(() => loadKubeconfig({ path: bad })).toThrow(`kubeconfig ${bad}:`);
  });
});

/** A one-context kubeconfig with the given cluster, user and context stanzas (YAML flow mappings). */
function single(cluster: string, user: string, context = "", top = ""): string {
  return `${top}
current-context: c
clusters: [{name: k, cluster: {server: "https://k:6443"${cluster ? `, ${cluster}` : ""}}}]
users: [{name: u, user: {${user}}}]
contexts: [{name: c, context: {cluster: k, user: u${context ? `, ${context}` : ""}}}]
`;
}

describe("kubeconfig fields: each honoured or refused by name", () => {
  const load = (cluster: string, user: string, context = "", top = "") =>
    loadKubeconfig({ path: write(`cfg-${Math.random()}`, single(cluster, user, context, top)) });

  it("cluster: proxy-url (http, https), disable-compression, extensions", () => {
    const config = load(
      `proxy-url: "http://proxy.corp:3128", disable-compression: true, extensions: [{name: minikube, extension: {version: v1}}]`,
      "token: t",
    );
    expect(config).toMatchObject({ proxyUrl: "http://proxy.corp:3128", disableCompression: true });
    expect(load(`proxy-url: "https://user:pw@proxy.corp"`, "token: t").proxyUrl).toBe("https://user:pw@proxy.corp");
  });

  it("cluster: refuses socks5 and unknown proxy schemes, insecure with a CA, and unknown fields", () => {
    expect(() => load(`proxy-url: "socks5://proxy:1080"`, "token: t")).toThrow(
      `'proxy-url' "socks5://proxy:1080" for cluster "k": socks5 proxies are not supported by kubegen`,
    );
    expect(() => load(`proxy-url: "ftp://proxy"`, "token: t")).toThrow(`unsupported scheme "ftp", must be http, https, or socks5`);
    expect(() => load(`insecure-skip-tls-verify: true, certificate-authority-data: ${b64("CA")}`, "token: t")).toThrow(
      "specifying a root certificates file with the insecure flag is not allowed",
    );
    expect(() => load(`certificate-authority-dta: x`, "token: t")).toThrow(
      /cluster "k" in kubeconfig .*: field "certificate-authority-dta" is not a kubeconfig field/,
    );
    expect(() => load(`insecure-skip-tls-verify: "yes"`, "token: t")).toThrow("insecure-skip-tls-verify must be true or false");
  });

  it("user: as, as-uid, as-groups, as-user-extra become impersonation", () => {
    const config = load("", `token: t, as: jane, as-uid: "42", as-groups: [dev, ops], as-user-extra: {reason: [debugging]}`);
    expect(config.impersonate).toEqual({ userName: "jane", uid: "42", groups: ["dev", "ops"], extra: { reason: ["debugging"] } });
    expect(() => load("", "token: t, as-groups: [dev]")).toThrow("requesting uid, groups or user-extra for u without impersonating a user");
  });

  it("user: exec with every field; a command with a folder resolves against the kubeconfig; the cluster's exec extension", () => {
    const config = load(
      `extensions: [{name: client.authentication.k8s.io/exec, extension: {audience: sts}}]`,
      `exec: {apiVersion: client.authentication.k8s.io/v1, command: ./bin/auth, args: [token, --x], env: [{name: A, value: b}], installHint: "get it", provideClusterInfo: true, interactiveMode: Always}`,
    );
    expect(config.execProvider).toEqual({
      apiVersion: "client.authentication.k8s.io/v1",
      command: path.join(dir, "bin/auth"),
      args: ["token", "--x"],
      env: [{ name: "A", value: "b" }],
      installHint: "get it",
      provideClusterInfo: true,
      interactiveMode: "Always",
      config: { audience: "sts" },
    });
    expect(load("", "exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: aws}").execProvider?.command).toBe("aws");
  });

  it("user: refuses exec stanzas client-go refuses, and unknown exec fields", () => {
    expect(() => load("", "exec: {apiVersion: client.authentication.k8s.io/v1, command: aws}")).toThrow(
      "interactiveMode must be specified for u to use exec authentication plugin",
    );
    expect(() => load("", "exec: {apiVersion: client.authentication.k8s.io/v1, command: aws, interactiveMode: Sometimes}")).toThrow(
      'invalid interactiveMode for u: "Sometimes"',
    );
    expect(() => load("", "exec: {command: aws}")).toThrow("apiVersion must be specified for u to use exec authentication plugin");
    expect(() => load("", "exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: aws, stdinUnavailable: true}")).toThrow(
      'field "stdinUnavailable"',
    );
    expect(() => load("", "exec: {apiVersion: client.authentication.k8s.io/v1beta1, command: aws}, auth-provider: {name: oidc}")).toThrow(
      "authProvider cannot be provided in combination with an exec plugin for u",
    );
  });

  it("user: the oidc auth-provider with its settings; others refused with client-go's texts", () => {
    const config = load(
      "",
      `auth-provider: {name: oidc, config: {idp-issuer-url: "https://issuer", client-id: k, client-secret: s, id-token: a.b.c, refresh-token: r, extra-scopes: groups}}`,
    );
    expect(config.authProvider).toEqual({
      name: "oidc",
      config: {
        "idp-issuer-url": "https://issuer",
        "client-id": "k",
        "client-secret": "s",
        "id-token": "a.b.c",
        "refresh-token": "r",
        "extra-scopes": "groups",
      },
    });
    expect(config.authProviderPersister).toBeTypeOf("function");
    expect(() => load("", `auth-provider: {name: oidc, config: {idp-issuer-url: "https://issuer", client-id: k, audience: x}}`)).toThrow(
      'oidc auth-provider setting "audience" is not supported',
    );
    expect(() => load("", `auth-provider: {name: oidc, config: {idp-issuer-url: "https://issuer"}}`)).toThrow("Must provide client-id");
    expect(() => load("", "auth-provider: {name: gcp}")).toThrow(
      'Please use the "gke-gcloud-auth-plugin" kubectl/client-go credential plugin instead.',
    );
    expect(() => load("", "auth-provider: {name: azure}")).toThrow("The azure auth plugin has been removed.");
    expect(() => load("", "auth-provider: {name: keystone}")).toThrow('no Auth Provider found for name "keystone"');
  });

  it("user: refuses unknown fields and a certificate without its key", () => {
    expect(() => load("", "token: t, tokenfile: x")).toThrow('field "tokenfile" is not a kubeconfig field');
    expect(() => load("", `client-certificate-data: ${b64("C")}`)).toThrow(
      "client-key-data or client-key must be specified for u to use the clientCert authentication method.",
    );
  });

  it("context: namespace must be a DNS label; extensions accepted; unknown fields refused", () => {
    expect(load("", "token: t", "namespace: team-a, extensions: [{name: x, extension: {}}]").namespace).toBe("team-a");
    expect(() => load("", "token: t", "namespace: Team_A")).toThrow(
      'namespace "Team_A" for context "c" does not conform to the kubernetes DNS_LABEL rules',
    );
    expect(() => load("", "token: t", "namespaces: a")).toThrow('context "c" in kubeconfig');
  });

  it("top level: preferences and extensions accepted, other keys refused", () => {
    expect(load("", "token: t", "", "apiVersion: v1\nkind: Config\npreferences: {}\nextensions: []").server).toBe("https://k:6443");
    expect(() => load("", "token: t", "", "current_context: c")).toThrow('field "current_context" is not a kubeconfig field');
  });

  it("checks only the entries the chosen context uses", () => {
    const file = write(
      "many",
      `current-context: good
clusters: [{name: k, cluster: {server: "https://k"}}, {name: broken, cluster: {server: "https://b", bogus: 1}}]
users: [{name: ok, user: {token: t}}, {name: old, user: {auth-provider: {name: gcp}}}]
contexts: [{name: good, context: {cluster: k, user: ok}}, {name: bad, context: {cluster: broken, user: old}}]
`,
    );
    expect(loadKubeconfig({ path: file }).bearerToken).toBe("t");
    expect(() => loadKubeconfig({ path: file, context: "bad" })).toThrow('field "bogus"');
  });

  it("persists refreshed auth-provider settings into the user's file, keeping the rest of it", () => {
    const file = write(
      "oidc",
      `# my clusters
current-context: c
clusters: [{name: k, cluster: {server: "https://k"}}]
users:
- name: other
  user: {token: x}
- name: u
  user:
    auth-provider:
      name: oidc
      config: {idp-issuer-url: "https://issuer", client-id: k, id-token: old, refresh-token: r1}
contexts: [{name: c, context: {cluster: k, user: u}}]
`,
    );
    fs.chmodSync(file, 0o600);
    const config = loadKubeconfig({ path: file });
    void config.authProviderPersister!({ "idp-issuer-url": "https://issuer", "client-id": "k", "id-token": "new", "refresh-token": "r2" });
    const text = fs.readFileSync(file, "utf8");
    expect(text.startsWith("# my clusters")).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadKubeconfig({ path: file }).authProvider?.config).toEqual({
      "idp-issuer-url": "https://issuer",
      "client-id": "k",
      "id-token": "new",
      "refresh-token": "r2",
    });
    expect(() => persistAuthProviderConfig(file, "ghost", {})).toThrow('user "ghost" not found');
  });
});

describe("inClusterConfig", () => {
  it("reads the service account mount and the service address", () => {
    const token = write("sa/token", "sa-token\n");
    const ca = write("sa/ca.crt", "CLUSTER CA");
    const namespace = write("sa/namespace", "kube-system");
    const config = inClusterConfig({
      env: { KUBERNETES_SERVICE_HOST: "10.96.0.1", KUBERNETES_SERVICE_PORT: "443" },
      tokenPath: token,
      caPath: ca,
      namespacePath: namespace,
    });
    expect(config).toMatchObject({
      server: "https://10.96.0.1:443",
      bearerToken: "sa-token",
      bearerTokenFile: token,
      namespace: "kube-system",
    });
    expect(text(config.caData)).toBe("CLUSTER CA");
    const v6 = inClusterConfig({
      env: { KUBERNETES_SERVICE_HOST: "fd00::1", KUBERNETES_SERVICE_PORT: "6443" },
      tokenPath: token,
      caPath: path.join(dir, "none"),
    });
    expect(v6.server).toBe("https://[fd00::1]:6443");
    expect(v6.caData).toBeUndefined();
  });

  it("fails outside a cluster", () => {
    expect(() => inClusterConfig({ env: {} })).toThrow(
      "unable to load in-cluster configuration, KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be defined",
    );
  });
});
