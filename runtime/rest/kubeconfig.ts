/** Builds a RestConfig from kubeconfig files (KUBECONFIG merge, contexts, credentials) or from a pod's service account. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import type { RestConfig } from "./config.js";

/** Where kubeconfig loading looks and what it picks. */
export interface KubeconfigOptions {
  /** One kubeconfig file; when set, KUBECONFIG and ~/.kube/config are not read. */
  path?: string;
  /** The context to use instead of the file's current-context. */
  context?: string;
  /** The environment to read KUBECONFIG and HOME from (process.env by default). */
  env?: Readonly<Record<string, string | undefined>>;
}

interface Cluster {
  server?: string;
  caData?: Uint8Array;
  caFile?: string;
  insecure?: boolean;
  tlsServerName?: string;
}

interface User {
  token?: string;
  tokenFile?: string;
  certData?: Uint8Array;
  certFile?: string;
  keyData?: Uint8Array;
  keyFile?: string;
  username?: string;
  password?: string;
  unsupported?: string;
}

interface Context {
  cluster?: string;
  user?: string;
  namespace?: string;
}

/** The merged view of one or more kubeconfig files; the first file to define a name wins. */
interface Merged {
  files: string[];
  currentContext?: string;
  clusters: Map<string, Cluster>;
  users: Map<string, User>;
  contexts: Map<string, Context>;
}

type Yaml = Record<string, unknown>;

function record(v: unknown): Yaml {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Yaml) : {};
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

function base64(v: unknown, what: string, file: string): Uint8Array | undefined {
  const s = str(v);
  if (s === undefined) return undefined;
  if (!/^[A-Za-z0-9+/=\s]*$/.test(s)) throw new Error(`kubeconfig ${file}: ${what} is not base64`);
  return new Uint8Array(Buffer.from(s, "base64"));
}

/** Relative paths in a kubeconfig are relative to the file's folder, as client-go resolves them. */
function resolvePath(v: unknown, file: string): string | undefined {
  const p = str(v);
  return p === undefined ? undefined : path.resolve(path.dirname(file), p);
}

function named(list: unknown): Array<[string, Yaml]> {
  if (!Array.isArray(list)) return [];
  return list.flatMap((e) => {
    const name = str(record(e)["name"]);
    return name === undefined ? [] : [[name, record(e)] as [string, Yaml]];
  });
}

function readCluster(entry: Yaml, file: string): Cluster {
  const c = record(entry["cluster"]);
  const out: Cluster = {};
  const server = str(c["server"]);
  if (server !== undefined) out.server = server;
  const caData = base64(c["certificate-authority-data"], "certificate-authority-data", file);
  if (caData !== undefined) out.caData = caData;
  const caFile = resolvePath(c["certificate-authority"], file);
  if (caFile !== undefined) out.caFile = caFile;
  if (c["insecure-skip-tls-verify"] === true) out.insecure = true;
  const sni = str(c["tls-server-name"]);
  if (sni !== undefined) out.tlsServerName = sni;
  return out;
}

