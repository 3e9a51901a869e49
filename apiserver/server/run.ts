/**
 * Starts a complete apiserver from kube-apiserver-style options, in upstream's steps: the
 * options are validated and defaulted (options.ts: completeOptions), then wired: the PKI in the
 * data dir, the storage backend (storage/open-storage.ts), a REST storage for every resource of
 * the scheme, the server with its post-start hooks, and DIR/kubeconfig pointing at it.
 * `kubegen apiserver` and `kubegen up` both start through here.
 */
import { chmodSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { installBootstrapController } from "../controlplane/bootstrap-controller.js";
import { DEFAULT_SERVICE_CIDR_HOOK, defaultServiceCIDRHook } from "../controlplane/default-service-cidr.js";
import { SYSTEM_PRIORITY_CLASSES_HOOK, systemPriorityClassesHook } from "../controlplane/system-priority-classes.js";
import { IDENTITY_LEASE_GC_HOOK, IDENTITY_LEASE_HOOK, identityLeaseGCHook, identityLeaseHook } from "../controlplane/apiserver-identity.js";
import { FLOWCONTROL_BOOTSTRAP_HOOK, flowControlBootstrapHook } from "../controlplane/flowcontrol-bootstrap.js";
import { OpenAPIDocuments } from "../endpoints/openapi.js";
import { buildBuiltinStorages, ipAddressAllocationOf } from "../registry/builtin.js";
import { compiledGroupStrategies } from "../registry/compiled-schema.js";
import { SERVICE_REPAIR_HOOK, serviceRepairHook } from "../registry/resources/services/allocation/repair-loops.js";
import type { RESTStorage } from "../registry/rest.js";
import type { Storage } from "../storage/interface.js";
import { openStorage } from "../storage/open-storage.js";
import { DEFAULT_COMPACTION_INTERVAL_MS, startCompactor } from "../storage/compactor.js";
import { DEFAULT_EVENT_TTL_MS, protobufWriteTime, startEventTTL } from "../registry/resources/events/ttl.js";
import { APIServer } from "./apiserver.js";
import { ensureCertificates, ensureClientCertificate, type ClusterCertificates } from "./certs.js";
import { writeKubeconfig } from "./kubeconfig.js";
import { ensureServiceAccountKeys, ServiceAccountTokens } from "../auth/serviceaccount.js";
import { CONTROLLER_MANAGER_USER } from "../controlplane/bootstrap-policy.js";
import { AuditLogWriter } from "../audit/log-writer.js";
import { loadPolicy } from "../audit/policy.js";
import { selectAdmissionPlugins } from "../admission/plugins.js";
import { storageHealthChecks } from "./storage-health.js";
import { completeOptions, type CompletedConfig, type RunOptions, type ServiceSettings } from "./options.js";
import { prepareExtensions } from "./extension.js";

export { parsePortRange, parseServiceCIDR } from "./options.js";
export type { CompiledAPIGroup, RunOptions, ServiceSettings } from "./options.js";

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

export async function runAPIServer(options: RunOptions): Promise<RunningAPIServer> {
  const config = completeOptions(options);
  const certs = await preparePKI(config);
  const extensions = await prepareExtensions(options.extensions ?? [], { dataDir: config.dataDir, ca: certs.ca });
  const storage = await openConfiguredStorage(config);
  const compaction = new AbortController();
  startCompactor(storage, {
    intervalMs: options.etcdCompactionIntervalMs ?? DEFAULT_COMPACTION_INTERVAL_MS,
    signal: compaction.signal,
    onError: (e) => config.log(`storage compaction failed: ${(e as Error).message}`),
  });
  startEventTTL(storage, {
    ttlMs: options.eventTTLMs ?? DEFAULT_EVENT_TTL_MS,
    writeTime: protobufWriteTime(config.scheme),
    signal: compaction.signal,
    onError: (e) => config.log(`event expiry failed: ${(e as Error).message}`),
  });
  let built: Awaited<ReturnType<typeof buildServer>>;
  try {
    built = await buildServer(config, storage, certs, extensions);
  } catch (err) {
    // A refused start (a bad key file, say) releases the data dir.
    compaction.abort();
    await storage.close();
    throw err;
  }
  const { server, storages, auditWriter, serviceAccountKeys } = built;
  addPostStartHooks(config, server, storage, storages);
  try {
    await server.start();
    // A first start's key generates while the server starts and its hooks run: ready waits for it.
    await serviceAccountKeys.catch(async (err: unknown) => {
      await server.shutdown();
      throw err;
    });
  } catch (err) {
    compaction.abort();
    await storage.close();
    await auditWriter?.close();
    throw err;
  }
  const { kubeconfig, controllerManagerKubeconfig, url } = await writeKubeconfigs(config, server, certs);
  return {
    server,
    storage,
    storages,
    certs,
    kubeconfig,
    controllerManagerKubeconfig,
    url,
    advertiseAddress: config.advertiseAddress,
    settings: config.settings,
    async stop() {
      await server.shutdown();
      compaction.abort();
      await storage.close();
      await auditWriter?.close();
    },
  };
}

/** The data dir (owner only: secrets live there) and the cluster's CA and serving certificate in it. */
export async function preparePKI(config: CompletedConfig): Promise<ClusterCertificates> {
  const { dataDir, bindAddress, advertiseAddress, settings } = config;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Also for a directory an older version made 0755.
  chmodSync(dataDir, 0o700);
  const ips = [advertiseAddress, settings.serviceClusterIPRange.firstIP];
  if (bindAddress !== "0.0.0.0" && bindAddress !== "::") ips.push(bindAddress);
  const extensionNames = (config.options.extensions ?? []).flatMap((e) => e.servingDNSNames ?? []);
  return ensureCertificates({ dataDir, ips, dnsNames: [os.hostname(), ...extensionNames] });
}

/** The configured backend, behind encryption at rest when a provider config is given. */
async function openConfiguredStorage(config: CompletedConfig): Promise<Storage> {
  return withEncryption(config, await openStorage(config.storage));
}

/** `storage` behind encryption at rest when a provider config is given (closed if that config fails). */
export async function withEncryption(config: CompletedConfig, storage: Storage): Promise<Storage> {
  if (!config.options.encryptionProviderConfig) return storage;
  try {
    // Loaded only when configured: its ciphers (tweetnacl's secretbox) are not a plain start's to compile.
    const [{ loadEncryptionConfiguration }, { EncryptedStorage }] = await Promise.all([
      import("../storage/encryption/config.js"),
      import("../storage/encryption/encrypted-storage.js"),
    ]);
    return new EncryptedStorage(storage, loadEncryptionConfiguration(config.options.encryptionProviderConfig));
  } catch (err) {
    await storage.close();
    throw err;
  }
}

function serviceRangesOf(settings: ServiceSettings): { serviceClusterIPRange: string; serviceNodePortRange: string } {
  const cidrs = [settings.serviceClusterIPRange, settings.secondaryServiceClusterIPRange].flatMap((r) =>
    r ? [`${r.network}/${r.prefix}`] : [],
  );
  const { base, size } = settings.serviceNodePortRange;
  return { serviceClusterIPRange: cidrs.join(","), serviceNodePortRange: `${base}-${base + size - 1}` };
}

/** The REST storages of the scheme and the server over them: authentication, authorization, admission, audit, health. */
export async function buildServer(
  config: CompletedConfig,
  storage: Storage,
  certs: ClusterCertificates,
  { requestHeaderCA, ...extensions }: Awaited<ReturnType<typeof prepareExtensions>>,
): Promise<{
  server: APIServer;
  storages: RESTStorage[];
  auditWriter: AuditLogWriter | undefined;
  /** Settles when the service-account keys have loaded (or failed to): not awaited here (see runAPIServer). */
  serviceAccountKeys: Promise<unknown>;
}> {
  const { options, scheme, groups, logger, log } = config;
  const groupOpenAPI = groups.flatMap((g) => (g.openapi ? [g.openapi] : []));
  const strategies = compiledGroupStrategies(groups);
  const storages = buildBuiltinStorages(storage, scheme, { serviceRanges: serviceRangesOf(config.settings), strategies });
  const admissionPlugins = selectAdmissionPlugins(options.enableAdmissionPlugins, options.disableAdmissionPlugins);
  const issuer = options.serviceAccountIssuer ?? "https://kubernetes.default.svc.cluster.local";
  const keyFilesGiven = options.serviceAccountSigningKeyFile !== undefined || options.serviceAccountKeyFiles !== undefined;
  const loadingKeys = ensureServiceAccountKeys({
    dataDir: config.dataDir,
    ...(options.serviceAccountSigningKeyFile && { signingKeyFile: options.serviceAccountSigningKeyFile }),
    ...(options.serviceAccountKeyFiles && { keyFiles: options.serviceAccountKeyFiles }),
  });
  // Given key files are read before the server listens (a bad one refuses the start, as
  // upstream's); only the data dir's own key (a first start's RSA generation, on the thread
  // pool) is left to load while the server starts.
  const saKeys = keyFilesGiven ? await loadingKeys : loadingKeys;
  // A start that fails before anyone awaits it (bad options below) must not leave it unhandled.
  loadingKeys.catch(() => {});
  // Tokens look objects up through the server, which is made after them.
  const serverRef: { current?: APIServer } = {};
  const serviceAccountTokens = new ServiceAccountTokens(
    saKeys,
    issuer,
    options.apiAudiences?.length ? options.apiAudiences : [issuer],
    (kind, ns, name) => serverRef.current!.objectGetter()(kind, ns, name),
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
  const storageChecks = storageHealthChecks(config.storage.backend, storage, {
    ...(options.etcdHealthcheckTimeoutMs !== undefined && { healthcheckTimeoutMs: options.etcdHealthcheckTimeoutMs }),
    ...(options.etcdReadycheckTimeoutMs !== undefined && { readycheckTimeoutMs: options.etcdReadycheckTimeoutMs }),
  });
  const server = new APIServer({
    storages,
    scheme,
    ...(groupOpenAPI.length > 0 && { openapi: new OpenAPIDocuments(groupOpenAPI) }),
    bindAddress: config.bindAddress,
    securePort: options.securePort ?? 6443,
    advertiseAddress: config.advertiseAddress,
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
  serverRef.current = server;
  server.metrics.observeCommitBatches(storage);
  return { server, storages, auditWriter, serviceAccountKeys: serviceAccountTokens.loaded() };
}

/**
 * The built-in loops, as post-start hooks: system priority classes, the apiserver's identity
 * Lease and its collector, the APF configuration, the bootstrap controller, service IP and port
 * repair.
 */
export function addPostStartHooks(config: CompletedConfig, server: APIServer, storage: Storage, storages: RESTStorage[]): void {
  const { options, settings, scheme, log } = config;
  const endpointsStorage = storages.find((s) => s.group === "" && s.info.plural === "endpoints");
  const endpointSlicesStorage = storages.find((s) => s.group === "discovery.k8s.io" && s.info.plural === "endpointslices");
  const priorityClasses = storages.find((s) => s.group === "scheduling.k8s.io" && s.info.plural === "priorityclasses");
  if (priorityClasses) {
    server.hooks.addPostStartHook(SYSTEM_PRIORITY_CLASSES_HOOK, systemPriorityClassesHook({ storage: priorityClasses }));
  }
  const leases = storages.find((s) => s.group === "coordination.k8s.io" && s.info.plural === "leases");
  if (leases) {
    server.hooks.addPostStartHook(IDENTITY_LEASE_HOOK, identityLeaseHook({ leases, log }));
    server.hooks.addPostStartHook(IDENTITY_LEASE_GC_HOOK, identityLeaseGCHook({ leases, log }));
  }
  const flowcontrol = (plural: string) => storages.find((s) => s.group === "flowcontrol.apiserver.k8s.io" && s.info.plural === plural);
  const flowSchemas = flowcontrol("flowschemas");
  const priorityLevels = flowcontrol("prioritylevelconfigurations");
  if (flowSchemas && priorityLevels) {
    server.hooks.addPostStartHook(FLOWCONTROL_BOOTSTRAP_HOOK, flowControlBootstrapHook({ log, storages: { flowSchemas, priorityLevels } }));
  }
  installBootstrapController(server.hooks, {
    serviceIP: settings.serviceClusterIPRange.firstIP,
    publicServicePort: () => server.port,
    publicIP: config.advertiseAddress,
    kubernetesServiceNodePort: config.kubernetesServiceNodePort,
    endpointReconcilerType: settings.endpointReconcilerType,
    storage,
    ...(endpointsStorage !== undefined && { endpointsStorage }),
    ...(endpointSlicesStorage !== undefined && { endpointSlicesStorage }),
    ...(options.endpointReconcilerIntervalMs !== undefined && { intervalMs: options.endpointReconcilerIntervalMs }),
    ...(options.endpointLeaseTTLMs !== undefined && { leaseTtlMs: options.endpointLeaseTTLMs }),
    log,
  });
  const serviceCIDRs = storages.find((s) => s.group === "networking.k8s.io" && s.info.plural === "servicecidrs");
  if (serviceCIDRs) {
    const cidrs = serviceRangesOf(settings).serviceClusterIPRange.split(",");
    server.hooks.addPostStartHook(DEFAULT_SERVICE_CIDR_HOOK, defaultServiceCIDRHook({ cidrs, log, storage: serviceCIDRs }));
  }
  const servicesStorage = storages.find((s) => s.group === "" && s.info.plural === "services");
  if (servicesStorage) {
    const events = storages.find((s) => s.group === "" && s.info.plural === "events");
    const allocation = ipAddressAllocationOf(servicesStorage);
    const ipAddressesStorage = storages.find((s) => s.group === "networking.k8s.io" && s.info.plural === "ipaddresses");
    const repair = {
      storage,
      scheme,
      ranges: serviceRangesOf(settings),
      services: servicesStorage,
      events,
      intervalMs: options.serviceRepairIntervalMs,
      log,
      ...(allocation && ipAddressesStorage && { ipAddresses: { allocation, storage: ipAddressesStorage } }),
    };
    server.hooks.addPostStartHook(SERVICE_REPAIR_HOOK, serviceRepairHook(repair));
  }
}

/** DIR/kubeconfig (admin) and DIR/controller-manager.kubeconfig, pointing at the running server. */
export async function writeKubeconfigs(
  config: CompletedConfig,
  server: { port: number },
  certs: ClusterCertificates,
): Promise<{ kubeconfig: string; controllerManagerKubeconfig: string; url: string }> {
  const { bindAddress, dataDir } = config;
  // Clients on this machine reach a wildcard listener on loopback.
  const host = bindAddress === "0.0.0.0" || bindAddress === "::" ? "127.0.0.1" : bindAddress;
  const url = `https://${host.includes(":") ? `[${host}]` : host}:${server.port}`;
  const kubeconfig = path.join(dataDir, "kubeconfig");
  writeKubeconfig(kubeconfig, url, certs);
  const cmCert = await ensureClientCertificate(dataDir, certs.ca, "controller-manager", CONTROLLER_MANAGER_USER);
  const controllerManagerKubeconfig = path.join(dataDir, "controller-manager.kubeconfig");
  writeKubeconfig(controllerManagerKubeconfig, url, { ca: certs.ca, admin: cmCert });
  return { kubeconfig, controllerManagerKubeconfig, url };
}
