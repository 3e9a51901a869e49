/**
 * `kubegen apiserver`: the apiserver alone, with kube-apiserver's flag names. It serves HTTPS,
 * keeps its PKI, kubeconfig and (by default) its SQLite database in --data-dir, and shuts down
 * gracefully on SIGTERM or SIGINT.
 */
import path from "node:path";
import { Command } from "commander";
import type { RunningAPIServer, RunOptions } from "../apiserver/server/run.js";
import { errorMessage } from "../runtime/logger.js";
import { duration, int } from "./flag-values.js";
import { startServiceAccountKeyGeneration } from "../apiserver/auth/service-account-key-early.js";
import { addLoggingFlags, setupLogging, type LoggingFlags } from "./logging.js";
import { addAggregationFlags, aggregationExtension, type AggregationFlags } from "./aggregation-flags.js";

/** Go's boolean flag values: `--flag`, `--flag=true|false|1|0|t|f`. */
function boolFlag(name: string): (v: string) => boolean {
  return (v) => {
    const s = v.toLowerCase();
    if (["true", "1", "t"].includes(s)) return true;
    if (["false", "0", "f"].includes(s)) return false;
    throw new Error(`${name}: invalid boolean value ${JSON.stringify(v)}`);
  };
}

export interface APIServerFlags extends AggregationFlags {
  dataDir: string;
  securePort: number;
  bindAddress: string;
  advertiseAddress?: string;
  storageBackend: string;
  etcdServers?: string;
  etcdCafile?: string;
  etcdCertfile?: string;
  etcdKeyfile?: string;
  etcdCompactionInterval: number;
  eventTtl: number;
  tokenAuthFile?: string;
  authorizationMode: string;
  anonymousAuth: boolean;
  serviceAccountIssuer?: string;
  serviceAccountKeyFile?: string[];
  serviceAccountSigningKeyFile?: string;
  apiAudiences?: string;
  serviceAccountMaxTokenExpiration: number;
  serviceAccountExtendTokenExpiration: boolean;
  auditPolicyFile?: string;
  auditLogPath?: string;
  auditLogMaxsize: number;
  auditLogMaxbackup: number;
  auditLogMaxage: number;
  encryptionProviderConfig?: string;
  enableAdmissionPlugins?: string;
  disableAdmissionPlugins?: string;
  serviceClusterIpRange: string;
  serviceNodePortRange: string;
  endpointReconcilerType: string;
  kubernetesServiceNodePort: number;
  systemNamespacesInterval: number;
  endpointReconcilerInterval: number;
  endpointLeaseTtl: number;
  maxRequestsInflight: number;
  maxMutatingRequestsInflight: number;
  requestTimeout: number;
  minRequestTimeout: number;
  etcdHealthcheckTimeout: number;
  etcdReadycheckTimeout: number;
  workers: number;
}

