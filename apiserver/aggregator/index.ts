/**
 * The aggregator, kube-apiserver's first server: APIServices (apiregistration.k8s.io/v1) route
 * /apis/<group>/<version> to extension apiservers, local ones are registered for the groups this
 * server serves (upstream's autoregister, labelled `kube-aggregator.kubernetes.io/automanaged:
 * onstart`), an availability controller keeps their Available condition, and discovery and
 * OpenAPI include the extensions' groups. Post-start hooks carry upstream's names.
 */
import type { Service } from "../../api/core/v1/service.js";
import type { EndpointSlice } from "../../api/discovery/v1/types.js";
import type { DiscoveryHandlers } from "../endpoints/discovery/handlers.js";
import type { ResourceIndex } from "../endpoints/installer.js";
import type { Filter } from "../endpoints/request-context.js";
import type { KubeObject, RequestContext, RESTStorage } from "../registry/rest.js";
import type { ServerExtension } from "../server/extension.js";
import type { Hooks } from "../lifecycle/hooks.js";
import { APIServiceTable, isAvailable, isRemote, type APIService } from "./apiservices.js";
import { publishAuthenticationInfo, type AuthenticationInfo } from "./authentication-info.js";
import { AGGREGATOR_USER, checkAvailability, withCondition, type Probe } from "./availability.js";
import { AGGREGATED_ACCEPT, RemoteDiscovery } from "./discovery.js";
import { RemoteOpenAPI } from "./openapi.js";
import { BUILTIN_PRIORITIES } from "./priorities.js";
import { plainError, proxyRequest } from "./proxy.js";
import { resolveAPIService, type ServiceLookup } from "./resolve.js";
import { Agents, getUpstream, identityHeaders, type ProxyClientCertificate } from "./upstream.js";
import { AUTOMANAGED_LABEL, runCRDRegistration } from "./crd-registration.js";

export { ensureFrontProxyCertificates } from "./front-proxy.js";
export type { ProxyClientCertificate } from "./upstream.js";

export { AUTOMANAGED_LABEL } from "./crd-registration.js";

export interface AggregatorOptions {
  index: ResourceIndex;
  hooks: Hooks;
  discovery: DiscoveryHandlers;
  /** The system's request context (post-start loops act as the apiserver itself). */
  context: (signal: AbortSignal) => RequestContext;
  /** The front-proxy client certificate presented to extensions; without it they see no client certificate. */
  proxyClient?: ProxyClientCertificate;
  /** How often every APIService is checked; default 10 s (upstream: a 30 s resync, failures retried sooner). */
  checkIntervalMs?: number;
  log: (line: string) => void;
}

function isNotFound(err: unknown): boolean {
  return (err as { status?: { code?: number } }).status?.code === 404;
}

export class Aggregator {
  readonly table = new APIServiceTable();
  readonly discovery: RemoteDiscovery;
  readonly openapi = new RemoteOpenAPI();
  private readonly agents: Agents;
  private readonly apiservices: RESTStorage;

  constructor(private readonly options: AggregatorOptions) {
    this.apiservices = options.index.lookup("apiregistration.k8s.io", "v1", "apiservices")!.storage;
    this.agents = new Agents(options.proxyClient);
    this.discovery = new RemoteDiscovery(this.table);
    options.discovery.setPeer(this.discovery);
    options.hooks.addPostStartHook("start-kube-aggregator-informers", async (ctx) => {
      await this.table.follow(this.apiservices, options.context, ctx.signal, options.log);
      ctx.signal.addEventListener("abort", () => this.agents.destroy(), { once: true });
    });
    options.hooks.addPostStartHook("kube-apiserver-autoregistration", async (ctx) => {
      await this.autoregister(ctx.signal);
      // Upstream's crdRegistrationController runs under the same hook: Local APIServices for CRD group-versions.
      const crds = options.index.lookup("apiextensions.k8s.io", "v1", "customresourcedefinitions")?.storage;
      if (crds?.list && crds.watch)
        await runCRDRegistration({
          crds,
          apiservices: this.apiservices,
          current: () => this.table.all(),
          context: options.context,
          signal: ctx.signal,
          log: options.log,
        });
    });
    options.hooks.addPostStartHook("apiservice-status-available-controller", (ctx) => {
      this.runAvailability(ctx.signal);
    });
  }

