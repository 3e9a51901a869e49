/**
 * Requestheader authentication, as an extension apiserver runs it behind kube-apiserver: a
 * request whose client certificate was issued by the requestheader CA (and, when allowed names
 * are set, whose CN is one of them) is trusted to say who the user is in its headers
 * (`X-Remote-User`, `X-Remote-Group`, `X-Remote-Extra-<key>`, or the names configured).
 */
import { X509Certificate } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { AuthenticationResult, Authenticator } from "./authenticator.js";
import { issuedByAny, parseCertificates, peerCertificate } from "./x509.js";

export interface RequestHeaderConfig {
  /** `--requestheader-client-ca-file`'s contents (PEM; several certificates allowed). */
  clientCA: string;
  /** `--requestheader-username-headers`; upstream's default in kube-apiserver is X-Remote-User. */
  usernameHeaders: readonly string[];
  /** `--requestheader-uid-headers`. */
  uidHeaders?: readonly string[];
  /** `--requestheader-group-headers`. */
  groupHeaders: readonly string[];
  /** `--requestheader-extra-headers-prefix`. */
  extraHeaderPrefixes: readonly string[];
  /** `--requestheader-allowed-names`: the CNs a front proxy may have; empty means any. */
  allowedNames: readonly string[];
}

/** The extension apiserver's defaults (upstream's DelegatingAuthenticationOptions), what the aggregator sends. */
export const DEFAULT_REQUEST_HEADERS = {
  usernameHeaders: ["X-Remote-User"],
  uidHeaders: [] as string[],
  groupHeaders: ["X-Remote-Group"],
  extraHeaderPrefixes: ["X-Remote-Extra-"],
};

export class RequestHeaderAuthenticator implements Authenticator {
  private readonly cas: X509Certificate[];
  private readonly lower: { user: string[]; uid: string[]; group: string[]; extra: string[] };

  constructor(private readonly config: RequestHeaderConfig) {
    this.cas = parseCertificates(config.clientCA);
    if (this.cas.length === 0) throw new Error("--requestheader-client-ca-file: no certificate found");
    const low = (a: readonly string[] | undefined): string[] => (a ?? []).map((h) => h.toLowerCase());
    this.lower = {
      user: low(config.usernameHeaders),
      uid: low(config.uidHeaders),
      group: low(config.groupHeaders),
      extra: low(config.extraHeaderPrefixes),
    };
  }

  /** The CA bundle the TLS server must also trust so front proxies' certificates reach this check. */
  get clientCA(): string {
    return this.config.clientCA;
  }

  authenticate(req: IncomingMessage): AuthenticationResult {
    const socket = req.socket as Partial<TLSSocket>;
    const peer = peerCertificate(socket);
    // No client certificate: these headers mean nothing (anyone can send them).
    if (!peer) return undefined;
    if (!socket.authorized) return { error: `verifying certificate: ${String(socket.authorizationError ?? "unknown authority")}` };
    if (!issuedByAny(new X509Certificate(peer.raw), this.cas)) return undefined;
    const cn = Array.isArray(peer.subject?.CN) ? peer.subject.CN[0] : peer.subject?.CN;
    if (this.config.allowedNames.length > 0 && !this.config.allowedNames.includes(cn ?? "")) {
      return { error: `x509: subject with cn=${cn ?? ""} is not in the allowed list` };
    }
    const result = this.fromHeaders(req);
    this.strip(req);
    return result;
  }

  private fromHeaders(req: IncomingMessage): AuthenticationResult {
    const name = this.lower.user.map((h) => req.headers[h]).find((v): v is string => typeof v === "string" && v !== "");
    // A front proxy's own request without a user (its health check, say): not ours to decide.
    if (name === undefined) return undefined;
    const uid = this.lower.uid.map((h) => req.headers[h]).find((v): v is string => typeof v === "string" && v !== "");
    const groups = this.lower.group.flatMap((h) => rawValues(req, h));
    const extra: Record<string, string[]> = {};
    for (const [header, value] of Object.entries(req.headers)) {
      const prefix = this.lower.extra.find((p) => header.startsWith(p));
      if (!prefix || value === undefined) continue;
      const key = decodeExtraKey(header.slice(prefix.length));
      (extra[key] ??= []).push(...(Array.isArray(value) ? value : [value]));
    }
    return {
      user: { name, groups, ...(uid !== undefined && { uid }), ...(Object.keys(extra).length > 0 && { extra }) },
    };
  }

  /** Upstream removes the identity headers once read: nothing further down may trust them again. */
  private strip(req: IncomingMessage): void {
    for (const h of [...this.lower.user, ...this.lower.uid, ...this.lower.group]) delete req.headers[h];
    for (const h of Object.keys(req.headers)) if (this.lower.extra.some((p) => h.startsWith(p))) delete req.headers[h];
  }
}

/** Every value of a header as sent (Node joins repeated custom headers with ", "). */
function rawValues(req: IncomingMessage, header: string): string[] {
  const out: string[] = [];
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === header) out.push(raw[i + 1]!);
  return out;
}

/** Extra keys travel percent-encoded in header names (upstream unescapes them, lowercased). */
function decodeExtraKey(encoded: string): string {
  try {
    return decodeURIComponent(encoded).toLowerCase();
  } catch {
    return encoded.toLowerCase();
  }
}

/** The flags' values, with kube-apiserver's defaults where a flag was not given. */
export function requestHeaderConfig(clientCA: string, flags: Partial<Omit<RequestHeaderConfig, "clientCA">>): RequestHeaderConfig {
  return {
    clientCA,
    usernameHeaders: flags.usernameHeaders?.length ? flags.usernameHeaders : DEFAULT_REQUEST_HEADERS.usernameHeaders,
    uidHeaders: flags.uidHeaders ?? [],
    groupHeaders: flags.groupHeaders?.length ? flags.groupHeaders : DEFAULT_REQUEST_HEADERS.groupHeaders,
    extraHeaderPrefixes: flags.extraHeaderPrefixes?.length ? flags.extraHeaderPrefixes : DEFAULT_REQUEST_HEADERS.extraHeaderPrefixes,
    allowedNames: flags.allowedNames ?? [],
  };
}
