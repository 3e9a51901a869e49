/**
 * The `oidc` auth-provider, as client-go's: the id-token is sent while it is valid (its `exp`
 * more than 10 s away); once expired it is refreshed with the refresh-token at the token
 * endpoint of the issuer's discovery document, and the new tokens are persisted.
 */
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import { decodeJwt } from "jose";
import { HttpsProxyAgent } from "https-proxy-agent";
import { proxyFromEnvironment } from "../proxy.js";
import { CredentialError, type CredentialProvider, type Credentials } from "./credentials.js";

/** A kubeconfig user's `auth-provider`: its name and string settings. */
export interface AuthProviderConfig {
  name: string;
  config?: Readonly<Record<string, string>>;
}

/** Stores an auth-provider's updated settings (client-go's AuthProviderConfigPersister). */
export type AuthProviderPersister = (config: Record<string, string>) => void | Promise<void>;

const ISSUER_URL = "idp-issuer-url";
const CLIENT_ID = "client-id";
const CLIENT_SECRET = "client-secret";
const CA_FILE = "idp-certificate-authority";
const CA_DATA = "idp-certificate-authority-data";
const ID_TOKEN = "id-token";
const REFRESH_TOKEN = "refresh-token";
/** Accepted and unused, as in client-go: refresh requests send no scopes. */
const EXTRA_SCOPES = "extra-scopes";
const KNOWN: ReadonlySet<string> = new Set([ISSUER_URL, CLIENT_ID, CLIENT_SECRET, CA_FILE, CA_DATA, ID_TOKEN, REFRESH_TOKEN, EXTRA_SCOPES]);
/** A token this close to expiry counts as expired, against clock skew (client-go's expiryDelta). */
const EXPIRY_DELTA_MS = 10_000;
const MAX_BODY = 1 << 20;

/** The auth-provider names client-go removed, with its texts pointing at the exec plugins that replaced them. */
const REMOVED: Readonly<Record<string, string>> = {
  gcp: `The gcp auth plugin has been removed.\nPlease use the "gke-gcloud-auth-plugin" kubectl/client-go credential plugin instead.\nSee https://cloud.google.com/blog/products/containers-kubernetes/kubectl-auth-changes-in-gke for further details`,
  azure: `The azure auth plugin has been removed.\nPlease use the https://github.com/Azure/kubelogin kubectl/client-go credential plugin instead.\nSee https://kubernetes.io/docs/reference/access-authn-authz/authentication/#client-go-credential-plugins for further details`,
};

/** Checks an auth-provider stanza: only `oidc` exists, and each of its settings must be one we use. */
export function validateAuthProvider(p: AuthProviderConfig, user: string): void {
  if (p.name === "oidc") {
    const cfg = p.config ?? {};
    for (const k of Object.keys(cfg)) {
      if (!KNOWN.has(k))
        throw new Error(
          `user "${user}": oidc auth-provider setting ${JSON.stringify(k)} is not supported (known: ${[...KNOWN].join(", ")})`,
        );
    }
    if (!cfg[ISSUER_URL]) throw new Error(`user "${user}": Must provide ${ISSUER_URL}`);
    if (!cfg[CLIENT_ID]) throw new Error(`user "${user}": Must provide ${CLIENT_ID}`);
    if (cfg[CA_DATA] && !/^[A-Za-z0-9+/=\s]*$/.test(cfg[CA_DATA])) throw new Error(`user "${user}": ${CA_DATA} is not base64`);
    return;
  }
  const removed = REMOVED[p.name];
  if (removed !== undefined) throw new Error(removed);
  throw new Error(`no Auth Provider found for name ${JSON.stringify(p.name)}`);
}

interface HttpResult {
  status: number;
  body: string;
}

/** The OIDC provider of one user: holds the tokens, refreshes them one refresh at a time. */
export class OidcAuthProvider implements CredentialProvider {
  private cfg: Record<string, string>;
  private current: Credentials | undefined;
  private refreshing: Promise<Credentials> | undefined;
  private readonly ca: Buffer | undefined;

  constructor(
    config: Readonly<Record<string, string>>,
    private readonly persist: AuthProviderPersister | undefined,
    private readonly now: () => number = Date.now,
  ) {
    validateAuthProvider({ name: "oidc", config }, "oidc");
    this.cfg = { ...config };
    const data = config[CA_DATA];
    const file = config[CA_FILE];
    if (data) this.ca = Buffer.from(data, "base64");
    else if (file) {
      try {
        this.ca = fs.readFileSync(file);
      } catch (e) {
        throw new Error(`oidc: cannot read ${CA_FILE} ${file}: ${(e as Error).message}`, { cause: e });
      }
    }
  }

