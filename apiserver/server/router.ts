/**
 * Picks the handler for a path: health, version, metrics, OpenAPI, discovery, or the resource
 * handler; anything else is upstream's 404. Errors a handler throws become Status responses here.
 */
import type { Scheme } from "../../runtime/scheme.js";
import type { DiscoveryHandlers } from "../endpoints/discovery/handlers.js";
import type { OpenAPIDocuments } from "../endpoints/openapi.js";
import type { Handler } from "../endpoints/request-context.js";
import { writeError, writeJSON } from "../endpoints/responses.js";
import { newPathNotFound } from "../endpoints/status.js";
import type { HealthChecks } from "./health.js";
import { versionHandler } from "./version.js";

export interface RouterParts {
  scheme: Scheme;
  health: HealthChecks;
  discovery: DiscoveryHandlers;
  resources: Handler;
  metrics: Handler;
  /** The served OpenAPI documents (the built-in API's and compiled-in groups'). */
  openapi: OpenAPIDocuments;
}

/** The top-level paths, as upstream lists them at /. */
function rootPaths(parts: RouterParts): string[] {
  const paths = ["/api", "/apis", "/healthz", "/livez", "/readyz", "/metrics", "/openapi/v2", "/openapi/v3", "/openapi/v3/", "/version"];
  for (const kind of ["healthz", "livez", "readyz"] as const) for (const c of parts.health.list(kind)) paths.push(`/${kind}/${c.name}`);
  return [...new Set(paths)].sort();
}

function route(parts: RouterParts, path: string, isResource: boolean): Handler | undefined {
  if (isResource) return parts.resources;
  if (path === "/" || path === "") return async (_req, res) => writeJSON(res, 200, { paths: rootPaths(parts) });
  if (path === "/version" || path === "/version/") return versionHandler;
  if (path === "/metrics") return parts.metrics;
  if (path === "/openapi/v2") return parts.openapi.v2Handler;
  if (path === "/openapi/v3" || path === "/openapi/v3/") return parts.openapi.v3IndexHandler;
  if (path.startsWith("/openapi/v3/")) return parts.openapi.v3DocumentHandler(path.slice("/openapi/v3/".length));
  const health = parts.health.route(path);
  if (health) return health;
  if (path === "/api" || path.startsWith("/api/") || path === "/apis" || path.startsWith("/apis/")) return parts.discovery.route(path);
  return undefined;
}

export function router(parts: RouterParts): Handler {
  return async (req, res) => {
    try {
      const handler = route(parts, req.url.pathname, req.info.isResourceRequest);
      if (!handler) throw newPathNotFound();
      await handler(req, res);
      if (!res.started && !res.closed) res.end();
    } catch (err) {
      if (!res.started) {
        const resource = req.info.isResourceRequest ? { group: req.info.apiGroup, resource: req.info.resource } : undefined;
        writeError(parts.scheme, req, res, err, resource);
      } else {
        res.end();
      }
      // Errors that are not API errors are bugs: log them (panic recovery's job for the rest).
      if (!(err instanceof Error && err.name === "StatusError")) throw err;
    }
  };
}
