/**
 * Service-account tokens: the signing key (`--service-account-signing-key-file`, made in the data
 * dir on first start when not given), the issuer of bound tokens (TokenRequest), and the
 * authenticator that accepts them back: signature, issuer, audience and expiry checked by jose,
 * then the ServiceAccount (and the Pod/Secret/Node the token is bound to) must still exist
 * with the uid the token names.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { createHash, randomUUID } from "node:crypto";
import path from "node:path";
import { SignJWT, exportJWK, exportSPKI, importPKCS8, importSPKI, jwtVerify, decodeJwt, type CryptoKey as JoseKey, type JWK } from "jose";
type KeyLike = JoseKey;
import type { AuthenticationResult, Authenticator } from "./authenticator.js";
import { bearerToken } from "./token-file.js";
import { generateServiceAccountKeyPair, serviceAccountKeyFile, takeEarlyServiceAccountKey } from "./service-account-key-early.js";

export const SERVICE_ACCOUNTS_GROUP = "system:serviceaccounts";
const ALG = "RS256";

export interface ServiceAccountKeys {
  privateKey: KeyLike;
  /** Every key tokens may be signed with (`--service-account-key-file`), the signing key's first. */
  publicKeys: { key: KeyLike; kid: string; jwk: JWK }[];
}

export interface ServiceAccountKeyOptions {
  dataDir: string;
  /** `--service-account-signing-key-file`: a PKCS#8 RSA private key (PEM). */
  signingKeyFile?: string;
  /** `--service-account-key-file`: more PEM public keys (SPKI) that verify tokens. */
  keyFiles?: readonly string[];
}

/** Upstream's key id: the unpadded base64url SHA-256 of the DER public key. */
async function keyId(pub: KeyLike): Promise<string> {
  const pem = await exportSPKI(pub);
  const der = Buffer.from(pem.replace(/-----[^-]+-----/g, "").replace(/\s+/g, ""), "base64");
  return createHash("sha256").update(der).digest("base64url");
}

async function publicOf(pem: string): Promise<KeyLike> {
  const { createPublicKey } = await import("node:crypto");
  const spki = createPublicKey(pem).export({ type: "spki", format: "pem" }).toString();
  return importSPKI(spki, ALG, { extractable: true });
}

/** Loads the signing key, creating `DIR/pki/sa.key` (0600) and `sa.pub` on first start. */
export async function ensureServiceAccountKeys(options: ServiceAccountKeyOptions): Promise<ServiceAccountKeys> {
  let keyFile = options.signingKeyFile;
  if (!keyFile) {
    keyFile = serviceAccountKeyFile(options.dataDir);
    if (!existsSync(keyFile)) {
      // The CLI may have started this one while the modules loaded.
      const { privateKey, publicKey } = await (takeEarlyServiceAccountKey(options.dataDir) ?? generateServiceAccountKeyPair());
      writeFileSync(keyFile, privateKey, { mode: 0o600 });
      writeFileSync(path.join(options.dataDir, "pki", "sa.pub"), publicKey, { mode: 0o644 });
    }
  }
  const pem = readFileSync(keyFile, "utf8");
  const privateKey = await importPKCS8(pem, ALG, { extractable: true });
  const keys = [await publicOf(pem)];
  for (const f of options.keyFiles ?? []) keys.push(await publicOf(readFileSync(f, "utf8")));
  const publicKeys = [];
  for (const key of keys) {
    const kid = await keyId(key);
    publicKeys.push({ key, kid, jwk: { ...(await exportJWK(key)), kid, alg: ALG, use: "sig" } });
  }
  return { privateKey, publicKeys };
}

export interface BoundObject {
  kind: "Pod" | "Secret" | "Node";
  name: string;
  uid: string;
}

export interface TokenClaims {
  namespace: string;
  serviceAccount: { name: string; uid: string };
  audiences: string[];
  expirationSeconds: number;
  boundObject?: BoundObject;
  /**
   * Seconds after which the token is only warned about (the `kubernetes.io.warnafter` claim):
   * set when a pod-bound token's life was extended (`--service-account-extend-token-expiration`).
   */
  warnAfterSeconds?: number;
}

/** What TokenRequest grants: upstream's `--service-account-max-token-expiration` and `-extend-token-expiration`. */
export interface TokenRequestSettings {
  /** 0 (the default): no cap. Otherwise between 1 hour and 2^32 seconds. */
  maxExpirationSeconds?: number;
  /** Default true: pod-bound tokens asked for with 3607 s live a year, warned about after 3607 s. */
  extendExpiration?: boolean;
}

/** The flag's bounds, as upstream's options validation. */
export function checkMaxTokenExpiration(seconds: number): void {
  if (seconds !== 0 && (seconds < 3600 || seconds > 2 ** 32))
    throw new Error("the service-account-max-token-expiration must be between 1 hour and 2^32 seconds");
}

/** Finds an object by kind, namespace and name; undefined when it does not exist. */
export type ObjectGetter = (
  kind: "ServiceAccount" | BoundObject["kind"],
  namespace: string,
  name: string,
) => Promise<{ metadata?: { uid?: string; deletionTimestamp?: string } } | undefined>;

export class ServiceAccountTokens implements Authenticator {
  private current: ServiceAccountKeys | undefined;
  private readonly loading: Promise<ServiceAccountKeys>;

