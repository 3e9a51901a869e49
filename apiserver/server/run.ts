/**
 * Starts a complete apiserver from kube-apiserver-style options: the PKI in the data dir, the
 * storage backend (embedded SQLite by default, or etcd), a REST storage for every built-in
 * resource, HTTPS, and DIR/kubeconfig pointing at it. `kubegen apiserver` and `kubegen up`
 * both start through here.
 */
import { getLogger, type Logger } from "../../runtime/logger.js";
import { chmodSync, existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { scheme as builtinScheme } from "../../generated/apis/register.js";
import { mergeSchemes, type Scheme } from "../../runtime/scheme.js";
import { installBootstrapController } from "../controlplane/bootstrap-controller.js";
import { SYSTEM_PRIORITY_CLASSES_HOOK, systemPriorityClassesHook } from "../controlplane/system-priority-classes.js";
import { OpenAPIDocuments, type OpenAPIModule } from "../endpoints/openapi.js";
import { buildBuiltinStorages, type StrategyHook } from "../registry/builtin.js";
import { compiledGroupStrategies } from "../registry/compiled-schema.js";
import { SERVICE_REPAIR_HOOK, serviceRepairHook } from "../registry/resources/services/allocation/repair-loops.js";
import type { RESTStorage } from "../registry/rest.js";
import type { Storage } from "../storage/interface.js";
import { openStorage } from "../storage/open-storage.js";
import { DEFAULT_COMPACTION_INTERVAL_MS, startCompactor } from "../storage/compactor.js";
import { APIServer } from "./apiserver.js";
import { ensureCertificates, ensureClientCertificate, type ClusterCertificates } from "./certs.js";
import { writeKubeconfig } from "./kubeconfig.js";
import { ensureServiceAccountKeys, ServiceAccountTokens } from "../auth/serviceaccount.js";
import { CONTROLLER_MANAGER_USER } from "../controlplane/bootstrap-policy.js";
import { AuditLogWriter } from "../audit/log-writer.js";
import { loadPolicy } from "../audit/policy.js";
import { selectAdmissionPlugins } from "../admission/plugins.js";
import { loadEncryptionConfiguration } from "../storage/encryption/config.js";
import { EncryptedStorage } from "../storage/encryption/encrypted-storage.js";
import { storageHealthChecks } from "./storage-health.js";
import { prepareExtensions, type RunExtension } from "./extension.js";

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
  /** CIDR the `kubernetes` Service IP comes from (its first address joins the serving certificate). */
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
  serviceClusterIPRange: { network: string; prefix: number; firstIP: string };
  serviceNodePortRange: { base: number; size: number };
  endpointReconcilerType: string;
}

