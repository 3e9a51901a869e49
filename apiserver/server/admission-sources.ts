/**
 * The admission plugins' sources wired to this server: policies, bindings, webhook
 * configurations, namespaces and params read from its own storages' caches (as the system user,
 * as upstream's plugins read informers; a get that misses is read live). Here, not in admission/,
 * because it reads the endpoints' resource index.
 */
import type { ResourceIndex } from "../endpoints/installer.js";
import type { KubeObject, RequestContext } from "../registry/rest.js";
import type { AdmissionContext } from "../admission/interface.js";
import { type SignalSource, signalOf } from "../admission/objects.js";
import type { PolicySource } from "../admission/policy/plugin.js";
import type { WebhookSource } from "../admission/webhook/plugin.js";
import { requestReadScope } from "../registry/cacher/revision-batcher.js";
import { cachedGet, cachedList } from "./admission-reads.js";

const GROUP = "admissionregistration.k8s.io";

/**
 * The context of one live lookup: within one request, every lookup shares one consistent-read
 * revision (they only read, and the request began before it was asked).
 */
function liveContext(system: (signal: AbortSignal) => RequestContext, from: SignalSource): RequestContext {
  const signal = signalOf(from);
  const ctx = system(signal);
  const scope = requestReadScope(signal);
  if (scope !== undefined) ctx.readScope = scope;
  return ctx;
}

/** Stands in for a request's signal until a read asks for it (see {@link LazySignalContext}). */
const UNUSED_SIGNAL = new AbortController().signal;

/**
 * The system context of a read made for a request, with the request's signal made only if the
 * read asks for it: a read from a ready cache never does, and making a request's AbortSignal
 * costs microseconds that every create would otherwise pay here. A class, not a literal with a
 * getter (V8 keeps those in dictionary mode and makes the accessor per object); `namespace` and
 * the optional fields are absent unless set, as in a spread literal.
 */
export class LazySignalContext implements RequestContext {
  user: RequestContext["user"];
  warnings: string[];
  declare userAgent?: string;
  declare namespace?: string;
  declare name?: string;
  declare readScope?: object;

  constructor(
    system: (signal: AbortSignal) => RequestContext,
    private readonly from: SignalSource,
    namespace?: string,
  ) {
    const base = system(UNUSED_SIGNAL);
    this.user = base.user;
    this.warnings = base.warnings;
    if (base.userAgent !== undefined) this.userAgent = base.userAgent;
    if (base.name !== undefined) this.name = base.name;
    if (base.readScope !== undefined) this.readScope = base.readScope;
    const ns = namespace ?? base.namespace;
    if (ns !== undefined) this.namespace = ns;
  }

  get signal(): AbortSignal {
    return signalOf(this.from);
  }
}

/** {@link LazySignalContext}, or the plain system context when the signal is at hand. */
function lazySignalContext(system: (signal: AbortSignal) => RequestContext, from: SignalSource, namespace?: string): RequestContext {
  if (from instanceof AbortSignal) return namespace === undefined ? system(from) : { ...system(from), namespace };
  return new LazySignalContext(system, from, namespace);
}

export function indexPolicySource(index: ResourceIndex, system: (signal: AbortSignal) => RequestContext): PolicySource {
  const list = (group: string, version: string, plural: string, from: SignalSource): Promise<KubeObject[]> =>
    cachedList(index.lookup(group, version, plural)?.storage, lazySignalContext(system, from));
  const get = (group: string, version: string, plural: string, name: string, namespace: string, from: SignalSource) =>
    cachedGet(index.lookup(group, version, plural)?.storage, lazySignalContext(system, from, namespace), name, () => ({
      ...liveContext(system, from),
      namespace,
    }));
  return {
    policies: (signal) => list(GROUP, "v1", "validatingadmissionpolicies", signal),
    bindings: (signal) => list(GROUP, "v1", "validatingadmissionpolicybindings", signal),
    namespace: (name, signal) => get("", "v1", "namespaces", name, "", signal),
    param: async (apiVersion, kind, namespace, name, signal) => {
      const [group, version] = apiVersion.includes("/") ? (apiVersion.split("/") as [string, string]) : ["", apiVersion];
      const r = index.resources(group, version).find((x) => x.info.kind === kind);
      if (!r) return undefined;
      return get(group, version, r.info.plural, name, r.info.namespaced ? namespace : "", signal);
    },
  };
}

/** Webhook configurations and namespaces from the apiserver's own storages. */
export function indexWebhookSource(index: ResourceIndex, system: (signal: AbortSignal) => RequestContext): WebhookSource {
  const p = indexPolicySource(index, system);
  const list = (plural: string, ctx: AdmissionContext): Promise<KubeObject[]> =>
    cachedList(index.lookup(GROUP, "v1", plural)?.storage, lazySignalContext(system, ctx));
  return {
    mutating: (ctx) => list("mutatingwebhookconfigurations", ctx),
    validating: (ctx) => list("validatingwebhookconfigurations", ctx),
    namespace: (name, signal) => p.namespace(name, signal),
  };
}