  /** The proxy (and the APIGroup documents of groups only extensions serve), then the OpenAPI merge. */
  filters(): Filter[] {
    // Only /apis/... and /openapi/v3/apis/... can be an extension's: the rest (all of /api) goes
    // on at once, without an async frame of this filter's.
    return [
      (next) => (req, res) => {
        const path = req.url.pathname;
        return path.startsWith("/apis/") || path.startsWith("/openapi/v3/apis/") ? this.route(req, res, next) : next(req, res);
      },
      this.openapi.filter(),
    ];
  }

  private lookup(signal: AbortSignal): ServiceLookup {
    const ctx = (namespace: string): RequestContext => ({ ...this.options.context(signal), namespace });
    return {
      getService: async (namespace, name) => {
        const services = this.options.index.lookup("", "v1", "services")?.storage;
        if (!services?.get) throw new Error("services are not served");
        try {
          return (await services.get(ctx(namespace), name, {})) as Service;
        } catch (err) {
          if (isNotFound(err)) return undefined;
          throw err;
        }
      },
      endpointSlices: async (namespace, service) => {
        const slices = this.options.index.lookup("discovery.k8s.io", "v1", "endpointslices")?.storage;
        if (!slices?.list) throw new Error("endpointslices are not served");
        const list = await slices.list(ctx(namespace), { labelSelector: `kubernetes.io/service-name=${service}` });
        return list.items as unknown as EndpointSlice[];
      },
    };
  }

  private async route(...[req, res, next]: [Parameters<ReturnType<Filter>>[0], Parameters<ReturnType<Filter>>[1], Parameters<Filter>[0]]) {
    const parts = req.url.pathname.split("/");
    // ["", "apis", group, version, ...] or ["", "openapi", "v3", "apis", group, version]
    let group: string | undefined;
    let version: string | undefined;
    if (parts[1] === "apis" && parts[2]) [group, version] = [parts[2], parts[3]];
    else if (parts[1] === "openapi" && parts[2] === "v3" && parts[3] === "apis" && parts.length === 6)
      [group, version] = [parts[4], parts[5]];
    if (group === undefined) return next(req, res);
    if (!version) {
      // /apis/<group>: served here for groups only extensions serve.
      if (parts.length > 4 || this.options.index.groups().some((g) => g.name === group)) return next(req, res);
      const versions = this.table.versionsOf(group).filter(isRemote);
      if (versions.length === 0) return next(req, res);
      const vs = versions.map((s) => ({ groupVersion: `${group}/${s.spec!.version}`, version: s.spec!.version! }));
      const doc = { kind: "APIGroup", apiVersion: "v1", name: group, versions: vs, preferredVersion: vs[0] };
      res.send(200, "application/json", JSON.stringify(doc));
      return;
    }
    const apiService = this.table.forGroupVersion(group, version);
    if (!apiService || !isRemote(apiService)) return next(req, res);
    if (!isAvailable(apiService)) return plainError(res, 503, "service unavailable");
    const resolved = await resolveAPIService(apiService, this.lookup(req.signal));
    if (!("endpoint" in resolved)) return plainError(res, 503, "service unavailable");
    await proxyRequest(req, res, apiService, resolved.endpoint, this.agents);
  }

