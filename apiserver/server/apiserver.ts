/**
 * The apiserver: the handler chain over the installed REST storages, served over HTTPS, with
 * post-start hooks after it listens and a graceful shutdown (stop accepting, end watches,
 * drain in-flight requests, run pre-shutdown hooks).
 *
 * Chain, outermost first: panic recovery -> request info -> Audit-Id -> metrics -> timeout ->
 * authentication -> audit -> impersonation -> authorization -> max in-flight -> router.
 */
import { getLogger, type Logger } from "../../runtime/logger.js";
import { withHTTPLog } from "./filters/httplog.js";
import { setMaxListeners } from "node:events";
import https from "node:https";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { scheme as builtinScheme } from "../../generated/apis/register.js";
import type { Scheme } from "../../runtime/scheme.js";
import { AdmissionChain, type AdmissionPlugin } from "../admission/interface.js";
import { ValidatingAdmissionPolicyPlugin } from "../admission/policy/plugin.js";
import { indexPolicySource, indexWebhookSource, LazySignalContext } from "./admission-sources.js";
import { WebhookAdmission } from "../admission/webhook/plugin.js";
import { NamespaceLifecycle } from "../admission/namespace-lifecycle.js";
import { setupAPIExtensions } from "../apiextensions/index.js";
import { LoopbackAuthenticator, loopbackConfig } from "../controlplane/loopback.js";
import { systemNamespacesHook } from "../controlplane/system-namespaces.js";
import {
  authorizerForMode,
  parseAuthorizationModes,
  privilegedGroups,
  UnionAuthorizer,
  type AuthorizationAttributes,
  type Authorizer,
  type Decision,
} from "../auth/authorizer.js";
import { NodeAuthorizer } from "../auth/node/authorizer.js";
import { NodeGraph } from "../auth/node/graph.js";
import { RBACAuthorizer } from "../auth/rbac/authorizer.js";
import { PolicyCache } from "../auth/rbac/policy-cache.js";
import type { PolicyRule } from "../auth/rbac/rules.js";
import type { ObjectGetter, ServiceAccountTokens } from "../auth/serviceaccount.js";
import { DRAAdminAccess } from "../admission/dra-admin-access.js";
import { PolicyParamAuthorization } from "../admission/policy-param-authorization.js";
import { RBACEscalation } from "../admission/rbac-escalation.js";
import { buildAdmissionPlugins, runsWebhookPlugin } from "../admission/plugins.js";
import { FollowedLists } from "../admission/followed-lists.js";
import { followSource } from "../../runtime/cache/follow.js";
import { type AdmissionObjects, type SignalSource, signalOf } from "../admission/objects.js";
import { bootstrapPolicyHook } from "../controlplane/bootstrap-policy.js";
import { nodeRules } from "../controlplane/bootstrap-policy-cluster.js";
import { accessReviewStorages } from "../registry/resources/accessreviews/storage.js";
import { authenticationReviewStorages } from "../registry/resources/tokenreviews/storage.js";
import { tokenRequestStorage } from "../registry/resources/serviceaccounts/token.js";
import { markRequestSignal, requestReadScope } from "../registry/cacher/revision-batcher.js";
import { cachedGet, cachedList, liveGet, LiveLookups } from "./admission-reads.js";
import type { AuditLogWriter } from "../audit/log-writer.js";
import type { Policy as AuditPolicy } from "../audit/policy.js";
import { auditAdmissionRecorder, failedAuthenticationAudit, withAudit, withAuditID } from "./filters/audit.js";
import { withImpersonation } from "./filters/impersonation.js";
import { withServiceAccountIssuerDiscovery } from "./filters/oidc-discovery.js";
import type { Authenticator } from "../auth/authenticator.js";
import { TokenFileAuthenticator } from "../auth/token-file.js";
import { UnionAuthenticator } from "../auth/union.js";
import { anonymousUser, type UserInfo } from "../auth/user.js";
import { parseCertificates, X509Authenticator } from "../auth/x509.js";
import { DiscoveryHandlers } from "../endpoints/discovery/handlers.js";
import { SchemaIndex } from "../endpoints/field-validation.js";
import { builtinOpenAPI, type OpenAPIDocuments } from "../endpoints/openapi.js";
import type { EndpointDeps } from "../endpoints/handlers/scope.js";
import { ResourceIndex } from "../endpoints/installer.js";
import type { APIRequest, Filter, Handler } from "../endpoints/request-context.js";
import { isLongRunning, parseRequestTarget, type RequestInfo } from "../endpoints/request-info.js";
import { resourceHandler } from "../endpoints/resource-handler.js";
import { ResponseWriter } from "../endpoints/response-writer.js";
import { addSwaggerDefinitions } from "../registry/patch/patch-meta.js";
import { apiserverContext, type KubeObject, type RESTStorage } from "../registry/rest.js";
import { withAuthentication } from "./filters/authentication.js";
import { withAuthorization } from "./filters/authorization.js";
import { withMaxInFlight } from "./filters/max-in-flight.js";
import { withPanicRecovery } from "./filters/panic-recovery.js";
import { withTimeout } from "./filters/timeout.js";
import {
  NODE_MAX_HEADER_SIZE,
  REQUEST_HEADER_TIMEOUT_MS,
  answerAndClose,
  firstRequestArrived,
  methodNotAllowed,
  onClientError,
  protocolError,
  startFirstRequestDeadline,
} from "./client-error.js";
import { HealthChecks, type HealthCheck } from "./health.js";
import { Hooks } from "../lifecycle/hooks.js";
import { APIServerMetrics } from "./metrics.js";
import { router } from "./router.js";
import type { ServerExtension } from "./extension.js";