  credentials(): Promise<Credentials> {
    const idToken = this.cfg[ID_TOKEN];
    if (idToken && this.valid(idToken)) {
      if (this.current?.token !== idToken) this.current = { token: idToken };
      return Promise.resolve(this.current);
    }
    this.refreshing ??= this.refresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  /** client-go does not refresh on 401: an id-token the server refuses is not made valid by asking again. */
  unauthorized(): boolean {
    return false;
  }

  private valid(idToken: string): boolean {
    let exp: unknown;
    try {
      exp = decodeJwt(idToken).exp;
    } catch {
      throw new CredentialError("oidc: ID Token is not a valid JWT");
    }
    return typeof exp === "number" && this.now() + EXPIRY_DELTA_MS < exp * 1000;
  }

  private async refresh(): Promise<Credentials> {
    const refreshToken = this.cfg[REFRESH_TOKEN];
    if (!refreshToken) throw new CredentialError("No valid id-token, and cannot refresh without refresh-token");
    const tokenUrl = await this.tokenEndpoint();
    const form = new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken });
    const id = this.cfg[CLIENT_ID]!;
    const secret = this.cfg[CLIENT_SECRET] ?? "";
    // As Go's oauth2 does without a known auth style: HTTP Basic first, then the credentials in the form.
    const basic = `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString("base64")}`;
    let res = await this.post(tokenUrl, form, { Authorization: basic });
    if (res.status === 400 || res.status === 401) {
      const withClient = new URLSearchParams(form);
      withClient.set("client_id", id);
      if (secret !== "") withClient.set("client_secret", secret);
      res = await this.post(tokenUrl, withClient, {});
    }
    if (res.status < 200 || res.status > 299) {
      throw new CredentialError(
        `failed to refresh token: oauth2: cannot fetch token: ${res.status} ${http.STATUS_CODES[res.status] ?? ""}\nResponse: ${res.body.slice(0, 512)}`,
      );
    }
    let token: { id_token?: unknown; refresh_token?: unknown };
    try {
      token = JSON.parse(res.body) as typeof token;
    } catch (e) {
      throw new CredentialError(`failed to refresh token: oauth2: cannot parse json: ${(e as Error).message}`);
    }
    if (typeof token.id_token !== "string" || token.id_token === "") {
      throw new CredentialError(
        `token response did not contain an id_token, either the scope "openid" wasn't requested upon login, or the provider doesn't support id_tokens as part of the refresh response`,
      );
    }
    const next: Record<string, string> = { ...this.cfg, [ID_TOKEN]: token.id_token };
    if (typeof token.refresh_token === "string" && token.refresh_token !== "") next[REFRESH_TOKEN] = token.refresh_token;
    try {
      await this.persist?.({ ...next });
    } catch (e) {
      throw new CredentialError(`could not persist new tokens: ${(e as Error).message}`);
    }
    this.cfg = next;
    this.current = { token: token.id_token };
    return this.current;
  }

  private async tokenEndpoint(): Promise<string> {
    const wellKnown = `${this.cfg[ISSUER_URL]!.replace(/\/+$/, "")}/.well-known/openid-configuration`;
    const res = await this.request(new URL(wellKnown), "GET", undefined, {});
    if (res.status !== 200) {
      const body = res.body.length > 80 ? `${res.body.slice(0, 80)}...` : res.body;
      throw new CredentialError(
        `oidc: failed to query metadata endpoint ${res.status} ${http.STATUS_CODES[res.status] ?? ""}: ${JSON.stringify(body)}`,
      );
    }
    let metadata: { token_endpoint?: unknown };
    try {
      metadata = JSON.parse(res.body) as typeof metadata;
    } catch (e) {
      throw new CredentialError(`oidc: failed to decode provider discovery object: ${(e as Error).message}`);
    }
    if (typeof metadata.token_endpoint !== "string" || metadata.token_endpoint === "") {
      throw new CredentialError("oidc: discovery object doesn't contain a token_endpoint");
    }
    return metadata.token_endpoint;
  }

  private post(url: string, form: URLSearchParams, headers: Record<string, string>): Promise<HttpResult> {
    const body = Buffer.from(form.toString());
    return this.request(new URL(url), "POST", body, { ...headers, "Content-Type": "application/x-www-form-urlencoded" });
  }

  /** One request to the issuer, over its CA and the environment's proxy, as client-go's issuer client. */
  private request(url: URL, method: string, body: Buffer | undefined, headers: Record<string, string>): Promise<HttpResult> {
    const proxy = proxyFromEnvironment(url);
    const secure = url.protocol === "https:";
    const options: https.RequestOptions = { method, headers: { Accept: "application/json", ...headers } };
    if (body !== undefined) (options.headers as Record<string, string>)["Content-Length"] = String(body.length);
    if (secure && this.ca !== undefined) options.ca = this.ca;
    if (proxy !== undefined) options.agent = new HttpsProxyAgent(proxy);
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(url, options, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => {
          if (text.length < MAX_BODY) text += c;
        });
        res.once("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.once("error", reject);
      });
      req.once("error", (e) => reject(new CredentialError(`oidc: ${method} ${url.href}: ${e.message}`, { cause: e })));
      req.end(body);
    });
  }
}

/** Shared by clients of the same cluster, issuer and client id, so that they refresh once (client-go's cache). */
const providers = new Map<string, OidcAuthProvider>();

/** The provider for a cluster and an oidc stanza, reused across clients. */
export function oidcProviderFor(
  server: string,
  config: Readonly<Record<string, string>>,
  persist: AuthProviderPersister | undefined,
): OidcAuthProvider {
  const key = JSON.stringify([server, config[ISSUER_URL], config[CLIENT_ID]]);
  let p = providers.get(key);
  if (p === undefined) {
    p = new OidcAuthProvider(config, persist);
    providers.set(key, p);
  }
  return p;
}
