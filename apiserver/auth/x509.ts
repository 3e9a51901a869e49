/**
 * Client certificates verified against the cluster CA during the TLS handshake: the subject's
 * CN is the user name and each O a group, as upstream's x509 authenticator reads them.
 */
import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import type { AuthenticationResult, Authenticator } from "./authenticator.js";

export class X509Authenticator implements Authenticator {
  /** A connection's certificate never changes, and reading it is costly: once per socket. */
  private readonly bySocket = new WeakMap<object, AuthenticationResult>();

  authenticate(req: IncomingMessage): AuthenticationResult {
    const socket = req.socket as Partial<TLSSocket>;
    if (this.bySocket.has(socket)) return this.bySocket.get(socket);
    const result = this.fromSocket(socket);
    this.bySocket.set(socket, result);
    return result;
  }

  private fromSocket(socket: Partial<TLSSocket>): AuthenticationResult {
    if (typeof socket.getPeerCertificate !== "function") return undefined;
    const cert = socket.getPeerCertificate();
    // No certificate presented: an empty object.
    if (!cert || Object.keys(cert).length === 0) return undefined;
    if (!socket.authorized) {
      return { error: `verifying certificate: ${String(socket.authorizationError ?? "unknown authority")}` };
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