export interface APIServerOptions {
  /** The REST storage of every served resource (and its subresources). */
  storages: readonly RESTStorage[];
  scheme?: Scheme;
  /** Default 0.0.0.0. */
  bindAddress?: string;
  /** Default 6443; 0 picks a free port. */
  securePort?: number;
  /** The address clients should use (discovery, certificates); default: the bind address, or 127.0.0.1. */
  advertiseAddress?: string;
  /** Serving certificate and key (PEM), and the CA client certificates are verified against. */
  tls: { cert: string; key: string; clientCA?: string; servingCA?: string; requestHeaderCA?: string };
  /** `--token-auth-file`: a path, or the parsed table. */
  tokenAuthFile?: string;
  tokens?: ReadonlyMap<string, UserInfo>;
  /** Default true: requests without credentials are system:anonymous. */
  anonymousAuth?: boolean;
  /** Default "AlwaysAllow" (tests and embedders); the `kubegen apiserver`/`up` commands default to "RBAC". */
  authorizationMode?: string;
  /**
   * Serve TokenReview, SelfSubjectReview and the access reviews (and TokenRequest with tokens).
   * Default: when service-account tokens are given or RBAC is a mode.
   */
  serveAuthAPIs?: boolean;
  /** Service-account tokens: issued by `serviceaccounts/<name>/token`, accepted as credentials. */
  serviceAccountTokens?: ServiceAccountTokens;
  /** `--audit-policy-file` (parsed) and the `--audit-log-path` writer; both or neither. */
  auditPolicy?: AuditPolicy;
  auditWriter?: AuditLogWriter;
  /** How often the apiserver recomputes aggregated cluster roles under RBAC; default 0 (at start only; the controller keeps them). */
  clusterRoleAggregationIntervalMs?: number;
  maxRequestsInFlight?: number;
  maxMutatingRequestsInFlight?: number;
  /** Default 60 s. */
  requestTimeoutMs?: number;
  /** Default 1800 s: watches without timeoutSeconds last 1-2x this. */
  minRequestTimeoutSeconds?: number;
  /** Default 3 MiB. */
  maxRequestBodyBytes?: number;
  /** The request line and headers together; beyond it a 431. Default 1 MiB (+4 KiB), as Go's DefaultMaxHeaderBytes. */
  maxHeaderBytes?: number;
  /** How long a client may take to send a request's headers before a 408 and a closed connection. Default 32 s, as upstream. */
  requestHeaderTimeoutMs?: number;
  /** How long shutdown waits for in-flight requests. Default 60 s. */
  shutdownTimeoutMs?: number;
  /** Extra health checks (e.g. the storage backend), on /healthz, /livez and /readyz. */
  healthChecks?: readonly HealthCheck[];
  /** Extra checks on /readyz only (e.g. the storage backend's readiness). */
  readyChecks?: readonly HealthCheck[];
  /** Extra admission plugins, after NamespaceLifecycle. */
  admissionPlugins?: readonly AdmissionPlugin[];
  /**
   * Upstream's default admission plugins (LimitRanger, ServiceAccount, PodSecurity, Priority,
   * DefaultTolerationSeconds, DefaultStorageClass, ResourceQuota) by name, after
   * NamespaceLifecycle; `selectAdmissionPlugins` turns the flags into this list. Default: none (runAPIServer passes the defaults).
   * The webhook and ValidatingAdmissionPolicy plugins run when listed, and always when this is absent.
   */
  builtinAdmissionPlugins?: readonly string[];
  /** Default true: run start-system-namespaces-controller when namespaces are served. */
  systemNamespaces?: boolean;
  /** `--system-namespaces-interval`: the controller's safety-net pass; default 1 minute. */
  systemNamespacesIntervalMs?: number;
  /** The OpenAPI documents served (default: the built-in API's); compiled-in groups bring theirs. */
  openapi?: OpenAPIDocuments;
  /** Where the server logs (leveled; every request at V(3), as httplog); default the runtime's logger. */
  logger?: Logger;
  /** Extensions (the aggregator): their filters run after authorization, before custom resources'. */
  extensions?: readonly ServerExtension[];
  /** An extension apiserver's authenticators (requestheader, delegated tokens), tried before the built-in ones. */
  extraAuthenticators?: readonly Authenticator[];
  /** Replaces the authorizer of authorizationMode (an extension apiserver's delegated authorizer); system:masters stays allowed. */
  authorizer?: Authorizer;
  /** Line-wise messages of the server's loops; default warnings to `logger`. */
  log?: (line: string) => void;
}