/** Adds the apiserver's flags to a command (`kubegen up` takes the same). */
export function addAPIServerFlags(cmd: Command): Command {
  return addAggregationFlags(cmd)
    .option("--data-dir <dir>", "where the PKI, kubeconfig and SQLite database live", "./.kubegen")
    .option("--secure-port <port>", "HTTPS port (0 picks a free one)", int("--secure-port"), 6443)
    .option("--bind-address <ip>", "address to listen on", "0.0.0.0")
    .option("--advertise-address <ip>", "address advertised to clients (default: the host's first IPv4 address)")
    .option("--storage-backend <backend>", "sqlite (embedded, in --data-dir) or etcd", "sqlite")
    .option("--etcd-servers <urls>", "comma-separated etcd client URLs, for --storage-backend=etcd")
    .option("--etcd-cafile <file>", "CA bundle that verifies https:// etcd members")
    .option("--etcd-certfile <file>", "client certificate presented to etcd")
    .option("--etcd-keyfile <file>", "key of --etcd-certfile")
    .option(
      "--etcd-healthcheck-timeout <duration>",
      "the timeout to use when checking etcd (the storage backend) health: the storage check of /livez, /readyz and /healthz",
      duration,
      2_000,
    )
    .option(
      "--etcd-readycheck-timeout <duration>",
      "the timeout to use when checking etcd (the storage backend) readiness: the readiness check of /readyz",
      duration,
      2_000,
    )
    .option(
      "--etcd-compaction-interval <duration>",
      "how often storage history is compacted (SQLite or etcd); 0 disables",
      duration,
      300_000,
    )
    .option("--event-ttl <duration>", "Amount of time to retain events.", duration, 3_600_000)
    .option(
      "--workers <n>",
      "processes that serve requests (TLS, HTTP, authentication, encoding); the storage stays in one primary process",
      int("--workers", 1),
      1,
    )
    .option("--token-auth-file <file>", 'static bearer tokens: CSV lines of token,user,uid,"group1,group2"')
    .option(
      "--authorization-mode <modes>",
      "comma list of authorizers tried in order: Node, RBAC, AlwaysAllow, AlwaysDeny (system:masters is always allowed)",
      "RBAC",
    )
    .option(
      "--anonymous-auth [bool]",
      "requests without credentials are system:anonymous (in system:unauthenticated); false: 401",
      boolFlag("--anonymous-auth"),
      true,
    )
    .option("--service-account-issuer <url>", "the iss of service-account tokens", "https://kubernetes.default.svc.cluster.local")
    .option(
      "--service-account-key-file <file>",
      "PEM public key that verifies service-account tokens (repeatable)",
      (v: string, prev: string[] | undefined) => [...(prev ?? []), v],
    )
    .option(
      "--service-account-signing-key-file <file>",
      "PEM private key service-account tokens are signed with (default: DIR/pki/sa.key, made on first start)",
    )
    .option(
      "--service-account-max-token-expiration <duration>",
      "the longest a TokenRequest may ask for (longer requests are shortened); 0: no cap",
      duration,
      0,
    )
    .option(
      "--service-account-extend-token-expiration [bool]",
      "pods' projected tokens (asked for 3607s) live a year, with a warnafter claim at the hour",
      boolFlag("--service-account-extend-token-expiration"),
      true,
    )
    .option("--api-audiences <list>", "audiences a token must name to log in (default: the issuer)")
    .option("--audit-policy-file <file>", "audit.k8s.io/v1 Policy: what is logged, at which level")
    .option("--audit-log-path <file>", "where audit events go, as JSON lines ('-': stdout)")
    .option("--audit-log-maxsize <MB>", "rotate the audit log when it reaches this size (0: never)", int("--audit-log-maxsize"), 0)
    .option("--audit-log-maxbackup <n>", "rotated audit logs kept (0: all)", int("--audit-log-maxbackup"), 0)
    .option("--audit-log-maxage <days>", "days rotated audit logs are kept (0: forever)", int("--audit-log-maxage"), 0)
    .option("--enable-admission-plugins <list>", "admission plugins to run besides the defaults (upstream 1.34's default set)")
    .option("--disable-admission-plugins <list>", "default admission plugins not to run")
    .option(
      "--encryption-provider-config <file>",
      "EncryptionConfiguration: how resources (secrets...) are encrypted at rest (aescbc, aesgcm, secretbox, identity)",
    )
    .option(
      "--service-cluster-ip-range <cidr>",
      "CIDR(s) Service cluster IPs are allocated from: one, or two of different IP families separated by a comma (dual-stack)",
      "10.96.0.0/12",
    )
    .option("--service-node-port-range <range>", "port range NodePort Services use", "30000-32767")
    .option("--endpoint-reconciler-type <type>", "how the kubernetes Service's endpoints are kept (lease, none)", "lease")
    .option(
      "--endpoint-reconciler-interval <duration>",
      "how often the kubernetes Service is checked and this apiserver's lease refreshed",
      duration,
      10_000,
    )
    .option(
      "--endpoint-lease-ttl <duration>",
      "how long an apiserver stays in the kubernetes endpoints without refreshing its lease",
      duration,
      15_000,
    )
    .option(
      "--kubernetes-service-node-port <port>",
      "if > 0, the kubernetes Service is a NodePort on this port (within --service-node-port-range)",
      int("--kubernetes-service-node-port"),
      0,
    )
    .option(
      "--system-namespaces-interval <duration>",
      "how often the system namespaces are checked besides reacting to their deletion",
      duration,
      60_000,
    )
    .option("--max-requests-inflight <n>", "read-only requests in flight before 429", int("--max-requests-inflight"), 400)
    .option("--max-mutating-requests-inflight <n>", "mutating requests in flight before 429", int("--max-mutating-requests-inflight"), 200)
    .option("--request-timeout <duration>", "how long a non-watch request may take", duration, 60_000)
    .option(
      "--min-request-timeout <seconds>",
      "watches last between this and twice this, unless they ask",
      int("--min-request-timeout"),
      1800,
    );
}

