/** How to reach and authenticate to an API server, with client-go's defaults for rate limits and retries. */
import type { AuthProviderConfig, AuthProviderPersister } from "./auth/oidc.js";
import type { ExecProviderConfig } from "./auth/exec.js";
import type { RateLimiter } from "./rate-limiter.js";
import type { WarningHandler } from "./warnings.js";

/** JSON, the default wire format. */
export const MEDIA_TYPE_JSON = "application/json";
/** Kubernetes' enveloped protobuf wire format. */
export const MEDIA_TYPE_PROTOBUF = "application/vnd.kubernetes.protobuf";
/** A JSON merge patch (RFC 7386). */
export const MEDIA_TYPE_MERGE_PATCH = "application/merge-patch+json";
/** A JSON patch (RFC 6902). */
export const MEDIA_TYPE_JSON_PATCH = "application/json-patch+json";
/** A strategic merge patch. */
export const MEDIA_TYPE_STRATEGIC_MERGE_PATCH = "application/strategic-merge-patch+json";
/** A server-side apply patch (YAML, of which JSON is a subset). */
export const MEDIA_TYPE_APPLY_PATCH = "application/apply-patch+yaml";

/** client-go's default sustained requests per second. */
export const DEFAULT_QPS = 5;
/** client-go's default burst above the sustained rate. */
export const DEFAULT_BURST = 10;
/** client-go's default number of retries after the first attempt. */
export const DEFAULT_MAX_RETRIES = 10;
/** First backoff delay between retries when the server names none. */
export const DEFAULT_RETRY_INITIAL_MS = 100;
/** Cap of the doubling backoff delay. */
export const DEFAULT_RETRY_MAX_MS = 5_000;

/**
 * Turns objects into Kubernetes protobuf bytes and back (envelope included). The REST layer
 * stays independent of the generated codecs: whoever builds the config passes one in.
 */
export interface ProtobufObjectCodec {
  /** Decodes one enveloped object (`k8s\0` + runtime.Unknown) into its JSON-shaped form. */
  decode(bytes: Uint8Array): unknown;
  /** Encodes an object (its apiVersion and kind choose the message) into enveloped bytes. */
  encode(obj: unknown): Uint8Array;
}

/** How a client reaches and authenticates to one API server. */
export interface RestConfig {
  /** Base URL, such as `https://127.0.0.1:6443`; a path after the host prefixes every request. */
  server: string;
  /** CA bundle (PEM) trusted for the server's certificate; the system roots when absent. */
  caData?: Uint8Array | string;
  /** Skip verifying the server's certificate. Only for tests. */
  insecureSkipTLSVerify?: boolean;
  /** The name to verify the server's certificate against, when it differs from the URL's host. */
  tlsServerName?: string;
  /** Client certificate (PEM) for TLS client authentication. */
  certData?: Uint8Array | string;
  /** Private key (PEM) of the client certificate. */
  keyData?: Uint8Array | string;
  /** Bearer token sent in the Authorization header. */
  bearerToken?: string;
  /** A file holding the bearer token, re-read once a minute so rotated tokens are picked up; wins over `bearerToken`. */
  bearerTokenFile?: string;
  /** Basic authentication user name. */
  username?: string;
  /** Basic authentication password. */
  password?: string;
  /** Sustained requests per second; 0 or absent means 5 (client-go's default), negative disables rate limiting. */
  qps?: number;
  /** Requests allowed at once above the sustained rate; 0 or absent means 10. */
  burst?: number;
  /** A limiter to share between clients; overrides `qps` and `burst`. */
  rateLimiter?: RateLimiter;
  /** Retries after the first attempt for throttled or failed requests; default 10 as client-go. */
  maxRetries?: number;
  /** First backoff delay when the server sends no Retry-After (doubling, capped by `retryMaxMs`); default 100. */
  retryInitialMs?: number;
  /** Cap of the backoff delay; default 5000. */
  retryMaxMs?: number;
  /** Default deadline for one call, retries included; none when absent. Watches ignore it. */
  timeoutMs?: number;
  /** The User-Agent header. */
  userAgent?: string;
  /** The wire format for request bodies and preferred for responses; JSON when absent. */
  contentType?: typeof MEDIA_TYPE_JSON | typeof MEDIA_TYPE_PROTOBUF;
  /** The codec protobuf bodies go through; required when protobuf is requested or answered. */
  protobufCodec?: ProtobufObjectCodec;
  /**
   * The namespace the kubeconfig context (or the pod) names: what generated clientsets use
   * for namespaced calls that name none ("default" when absent).
   */
  namespace?: string;
  /**
   * The proxy every request and watch goes through (http or https; tunnelled with CONNECT).
   * When absent, HTTPS_PROXY / HTTP_PROXY / NO_PROXY decide as in Go; loopback is never proxied.
   */
  proxyUrl?: string;
  /** Asks for no compressed responses; the client never asks for compression, so this changes nothing on the wire. */
  disableCompression?: boolean;
  /** Act as another user: sent as the Impersonate-* headers. */
  impersonate?: ImpersonationConfig;
  /**
   * A credential plugin run to get a token or a client certificate (client-go's ExecProvider).
   * Ignored, as in client-go, when a bearer token, basic auth or a client certificate is set.
   */
  execProvider?: ExecProviderConfig;
  /** An auth-provider plugin (only `oidc` exists); ignored when a bearer token is set. */
  authProvider?: AuthProviderConfig;
  /** Where the auth-provider stores refreshed tokens (the kubeconfig loader writes them back to the file). */
  authProviderPersister?: AuthProviderPersister;
  /** Receives the `Warning:` headers of responses; by default each distinct one is printed once to stderr. */
  warningHandler?: WarningHandler;
}

/** Whom to impersonate (the kubeconfig user's `as`, `as-uid`, `as-groups`, `as-user-extra`). */
export interface ImpersonationConfig {
  userName?: string;
  uid?: string;
  groups?: readonly string[];
  extra?: Readonly<Record<string, readonly string[]>>;
}
