/**
 * Service-account issuer discovery: `/.well-known/openid-configuration` and `/openid/v1/jwks`,
 * so that other parties can verify our tokens (authorized as any non-resource URL: the
 * bootstrap policy grants them to service accounts).
 */
import type { ServiceAccountTokens } from "../../auth/serviceaccount.js";
import type { Filter } from "../../endpoints/request-context.js";

const DONE = Promise.resolve();

export function withServiceAccountIssuerDiscovery(tokens: ServiceAccountTokens): Filter {
  // Not async: every other request goes on with the next handler's own promise.
  return (next) => (req, res) => {
    const path = req.url.pathname;
    if (req.info.isResourceRequest || (path !== "/.well-known/openid-configuration" && path !== "/openid/v1/jwks")) return next(req, res);
    if (req.info.verb !== "get") return next(req, res);
    const send = (): void => {
      const body = path === "/openid/v1/jwks" ? tokens.jwks() : tokens.discoveryDocument();
      const type = path === "/openid/v1/jwks" ? "application/jwk-set+json" : "application/json";
      res.send(200, type, JSON.stringify(body), { "Cache-Control": "public, max-age=3600" });
    };
    // Before ready a first start's key may still be generating: the key set waits for it.
    if (path === "/openid/v1/jwks" && !tokens.keysLoaded) return tokens.loaded().then(send);
    send();
    return DONE;
  };
}
