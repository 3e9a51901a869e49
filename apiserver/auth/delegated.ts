/**
 * Delegated authentication and authorization, as an extension apiserver does them
 * (`--authentication-kubeconfig`, `--authorization-kubeconfig`): bearer tokens are checked with
 * a TokenReview and every request with a SubjectAccessReview against the main apiserver, whose
 * answers are cached (upstream's delegating defaults: 10 s for tokens, 10 s for allowed and
 * denied decisions).
 */
import type { IncomingMessage } from "node:http";
import { RestClient } from "../../runtime/rest/client.js";
import { loadKubeconfig } from "../../runtime/rest/kubeconfig.js";
import type { AuthenticationResult, Authenticator } from "./authenticator.js";
import type { AuthorizationAttributes, Authorizer, Decision } from "./authorizer.js";
import { bearerToken } from "./token-file.js";
import type { UserInfo } from "./user.js";

/** A small TTL cache; entries past their deadline are dropped when next read. */
export class TTLCache<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();
  constructor(
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.until <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  set(key: string, value: V, ttlMs: number): void {
    if (ttlMs <= 0) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: this.now() + ttlMs });
  }
}

/** The REST client of a delegation kubeconfig. */
export function delegationClient(kubeconfig: string): RestClient {
  return new RestClient({ ...loadKubeconfig({ path: kubeconfig }), qps: 200, burst: 400 });
}

interface TokenReviewStatus {
  authenticated?: boolean;
  user?: { username?: string; uid?: string; groups?: string[]; extra?: Record<string, string[]> };
  error?: string;
}

export interface DelegatedOptions {
  client: Pick<RestClient, "request">;
  /** Default 10 s (`--authentication-token-webhook-cache-ttl`, `--authorization-webhook-cache-authorized-ttl`...). */
  cacheTTLMs?: number;
  denyCacheTTLMs?: number;
  now?: () => number;
}

/** Bearer tokens checked by the main apiserver's TokenReview. */
export class DelegatedTokenAuthenticator implements Authenticator {
  private readonly cache: TTLCache<AuthenticationResult>;
  /** How many reviews were sent (tests, figures). */
  reviews = 0;

  constructor(private readonly options: DelegatedOptions) {
    this.cache = new TTLCache(10_000, options.now);
  }

  async authenticate(req: IncomingMessage): Promise<AuthenticationResult> {
    const token = bearerToken(req);
    if (token === undefined) return undefined;
    const cached = this.cache.get(token);
    if (cached !== undefined) return cached;
    this.reviews++;
    let status: TokenReviewStatus;
    try {
      const review = await this.options.client.request<{ status?: TokenReviewStatus }>({
        method: "POST",
        path: "/apis/authentication.k8s.io/v1/tokenreviews",
        body: { apiVersion: "authentication.k8s.io/v1", kind: "TokenReview", spec: { token } },
        timeoutMs: 10_000,
      });
      status = review.status ?? {};
    } catch (err) {
      // Not cached: the next request asks again.
      return { error: `token review failed: ${(err as Error).message}` };
    }
    let result: AuthenticationResult;
    if (status.authenticated && status.user?.username) {
      const u = status.user;
      result = {
        user: {
          name: u.username!,
          groups: u.groups ?? [],
          ...(u.uid && { uid: u.uid }),
          ...(u.extra && Object.keys(u.extra).length > 0 && { extra: u.extra }),
        },
      };
    } else {
      // Unknown to the main apiserver: the union answers 401 for a token nobody accepted.
      result = status.error ? { error: status.error } : undefined;
    }
    this.cache.set(token, result, this.options.cacheTTLMs ?? 10_000);
    return result;
  }
}

interface SubjectAccessReviewStatus {
  allowed?: boolean;
  denied?: boolean;
  reason?: string;
  evaluationError?: string;
}

/** Upstream's `--authorization-always-allow-paths` default for an extension apiserver. */
export const ALWAYS_ALLOW_PATHS: readonly string[] = ["/healthz", "/readyz", "/livez"];

/** Every request asked of the main apiserver's SubjectAccessReview. */
export class DelegatedAuthorizer implements Authorizer {
  private readonly cache: TTLCache<Decision>;
  reviews = 0;

  constructor(private readonly options: DelegatedOptions & { alwaysAllowPaths?: readonly string[] }) {
    this.cache = new TTLCache(10_000, options.now);
  }

  async authorize(a: AuthorizationAttributes): Promise<Decision> {
    if (!a.isResourceRequest && (this.options.alwaysAllowPaths ?? ALWAYS_ALLOW_PATHS).includes(a.path)) return { allowed: true };
    const spec = subjectAccessReviewSpec(a);
    const key = JSON.stringify(spec);
    const cached = this.cache.get(key);
    if (cached) return cached;
    this.reviews++;
    let status: SubjectAccessReviewStatus;
    try {
      const review = await this.options.client.request<{ status?: SubjectAccessReviewStatus }>({
        method: "POST",
        path: "/apis/authorization.k8s.io/v1/subjectaccessreviews",
        body: { apiVersion: "authorization.k8s.io/v1", kind: "SubjectAccessReview", spec },
        timeoutMs: 10_000,
      });
      status = review.status ?? {};
    } catch (err) {
      return { allowed: false, reason: `error contacting the authorizer: ${(err as Error).message}`, noOpinion: true };
    }
    const reason = status.reason ?? status.evaluationError ?? "";
    let decision: Decision;
    if (status.allowed) {
      decision = { allowed: true };
      this.cache.set(key, decision, this.options.cacheTTLMs ?? 10_000);
    } else {
      decision = status.denied ? { allowed: false, reason } : { allowed: false, reason, noOpinion: true };
      this.cache.set(key, decision, this.options.denyCacheTTLMs ?? 10_000);
    }
    return decision;
  }
}

/** The SubjectAccessReview spec of a request, as upstream's webhook authorizer writes it. */
export function subjectAccessReviewSpec(a: AuthorizationAttributes): Record<string, unknown> {
  const user: UserInfo = a.user;
  return {
    user: user.name,
    ...(user.uid && { uid: user.uid }),
    groups: user.groups,
    ...(user.extra && { extra: user.extra }),
    ...(a.isResourceRequest
      ? {
          resourceAttributes: {
            namespace: a.namespace,
            verb: a.verb,
            group: a.apiGroup,
            version: a.apiVersion,
            resource: a.resource,
            subresource: a.subresource,
            name: a.name,
          },
        }
      : { nonResourceAttributes: { path: a.path, verb: a.verb } }),
  };
}
