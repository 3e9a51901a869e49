/** Builds a RestConfig from kubeconfig files (KUBECONFIG merge, contexts, credentials) or from a pod's service account. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { isMap, isSeq, parse as parseYaml, parseDocument } from "yaml";
import { validateExecConfig, type ExecEnvVar, type ExecInteractiveMode, type ExecProviderConfig } from "./auth/exec.js";
import { validateAuthProvider, type AuthProviderConfig } from "./auth/oidc.js";
import type { ImpersonationConfig, RestConfig } from "./config.js";
import { parseProxyUrl } from "./proxy.js";

/** Where kubeconfig loading looks and what it picks. */
export interface KubeconfigOptions {
  /** One kubeconfig file; when set, KUBECONFIG and ~/.kube/config are not read. */
  path?: string;
  /** The context to use instead of the file's current-context. */
  context?: string;
  /** The environment to read KUBECONFIG and HOME from (process.env by default). */
  env?: Readonly<Record<string, string | undefined>>;
}

type Yaml = Record<string, unknown>;

/** One named entry as read, with the file that defines it (relative paths and persisting need it). */
interface Entry {
  body: Yaml;
  file: string;
}

/** The merged view of one or more kubeconfig files; the first file to define a name wins. */
interface Merged {
  files: string[];
  currentContext?: string;
  clusters: Map<string, Entry>;
  users: Map<string, Entry>;
  contexts: Map<string, Entry>;
}

/**
 * The fields of clientcmd's v1 types. Each one either changes what the client does or, for
 * `extensions` and `preferences`, carries data for other tools that client-go does not read
 * either; any other key is an error naming it, so that nothing is dropped silently.
 */
const CONFIG_FIELDS: ReadonlySet<string> = new Set([
  "apiVersion",
  "kind",
  "preferences",
  "clusters",
  "users",
  "contexts",
  "current-context",
  "extensions",
]);
const CLUSTER_FIELDS: ReadonlySet<string> = new Set([
  "server",
  "tls-server-name",
  "insecure-skip-tls-verify",
  "certificate-authority",
  "certificate-authority-data",
  "proxy-url",
  "disable-compression",
  "extensions",
]);
const USER_FIELDS: ReadonlySet<string> = new Set([
  "client-certificate",
  "client-certificate-data",
  "client-key",
  "client-key-data",
  "token",
  "tokenFile",
  "as",
  "as-uid",
  "as-groups",
  "as-user-extra",
  "username",
  "password",
  "auth-provider",
  "exec",
  "extensions",
]);
const CONTEXT_FIELDS: ReadonlySet<string> = new Set(["cluster", "user", "namespace", "extensions"]);
const EXEC_FIELDS: ReadonlySet<string> = new Set([
  "command",
  "args",
  "env",
  "apiVersion",
  "installHint",
  "provideClusterInfo",
  "interactiveMode",
]);
const AUTH_PROVIDER_FIELDS: ReadonlySet<string> = new Set(["name", "config"]);
/** The cluster extension whose content an exec plugin receives as `spec.cluster.config`. */
const EXEC_EXTENSION = "client.authentication.k8s.io/exec";

function record(v: unknown): Yaml {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Yaml) : {};
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}

/** Reads the fields of one stanza with their types checked; errors say where. */
class Fields {
  constructor(
    private readonly body: Yaml,
    private readonly where: string,
    known: ReadonlySet<string>,
  ) {
    for (const k of Object.keys(body)) {
      if (!known.has(k))
        throw new Error(`${where}: field ${JSON.stringify(k)} is not a kubeconfig field kubegen knows (known: ${[...known].join(", ")})`);
    }
  }

  private fail(key: string, what: string): Error {
    return new Error(`${this.where}: ${key} must be ${what}`);
  }