export interface RunningAPIServer {
  server: APIServer;
  storage: Storage;
  storages: RESTStorage[];
  certs: ClusterCertificates;
  kubeconfig: string;
  /** DIR/controller-manager.kubeconfig: the controller-manager's own credential (system:kube-controller-manager). */
  controllerManagerKubeconfig: string;
  /** The URL in the kubeconfig. */
  url: string;
  advertiseAddress: string;
  settings: ServiceSettings;
  /** Graceful shutdown, then the storage closes. */
  stop(): Promise<void>;
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Parses an IPv4 CIDR and finds its first usable address (the `kubernetes` Service IP). */
export function parseServiceCIDR(cidr: string): ServiceSettings["serviceClusterIPRange"] {
  const [ip, bits] = cidr.split("/") as [string, string | undefined];
  const m = IPV4.exec(ip);
  const prefix = Number(bits);
  if (!m || bits === undefined || !Number.isInteger(prefix) || prefix < 1 || prefix > 30 || m.slice(1).some((o) => Number(o) > 255)) {
    throw new Error(`--service-cluster-ip-range: invalid CIDR address: ${cidr}`);
  }
  const value = m.slice(1).reduce((acc, o) => acc * 256 + Number(o), 0);
  const size = 2 ** (32 - prefix);
  const network = Math.floor(value / size) * size;
  const toIP = (n: number): string => [24, 16, 8, 0].map((s) => Math.floor(n / 2 ** s) % 256).join(".");
  return { network: toIP(network), prefix, firstIP: toIP(network + 1) };
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
function defaultAdvertiseAddress(bindAddress: string): string {
  const loopback = bindAddress === "::1" || bindAddress.startsWith("127.");
  if (bindAddress !== "0.0.0.0" && bindAddress !== "::" && !loopback) return bindAddress;
  for (const addrs of Object.values(os.networkInterfaces())) {
    for (const a of addrs ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return loopback ? bindAddress : "127.0.0.1";
}

export async function runAPIServer(options: RunOptions): Promise<RunningAPIServer> {
  const logger = options.logger ?? getLogger();
  const log = options.log ?? ((line: string) => logger.warn(line));
  const bindAddress = options.bindAddress ?? "0.0.0.0";
  if (net.isIP(bindAddress) === 0) throw new Error(`--bind-address: invalid IP address: ${bindAddress}`);
  const advertiseAddress = options.advertiseAddress ?? defaultAdvertiseAddress(bindAddress);
  if (net.isIP(advertiseAddress) === 0) throw new Error(`--advertise-address: invalid IP address: ${advertiseAddress}`);
  const settings: ServiceSettings = {
    serviceClusterIPRange: parseServiceCIDR(options.serviceClusterIPRange ?? "10.96.0.0/12"),
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
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Secrets live here: owner only, also for a directory an older version made 0755.
  chmodSync(dataDir, 0o700);
  const ips = [advertiseAddress, settings.serviceClusterIPRange.firstIP];
  if (bindAddress !== "0.0.0.0" && bindAddress !== "::") ips.push(bindAddress);
  const extensionNames = (options.extensions ?? []).flatMap((e) => e.servingDNSNames ?? []);
  const certs = await ensureCertificates({ dataDir, ips, dnsNames: [os.hostname(), ...extensionNames] });
  const { requestHeaderCA, ...extensions } = await prepareExtensions(options.extensions ?? [], { dataDir, ca: certs.ca });

  const backend = options.storageBackend ?? "sqlite";
  let storage: Storage;
  if (backend === "etcd") {
    if (!options.etcdServers || options.etcdServers.length === 0)
      throw new Error("--etcd-servers must be specified with --storage-backend=etcd");
    storage = await openStorage({
      backend: "etcd",
      endpoints: options.etcdServers,
      tls: { caFile: options.etcdCAFile, certFile: options.etcdCertFile, keyFile: options.etcdKeyFile },
    });
  } else if (backend === "sqlite") {
    const dbPath = path.join(dataDir, "kubegen.db");
    const restrict = (): void => {
      for (const f of [dbPath, `${dbPath}-wal`, `${dbPath}-shm`]) if (existsSync(f)) chmodSync(f, 0o600);
    };
    restrict();
    // SQLite creates its files with the process umask: narrow it while they are made.
    const umask = process.umask(0o077);
    try {
      storage = await openStorage({ backend: "sqlite", path: dbPath });
    } finally {
      process.umask(umask);
    }
    restrict();
  } else {
    throw new Error(`--storage-backend: ${JSON.stringify(backend)} is not one of sqlite, etcd`);
  }

  if (options.encryptionProviderConfig) {
    try {
      storage = new EncryptedStorage(storage, loadEncryptionConfiguration(options.encryptionProviderConfig));
    } catch (err) {
      await storage.close();
      throw err;
    }
  }
  const compaction = new AbortController();
  startCompactor(storage, {
    intervalMs: options.etcdCompactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS,
    signal: compaction.signal,
    onError: (e) => log(`storage compaction failed: ${(e as Error).message}`),
  });

  // Told apart by shape: a user's scheme may come from another copy of the runtime package.
  const groups = (options.apiGroups ?? []).map((g): CompiledAPIGroup => ("groupVersions" in g ? { scheme: g } : g));
  const scheme = groups.length
    ? mergeSchemes(options.scheme ?? builtinScheme, ...groups.map((g) => g.scheme))
    : (options.scheme ?? builtinScheme);
  const groupOpenAPI = groups.flatMap((g) => (g.openapi ? [g.openapi] : []));
  const { network, prefix } = settings.serviceClusterIPRange;
  const { base: portBase, size: portCount } = settings.serviceNodePortRange;
  const serviceRanges = { serviceClusterIPRange: `${network}/${prefix}`, serviceNodePortRange: `${portBase}-${portBase + portCount - 1}` };
  const strategies = compiledGroupStrategies(groups);
  const storages = buildBuiltinStorages(storage, scheme, { serviceRanges, strategies });
  const admissionPlugins = selectAdmissionPlugins(options.enableAdmissionPlugins, options.disableAdmissionPlugins);
  const issuer = options.serviceAccountIssuer ?? "https://kubernetes.default.svc.cluster.local";
  const saKeys = await ensureServiceAccountKeys({
    dataDir,
    ...(options.serviceAccountSigningKeyFile && { signingKeyFile: options.serviceAccountSigningKeyFile }),
    ...(options.serviceAccountKeyFiles && { keyFiles: options.serviceAccountKeyFiles }),
  });
  let serverRef: APIServer | undefined;
  const serviceAccountTokens = new ServiceAccountTokens(
    saKeys,
    issuer,
    options.apiAudiences?.length ? options.apiAudiences : [issuer],
    (kind, ns, name) => serverRef!.objectGetter()(kind, ns, name),
    Date.now,
    {
      maxExpirationSeconds: options.serviceAccountMaxTokenExpirationSeconds ?? 0,
      extendExpiration: options.serviceAccountExtendTokenExpiration ?? true,
    },
  );
  const auditPolicy = options.auditPolicyFile ? loadPolicy(options.auditPolicyFile) : undefined;
  const auditWriter = options.auditLogPath
    ? new AuditLogWriter({
        path: options.auditLogPath,
        maxSizeMB: options.auditLogMaxSize ?? 0,
        maxBackups: options.auditLogMaxBackup ?? 0,
        maxAgeDays: options.auditLogMaxAge ?? 0,
      })
    : undefined;
  const storageChecks = storageHealthChecks(backend, storage, {
    ...(options.etcdHealthcheckTimeoutMs !== undefined && { healthcheckTimeoutMs: options.etcdHealthcheckTimeoutMs }),
    ...(options.etcdReadycheckTimeoutMs !== undefined && { readycheckTimeoutMs: options.etcdReadycheckTimeoutMs }),
  });
  const server = new APIServer({
    storages,
    scheme,
    ...(groupOpenAPI.length > 0 && { openapi: new OpenAPIDocuments(groupOpenAPI) }),
    bindAddress,
    securePort: options.securePort ?? 6443,
    advertiseAddress,
    tls: { cert: certs.serving.cert, key: certs.serving.key, clientCA: certs.ca.cert, ...(requestHeaderCA && { requestHeaderCA }) },
    ...extensions,
    ...(options.tokenAuthFile ? { tokenAuthFile: options.tokenAuthFile } : {}),
    authorizationMode: options.authorizationMode ?? "AlwaysAllow",
    anonymousAuth: options.anonymousAuth ?? true,
    serviceAccountTokens,
    builtinAdmissionPlugins: admissionPlugins,
    ...(auditPolicy && auditWriter && { auditPolicy, auditWriter }),
    ...(options.maxRequestsInFlight !== undefined ? { maxRequestsInFlight: options.maxRequestsInFlight } : {}),
    ...(options.maxMutatingRequestsInFlight !== undefined ? { maxMutatingRequestsInFlight: options.maxMutatingRequestsInFlight } : {}),
    ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
    ...(options.minRequestTimeoutSeconds !== undefined ? { minRequestTimeoutSeconds: options.minRequestTimeoutSeconds } : {}),
    ...(options.systemNamespacesIntervalMs !== undefined ? { systemNamespacesIntervalMs: options.systemNamespacesIntervalMs } : {}),
    healthChecks: [storageChecks.health],
    readyChecks: [storageChecks.ready],
    logger,
    log,
  });
  serverRef = server;
  const endpointsStorage = storages.find((s) => s.group === "" && s.info.plural === "endpoints");
  const endpointSlicesStorage = storages.find((s) => s.group === "discovery.k8s.io" && s.info.plural === "endpointslices");
  if (storages.some((s) => s.group === "scheduling.k8s.io" && s.info.plural === "priorityclasses")) {
    server.hooks.addPostStartHook(SYSTEM_PRIORITY_CLASSES_HOOK, systemPriorityClassesHook());
  }
  installBootstrapController(server.hooks, {
    serviceIP: settings.serviceClusterIPRange.firstIP,
    publicServicePort: () => server.port,
    publicIP: advertiseAddress,
    kubernetesServiceNodePort: nodePort,
    endpointReconcilerType: settings.endpointReconcilerType,
    storage,
    ...(endpointsStorage !== undefined && { endpointsStorage }),
    ...(endpointSlicesStorage !== undefined && { endpointSlicesStorage }),
    ...(options.endpointReconcilerIntervalMs !== undefined && { intervalMs: options.endpointReconcilerIntervalMs }),
    ...(options.endpointLeaseTTLMs !== undefined && { leaseTtlMs: options.endpointLeaseTTLMs }),
    log,
  });
  const servicesStorage = storages.find((s) => s.group === "" && s.info.plural === "services");
  if (servicesStorage) {
    const events = storages.find((s) => s.group === "" && s.info.plural === "events");
    const repair = {
      storage,
      scheme,
      ranges: serviceRanges,
      services: servicesStorage,
      events,
      intervalMs: options.serviceRepairIntervalMs,
      log,
    };
    server.hooks.addPostStartHook(SERVICE_REPAIR_HOOK, serviceRepairHook(repair));
  }
  try {
    await server.start();
  } catch (err) {
    compaction.abort();
    await storage.close();
    await auditWriter?.close();
    throw err;
  }
  // Clients on this machine reach a wildcard listener on loopback.
  const host = bindAddress === "0.0.0.0" || bindAddress === "::" ? "127.0.0.1" : bindAddress;
  const url = `https://${host.includes(":") ? `[${host}]` : host}:${server.port}`;
  const kubeconfig = path.join(dataDir, "kubeconfig");
  writeKubeconfig(kubeconfig, url, certs);
  const cmCert = await ensureClientCertificate(dataDir, certs.ca, "controller-manager", CONTROLLER_MANAGER_USER);
  const controllerManagerKubeconfig = path.join(dataDir, "controller-manager.kubeconfig");
  writeKubeconfig(controllerManagerKubeconfig, url, { ca: certs.ca, admin: cmCert });
  return {
    server,
    storage,
    storages,
    certs,
    kubeconfig,
    controllerManagerKubeconfig,
    url,
    advertiseAddress,
    settings,
    async stop() {
      await server.shutdown();
      compaction.abort();
      await storage.close();
      await auditWriter?.close();
    },
  };
}
