/**
 * The loopback client of post-start hooks (upstream's LoopbackClientConfig): a random bearer
 * token, known only to this process, that authenticates as system:apiserver in system:masters,
 * and a REST config reaching this server over HTTPS on loopback with it.
 */
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { MEDIA_TYPE_PROTOBUF, type RestConfig } from "../../runtime/rest/config.js";
import type { AuthenticationResult, Authenticator } from "../auth/authenticator.js";
import { bearerToken } from "../auth/token-file.js";
import { SYSTEM_MASTERS_GROUP, type UserInfo } from "../auth/user.js";

/** The user the loopback token authenticates as, as upstream names it. */
export const LOOPBACK_USER = "system:apiserver";

/**
 * Accepts exactly the loopback token; any other token is none of its business (undefined), so
 * the token file and client certificates decide as they did without it.
 */
export class LoopbackAuthenticator implements Authenticator {
  readonly token: string;
  private readonly tokenBytes: Buffer;
  private readonly user: UserInfo;

  constructor(token = randomBytes(32).toString("base64url")) {
    this.token = token;
    this.tokenBytes = Buffer.from(token);
    this.user = { name: LOOPBACK_USER, uid: randomUUID(), groups: [SYSTEM_MASTERS_GROUP] };
  }

  authenticate(req: IncomingMessage): AuthenticationResult {
    const presented = bearerToken(req);
    if (presented === undefined) return undefined;
    const bytes = Buffer.from(presented);
    if (bytes.length !== this.tokenBytes.length || !timingSafeEqual(bytes, this.tokenBytes)) return undefined;
    return { user: { ...this.user, groups: [...this.user.groups] } };
  }
}

export interface LoopbackTarget {
  /** The address the server listens on; a wildcard is reached on 127.0.0.1. */
  bindAddress: string;
  port: number;
  /** The CA that issued the serving certificate; without one the certificate is not checked (it is our own). */
  caData?: string;
  token: string;
}

/**
 * The REST config of the loopback client. Protobuf and a generous rate limit, as upstream's
 * loopback config: the server's own loops should not queue behind client-go's 5 qps default.
 */
export function loopbackConfig(target: LoopbackTarget): RestConfig {
  const wildcard = target.bindAddress === "0.0.0.0" || target.bindAddress === "::" || target.bindAddress === "";
  const host = wildcard ? "127.0.0.1" : target.bindAddress;
  return {
    server: `https://${host.includes(":") ? `[${host}]` : host}:${target.port}`,
    bearerToken: target.token,
    ...(target.caData !== undefined ? { caData: target.caData } : { insecureSkipTLSVerify: true }),
    contentType: MEDIA_TYPE_PROTOBUF,
    qps: 50,
    burst: 100,
    userAgent: "kube-apiserver/v1.34.0 (loopback) kubegen",
  };
}