  /**
   * Creates (or corrects) the local APIServices of the group-versions this server serves. One
   * list, then the writes together: on a new cluster some 30 objects are created before the
   * server reports ready, and the storage's group commit makes a few transactions of them
   * instead of one each in turn.
   */
  private async autoregister(signal: AbortSignal): Promise<void> {
    const ctx = this.options.context(signal);
    const gvs = [
      ...this.options.index.coreVersions().map((v) => ({ group: "", version: v })),
      ...this.options.index.groups().flatMap((g) => g.versions.map((v) => ({ group: g.name, version: v }))),
    ];
    const existing = new Map(
      ((await this.apiservices.list!(ctx, {})).items as APIService[]).map((a) => [a.metadata?.name ?? "", a] as const),
    );
    const writes: Promise<unknown>[] = [];
    for (const { group, version } of gvs) {
      const priority = BUILTIN_PRIORITIES[`${group}/${version}`];
      // Upstream registers only group-versions it has a priority for.
      if (!priority) continue;
      const name = `${version}.${group}`;
      const spec = { group, version, groupPriorityMinimum: priority.group, versionPriority: priority.version };
      const have = existing.get(name);
      const want = {
        apiVersion: "apiregistration.k8s.io/v1",
        kind: "APIService",
        metadata: { name, labels: { [AUTOMANAGED_LABEL]: "onstart" } },
        spec,
      };
      if (!have) {
        writes.push(
          this.apiservices.create!(ctx, want, {}).catch((err: unknown) => {
            // Another apiserver of the cluster registered it first.
            if ((err as { status?: { code?: number } }).status?.code !== 409) throw err;
          }),
        );
      } else if (JSON.stringify(have.spec) !== JSON.stringify(spec)) {
        writes.push(
          this.apiservices.update!(
            ctx,
            name,
            {
              ...have,
              metadata: { ...have.metadata, labels: { ...have.metadata?.labels, [AUTOMANAGED_LABEL]: "onstart" } },
              spec,
            },
            {},
          ),
        );
      }
    }
    const done = await Promise.allSettled(writes);
    const failed = done.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  }

  private readonly probe: Probe = async (apiService, endpoint, path) => {
    const r = await getUpstream(this.agents.for(apiService, false), endpoint, path, identityHeaders(AGGREGATOR_USER), 5_000);
    return r.status;
  };

  /** One availability pass over an APIService: its condition, and for a remote one its discovery and OpenAPI. */
  async check(name: string, signal: AbortSignal): Promise<void> {
    const apiService = this.table.get(name);
    if (!apiService) {
      this.openapi.forget(name);
      this.forgetETags(name);
      return;
    }
    const lookup = this.lookup(signal);
    const condition = await checkAvailability(apiService, lookup, this.probe);
    const updated = withCondition(apiService, condition);
    if (updated) {
      // Upstream logs availability changes of remote APIServices ("changing APIService availability").
      if (
        isRemote(apiService) &&
        updated.status?.conditions?.find((c) => c.type === "Available")?.status !==
          apiService.status?.conditions?.find((c) => c.type === "Available")?.status
      )
        this.options.log(`aggregator: APIService ${name} Available=${condition.status} (${condition.reason}): ${condition.message}`);
      try {
        const written = await this.apiservices.subresources!.status!.update!(this.options.context(signal), name, updated as KubeObject, {});
        this.table.apply(written);
      } catch (err) {
        if (!signal.aborted) this.options.log(`aggregator: updating the status of APIService ${name}: ${(err as Error).message}`);
      }
    }
    if (!isRemote(apiService)) return;
    if (condition.status !== "True") {
      this.discovery.markStale(apiService);
      // Read everything afresh when it answers again (a 304 would leave its discovery Stale).
      this.forgetETags(name);
      return;
    }
    const resolved = await resolveAPIService(apiService, lookup);
    if (!("endpoint" in resolved)) return;
    const agent = this.agents.for(apiService);
    const headers = identityHeaders(AGGREGATOR_USER);
    // Documents the extension says are unchanged (ETag) are not read again: /openapi/v2 runs to megabytes.
    const fetch = async (path: string, accept: string, timeoutMs: number) => {
      const key = `${name} ${path}`;
      const etag = this.etags.get(key);
      const r = await getUpstream(
        agent,
        resolved.endpoint,
        path,
        { ...headers, accept, ...(etag && { "if-none-match": etag }) },
        timeoutMs,
      );
      if (r.status === 200 && typeof r.headers.etag === "string") this.etags.set(key, r.headers.etag);
      return r;
    };
    const [apis, v3, v2] = await Promise.allSettled([
      fetch("/apis", AGGREGATED_ACCEPT, 5_000),
      fetch("/openapi/v3", "application/json", 5_000),
      fetch("/openapi/v2", "application/json", 10_000),
    ]);
    if (apis.status === "fulfilled" && apis.value.status === 200) this.discovery.update(apiService, apis.value.body);
    else if (apis.status === "rejected" || apis.value.status !== 304) {
      this.discovery.markStale(apiService);
      this.forgetETags(name);
    }
    if (v3.status === "fulfilled" && v3.value.status === 200) this.openapi.setV3Index(apiService, v3.value.body);
    if (v2.status === "fulfilled" && v2.value.status === 200) this.openapi.setV2(apiService, v2.value.body);
  }

