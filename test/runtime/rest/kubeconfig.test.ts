/** Kubeconfig loading (contexts, credential variants, relative files, KUBECONFIG merge, errors) and in-cluster config. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { inClusterConfig, loadKubeconfig } from "../../../runtime/rest/index.js";

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
    expect(loadKubeconfig({ path: write("basic", cfg("{username: admin, password: pw}")) })).toMatchObject({ username: "admin", password: "pw" });
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
    const noUser = write("c3", `current-context: x\nclusters: [{name: k, cluster: {server: "https://k"}}]\ncontexts: [{name: x, context: {cluster: k, user: ghost}}]\n`);
    expect(() => loadKubeconfig({ path: noUser })).toThrow(`user "ghost" of context "x" not found in kubeconfig ${noUser}`);
    const noCurrent = write("c4", `clusters: []\n`);
    expect(() => loadKubeconfig({ path: noCurrent })).toThrow("has no current-context");
    expect(() => loadKubeconfig({ path: path.join(dir, "nothing") })).toThrow("does not exist");
    expect(() => loadKubeconfig({ env: { KUBECONFIG: path.join(dir, "nothing") } })).toThrow("none of the files in KUBECONFIG exist");
    expect(() => loadKubeconfig({ env: { HOME: path.join(dir, "empty-home") } })).toThrow("no kubeconfig");
    const missingCa = write("c5", `current-context: x\nclusters: [{name: k, cluster: {server: "https://k", certificate-authority: no-ca.crt}}]\ncontexts: [{name: x, context: {cluster: k}}]\n`);
    expect(() => loadKubeconfig({ path: missingCa })).toThrow(`cannot read certificate-authority ${path.join(dir, "no-ca.crt")}`);
    const bad = write("c6", "clusters: [\n");
    expect(() => loadKubeconfig({ path: bad })).toThrow(`kubeconfig ${bad}:`);
  });
});

describe("inClusterConfig", () => {
  it("reads the service account mount and the service address", () => {
    const token = write("sa/token", "sa-token\n");
    const ca = write("sa/ca.crt", "CLUSTER CA");
    const namespace = write("sa/namespace", "kube-system");
    const config = inClusterConfig({ env: { KUBERNETES_SERVICE_HOST: "10.96.0.1", KUBERNETES_SERVICE_PORT: "443" }, tokenPath: token, caPath: ca, namespacePath: namespace });
    expect(config).toMatchObject({ server: "https://10.96.0.1:443", bearerToken: "sa-token", bearerTokenFile: token, namespace: "kube-system" });
    expect(text(config.caData)).toBe("CLUSTER CA");
    const v6 = inClusterConfig({ env: { KUBERNETES_SERVICE_HOST: "fd00::1", KUBERNETES_SERVICE_PORT: "6443" }, tokenPath: token, caPath: path.join(dir, "none") });
    expect(v6.server).toBe("https://[fd00::1]:6443");
    expect(v6.caData).toBeUndefined();
  });

  it("fails outside a cluster", () => {
    expect(() => inClusterConfig({ env: {} })).toThrow(
      "unable to load in-cluster configuration, KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be defined",
    );
  });
});