const DEFAULTS = {
  bindAddress: "0.0.0.0",
  securePort: 6443,
  maxRequestsInFlight: 400,
  maxMutatingRequestsInFlight: 200,
  requestTimeoutMs: 60_000,
  minRequestTimeoutSeconds: 1800,
  maxRequestBodyBytes: 3 * 1024 * 1024,
  shutdownTimeoutMs: 60_000,
  maxHeaderBytes: NODE_MAX_HEADER_SIZE,
  requestHeaderTimeoutMs: REQUEST_HEADER_TIMEOUT_MS,
  /** Upstream's IdleTimeout: a kept-alive connection with no request closes after this. */
  keepAliveTimeoutMs: 90_000,
};

/** Go's plain-text 400 for a request it refuses before any handler; the connection closes after it. */
function rejectRequest(res: ServerResponse, reason: string): void {
  const body = `400 ${reason}`;
  res.shouldKeepAlive = false;
  res.writeHead(400, reason, {
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    Connection: "close",
  });
  res.end(body);
}

/** A response stream's errors (a client gone mid-write) need no handling: its close listener aborts the request. */
function ignore(): void {}

/** Where serve() keeps a response's request, for the close listener all responses share. */
const SERVED = Symbol("served request");
type ServedResponse = ServerResponse & { [SERVED]?: ServedRequest };

/** The caller until authentication says otherwise; shared, so frozen (nothing changes a request's user in place). */
const UNAUTHENTICATED: UserInfo = Object.freeze({ ...anonymousUser(), groups: Object.freeze(anonymousUser().groups) as string[] });

/** A response closed (finished, or its connection went first): one function for every response, no closure each. */
function responseClosed(this: ServedResponse): void {
  const req = this[SERVED];
  this[SERVED] = undefined;
  req?.closed();
}

/**
 * A request as serve() makes it: a class, not an object literal, because V8 keeps a literal with
 * a getter in dictionary mode (every `req.x` down the chain was a hash lookup) and builds a new
 * accessor pair for each one (about 0.5 us against 0.05 us here); abort is a method, not a
 * closure per request. Its AbortController is made only when a handler asks for the signal or
 * something aborts the request: most requests never need one.
 */
class ServedRequest implements APIRequest {
  user: UserInfo = UNAUTHENTICATED;
  startTime = performance.now();
  private controller: AbortController | undefined;
  private madeSignal: AbortSignal | undefined;

  constructor(
    public raw: IncomingMessage,
    public url: URL,
    public info: RequestInfo,
    public warnings: string[],
    private readonly res: ResponseWriter,
    private readonly onClose: (req: APIRequest, res: ResponseWriter) => void,
  ) {}

  get signal(): AbortSignal {
    return (this.madeSignal ??= markRequestSignal((this.controller ??= new AbortController()).signal));
  }

  abort(reason?: unknown): void {
    (this.controller ??= new AbortController()).abort(reason);
  }

  /** Its response closed: one that did not finish lost its client; then the request metrics count it. */
  closed(): void {
    if (!this.res.raw.writableFinished) this.abort(new Error("client went away"));
    this.onClose(this, this.res);
  }
}

/** A storage of a create-only resource: a generic one built from a review's ResourceInfo. */
const isCreateOnly = (s: RESTStorage): boolean => s.info.verbs.length === 1 && s.info.verbs[0] === "create";

export class APIServer {
  readonly hooks = new Hooks();
  readonly health: HealthChecks;
  readonly metrics = new APIServerMetrics();
  readonly index: ResourceIndex;
  readonly scheme: Scheme;
  private readonly discovery: DiscoveryHandlers;
  private readonly handler: Handler;
  private readonly inflight = new Set<APIRequest>();
  private readonly stopController = new AbortController();
  private server: https.Server | undefined;
  private address: AddressInfo | undefined;
  private shuttingDown = false;
  private shutdownPromise: Promise<void> | undefined;
  private readonly log: (line: string) => void;
  private readonly logger: Logger;
  /** The post-start hooks' credentials (upstream's loopback token). */
  private readonly loopback = new LoopbackAuthenticator();
  /** `--token-auth-file`'s authenticator: requests and TokenReview share it. */
  private readonly tokenFile: TokenFileAuthenticator | undefined;
  /** Counts a request in the request metrics once its response has closed (made once, shared by all requests). */
  private readonly recordRequest = (req: APIRequest, res: ResponseWriter): void => this.metrics.record(req, res);