  string(key: string): string | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") throw this.fail(key, "a string");
    return v === "" ? undefined : v;
  }

  bool(key: string): boolean | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "boolean") throw this.fail(key, "true or false");
    return v;
  }

  strings(key: string): string[] | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (!Array.isArray(v) || v.some((e) => typeof e !== "string")) throw this.fail(key, "a list of strings");
    return v as string[];
  }

  base64(key: string): Uint8Array | undefined {
    const s = this.string(key);
    if (s === undefined) return undefined;
    if (!/^[A-Za-z0-9+/=\s]*$/.test(s)) throw new Error(`${this.where}: ${key} is not base64`);
    return new Uint8Array(Buffer.from(s, "base64"));
  }

  /** A path, resolved against the kubeconfig file's folder as client-go resolves it. */
  path(key: string, file: string): string | undefined {
    const p = this.string(key);
    return p === undefined ? undefined : path.resolve(path.dirname(file), p);
  }

  stanza(key: string): Yaml | undefined {
    const v = this.body[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "object" || Array.isArray(v)) throw this.fail(key, "a mapping");
    return v as Yaml;
  }

  raw(key: string): unknown {
    return this.body[key];
  }
}

function named(list: unknown, what: string, file: string): Array<[string, Yaml]> {
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new Error(`kubeconfig ${file}: ${what} must be a list`);
  return list.flatMap((e) => {
    const name = str(record(e)["name"]);
    return name === undefined ? [] : [[name, record(e)] as [string, Yaml]];
  });
}

function mergeFile(merged: Merged, file: string): void {
  let doc: Yaml;
  try {
    doc = record(parseYaml(fs.readFileSync(file, "utf8")));
  } catch (err) {
    throw new Error(`kubeconfig ${file}: ${(err as Error).message}`, { cause: err });
  }
  new Fields(doc, `kubeconfig ${file}`, CONFIG_FIELDS);
  merged.files.push(file);
  merged.currentContext ??= str(doc["current-context"]);
  const add = (map: Map<string, Entry>, list: unknown, what: string) => {
    for (const [name, body] of named(list, what, file)) if (!map.has(name)) map.set(name, { body, file });
  };
  add(merged.clusters, doc["clusters"], "clusters");
  add(merged.users, doc["users"], "users");
  add(merged.contexts, doc["contexts"], "contexts");
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
    const files = [
      ...new Set(
        list
          .split(path.delimiter)
          .filter((f) => f !== "")
          .map((f) => path.resolve(f)),
      ),
    ];
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
    throw new Error(`cannot read ${what} ${file}: ${(err as Error).message}`, { cause: err });
  }
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/**
 * Loads a RestConfig from kubeconfig files as kubectl does: the files of KUBECONFIG
 * (separated by ":" or ";" on Windows) merged with the first definition of each name winning,
 * or ~/.kube/config; the current context (or `opts.context`) picks the cluster and user.
 * Certificate and token files are read now, relative paths resolved against the file that
 * names them; a token file is also kept in `bearerTokenFile` so that rotations are seen.
 * Every field of the chosen context, cluster and user is honoured or refused with an error
 * naming it; an oidc auth-provider's refreshed tokens are written back to the user's file.
 * @throws Error naming the missing file, context, cluster or user, or the field it cannot honour.
 */
export function loadKubeconfig(opts: KubeconfigOptions = {}): RestConfig {
  const merged: Merged = { files: [], clusters: new Map(), users: new Map(), contexts: new Map() };
  for (const file of kubeconfigFiles(opts)) mergeFile(merged, file);
  const where = merged.files.join(path.delimiter);

  const contextName = opts.context ?? merged.currentContext;
  if (contextName === undefined) throw new Error(`kubeconfig ${where} has no current-context and no context was given`);
  const contextEntry = merged.contexts.get(contextName);
  if (contextEntry === undefined) throw new Error(`context "${contextName}" not found in kubeconfig ${where}`);
  const context = new Fields(
    record(contextEntry.body["context"]),
    `context "${contextName}" in kubeconfig ${contextEntry.file}`,
    CONTEXT_FIELDS,
  );
  const clusterName = context.string("cluster");
  if (clusterName === undefined) throw new Error(`context "${contextName}" in kubeconfig ${where} names no cluster`);
  const clusterEntry = merged.clusters.get(clusterName);
  if (clusterEntry === undefined) throw new Error(`cluster "${clusterName}" of context "${contextName}" not found in kubeconfig ${where}`);

  const config = readCluster(clusterName, clusterEntry, where);
  const namespace = context.string("namespace");
  if (namespace !== undefined) {
    if (!DNS1123_LABEL.test(namespace) || namespace.length > 63) {
      throw new Error(
        `namespace ${JSON.stringify(namespace)} for context ${JSON.stringify(contextName)} does not conform to the kubernetes DNS_LABEL rules`,
      );
    }
    config.namespace = namespace;
  }

  const userName = context.string("user");
  if (userName !== undefined) {
    const userEntry = merged.users.get(userName);
    if (userEntry === undefined) throw new Error(`user "${userName}" of context "${contextName}" not found in kubeconfig ${where}`);
    applyUser(config, userName, userEntry, clusterEntry);
  }
  return config;
}

