/**
 * Client certificates verified against the cluster CA during the TLS handshake: the subject's
 * CN is the user name and each O a group, as upstream's x509 authenticator reads them.
 */
import { X509Certificate } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { PeerCertificate, TLSSocket } from "node:tls";
import { sharedResult, type AuthenticationResult, type Authenticator } from "./authenticator.js";

/** The certificates of a PEM bundle (a CA file may hold several). */
export function parseCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((b) => new X509Certificate(b));
}

/** Whether `cert` was signed by one of `cas` (the handshake already checked the chain against the server's whole pool). */
export function issuedByAny(cert: X509Certificate, cas: readonly X509Certificate[]): boolean {
  return cas.some((ca) => cert.checkIssued(ca) && cert.verify(ca.publicKey));
}

/** The peer's certificate on a TLS socket, or undefined when none was presented. */
export function peerCertificate(socket: Partial<TLSSocket>): PeerCertificate | undefined {
  if (typeof socket.getPeerCertificate !== "function") return undefined;
  const cert = socket.getPeerCertificate();
  // No certificate presented: an empty object.
  if (!cert || Object.keys(cert).length === 0) return undefined;
  return cert;
}

export class X509Authenticator implements Authenticator {
  /** A connection's certificate never changes, and reading it is costly: once per socket. */
  private readonly bySocket = new WeakMap<object, AuthenticationResult>();

  /**
   * `clientCAs`: when the TLS server trusts more CAs than the client CA (the requestheader CA of
   * an extension apiserver), only certificates these issued are users.
   */
  constructor(private readonly clientCAs?: readonly X509Certificate[]) {}

  authenticate(req: IncomingMessage): AuthenticationResult {
    const socket = req.socket as Partial<TLSSocket>;
    if (this.bySocket.has(socket)) return this.bySocket.get(socket);
    const result = sharedResult(this.fromSocket(socket));
    this.bySocket.set(socket, result);
    return result;
  }

  private fromSocket(socket: Partial<TLSSocket>): AuthenticationResult {
    const cert = peerCertificate(socket);
    if (!cert) return undefined;
    if (!socket.authorized) {
      return { error: `verifying certificate: ${String(socket.authorizationError ?? "unknown authority")}` };
    }
    if (this.clientCAs && !issuedByAny(new X509Certificate(cert.raw), this.clientCAs)) {
      return { error: "verifying certificate: x509: certificate signed by unknown authority" };
    }
    const subject = cert.subject ?? {};
    const cn = first(subject.CN);
    if (!cn) return { error: "client certificate has no common name" };
    return { user: { name: cn, groups: all(subject.O) } };
  }
}

function all(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? [...v] : [v];
}

function first(v: string | string[] | undefined): string | undefined {
  return all(v)[0];
}