  constructor(private readonly options: APIServerOptions) {
    this.logger = options.logger ?? getLogger();
    this.log = options.log ?? ((line) => this.logger.warn(line));
    this.scheme = options.scheme ?? builtinScheme;
    // The review APIs come with a real authentication/authorization setup (what runAPIServer
    // builds); a server assembled by hand for a test serves exactly the storages it was given.
    const authAPIs =
      options.serveAuthAPIs ?? (options.serviceAccountTokens !== undefined || /(^|,)\s*RBAC\s*(,|$)/.test(options.authorizationMode ?? ""));
    this.tokenFile = options.tokens
      ? new TokenFileAuthenticator(options.tokens)
      : options.tokenAuthFile
        ? TokenFileAuthenticator.fromFile(options.tokenAuthFile)
        : undefined;
    this.index = new ResourceIndex(
      authAPIs ? this.withAuthStorages(options.storages, options.serviceAccountTokens) : [...options.storages],
    );
    this.health = new HealthChecks(this.hooks);
    this.health.add({ name: "ping", check: () => {} });
    this.health.add({ name: "log", check: () => {} });
    for (const c of options.healthChecks ?? []) this.health.add(c);
    for (const c of options.readyChecks ?? []) this.health.add(c, ["readyz"]);
    this.health.add(
      {
        name: "shutdown",
        check: () => {
          if (this.shuttingDown) throw new Error("server is shutting down");
        },
      },
      ["readyz"],
    );
    this.discovery = new DiscoveryHandlers(this.index, this.scheme, () => this.serverAddress());

    const namespaces = this.index.lookup("", "v1", "namespaces")?.storage;
    const plugins: AdmissionPlugin[] = options.auditPolicy ? [auditAdmissionRecorder] : [];
    if (namespaces?.get) {
      plugins.push(
        new NamespaceLifecycle((name, signal, live) => {
          // Read-only: a live read may share the request's consistent-read revision.
          const liveCtx = () => ({ ...apiserverContext(signal), readScope: requestReadScope(signal) });
          return live ? liveGet(namespaces, liveCtx(), name) : cachedGet(namespaces, apiserverContext(signal), name, liveCtx);
        }),
      );
      if ((options.systemNamespaces ?? true) && namespaces.create) {
        this.hooks.addPostStartHook(
          "start-system-namespaces-controller",
          systemNamespacesHook({
            ...(options.systemNamespacesIntervalMs !== undefined && { intervalMs: options.systemNamespacesIntervalMs }),
            log: this.log,
            storage: namespaces,
          }),
        );
      }
    }
    const admissionObjects = this.admissionObjects();
    // The certificate plugins ask the authorizer, built below: read when they run.
    plugins.push(...buildAdmissionPlugins(options.builtinAdmissionPlugins ?? [], admissionObjects, (a) => this.handlerAuthorizer(a)));
    plugins.push(...(options.admissionPlugins ?? []));
    const authorizer = options.authorizer
      ? new UnionAuthorizer([privilegedGroups, options.authorizer])
      : this.buildAuthorizer(options.authorizationMode ?? "AlwaysAllow");
    this.handlerAuthorizer = (a) => authorizer.authorize(a);
    // Upstream's policy and binding strategies ask the authorizer about params, whatever the mode.
    const policySource = indexPolicySource(this.index, apiserverContext);
    plugins.push(
      new PolicyParamAuthorization(
        {
          resourceFor: (group, version, kind) => this.index.resources(group, version).find((r) => r.info.kind === kind)?.info.plural,
          policy: async (name, ctx) => (await policySource.policies(ctx.signal)).find((p) => p.metadata?.name === name),
        },
        (a) => Promise.resolve(authorizer.authorize(a)),
      ),
    );
    // Upstream's ResourceClaim strategies read the namespace's admin-access label.
    plugins.push(new DRAAdminAccess((name, ctx) => policySource.namespace(name, ctx.signal)));
    if (this.rbac) {
      const escalation = new RBACEscalation(this.policy, (a) => Promise.resolve(authorizer.authorize(a)));
      plugins.push(escalation);
      this.escalation = escalation;
    }
    // The webhook and policy plugins run unless the admission flags disabled them.
    const selected = options.builtinAdmissionPlugins;
    const webhooks = indexWebhookSource(this.index, apiserverContext);
    // Configurations and bindings are read on every write: kept until they change.
    const kept = new FollowedLists(admissionObjects);
    const REG = "admissionregistration.k8s.io";
    const mutating = runsWebhookPlugin(selected, "MutatingAdmissionWebhook");
    const validating = runsWebhookPlugin(selected, "ValidatingAdmissionWebhook");
    if (mutating || validating) {
      const none = () => Promise.resolve([]);
      plugins.push(
        new WebhookAdmission({
          namespace: (name, signal) => webhooks.namespace(name, signal),
          mutating: mutating ? (ctx) => kept.kept(REG, "mutatingwebhookconfigurations", "", () => webhooks.mutating(ctx)) : none,
          validating: validating ? (ctx) => kept.kept(REG, "validatingwebhookconfigurations", "", () => webhooks.validating(ctx)) : none,
          keptMutating: mutating ? () => kept.keptList(REG, "mutatingwebhookconfigurations", "") : () => [],
          keptValidating: validating ? () => kept.keptList(REG, "validatingwebhookconfigurations", "") : () => [],
        }),
      );
    }
    if (runsWebhookPlugin(selected, "ValidatingAdmissionPolicy")) {
      const policies = indexPolicySource(this.index, apiserverContext);
      plugins.push(
        new ValidatingAdmissionPolicyPlugin({
          ...policies,
          policies: (signal) => kept.kept(REG, "validatingadmissionpolicies", "", () => policies.policies(signal)),
          bindings: (signal) => kept.kept(REG, "validatingadmissionpolicybindings", "", () => policies.bindings(signal)),
          keptBindings: () => kept.keptList(REG, "validatingadmissionpolicybindings", ""),
        }),
      );
    }

    const openapi = options.openapi ?? builtinOpenAPI;
    // Compiled-in groups' schemas: fieldValidation, strategic merge patch and apply know their kinds.
    // Only when there are some: adding reads the built-in Swagger document (7 MB of generated
    // text to load, 3 MB to parse), which no request before ready needs.
    const groupDefinitions = openapi.groupDefinitions();
    if (Object.keys(groupDefinitions).length > 0) addSwaggerDefinitions(groupDefinitions);
    let schemas: SchemaIndex | undefined;
    const deps: EndpointDeps = {
      scheme: this.scheme,
      // Built for the first body checked against it, for the same reason.
      get schemas() {
        return (schemas ??= SchemaIndex.builtin());
      },
      admission: new AdmissionChain(plugins),
      maxRequestBodyBytes: options.maxRequestBodyBytes ?? DEFAULTS.maxRequestBodyBytes,
      minRequestTimeoutSeconds: options.minRequestTimeoutSeconds ?? DEFAULTS.minRequestTimeoutSeconds,
    };
    const tls = options.tls;
    // With a requestheader CA the handshake trusts both; only the client CA's certificates are users.
    const authenticators: Authenticator[] = [
      new X509Authenticator(tls.requestHeaderCA ? parseCertificates(tls.clientCA ?? "") : undefined),
    ];
    if (options.serviceAccountTokens) authenticators.push(options.serviceAccountTokens);
    if (this.tokenFile) authenticators.unshift(this.tokenFile);
    authenticators.unshift(this.loopback, ...(options.extraAuthenticators ?? []));

    const auditOptions = {
      ...(options.auditPolicy && { policy: options.auditPolicy }),
      ...(options.auditWriter && { writer: options.auditWriter }),
    };
    const filters: Filter[] = [
      withHTTPLog(this.logger),
      withPanicRecovery(this.scheme, options.log ?? ((line) => this.logger.error(line))),
      withAuditID(auditOptions),
      withTimeout(options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs, this.scheme, this.log),
      withAuthentication(
        new UnionAuthenticator(authenticators, options.anonymousAuth ?? true),
        this.scheme,
        failedAuthenticationAudit(auditOptions),
      ),
      // As upstream, audit sees the authenticated user; impersonation then records whom it became.
      withAudit(auditOptions),
      withImpersonation(authorizer, this.scheme),
      withAuthorization(authorizer, this.scheme),
      withMaxInFlight(
        {
          readOnly: options.maxRequestsInFlight ?? DEFAULTS.maxRequestsInFlight,
          mutating: options.maxMutatingRequestsInFlight ?? DEFAULTS.maxMutatingRequestsInFlight,
        },
        this.metrics.inflight,
      ),
    ];
    if (options.serviceAccountTokens) filters.push(withServiceAccountIssuerDiscovery(options.serviceAccountTokens));
    const inner = router({
      scheme: this.scheme,
      health: this.health,
      discovery: this.discovery,
      resources: resourceHandler(this.index, deps),
      metrics: this.metrics.handler(),
      openapi,
    });
    const parts = { index: this.index, hooks: this.hooks, discovery: this.discovery, context: apiserverContext, log: this.log };
    for (const extension of options.extensions ?? []) filters.push(...extension(parts));
    // Custom resources: the CRD controller (post-start hooks) and their OpenAPI documents.
    const apiextensions = setupAPIExtensions({ index: this.index, scheme: this.scheme, hooks: this.hooks, openapi, log: this.log });
    if (apiextensions) filters.push(...apiextensions.filters);
    this.handler = filters.reduceRight((next, filter) => filter(next), inner);
  }

