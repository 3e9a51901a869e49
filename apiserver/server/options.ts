/**
 * runAPIServer's first two steps, as kube-apiserver's options -> completed config: the options
 * (kube-apiserver's flags, as fields), their validation, and the defaults that complete them.
 * Nothing here opens a file or a socket.
 */
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { scheme as builtinScheme } from "../../generated/apis/register.js";
import type { Logger } from "../../runtime/logger.js";
import { getLogger } from "../../runtime/logger.js";
import { formatCIDR, parseCIDR } from "../../runtime/validation/cidr.js";
import { serviceIPRange } from "../registry/resources/services/allocation/ranges.js";
import { mergeSchemes, type Scheme } from "../../runtime/scheme.js";
import type { OpenAPIModule } from "../endpoints/openapi.js";
import type { StrategyHook } from "../registry/builtin.js";
import { storageConfigFor, type StorageConfig } from "../storage/open-storage.js";
import type { RunExtension } from "./extension.js";

export interface RunOptions {
  dataDir: string;
  securePort?: number;
  bindAddress?: string;
  advertiseAddress?: string;
  storageBackend?: "sqlite" | "etcd";
  etcdServers?: string[];
  /** `--etcd-cafile`, `--etcd-certfile`, `--etcd-keyfile`: TLS to `https://` etcd members. */
  etcdCAFile?: string;
  etcdCertFile?: string;
  etcdKeyFile?: string;
  /** `--etcd-compaction-interval`: how often storage history is compacted (either backend); 0 disables; default 5 minutes. */
  etcdCompactionIntervalMs?: number;
  /** `--event-ttl`: events are deleted this long after their last write; 0 or less: never; default 1 hour. */
  eventTTLMs?: number;
  tokenAuthFile?: string;
  /** Default "AlwaysAllow" here (embedders, tests); the commands pass "RBAC", their default. */
  authorizationMode?: string;
  /** `--anonymous-auth` (default true): requests without credentials are system:anonymous. */
  anonymousAuth?: boolean;
  /** `--service-account-issuer`; default https://kubernetes.default.svc.cluster.local. */
  serviceAccountIssuer?: string;
  /** `--service-account-signing-key-file`; default DIR/pki/sa.key, made on first start. */
  serviceAccountSigningKeyFile?: string;
  /** `--service-account-key-file`: more public keys that verify tokens. */
  serviceAccountKeyFiles?: string[];
  /** `--service-account-max-token-expiration` in seconds: TokenRequest's cap; 0 (default) none, else 1 h to 2^32 s. */
  serviceAccountMaxTokenExpirationSeconds?: number;
  /** `--service-account-extend-token-expiration` (default true): pods' projected tokens live a year, warned about after an hour. */
  serviceAccountExtendTokenExpiration?: boolean;
  /** `--api-audiences`; default the issuer. */
  apiAudiences?: string[];
  /** `--audit-policy-file`, `--audit-log-path` and its rotation (`-maxsize` MB, `-maxbackup`, `-maxage` days). */
  auditPolicyFile?: string;
  auditLogPath?: string;
  auditLogMaxSize?: number;
  auditLogMaxBackup?: number;
  auditLogMaxAge?: number;
  /** `--enable-admission-plugins` / `--disable-admission-plugins`, over upstream's default set. */
  enableAdmissionPlugins?: string[];
  disableAdmissionPlugins?: string[];
  /** `--encryption-provider-config`: an EncryptionConfiguration (aescbc, aesgcm, secretbox, identity). */
  encryptionProviderConfig?: string;
  /**
   * `--service-cluster-ip-range`: one CIDR, or two of different families (`10.96.0.0/12,fd00:10:96::/108`)
   * for dual-stack Services. The `kubernetes` Service IP is the first address of the first (it
   * joins the serving certificate).
   */
  serviceClusterIPRange?: string;
  /** `30000-32767` form. */
  serviceNodePortRange?: string;
  endpointReconcilerType?: string;
  /** How often the ClusterIP and NodePort repair loops run; default 3 minutes. */
  serviceRepairIntervalMs?: number;
  /** `--kubernetes-service-node-port`: > 0 makes the `kubernetes` Service a NodePort on it. */
  kubernetesServiceNodePort?: number;
  /** `--system-namespaces-interval`; default 1 minute. */
  systemNamespacesIntervalMs?: number;
  /** `--endpoint-reconciler-interval`: the bootstrap controller's pass and lease refresh; default 10 s. */
  endpointReconcilerIntervalMs?: number;
  /** `--endpoint-lease-ttl`: how long an apiserver stays in the endpoints without a refresh; default 15 s. */
  endpointLeaseTTLMs?: number;
  maxRequestsInFlight?: number;
  maxMutatingRequestsInFlight?: number;
  requestTimeoutMs?: number;
  minRequestTimeoutSeconds?: number;
  /** `--etcd-healthcheck-timeout`: how long the storage check of /livez, /healthz and /readyz waits; default 2 s. */
  etcdHealthcheckTimeoutMs?: number;
  /** `--etcd-readycheck-timeout`: how long the storage readiness check of /readyz waits; default 2 s. */
  etcdReadycheckTimeoutMs?: number;
  /**
   * `--workers`: how many processes serve requests (runAPIServerWorkers in server/workers; this
   * process then owns the storage). runAPIServer itself always serves in this process.
   */
  workers?: number;
  scheme?: Scheme;
  /**
   * Compiled-in API groups served beside the built-in ones, without a CRD: `{ scheme, openapi }`
   * from a `kubegen generate` output (`apis/register.ts`'s scheme, `openapi/index.ts` as a
   * module), or the scheme alone (then the group has no OpenAPI: kubectl explain and
   * fieldValidation do not know it, apply and patches treat it as untyped). Each resource gets
   * the built-in storage (the generic store, protobuf where the group generated codecs, scale
   * where the kind declares `+kubebuilder:subresource:scale`).
   */
  apiGroups?: (Scheme | CompiledAPIGroup)[];
  /** Where the server logs (leveled; requests at V(3)); default the runtime's logger. */
  logger?: Logger;
  /** What other modules add (the aggregator, an extension apiserver's authentication: apiserver/aggregator). */
  extensions?: readonly RunExtension[];
  /** Line-wise messages of the server's loops; default warnings to `logger`. */
  log?: (line: string) => void;
}