  constructor(
    /**
     * The keys, or their promise: a first start's key is still being generated while the server
     * starts (runAPIServer waits for it before ready); until then a token waits for it.
     */
    keys: ServiceAccountKeys | Promise<ServiceAccountKeys>,
    /** `--service-account-issuer`. */
    readonly issuer: string,
    /** `--api-audiences` (default: the issuer): what a token must be meant for to log in here. */
    readonly apiAudiences: readonly string[],
    private readonly getObject: ObjectGetter,
    private readonly now: () => number = Date.now,
    readonly requests: TokenRequestSettings = {},
  ) {
    if (keys instanceof Promise) {
      this.loading = keys.then((k) => (this.current = k));
      // Whoever started the server reads the failure (runAPIServer awaits loaded()).
      this.loading.catch(() => {});
    } else {
      this.current = keys;
      this.loading = Promise.resolve(keys);
    }
    checkMaxTokenExpiration(requests.maxExpirationSeconds ?? 0);
  }

  /** The keys; throws before they have loaded (see loaded()). */
  get keys(): ServiceAccountKeys {
    if (!this.current) throw new Error("the service-account keys have not loaded yet");
    return this.current;
  }

  get keysLoaded(): boolean {
    return this.current !== undefined;
  }

  /** Resolves once the keys have loaded; rejects with why they could not. */
  loaded(): Promise<ServiceAccountKeys> {
    return this.loading;
  }

  /** Signs a bound token; returns it with its expiry. */
  async issue(c: TokenClaims): Promise<{ token: string; expiresAt: Date }> {
    const keys = this.current ?? (await this.loading);
    const iat = Math.floor(this.now() / 1000);
    const exp = iat + c.expirationSeconds;
    const k8s: Record<string, unknown> = {
      namespace: c.namespace,
      serviceaccount: { name: c.serviceAccount.name, uid: c.serviceAccount.uid },
    };
    if (c.boundObject) k8s[c.boundObject.kind.toLowerCase()] = { name: c.boundObject.name, uid: c.boundObject.uid };
    if (c.warnAfterSeconds) k8s.warnafter = iat + c.warnAfterSeconds;
    const token = await new SignJWT({ "kubernetes.io": k8s })
      .setProtectedHeader({ alg: ALG, kid: keys.publicKeys[0]!.kid })
      .setIssuer(this.issuer)
      .setSubject(`system:serviceaccount:${c.namespace}:${c.serviceAccount.name}`)
      .setAudience(c.audiences)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(exp)
      .setJti(randomUUID())
      .sign(keys.privateKey);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  authenticate(req: IncomingMessage): Promise<AuthenticationResult> | AuthenticationResult {
    const token = bearerToken(req);
    if (token === undefined || token.split(".").length !== 3) return undefined;
    return this.review(token, this.apiAudiences);
  }

  /** Validates a token for the audiences (TokenReview and login share this). */
  async review(token: string, audiences: readonly string[]): Promise<AuthenticationResult> {
    let claims: ReturnType<typeof decodeJwt>;
    try {
      claims = decodeJwt(token);
    } catch {
      return undefined; // not a JWT: someone else's token
    }
    if (claims.iss !== this.issuer) return undefined;
    let payload: Record<string, unknown>;
    try {
      const verified = await jwtVerify(
        token,
        async (header) => {
          const keys = this.current ?? (await this.loading);
          const k = keys.publicKeys.find((p) => p.kid === header.kid) ?? keys.publicKeys[0]!;
          return k.key;
        },
        { issuer: this.issuer, audience: [...audiences], algorithms: [ALG], currentDate: new Date(this.now()) },
      );
      payload = verified.payload;
    } catch (err) {
      return { error: `invalid bearer token, ${(err as Error).message}` };
    }
    const k8s = payload["kubernetes.io"] as
      | {
          namespace?: string;
          serviceaccount?: { name?: string; uid?: string };
          pod?: { name: string; uid: string };
          secret?: { name: string; uid: string };
          node?: { name: string; uid: string };
        }
      | undefined;
    const ns = k8s?.namespace;
    const sa = k8s?.serviceaccount;
    if (!ns || !sa?.name) return { error: "invalid bearer token, token lacks the kubernetes.io claims" };
    const live = await this.getObject("ServiceAccount", ns, sa.name);
    if (!live || live.metadata?.deletionTimestamp)
      return { error: `invalid bearer token, service account ${ns}/${sa.name} has been deleted` };
    if (sa.uid && live.metadata?.uid !== sa.uid)
      return { error: `invalid bearer token, service account UID (${sa.uid}) does not match claim (${live.metadata?.uid})` };
    for (const [kind, ref] of [
      ["Pod", k8s.pod],
      ["Secret", k8s.secret],
      ["Node", k8s.node],
    ] as const) {
      if (!ref) continue;
      const bound = await this.getObject(kind, kind === "Node" ? "" : ns, ref.name);
      if (!bound || bound.metadata?.deletionTimestamp)
        return { error: `invalid bearer token, ${kind.toLowerCase()} "${ref.name}" not found` };
      if (bound.metadata?.uid !== ref.uid)
        return { error: `invalid bearer token, the UID in the bound object reference (${ref.uid}) does not match the UID in record` };
    }
    return {
      user: {
        name: `system:serviceaccount:${ns}:${sa.name}`,
        ...(sa.uid && { uid: sa.uid }),
        groups: [SERVICE_ACCOUNTS_GROUP, `${SERVICE_ACCOUNTS_GROUP}:${ns}`],
      },
    };
  }

  /** `/.well-known/openid-configuration`. */
  discoveryDocument(): Record<string, unknown> {
    return {
      issuer: this.issuer,
      jwks_uri: `${this.issuer.replace(/\/$/, "")}/openid/v1/jwks`,
      response_types_supported: ["id_token"],
      subject_types_supported: ["public"],
      id_token_signing_alg_values_supported: [ALG],
    };
  }

  /** `/openid/v1/jwks`. */
  jwks(): { keys: JWK[] } {
    return { keys: this.keys.publicKeys.map((k) => k.jwk) };
  }
}
