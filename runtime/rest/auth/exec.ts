/**
 * Exec credential plugins (client.authentication.k8s.io v1 and v1beta1), as client-go runs
 * them: the command gets KUBERNETES_EXEC_INFO (and the cluster when `provideClusterInfo`),
 * standard input only when interactive, and prints an ExecCredential whose token or client
 * certificate is used until `expirationTimestamp`, or until the server answers 401.
 */
import { spawn } from "node:child_process";
import { CredentialError, type CredentialProvider, type Credentials } from "./credentials.js";

/** One variable set for the plugin on top of the process environment. */
export interface ExecEnvVar {
  name: string;
  value: string;
}

/** How the plugin may use standard input. */
export type ExecInteractiveMode = "Never" | "IfAvailable" | "Always";

/** The kubeconfig user's `exec` stanza. */
export interface ExecProviderConfig {
  command: string;
  args?: readonly string[];
  env?: readonly ExecEnvVar[];
  /** `client.authentication.k8s.io/v1` or `client.authentication.k8s.io/v1beta1`. */
  apiVersion: string;
  /** Shown when the command cannot be found. */
  installHint?: string;
  /** Pass the cluster (server, CA, ...) in KUBERNETES_EXEC_INFO. */
  provideClusterInfo?: boolean;
  /** Required for v1; v1beta1 defaults to IfAvailable. */
  interactiveMode?: ExecInteractiveMode;
  /** The cluster's `client.authentication.k8s.io/exec` extension, passed as `spec.cluster.config`. */
  config?: unknown;
}

/** The cluster as KUBERNETES_EXEC_INFO describes it (clientauthentication's Cluster, JSON names). */
export interface ExecClusterInfo {
  server: string;
  "tls-server-name"?: string;
  "insecure-skip-tls-verify"?: boolean;
  /** Base64 of the PEM bundle, as Go encodes bytes. */
  "certificate-authority-data"?: string;
  "proxy-url"?: string;
  "disable-compression"?: boolean;
  config?: unknown;
}

const API_VERSIONS: ReadonlySet<string> = new Set(["client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"]);
const INSTALL_HINT_HELP = `

It looks like you are trying to use a client-go credential plugin that is not installed.

To learn more about this feature, consult the documentation available at:
      https://kubernetes.io/docs/reference/access-authn-authz/authentication/#client-go-credential-plugins`;
/** Stderr kept for an error message; a chatty plugin's output beyond this is cut. */
const MAX_STDERR = 4096;

/** Options for tests and embedders. */
export interface ExecOptions {
  /** Whether standard input is a terminal (process.stdin.isTTY by default). */
  isTerminal?: () => boolean;
  /** Where the plugin's stderr goes after a successful run (process.stderr by default); failures put it in the error. */
  stderr?: (text: string) => void;
  /** The clock, for expiry. */
  now?: () => number;
}

/** Checks an exec stanza as client-go's validation does; returns the effective interactive mode. */
export function validateExecConfig(config: ExecProviderConfig, user: string): ExecInteractiveMode {
  if (!config.command) throw new Error(`command must be specified for ${user} to use exec authentication plugin`);
  if (!config.apiVersion) throw new Error(`apiVersion must be specified for ${user} to use exec authentication plugin`);
  if (!API_VERSIONS.has(config.apiVersion)) throw new Error(`exec plugin: invalid apiVersion ${JSON.stringify(config.apiVersion)}`);
  for (const v of config.env ?? [])
    if (!v.name) throw new Error(`env variable name must be specified for ${user} to use exec authentication plugin`);
  const mode = config.interactiveMode ?? (config.apiVersion.endsWith("/v1beta1") ? "IfAvailable" : undefined);
  if (mode === undefined) throw new Error(`interactiveMode must be specified for ${user} to use exec authentication plugin`);
  if (mode !== "Never" && mode !== "IfAvailable" && mode !== "Always")
    throw new Error(`invalid interactiveMode for ${user}: ${JSON.stringify(mode)}`);
  return mode;
}

interface Cached {
  creds: Credentials;
  /** Milliseconds since the epoch; undefined when the plugin named no expiry. */
  expiresAt: number | undefined;
}

/** Runs one exec plugin and caches what it returns. */
export class ExecAuthenticator implements CredentialProvider {
  private readonly mode: ExecInteractiveMode;
  private cached: Cached | undefined;
  private running: Promise<Credentials> | undefined;
  private readonly isTerminal: () => boolean;
  private readonly stderr: (text: string) => void;
  private readonly now: () => number;

  constructor(
    private readonly config: ExecProviderConfig,
    private readonly cluster: ExecClusterInfo | undefined,
    opts: ExecOptions = {},
  ) {
    this.mode = validateExecConfig(config, `exec plugin ${config.command}`);
    this.isTerminal = opts.isTerminal ?? (() => process.stdin.isTTY === true);
    this.stderr = opts.stderr ?? ((t) => process.stderr.write(t));
    this.now = opts.now ?? Date.now;
  }

  credentials(): Promise<Credentials> {
    const c = this.cached;
    if (c !== undefined && (c.expiresAt === undefined || this.now() <= c.expiresAt)) return Promise.resolve(c.creds);
    // One run at a time: concurrent requests share it (and an interactive plugin prompts once).
    this.running ??= this.run().finally(() => (this.running = undefined));
    return this.running;
  }