  /** The port the server listens on (after start). */
  get port(): number {
    if (!this.address) throw new Error("the apiserver is not listening");
    return this.address.port;
  }

  /** https://host:port, with the advertise address (or 127.0.0.1) as host. */
  get url(): string {
    return `https://${this.serverAddress()}`;
  }

  private serverAddress(): string {
    const host =
      this.options.advertiseAddress ??
      (this.options.bindAddress && !["0.0.0.0", "::"].includes(this.options.bindAddress) ? this.options.bindAddress : "127.0.0.1");
    const port = this.address?.port ?? this.options.securePort ?? DEFAULTS.securePort;
    return host.includes(":") ? `[${host}]:${port}` : `${host}:${port}`;
  }

  /** The RBAC objects as the authorizer sees them. */
  readonly policy = new PolicyCache();
  private rbac: RBACAuthorizer | undefined;

  private rbacStorages() {
    const get = (plural: string) => this.index.lookup("rbac.authorization.k8s.io", "v1", plural)?.storage;
    return {
      roles: get("roles"),
      roleBindings: get("rolebindings"),
      clusterRoles: get("clusterroles"),
      clusterRoleBindings: get("clusterrolebindings"),
    };
  }

  /** The authorizer of `--authorization-mode`; under RBAC also the bootstrap-policy hook. */
  private buildAuthorizer(mode: string): Authorizer {
    const modes = parseAuthorizationModes(mode);
    if (modes.includes("RBAC")) {
      const st = this.rbacStorages();
      if (!st.clusterRoles || !st.clusterRoleBindings)
        throw new Error("--authorization-mode=RBAC needs the rbac.authorization.k8s.io/v1 resources to be served");
      this.rbac = new RBACAuthorizer(this.policy);
      this.hooks.addPostStartHook(
        "rbac/bootstrap-roles",
        bootstrapPolicyHook({
          clusterRoles: st.clusterRoles,
          clusterRoleBindings: st.clusterRoleBindings,
          ...(st.roles && st.roleBindings && { roles: st.roles, roleBindings: st.roleBindings }),
          context: apiserverContext,
          ...(this.options.clusterRoleAggregationIntervalMs !== undefined && {
            aggregationIntervalMs: this.options.clusterRoleAggregationIntervalMs,
          }),
          log: this.log,
        }),
      );
    }
    if (modes.includes("Node")) this.nodeGraph = new NodeGraph();
    const { rbac, nodeGraph } = this;
    return authorizerForMode(mode, {
      ...(rbac && { rbac: () => rbac }),
      ...(nodeGraph && { node: () => new NodeAuthorizer(nodeGraph, nodeRules) }),
    });
  }