  /** The last ETag of each document read from an extension, by `<apiservice> <path>`. */
  private readonly etags = new Map<string, string>();

  private forgetETags(name: string): void {
    for (const key of this.etags.keys()) if (key.startsWith(`${name} `)) this.etags.delete(key);
  }

  /** Checks every APIService each interval, and one at once when it changes. */
  private runAvailability(signal: AbortSignal): void {
    const running = new Map<string, Promise<void>>();
    const again = new Set<string>();
    const enqueue = (name: string): void => {
      if (signal.aborted) return;
      if (running.has(name)) {
        again.add(name);
        return;
      }
      const p = this.check(name, signal)
        .catch((err: unknown) => {
          if (!signal.aborted) this.options.log(`aggregator: checking APIService ${name}: ${(err as Error).message}`);
        })
        .finally(() => {
          running.delete(name);
          if (again.delete(name)) enqueue(name);
        });
      running.set(name, p);
    };
    this.table.onChange((name) => {
      // Our own status writes come back as changes: only spec changes (and new objects) need a check.
      const s = this.table.get(name);
      const key = s ? JSON.stringify(s.spec) : "";
      if (this.seenSpecs.get(name) === key) return;
      this.seenSpecs.set(name, key);
      enqueue(name);
    });
    for (const s of this.table.all()) {
      this.seenSpecs.set(s.metadata?.name ?? "", JSON.stringify(s.spec));
      enqueue(s.metadata?.name ?? "");
    }
    const timer = setInterval(() => {
      for (const s of this.table.all()) enqueue(s.metadata?.name ?? "");
    }, this.options.checkIntervalMs ?? 10_000);
    timer.unref();
    signal.addEventListener("abort", () => clearInterval(timer), { once: true });
  }

  private readonly seenSpecs = new Map<string, string>();
}

/** Sets the aggregator up when APIServices are served; undefined otherwise. */
export function setupAggregator(options: AggregatorOptions): Aggregator | undefined {
  const storage = options.index.lookup("apiregistration.k8s.io", "v1", "apiservices")?.storage;
  if (!storage?.list || !storage.watch || !storage.get || !storage.create || !storage.update || !storage.subresources?.status?.update)
    return undefined;
  return new Aggregator(options);
}

/** What an APIServer needs to run the aggregator (runAPIServer passes it; hand-built servers may). */
export interface AggregatorServerOptions {
  proxyClient?: ProxyClientCertificate;
  checkIntervalMs?: number;
  /** Published as kube-system/extension-apiserver-authentication. */
  authenticationInfo?: AuthenticationInfo;
}

/** The aggregator (and the authentication-info ConfigMap) as a server extension. */
export function installAggregator(options: AggregatorServerOptions): ServerExtension {
  return (server) => {
    if (options.authenticationInfo) publishAuthenticationInfo(server.hooks, server.index, server.context, options.authenticationInfo);
    const aggregator = setupAggregator({
      ...server,
      ...(options.proxyClient && { proxyClient: options.proxyClient }),
      ...(options.checkIntervalMs !== undefined && { checkIntervalMs: options.checkIntervalMs }),
    });
    return aggregator ? aggregator.filters() : [];
  };
}
