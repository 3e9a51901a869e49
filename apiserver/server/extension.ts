/**
 * How code outside the server folder adds to a server without the server importing it (the
 * aggregator, an extension apiserver's authentication): a RunExtension is asked, once the PKI
 * exists, for authenticators, an authorizer, a requestheader CA and a ServerExtension, which
 * installs filters and post-start hooks on the server's parts.
 */
import type { Authenticator } from "../auth/authenticator.js";
import type { Authorizer } from "../auth/authorizer.js";
import type { DiscoveryHandlers } from "../endpoints/discovery/handlers.js";
import type { ResourceIndex } from "../endpoints/installer.js";
import type { Filter } from "../endpoints/request-context.js";
import type { RequestContext } from "../registry/rest.js";
import type { KeyPair } from "./certs.js";
import type { Hooks } from "../lifecycle/hooks.js";

/** The parts of a server an extension works with. */
export interface ServerParts {
  index: ResourceIndex;
  hooks: Hooks;
  discovery: DiscoveryHandlers;
  /** The system's request context (post-start loops act as the apiserver itself). */
  context: (signal: AbortSignal) => RequestContext;
  log: (line: string) => void;
}

/** Installs hooks on the server and returns filters placed after authorization, before custom resources'. */
export type ServerExtension = (parts: ServerParts) => Filter[];

export interface RunExtensionParts {
  server?: ServerExtension;
  /** Tried before the built-in authenticators. */
  authenticators?: Authenticator[];
  /** Replaces the authorizer of `authorizationMode` (system:masters stays allowed). */
  authorizer?: Authorizer;
  /** A CA the TLS handshake also trusts: front proxies' certificates (requestheader). */
  requestHeaderCA?: string;
}

export interface RunExtension {
  /** More DNS names for the serving certificate. */
  servingDNSNames?: readonly string[];
  prepare(ctx: { dataDir: string; ca: KeyPair }): Promise<RunExtensionParts>;
}

/** The parts of several extensions as one (authenticators in order; the last authorizer given wins). */
export async function prepareExtensions(extensions: readonly RunExtension[], ctx: { dataDir: string; ca: KeyPair }) {
  const all = await Promise.all(extensions.map((e) => e.prepare(ctx)));
  const cas = all.flatMap((p) => (p.requestHeaderCA ? [p.requestHeaderCA] : []));
  const authorizer = all.reduce<Authorizer | undefined>((a, p) => p.authorizer ?? a, undefined);
  const authenticators = all.flatMap((p) => p.authenticators ?? []);
  return {
    extensions: all.flatMap((p) => (p.server ? [p.server] : [])),
    ...(authenticators.length > 0 && { extraAuthenticators: authenticators }),
    ...(authorizer && { authorizer }),
    ...(cas.length > 0 && { requestHeaderCA: cas.join("\n") }),
  };
}