  /** Under `--authorization-mode=Node`: which objects each node's Pods, volumes and slices relate it to. */
  private nodeGraph: NodeGraph | undefined;

  /** Lists then watches what the node graph is built from; resolves once every list is in. */
  private followNodeGraph(graph: NodeGraph): Promise<void> {
    const signal = this.stopController.signal;
    const sources = [
      ["pod", "", "v1", "pods"],
      ["pv", "", "v1", "persistentvolumes"],
      ["volumeattachment", "storage.k8s.io", "v1", "volumeattachments"],
      ["resourceslice", "resource.k8s.io", "v1", "resourceslices"],
    ] as const;
    const apply = (type: (typeof sources)[number][0], obj: KubeObject, deleted?: boolean): void => {
      if (type === "pod") graph.applyPod(obj, deleted);
      else if (type === "pv") graph.applyPV(obj, deleted);
      else graph.applyNodeNamed(type, obj, deleted);
    };
    return Promise.all(
      sources.flatMap(([type, group, version, plural]) => {
        const storage = this.index.lookup(group, version, plural)?.storage;
        if (!storage?.list || !storage.watch) return [];
        return followSource(storage, apiserverContext, signal, {
          replace: (items) => {
            graph.clear(type);
            for (const item of items) apply(type, item);
          },
          event: (obj, deleted) => apply(type, obj, deleted),
          log: this.log,
          what: `node authorizer: watching ${plural}`,
        });
      }),
    ).then(() => undefined);
  }

  /** The review APIs and, with service-account tokens, TokenRequest; only for kinds the scheme knows. */
  private withAuthStorages(storages: readonly RESTStorage[], tokens: ServiceAccountTokens | undefined): RESTStorage[] {
    // Escalation checks of patches (the escalation plugin exists once the authorizer does).
    const out = storages.map((s): RESTStorage => {
      if (s.group !== "rbac.authorization.k8s.io" || !s.patch) return s;
      return {
        ...s,
        patch: (ctx, name, type, body, opts) =>
          this.escalation ? this.escalation.wrapPatch(s).patch!(ctx, name, type, body, opts) : s.patch!(ctx, name, type, body, opts),
      };
    });
    const knows = (group: string, kind: string) => this.scheme.recognizes({ group, version: "v1", kind });
    const authorize = (a: AuthorizationAttributes): Promise<Decision> => Promise.resolve(this.handlerAuthorizer(a));
    const rulesFor = (user: { name: string; groups: string[] }, namespace: string): { rules: PolicyRule[]; incomplete: boolean } => {
      if (user.groups.includes("system:masters") || !this.rbac) {
        return {
          rules: [
            { verbs: ["*"], apiGroups: ["*"], resources: ["*"] },
            { verbs: ["*"], nonResourceURLs: ["*"] },
          ],
          incomplete: !this.rbac && !user.groups.includes("system:masters"),
        };
      }
      return { rules: this.policy.rulesFor(user, namespace), incomplete: false };
    };
    // The generated scheme lists the reviews as create-only resources, which the generic
    // storages would store: the review storages answer them instead, storing nothing.
    const serve = (s: RESTStorage): void => {
      const i = out.findIndex((x) => x.group === s.group && x.info.plural === s.info.plural);
      if (i < 0) out.push(s);
      else if (isCreateOnly(out[i]!)) out[i] = s;
    };
    if (knows("authorization.k8s.io", "SubjectAccessReview")) for (const s of accessReviewStorages({ authorize, rulesFor })) serve(s);
    if (knows("authentication.k8s.io", "TokenReview")) {
      // upstream reviews with its whole token chain: the loopback token first, then the token file, then service accounts.
      const audienceAgnostic = this.tokenFile ? [this.loopback, this.tokenFile] : [this.loopback];
      const reviewers = { audienceAgnostic, ...(tokens && { serviceAccounts: tokens }), apiAudiences: tokens?.apiAudiences ?? [] };
      for (const s of authenticationReviewStorages(reviewers)) serve(s);
    }
    if (tokens && knows("authentication.k8s.io", "TokenRequest")) {
      const i = out.findIndex((s) => s.group === "" && s.info.plural === "serviceaccounts");
      if (i >= 0)
        out[i] = { ...out[i]!, subresources: { ...out[i]!.subresources, token: tokenRequestStorage(tokens, this.objectGetter()) } };
    }
    return out;
  }

