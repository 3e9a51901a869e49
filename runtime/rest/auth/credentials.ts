/** What an auth plugin hands the transport: a bearer token and/or a client certificate, and how to ask for new ones. */

/** Credentials of one moment; a plugin returns the same object until it rotates them. */
export interface Credentials {
  token?: string;
  /** Client certificate and key (PEM), used for new TLS connections. */
  certData?: string;
  keyData?: string;
}

/** A source of credentials that change over time (an exec plugin, an OIDC refresh). */
export interface CredentialProvider {
  /** The current credentials, fetched or refreshed as needed. */
  credentials(): Promise<Credentials>;
  /**
   * The server answered 401 to a request sent with `used`: drop them so the next call gets
   * new ones (unless they were rotated meanwhile). Returns whether a retry could help.
   */
  unauthorized(used: Credentials): boolean;
}

/** A credential plugin failed: the message names the plugin and what went wrong. */
export class CredentialError extends Error {
  override readonly name = "CredentialError";
}