/** A compiled-in group: its generated scheme and, to serve and validate by its schemas, its generated OpenAPI. */
export interface CompiledAPIGroup {
  scheme: Scheme;
  /** `import * as openapi from "./generated/openapi/index.js"`. */
  openapi?: OpenAPIModule;
  /**
   * The group's own strategy code, by resource plural (`widgets`): each hook gets the strategy the
   * resource has by default (with the kind's schema from `openapi` enforced) and returns the one
   * to use (e.g. the base with a `validate` that adds the group's own checks). Applies to every
   * version of the group that serves the resource.
   */
  strategies?: Readonly<Record<string, StrategyHook>>;
}

/** The validated settings later issues (the bootstrap controller) read. */
export interface ServiceSettings {
  /** The primary range (`--service-cluster-ip-range[0]`). */
  serviceClusterIPRange: ServiceCIDRSetting;
  /** The secondary range, of the other family, on a dual-stack cluster. */
  secondaryServiceClusterIPRange?: ServiceCIDRSetting;
  serviceNodePortRange: { base: number; size: number };
  endpointReconcilerType: string;
}

export interface ServiceCIDRSetting {
  network: string;
  prefix: number;
  firstIP: string;
  family: "IPv4" | "IPv6";
}

/** One range of `--service-cluster-ip-range` (`which`: its index) and its first usable address. */
export function parseServiceCIDR(cidr: string, which = 0): ServiceCIDRSetting {
  const parsed = parseCIDR(cidr.trim());
  if (!parsed) {
    throw new Error(which === 0 ? "service-cluster-ip-range[0] is not a valid cidr" : "service-cluster-ip-range[1] is not an ip net");
  }
  // The allocator keeps a bitmap: IPv4 ranges wider than /1 are refused as before.
  if (parsed.family === 4 && parsed.prefix < 1) throw new Error(`--service-cluster-ip-range: invalid CIDR address: ${cidr}`);
  const hostBits = (parsed.family === 4 ? 32 : 128) - parsed.prefix;
  if (hostBits < 3) throw new Error("the service cluster IP range must be at least 8 IP addresses");
  const range = serviceIPRange(formatCIDR(parsed));
  const [network, prefix] = range.spec.split("/") as [string, string];
  return { network, prefix: Number(prefix), firstIP: range.valueAt(0), family: range.family };
}

/** `--service-cluster-ip-range`: one or two CIDRs, one per family (upstream's messages). */
export function parseServiceCIDRs(value: string): { primary: ServiceCIDRSetting; secondary?: ServiceCIDRSetting } {
  const list = value.split(",");
  if (list.length > 2) throw new Error("--service-cluster-ip-range must not contain more than two entries");
  const primary = parseServiceCIDR(list[0]!, 0);
  if (list.length === 1) return { primary };
  const secondary = parseServiceCIDR(list[1]!, 1);
  if (secondary.family === primary.family) {
    throw new Error("--service-cluster-ip-range[0] and --service-cluster-ip-range[1] must be of different IP family");
  }
  return { primary, secondary };
}

/** Parses `30000-32767` (or a single port) as upstream's PortRange. */
export function parsePortRange(range: string): ServiceSettings["serviceNodePortRange"] {
  const m = /^(\d+)(?:-(\d+))?$/.exec(range.trim());
  const base = m ? Number(m[1]) : NaN;
  const last = m?.[2] !== undefined ? Number(m[2]) : base;
  if (!m || base < 1 || last > 65535 || last < base) throw new Error(`--service-node-port-range: unable to parse port range: ${range}`);
  return { base, size: last - base + 1 };
}