  private escalation: RBACEscalation | undefined;

  /** Set once the chain is built; the review storages ask it. */
  private handlerAuthorizer: (a: AuthorizationAttributes) => Decision | Promise<Decision> = (a) => privilegedGroups.authorize(a);

  /** Other objects as admission plugins read and write them: as the system, through the storages. */
  private admissionObjects(): AdmissionObjects {
    const storageOf = (group: string, resource: string) => {
      const r = this.index.lookup(
        group,
        group === "" ? "v1" : (this.scheme.groupVersions().find((gv) => gv.group === group)?.version ?? "v1"),
        resource,
      );
      return r?.storage;
    };
    const ctx = (namespace: string, from: SignalSource) =>
      new LazySignalContext(apiserverContext, from, namespace === "" ? undefined : namespace);
    // One request's reads share its consistent-read revision until it writes through here (a
    // quota's usage): the reads after that write ask again, and see it.
    const afterWrite = new WeakMap<AbortSignal, object>();
    const readCtx = (namespace: string, from: SignalSource) => {
      const c = ctx(namespace, from);
      const scope = requestReadScope(c.signal);
      c.readScope = scope && (afterWrite.get(scope) ?? scope);
      return c;
    };
    const live = new LiveLookups();
    return {
      get: (group, resource, namespace, name, signal) =>
        cachedGet(storageOf(group, resource), ctx(namespace, signal), name, () => readCtx(namespace, signal)),
      list: async (group, resource, namespace, signal, opts) => {
        const s = storageOf(group, resource);
        const items = await cachedList(s, ctx(namespace, signal));
        if (items.length > 0 || !opts?.liveWhenEmpty || !s?.list) return items;
        return live.lookup(`${group}/${resource}/${namespace}`, async () => (await s.list!(readCtx(namespace, signal), {})).items);
      },
      updateStatus: async (group, resource, namespace, obj, signal) => {
        const s = storageOf(group, resource);
        const status = s?.subresources?.status;
        if (!status?.update) return;
        try {
          await status.update(ctx(namespace, signal), obj.metadata?.name ?? "", obj, {});
        } finally {
          const scope = requestReadScope(signalOf(signal));
          if (scope) afterWrite.set(scope, {});
        }
      },
      follow: (group, resource, handlers) => {
        const s = storageOf(group, resource);
        if (!s?.list || !s.watch) return undefined;
        const signal = this.stopController.signal;
        return { synced: followSource(s, apiserverContext, signal, handlers), signal };
      },
      log: (line) => this.log(line),
    };
  }

  /** Reads ServiceAccounts and the objects tokens are bound to, as the system. */
  objectGetter(): ObjectGetter {
    const plural = { ServiceAccount: "serviceaccounts", Pod: "pods", Secret: "secrets", Node: "nodes" } as const;
    return (kind, namespace, name) => {
      const storage = this.index.lookup("", "v1", plural[kind])?.storage;
      const signal = this.stopController.signal;
      return liveGet(storage, { ...apiserverContext(signal), ...(namespace !== "" && { namespace }) }, name);
    };
  }