function readCluster(name: string, entry: Entry, where: string): RestConfig {
  const c = new Fields(record(entry.body["cluster"]), `cluster "${name}" in kubeconfig ${entry.file}`, CLUSTER_FIELDS);
  const server = c.string("server");
  if (server === undefined) throw new Error(`cluster "${name}" in kubeconfig ${where} has no server`);
  const config: RestConfig = { server };
  // Inline data wins over a file, as in client-go.
  const caData =
    c.base64("certificate-authority-data") ?? readFileFor(c.path("certificate-authority", entry.file), "certificate-authority");
  if (caData !== undefined) config.caData = caData;
  if (c.bool("insecure-skip-tls-verify")) {
    if (caData !== undefined)
      throw new Error(`cluster "${name}": specifying a root certificates file with the insecure flag is not allowed`);
    config.insecureSkipTLSVerify = true;
  }
  const sni = c.string("tls-server-name");
  if (sni !== undefined) config.tlsServerName = sni;
  const proxyUrl = c.string("proxy-url");
  if (proxyUrl !== undefined) {
    parseProxyUrl(proxyUrl, `for cluster ${JSON.stringify(name)}`);
    config.proxyUrl = proxyUrl;
  }
  if (c.bool("disable-compression")) config.disableCompression = true;
  return config;
}

/** The cluster's exec extension, if any: what an exec plugin gets as `spec.cluster.config`. */
function execExtension(cluster: Entry): unknown {
  const list = record(cluster.body["cluster"])["extensions"];
  if (!Array.isArray(list)) return undefined;
  const ext = list.map(record).find((e) => e["name"] === EXEC_EXTENSION);
  return ext?.["extension"];
}

function applyUser(config: RestConfig, name: string, entry: Entry, cluster: Entry): void {
  const what = `user "${name}" in kubeconfig ${entry.file}`;
  const u = new Fields(record(entry.body["user"]), what, USER_FIELDS);
  const certFile = u.path("client-certificate", entry.file);
  const certInline = u.base64("client-certificate-data");
  const keyFile = u.path("client-key", entry.file);
  const keyInline = u.base64("client-key-data");
  if ((certFile ?? certInline) !== undefined && (keyFile ?? keyInline) === undefined) {
    throw new Error(`client-key-data or client-key must be specified for ${name} to use the clientCert authentication method.`);
  }
  const certData = certInline ?? readFileFor(certFile, "client-certificate");
  if (certData !== undefined) config.certData = certData;
  const keyData = keyInline ?? readFileFor(keyFile, "client-key");
  if (keyData !== undefined) config.keyData = keyData;

  const token = u.string("token");
  const tokenFile = u.path("tokenFile", entry.file);
  const username = u.string("username");
  const password = u.string("password");
  if ((token !== undefined || tokenFile !== undefined) && (username !== undefined || password !== undefined)) {
    throw new Error(`more than one authentication method found for ${name}; found [token basicAuth], only one is allowed`);
  }
  if (token !== undefined) config.bearerToken = token;
  else if (tokenFile !== undefined) {
    config.bearerTokenFile = tokenFile;
    config.bearerToken = Buffer.from(readFileFor(tokenFile, "tokenFile")!).toString("utf8").trim();
  }
  if (username !== undefined) config.username = username;
  if (password !== undefined) config.password = password;

  const impersonate = readImpersonation(u, name, what);
  if (impersonate !== undefined) config.impersonate = impersonate;

  const exec = u.stanza("exec");
  const authProvider = u.stanza("auth-provider");
  if (exec !== undefined && authProvider !== undefined)
    throw new Error(`authProvider cannot be provided in combination with an exec plugin for ${name}`);
  if (exec !== undefined) {
    config.execProvider = readExec(exec, name, `${what}, exec`, entry.file);
    const ext = execExtension(cluster);
    if (ext !== undefined) config.execProvider.config = ext;
  }
  if (authProvider !== undefined) {
    config.authProvider = readAuthProvider(authProvider, name, `${what}, auth-provider`);
    config.authProviderPersister = (cfg) => persistAuthProviderConfig(entry.file, name, cfg);
  }
}