/**
 * The bind address, or for a wildcard or loopback one the host's first non-loopback IPv4
 * address, as upstream's ResolveBindAddress (the `kubernetes` Endpoints may not list loopback).
 */
export function defaultAdvertiseAddress(bindAddress: string): string {
  const loopback = bindAddress === "::1" || bindAddress.startsWith("127.");
  if (bindAddress !== "0.0.0.0" && bindAddress !== "::" && !loopback) return bindAddress;
  for (const addrs of Object.values(os.networkInterfaces())) {
    for (const a of addrs ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return loopback ? bindAddress : "127.0.0.1";
}

/** The options validated and defaulted: what the wiring reads. */
export interface CompletedConfig {
  options: RunOptions;
  logger: Logger;
  log: (line: string) => void;
  /** Absolute. */
  dataDir: string;
  bindAddress: string;
  advertiseAddress: string;
  settings: ServiceSettings;
  kubernetesServiceNodePort: number;
  storage: StorageConfig;
  /** The built-in scheme, or it merged with the compiled-in groups'. */
  scheme: Scheme;
  groups: CompiledAPIGroup[];
}

/** Validates the options and fills their defaults; throws with the flag's name on a bad value. */
export function completeOptions(options: RunOptions): CompletedConfig {
  const logger = options.logger ?? getLogger();
  const log = options.log ?? ((line: string) => logger.warn(line));
  const bindAddress = options.bindAddress ?? "0.0.0.0";
  if (net.isIP(bindAddress) === 0) throw new Error(`--bind-address: invalid IP address: ${bindAddress}`);
  const advertiseAddress = options.advertiseAddress ?? defaultAdvertiseAddress(bindAddress);
  if (net.isIP(advertiseAddress) === 0) throw new Error(`--advertise-address: invalid IP address: ${advertiseAddress}`);
  const serviceCIDRs = parseServiceCIDRs(options.serviceClusterIPRange ?? "10.96.0.0/12");
  const settings: ServiceSettings = {
    serviceClusterIPRange: serviceCIDRs.primary,
    ...(serviceCIDRs.secondary && { secondaryServiceClusterIPRange: serviceCIDRs.secondary }),
    serviceNodePortRange: parsePortRange(options.serviceNodePortRange ?? "30000-32767"),
    endpointReconcilerType: options.endpointReconcilerType ?? "lease",
  };
  if (!["lease", "none", "master-count"].includes(settings.endpointReconcilerType)) {
    throw new Error(
      `--endpoint-reconciler-type: unknown reconciler ${JSON.stringify(settings.endpointReconcilerType)} (lease, master-count, none)`,
    );
  }
  if (settings.endpointReconcilerType === "master-count") {
    throw new Error(`--endpoint-reconciler-type: "master-count" is not supported; use "lease" (the default) or "none"`);
  }
  const nodePort = options.kubernetesServiceNodePort ?? 0;
  const { base, size } = settings.serviceNodePortRange;
  if (!Number.isInteger(nodePort) || nodePort < 0 || nodePort > 65535) {
    throw new Error(
      `--kubernetes-service-node-port ${nodePort} must be between 0 and 65535 (0: the kubernetes Service is of type ClusterIP)`,
    );
  }
  if (nodePort > 0 && (nodePort < base || nodePort >= base + size)) {
    throw new Error(`--kubernetes-service-node-port ${nodePort} must be within --service-node-port-range ${base}-${base + size - 1}`);
  }
  for (const [flag, value] of [
    ["--etcd-healthcheck-timeout", options.etcdHealthcheckTimeoutMs],
    ["--etcd-readycheck-timeout", options.etcdReadycheckTimeoutMs],
  ] as const) {
    if (value !== undefined && !(value > 0)) throw new Error(`${flag} must be a positive duration`);
  }
  const dataDir = path.resolve(options.dataDir);
  const storage = storageConfigFor({
    backend: options.storageBackend ?? "sqlite",
    dataDir,
    etcdServers: options.etcdServers,
    etcdTLS: { caFile: options.etcdCAFile, certFile: options.etcdCertFile, keyFile: options.etcdKeyFile },
  });
  // Told apart by shape: a user's scheme may come from another copy of the runtime package.
  const groups = (options.apiGroups ?? []).map((g): CompiledAPIGroup => ("groupVersions" in g ? { scheme: g } : g));
  const scheme = groups.length
    ? mergeSchemes(options.scheme ?? builtinScheme, ...groups.map((g) => g.scheme))
    : (options.scheme ?? builtinScheme);
  return {
    options,
    logger,
    log,
    dataDir,
    bindAddress,
    advertiseAddress,
    settings,
    kubernetesServiceNodePort: nodePort,
    storage,
    scheme,
    groups,
  };
}