/** The runAPIServer options the apiserver's flags ask for (`kubegen up` uses it too). */
export function apiserverRunOptions(flags: APIServerFlags): RunOptions {
  return {
    dataDir: flags.dataDir,
    securePort: flags.securePort,
    bindAddress: flags.bindAddress,
    ...(flags.advertiseAddress ? { advertiseAddress: flags.advertiseAddress } : {}),
    storageBackend: flags.storageBackend as "sqlite" | "etcd",
    ...(flags.etcdServers
      ? {
          etcdServers: flags.etcdServers
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== ""),
        }
      : {}),
    ...(flags.etcdCafile ? { etcdCAFile: flags.etcdCafile } : {}),
    ...(flags.etcdCertfile ? { etcdCertFile: flags.etcdCertfile } : {}),
    ...(flags.etcdKeyfile ? { etcdKeyFile: flags.etcdKeyfile } : {}),
    etcdCompactionIntervalMs: flags.etcdCompactionInterval,
    eventTTLMs: flags.eventTtl,
    ...(flags.tokenAuthFile ? { tokenAuthFile: flags.tokenAuthFile } : {}),
    authorizationMode: flags.authorizationMode,
    anonymousAuth: flags.anonymousAuth,
    ...(flags.serviceAccountIssuer ? { serviceAccountIssuer: flags.serviceAccountIssuer } : {}),
    ...(flags.serviceAccountKeyFile ? { serviceAccountKeyFiles: flags.serviceAccountKeyFile } : {}),
    ...(flags.serviceAccountSigningKeyFile ? { serviceAccountSigningKeyFile: flags.serviceAccountSigningKeyFile } : {}),
    serviceAccountMaxTokenExpirationSeconds: Math.floor(flags.serviceAccountMaxTokenExpiration / 1000),
    serviceAccountExtendTokenExpiration: flags.serviceAccountExtendTokenExpiration,
    ...(flags.apiAudiences
      ? {
          apiAudiences: flags.apiAudiences
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== ""),
        }
      : {}),
    ...(flags.auditPolicyFile ? { auditPolicyFile: flags.auditPolicyFile } : {}),
    ...(flags.auditLogPath ? { auditLogPath: flags.auditLogPath } : {}),
    auditLogMaxSize: flags.auditLogMaxsize,
    auditLogMaxBackup: flags.auditLogMaxbackup,
    auditLogMaxAge: flags.auditLogMaxage,
    ...(flags.enableAdmissionPlugins
      ? {
          enableAdmissionPlugins: flags.enableAdmissionPlugins
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== ""),
        }
      : {}),
    ...(flags.disableAdmissionPlugins
      ? {
          disableAdmissionPlugins: flags.disableAdmissionPlugins
            .split(",")
            .map((s) => s.trim())
            .filter((s) => s !== ""),
        }
      : {}),
    ...(flags.encryptionProviderConfig ? { encryptionProviderConfig: flags.encryptionProviderConfig } : {}),
    serviceClusterIPRange: flags.serviceClusterIpRange,
    serviceNodePortRange: flags.serviceNodePortRange,
    endpointReconcilerType: flags.endpointReconcilerType,
    endpointReconcilerIntervalMs: flags.endpointReconcilerInterval,
    endpointLeaseTTLMs: flags.endpointLeaseTtl,
    kubernetesServiceNodePort: flags.kubernetesServiceNodePort,
    systemNamespacesIntervalMs: flags.systemNamespacesInterval,
    maxRequestsInFlight: flags.maxRequestsInflight,
    maxMutatingRequestsInFlight: flags.maxMutatingRequestsInflight,
    requestTimeoutMs: flags.requestTimeout,
    minRequestTimeoutSeconds: flags.minRequestTimeout,
    etcdHealthcheckTimeoutMs: flags.etcdHealthcheckTimeout,
    etcdReadycheckTimeoutMs: flags.etcdReadycheckTimeout,
    workers: flags.workers,
  };
}