  /** Listens, then runs the post-start hooks; a failing hook shuts the server down and rejects. */
  async start(): Promise<void> {
    // Long-lived watches listen on the server's stop signal: one per RBAC resource and per
    // admission cache, more than Node's leak warning expects of one signal.
    setMaxListeners(0, this.stopController.signal);
    if (this.rbac) {
      await this.policy.start(this.rbacStorages(), apiserverContext, this.stopController.signal, this.log);
    }
    if (this.nodeGraph) await this.followNodeGraph(this.nodeGraph);
    const tls = this.options.tls;
    const headersTimeout = this.options.requestHeaderTimeoutMs ?? DEFAULTS.requestHeaderTimeoutMs;
    const server = https.createServer(
      {
        cert: tls.cert,
        key: tls.key,
        ...(tls.clientCA || tls.requestHeaderCA
          ? { ca: [tls.clientCA, tls.requestHeaderCA].filter(Boolean).join("\n"), requestCert: true, rejectUnauthorized: false }
          : {}),
        minVersion: "TLSv1.2",
        noDelay: true,
        keepAlive: true,
        maxHeaderSize: this.options.maxHeaderBytes ?? DEFAULTS.maxHeaderBytes,
        // Only the headers are timed (Go's ReadHeaderTimeout): bodies and watches are the handlers'.
        requestTimeout: 0,
        headersTimeout,
        // Node checks the header deadline on this beat (30 s by default, which doubled the wait).
        connectionsCheckingInterval: Math.max(10, Math.min(1000, Math.floor(headersTimeout / 4))),
        // Checked in serve(), answered with Go's wording.
        requireHostHeader: false,
        // Go's TLS handshake deadline is the header timeout too.
        handshakeTimeout: headersTimeout,
      },
      (req, res) => void this.serve(req, res),
    );
    // Parse errors and header timeouts get an HTTP answer (400/405/408/431) before the close.
    server.on("clientError", onClientError);
    server.on("secureConnection", (socket) => startFirstRequestDeadline(socket, headersTimeout));
    // Nothing here is served by CONNECT (Node would otherwise drop the connection).
    server.on("connect", (_req, socket) => answerAndClose(socket, methodNotAllowed()));
    server.keepAliveTimeout = DEFAULTS.keepAliveTimeoutMs;
    // Go counts header bytes, not headers: Node would silently drop those after the 2,000th.
    server.maxHeadersCount = 0;
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.options.securePort ?? DEFAULTS.securePort, this.options.bindAddress ?? DEFAULTS.bindAddress, () => {
        server.off("error", reject);
        resolve();
      });
    });
    this.address = server.address() as AddressInfo;
    try {
      const servingCA = tls.servingCA ?? tls.clientCA;
      const loopbackClientConfig = loopbackConfig({
        bindAddress: this.options.bindAddress ?? DEFAULTS.bindAddress,
        port: this.address.port,
        token: this.loopback.token,
        ...(servingCA !== undefined && { caData: servingCA }),
      });
      await this.hooks.runPostStartHooks({ signal: this.stopController.signal, loopbackClientConfig });
    } catch (err) {
      await this.shutdown();
      throw err;
    }
  }

  private async serve(raw: IncomingMessage, rawRes: ServerResponse): Promise<void> {
    firstRequestArrived(raw.socket);
    const malformed = protocolError(raw);
    if (malformed !== undefined) {
      rejectRequest(rawRes, malformed);
      return;
    }
    let target: ReturnType<typeof parseRequestTarget>;
    try {
      target = parseRequestTarget(raw.method ?? "GET", raw.url ?? "/");
    } catch {
      // A target the URL parser cannot read (Go: "400 Bad Request" before any handler).
      rejectRequest(rawRes, "Bad Request");
      return;
    }
    const warnings: string[] = [];
    const res = new ResponseWriter(rawRes, warnings);
    const req = new ServedRequest(raw, target.url, target.info, warnings, res, this.recordRequest);
    (rawRes as ServedResponse)[SERVED] = req;
    rawRes.on("close", responseClosed);
    rawRes.on("error", ignore);
    if (this.shuttingDown) {
      // Requests that still arrive on kept-alive connections close them, and a watch opened now
      // (informers re-watch at once) ends as soon as its handler starts, so shutdown can drain.
      rawRes.shouldKeepAlive = false;
      if (isLongRunning(req.info)) setTimeout(() => req.abort(new Error("server is shutting down")), 0);
    }
    this.inflight.add(req);
    try {
      await this.handler(req, res);
    } catch (err) {
      this.log(`unhandled error: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.started) rawRes.destroy();
    } finally {
      this.inflight.delete(req);
      if (!rawRes.writableEnded && res.started && !res.closed) res.end();
    }
  }

  /**
   * Graceful shutdown: readyz fails, the listener stops accepting, watches end, in-flight
   * requests get up to shutdownTimeoutMs to finish, pre-shutdown hooks run, connections close.
   */
  shutdown(): Promise<void> {
    this.shutdownPromise ??= this.doShutdown();
    return this.shutdownPromise;
  }

  private async doShutdown(): Promise<void> {
    this.shuttingDown = true;
    this.stopController.abort();
    const server = this.server;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    server?.closeIdleConnections();
    for (const req of this.inflight) if (isLongRunning(req.info)) req.abort(new Error("server is shutting down"));
    const deadline = Date.now() + (this.options.shutdownTimeoutMs ?? DEFAULTS.shutdownTimeoutMs);
    while (this.inflight.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await this.hooks.runPreShutdownHooks(this.log);
    server?.closeAllConnections();
    await closed;
  }
}