function readImpersonation(u: Fields, name: string, what: string): ImpersonationConfig | undefined {
  const imp: ImpersonationConfig = {};
  const as = u.string("as");
  if (as !== undefined) imp.userName = as;
  const uid = u.string("as-uid");
  if (uid !== undefined) imp.uid = uid;
  const groups = u.strings("as-groups");
  if (groups !== undefined && groups.length > 0) imp.groups = groups;
  const extraRaw = u.stanza("as-user-extra");
  if (extraRaw !== undefined) {
    const extra: Record<string, string[]> = {};
    for (const [k, v] of Object.entries(extraRaw)) {
      if (!Array.isArray(v) || v.some((e) => typeof e !== "string"))
        throw new Error(`${what}: as-user-extra.${k} must be a list of strings`);
      extra[k] = v as string[];
    }
    if (Object.keys(extra).length > 0) imp.extra = extra;
  }
  if (Object.keys(imp).length === 0) return undefined;
  if (imp.userName === undefined) throw new Error(`requesting uid, groups or user-extra for ${name} without impersonating a user`);
  return imp;
}

function readExec(body: Yaml, user: string, where: string, file: string): ExecProviderConfig {
  const e = new Fields(body, where, EXEC_FIELDS);
  const envRaw = e.raw("env");
  const env: ExecEnvVar[] = [];
  if (envRaw !== undefined && envRaw !== null) {
    if (!Array.isArray(envRaw)) throw new Error(`${where}: env must be a list of {name, value}`);
    for (const item of envRaw) {
      const v = new Fields(record(item), `${where}, env`, new Set(["name", "value"]));
      env.push({ name: v.string("name") ?? "", value: v.string("value") ?? "" });
    }
  }
  let command = e.string("command") ?? "";
  // A command with a folder in it is relative to the kubeconfig, as client-go resolves it; a bare name is looked up in PATH.
  if (command !== "" && path.basename(command) !== command) command = path.resolve(path.dirname(file), command);
  const config: ExecProviderConfig = { command, apiVersion: e.string("apiVersion") ?? "" };
  const args = e.strings("args");
  if (args !== undefined) config.args = args;
  if (env.length > 0) config.env = env;
  const hint = e.string("installHint");
  if (hint !== undefined) config.installHint = hint;
  if (e.bool("provideClusterInfo")) config.provideClusterInfo = true;
  const mode = e.string("interactiveMode");
  if (mode !== undefined) config.interactiveMode = mode as ExecInteractiveMode;
  validateExecConfig(config, user);
  return config;
}

function readAuthProvider(body: Yaml, user: string, where: string): AuthProviderConfig {
  const a = new Fields(body, where, AUTH_PROVIDER_FIELDS);
  const name = a.string("name");
  if (name === undefined) throw new Error(`${where}: name must be set`);
  const cfgRaw = a.stanza("config") ?? {};
  const cfg: Record<string, string> = {};
  for (const [k, v] of Object.entries(cfgRaw)) {
    if (typeof v !== "string") throw new Error(`${where}: config.${k} must be a string`);
    cfg[k] = v;
  }
  const provider: AuthProviderConfig = { name, config: cfg };
  validateAuthProvider(provider, user);
  return provider;
}

/**
 * Writes an auth-provider's new settings into the kubeconfig file that defines the user, as
 * client-go's persister does; the rest of the file (comments, order) is kept.
 */
export function persistAuthProviderConfig(file: string, user: string, config: Readonly<Record<string, string>>): void {
  const doc = parseDocument(fs.readFileSync(file, "utf8"));
  const users = doc.get("users");
  if (!isSeq(users)) throw new Error(`kubeconfig ${file} has no users list`);
  const index = users.items.findIndex((item) => isMap(item) && item.get("name") === user);
  if (index < 0) throw new Error(`user "${user}" not found in kubeconfig ${file}`);
  doc.setIn(["users", index, "user", "auth-provider", "config"], doc.createNode({ ...config }));
  const mode = fs.statSync(file).mode & 0o777;
  // Written next to the file and renamed over it, so a reader never sees half a file.
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, doc.toString(), { mode });
  fs.renameSync(tmp, file);
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