  unauthorized(used: Credentials): boolean {
    if (this.cached?.creds === used) this.cached = undefined;
    return true;
  }

  private interactive(): boolean {
    if (this.mode === "Never") return false;
    const tty = this.isTerminal();
    if (this.mode === "Always" && !tty)
      throw new CredentialError(`getting credentials: exec plugin cannot support interactive mode: standard input is not a terminal`);
    return tty;
  }

  private async run(): Promise<Credentials> {
    const interactive = this.interactive();
    const input = {
      kind: "ExecCredential",
      apiVersion: this.config.apiVersion,
      spec: { interactive, ...(this.config.provideClusterInfo && this.cluster !== undefined && { cluster: this.cluster }) },
    };
    const env: Record<string, string | undefined> = { ...process.env };
    for (const v of this.config.env ?? []) env[v.name] = v.value;
    env["KUBERNETES_EXEC_INFO"] = JSON.stringify(input);
    const { stdout, stderr } = await this.spawn(env, interactive);
    const creds = this.parse(stdout);
    if (stderr !== "") this.stderr(stderr);
    return creds;
  }

  private spawn(env: Record<string, string | undefined>, interactive: boolean): Promise<{ stdout: string; stderr: string }> {
    const cmd = this.config.command;
    return new Promise((resolve, reject) => {
      const child = spawn(cmd, [...(this.config.args ?? [])], { env, stdio: [interactive ? "inherit" : "ignore", "pipe", "pipe"] });
      const out: Buffer[] = [];
      let err = "";
      child.stdout.on("data", (c: Buffer) => out.push(c));
      child.stderr.on("data", (c: Buffer) => {
        // An interactive plugin prompts on stderr: show it as it comes.
        if (interactive) process.stderr.write(c);
        err = (err + c.toString("utf8")).slice(-MAX_STDERR);
      });
      child.once("error", (e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT") {
          const hint = this.config.installHint ? `\n\n${this.config.installHint}` : "";
          reject(new CredentialError(`getting credentials: exec: executable ${cmd} not found${INSTALL_HINT_HELP}${hint}`, { cause: e }));
        } else reject(new CredentialError(`getting credentials: exec: ${cmd}: ${e.message}`, { cause: e }));
      });
      child.once("close", (code, signal) => {
        if (code === 0) return resolve({ stdout: Buffer.concat(out).toString("utf8"), stderr: err });
        const how = code !== null ? `failed with exit code ${code}` : `was killed by ${signal}`;
        const said = err.trim() === "" ? "" : `; its stderr: ${err.trim()}`;
        reject(new CredentialError(`getting credentials: exec: executable ${cmd} ${how}${said}`));
      });
    });
  }

  private parse(stdout: string): Credentials {
    const fail = (msg: string) => new CredentialError(`getting credentials: exec plugin ${this.config.command}: ${msg}`);
    let cred: { apiVersion?: unknown; kind?: unknown; status?: Record<string, unknown> | null };
    try {
      cred = JSON.parse(stdout) as typeof cred;
    } catch (e) {
      throw fail(`decoding stdout: ${(e as Error).message}`);
    }
    if (typeof cred !== "object" || cred === null || typeof cred.apiVersion !== "string" || cred.kind !== "ExecCredential") {
      throw fail(`decoding stdout: not an ExecCredential (apiVersion and kind missing or wrong)`);
    }
    if (cred.apiVersion !== this.config.apiVersion) {
      throw fail(`exec plugin is configured to use API version ${this.config.apiVersion}, plugin returned version ${cred.apiVersion}`);
    }
    const status = cred.status;
    if (status === undefined || status === null || typeof status !== "object") throw fail("exec plugin didn't return a status field");
    const text = (k: string) => (typeof status[k] === "string" ? status[k] : "");
    const token = text("token");
    const certData = text("clientCertificateData");
    const keyData = text("clientKeyData");
    if (token === "" && certData === "" && keyData === "") throw fail("exec plugin didn't return a token or cert/key pair");
    if ((certData === "") !== (keyData === "")) throw fail("exec plugin returned only certificate or key, not both");
    let expiresAt: number | undefined;
    const exp = status["expirationTimestamp"];
    if (exp !== undefined && exp !== null) {
      expiresAt = typeof exp === "string" ? Date.parse(exp) : NaN;
      if (Number.isNaN(expiresAt)) throw fail(`decoding stdout: expirationTimestamp ${JSON.stringify(exp)} is not an RFC 3339 time`);
    }
    const creds: Credentials = {};
    if (token !== "") creds.token = token;
    if (certData !== "") Object.assign(creds, { certData, keyData });
    this.cached = { creds, expiresAt };
    return creds;
  }
}

/** Shared by every client built from the same plugin config and cluster, as client-go caches authenticators. */
const authenticators = new Map<string, ExecAuthenticator>();

/** The authenticator for a plugin config and cluster, reused across clients. */
export function execAuthenticatorFor(config: ExecProviderConfig, cluster: ExecClusterInfo): ExecAuthenticator {
  const key = JSON.stringify([config, cluster]);
  let a = authenticators.get(key);
  if (a === undefined) {
    a = new ExecAuthenticator(config, cluster);
    authenticators.set(key, a);
  }
  return a;
}