function readUser(entry: Yaml, file: string): User {
  const u = record(entry["user"]);
  const out: User = {};
  const set = <K extends keyof User>(k: K, v: User[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set("token", str(u["token"]));
  set("tokenFile", resolvePath(u["tokenFile"], file));
  set("certData", base64(u["client-certificate-data"], "client-certificate-data", file));
  set("certFile", resolvePath(u["client-certificate"], file));
  set("keyData", base64(u["client-key-data"], "client-key-data", file));
  set("keyFile", resolvePath(u["client-key"], file));
  set("username", str(u["username"]));
  set("password", str(u["password"]));
  if (u["exec"] !== undefined && u["exec"] !== null) set("unsupported", "exec credential plugins");
  else if (u["auth-provider"] !== undefined && u["auth-provider"] !== null) set("unsupported", "auth-provider plugins");
  return out;
}

function readContext(entry: Yaml): Context {
  const c = record(entry["context"]);
  const out: Context = {};
  const cluster = str(c["cluster"]);
  if (cluster !== undefined) out.cluster = cluster;
  const user = str(c["user"]);
  if (user !== undefined) out.user = user;
  const namespace = str(c["namespace"]);
  if (namespace !== undefined) out.namespace = namespace;
  return out;
}

function mergeFile(merged: Merged, file: string): void {
  let doc: Yaml;
  try {
    doc = record(parseYaml(fs.readFileSync(file, "utf8")));
  } catch (err) {
    throw new Error(`kubeconfig ${file}: ${(err as Error).message}`);
  }
  merged.files.push(file);
  merged.currentContext ??= str(doc["current-context"]);
  for (const [name, e] of named(doc["clusters"])) if (!merged.clusters.has(name)) merged.clusters.set(name, readCluster(e, file));
  for (const [name, e] of named(doc["users"])) if (!merged.users.has(name)) merged.users.set(name, readUser(e, file));
  for (const [name, e] of named(doc["contexts"])) if (!merged.contexts.has(name)) merged.contexts.set(name, readContext(e));
}

/** The files to read: an explicit path, else KUBECONFIG's existing entries, else ~/.kube/config. */
function kubeconfigFiles(opts: KubeconfigOptions): string[] {
  const env = opts.env ?? process.env;
  if (opts.path !== undefined) {
    if (!fs.existsSync(opts.path)) throw new Error(`kubeconfig ${opts.path} does not exist`);
    return [path.resolve(opts.path)];
  }
  const list = env["KUBECONFIG"];
  if (list !== undefined && list !== "") {
    // As client-go: entries that do not exist are skipped, repeated ones read once.
    const files = [...new Set(list.split(path.delimiter).filter((f) => f !== "").map((f) => path.resolve(f)))];
    const existing = files.filter((f) => fs.existsSync(f));
    if (existing.length === 0) throw new Error(`none of the files in KUBECONFIG exist: ${list}`);
    return existing;
  }
  const home = env["HOME"] ?? env["USERPROFILE"] ?? os.homedir();
  const file = path.join(home, ".kube", "config");
  if (!fs.existsSync(file)) throw new Error(`no kubeconfig: ${file} does not exist and KUBECONFIG is not set`);
  return [file];
}

function readFileFor(file: string | undefined, what: string): Uint8Array | undefined {
  if (file === undefined) return undefined;
  try {
    return new Uint8Array(fs.readFileSync(file));
  } catch (err) {
    throw new Error(`cannot read ${what} ${file}: ${(err as Error).message}`);
  }
}

/**
 * Loads a RestConfig from kubeconfig files as kubectl does: the files of KUBECONFIG
 * (separated by ":" or ";" on Windows) merged with the first definition of each name winning,
 * or ~/.kube/config; the current context (or `opts.context`) picks the cluster and user.
 * Certificate and token files are read now, relative paths resolved against the file that
 * names them; a token file is also kept in `bearerTokenFile` so that rotations are seen.
 * @throws Error naming the missing file, context, cluster or user, or an unsupported credential.
 */
export function loadKubeconfig(opts: KubeconfigOptions = {}): RestConfig {
  const merged: Merged = { files: [], clusters: new Map(), users: new Map(), contexts: new Map() };
  for (const file of kubeconfigFiles(opts)) mergeFile(merged, file);
  const where = merged.files.join(path.delimiter);

  const contextName = opts.context ?? merged.currentContext;
  if (contextName === undefined) throw new Error(`kubeconfig ${where} has no current-context and no context was given`);
  const context = merged.contexts.get(contextName);
  if (context === undefined) throw new Error(`context "${contextName}" not found in kubeconfig ${where}`);
  if (context.cluster === undefined) throw new Error(`context "${contextName}" in kubeconfig ${where} names no cluster`);
  const cluster = merged.clusters.get(context.cluster);
  if (cluster === undefined) throw new Error(`cluster "${context.cluster}" of context "${contextName}" not found in kubeconfig ${where}`);
  if (cluster.server === undefined) throw new Error(`cluster "${context.cluster}" in kubeconfig ${where} has no server`);

  const config: RestConfig = { server: cluster.server };
  // Inline data wins over a file, as in client-go.
  const caData = cluster.caData ?? readFileFor(cluster.caFile, "certificate-authority");
  if (caData !== undefined) config.caData = caData;
  if (cluster.insecure) config.insecureSkipTLSVerify = true;
  if (cluster.tlsServerName !== undefined) config.tlsServerName = cluster.tlsServerName;
  if (context.namespace !== undefined) config.namespace = context.namespace;

  if (context.user !== undefined) {
    const user = merged.users.get(context.user);
    if (user === undefined) throw new Error(`user "${context.user}" of context "${contextName}" not found in kubeconfig ${where}`);
    if (user.unsupported !== undefined) {
      throw new Error(`user "${context.user}" in kubeconfig ${where} authenticates with ${user.unsupported}, which kubegen does not support`);
    }
    applyUser(config, user);
  }
  return config;
}

function applyUser(config: RestConfig, user: User): void {
  const certData = user.certData ?? readFileFor(user.certFile, "client-certificate");
  if (certData !== undefined) config.certData = certData;
  const keyData = user.keyData ?? readFileFor(user.keyFile, "client-key");
  if (keyData !== undefined) config.keyData = keyData;
  if (user.token !== undefined) config.bearerToken = user.token;
  if (user.tokenFile !== undefined) {
    config.bearerTokenFile = user.tokenFile;
    config.bearerToken = Buffer.from(readFileFor(user.tokenFile, "tokenFile")!).toString("utf8").trim();
  }
  if (user.username !== undefined) config.username = user.username;
  if (user.password !== undefined) config.password = user.password;
}

/** Where a pod's service account credentials are mounted. */
export const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

/** Where in-cluster configuration is read from; the defaults are a pod's. */
export interface InClusterOptions {
  /** The environment holding KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The service account token file. */
  tokenPath?: string;
  /** The cluster CA bundle. */
  caPath?: string;
  /** The namespace file. */
  namespacePath?: string;
}

/**
 * The config of a client running in a pod: the kubernetes Service's address from
 * KUBERNETES_SERVICE_HOST/PORT, the mounted service account token (re-read as it rotates)
 * and the cluster CA.
 * @throws Error when not in a cluster (the variables are unset) or the token cannot be read.
 */
export function inClusterConfig(opts: InClusterOptions = {}): RestConfig {
  const env = opts.env ?? process.env;
  const host = env["KUBERNETES_SERVICE_HOST"];
  const port = env["KUBERNETES_SERVICE_PORT"];
  if (!host || !port) {
    throw new Error("unable to load in-cluster configuration, KUBERNETES_SERVICE_HOST and KUBERNETES_SERVICE_PORT must be defined");
  }
  const tokenPath = opts.tokenPath ?? path.join(SERVICE_ACCOUNT_DIR, "token");
  const caPath = opts.caPath ?? path.join(SERVICE_ACCOUNT_DIR, "ca.crt");
  const namespacePath = opts.namespacePath ?? path.join(SERVICE_ACCOUNT_DIR, "namespace");
  const hostPart = host.includes(":") ? `[${host}]` : host; // an IPv6 address needs brackets
  const config: RestConfig = {
    server: `https://${hostPart}:${port}`,
    bearerToken: fs.readFileSync(tokenPath, "utf8").trim(),
    bearerTokenFile: tokenPath,
  };
  // As client-go: a missing CA is not fatal here; TLS verification then fails with its own error.
  if (fs.existsSync(caPath)) config.caData = new Uint8Array(fs.readFileSync(caPath));
  if (fs.existsSync(namespacePath)) config.namespace = fs.readFileSync(namespacePath, "utf8").trim();
  return config;
}