/** What both commands use of a started apiserver, in this process or behind `--workers` processes. */
export type StartedAPIServer = Omit<RunningAPIServer, "server" | "storages">;

/** Starts the apiserver in this process, or (`--workers` > 1) as a primary owning the storage and N worker processes. */
export async function startAPIServer(options: RunOptions): Promise<StartedAPIServer> {
  if ((options.workers ?? 1) > 1) {
    const { runAPIServerWorkers } = await import("../apiserver/server/workers/run-workers.js");
    return runAPIServerWorkers(options);
  }
  const { runAPIServer } = await import("../apiserver/server/run.js");
  return runAPIServer(options);
}

/** `, N workers` for the started line, when there are several. */
export function workersNote(options: { workers?: number }): string {
  return (options.workers ?? 1) > 1 ? `, ${options.workers} workers` : "";
}

/** `onServing`: called once the apiserver serves, before the line that says so (KubegenOptions). */
export function apiserverCommand(onServing?: () => void): Command {
  return addLoggingFlags(
    addAPIServerFlags(
      new Command("apiserver").description("run the apiserver: HTTPS, embedded SQLite (or etcd), kubeconfig in --data-dir"),
    ),
  ).action(async (flags: APIServerFlags & LoggingFlags) => {
    const logger = setupLogging(flags);
    // A first start's RSA key generates on the thread pool while the server's modules load.
    if (!flags.serviceAccountSigningKeyFile) startServiceAccountKeyGeneration(flags.dataDir);
    const started = performance.now();
    let running: StartedAPIServer;
    try {
      running = await startAPIServer({ ...apiserverRunOptions(flags), extensions: [await aggregationExtension(flags)], logger });
    } catch (err) {
      logger.error(`kubegen apiserver: ${errorMessage(err)}`);
      process.exitCode = 1;
      return;
    }
    const ms = Math.round(performance.now() - started);
    onServing?.();
    const relative = path.relative(process.cwd(), running.kubeconfig);
    const kubeconfig = relative.startsWith("..") ? running.kubeconfig : relative;
    console.log(`kubegen apiserver listening on ${running.url} (${flags.storageBackend}${workersNote(flags)}, started in ${ms} ms)`);
    console.log(`point kubectl at it:\n  export KUBECONFIG=${kubeconfig}\n  kubectl get namespaces`);
    let stopping = false;
    const stop = (signal: string): void => {
      if (stopping) {
        process.exit(1);
      }
      stopping = true;
      logger.info(`${signal}: shutting down`);
      running.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error(`kubegen apiserver: shutdown failed: ${errorMessage(err)}`);
          process.exit(1);
        },
      );
    };
    process.on("SIGTERM", () => stop("SIGTERM"));
    process.on("SIGINT", () => stop("SIGINT"));
  });
}
