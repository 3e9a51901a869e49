/** Authentication (tokens, client certificates, anonymous) and authorization. */
export * from "./user.js";
export * from "./authenticator.js";
export * from "./token-file.js";
export * from "./x509.js";
export * from "./union.js";
export * from "./authorizer.js";
