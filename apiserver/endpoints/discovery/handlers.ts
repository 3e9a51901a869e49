/**
 * The discovery endpoints. /api and /apis answer aggregated discovery (with an ETag and 304
 * on If-None-Match) when the Accept header asks for APIGroupDiscoveryList, the unaggregated
 * documents otherwise. Documents follow the resource index as it changes.
 */
import { createHash } from "node:crypto";
import type { Scheme } from "../../../runtime/scheme.js";
import type { ResourceIndex } from "../installer.js";
import { defaultRestrictions, negotiateOutput, parseAccept, wantsPretty } from "../negotiation.js";
import type { APIRequest, Handler } from "../request-context.js";
import { writeObject } from "../responses.js";
import type { ResponseWriter } from "../response-writer.js";
import { encodeJSON } from "../serializers.js";
import { aggregatedDiscovery, aggregatedMediaType, apiGroup, apiGroupList, apiResourceList, apiVersions } from "./documents.js";
import type { APIGroup } from "../../../api/meta/v1/types.js";

const AGGREGATED_VERSIONS = new Set(["v2", "v2beta1"]);

/** The aggregated discovery version the client accepts before any plain type, if any. */
export function wantsAggregated(accept: string | undefined): string | undefined {
  if (!accept) return undefined;
  for (const range of parseAccept(accept)) {
    const p = range.params;
    const jsonLike = (range.type === "application" && (range.subtype === "json" || range.subtype === "*")) || range.type === "*";
    if (p.as !== undefined || p.g !== undefined || p.v !== undefined) {
      if (jsonLike && p.as === "APIGroupDiscoveryList" && p.g === "apidiscovery.k8s.io" && AGGREGATED_VERSIONS.has(p.v ?? "")) return p.v;
      continue;
    }
    return undefined;
  }
  return undefined;
}

/**
 * Groups another server serves behind this one (the aggregator's APIServices): merged into /apis
 * and its aggregated form. `generation` changes whenever what it adds does.
 */
export interface DiscoveryPeer {
  readonly generation: number;
  mergeGroupList(groups: APIGroup[]): APIGroup[];
  mergeAggregated(items: Record<string, unknown>[]): Record<string, unknown>[];
}

interface CachedDocument {
  body: Buffer;
  etag: string;
}

export class DiscoveryHandlers {
  private readonly aggregated = new Map<string, CachedDocument>();
  /** The index generation the cached documents were built from. */
  private cachedGeneration = -1;

  constructor(
    private readonly index: ResourceIndex,
    private readonly scheme: Scheme,
    /** host:port clients should use, for APIVersions.serverAddressByClientCIDRs. */
    private readonly serverAddress: () => string,
  ) {}

  private peer: DiscoveryPeer | undefined;
  private peerGeneration = -1;

  /** Adds another server's groups to /apis (the aggregator's). */
  setPeer(peer: DiscoveryPeer): void {
    this.peer = peer;
    this.aggregated.clear();
  }

  /** Forgets cached documents (after resources are added). */
  invalidate(): void {
    this.aggregated.clear();
  }

  /** The handler for a non-resource path under /api or /apis, or undefined. */
  route(path: string): Handler | undefined {
    const parts = path.replace(/^\/+|\/+$/g, "").split("/");
    if (parts[0] === "api") {
      if (parts.length === 1) return (req, res) => this.root(req, res, true);
      if (parts.length === 2) {
        const version = parts[1]!;
        if (!this.index.hasGroupVersion("", version)) return undefined;
        return async (req, res) => this.plain(req, res, apiResourceList(this.index, "", version));
      }
      return undefined;
    }
    if (parts[0] === "apis") {
      if (parts.length === 1) return (req, res) => this.root(req, res, false);
      const group = this.index.groups().find((g) => g.name === parts[1]);
      if (!group) return undefined;
      if (parts.length === 2)
        return async (req, res) => this.plain(req, res, { kind: "APIGroup", apiVersion: "v1", ...apiGroup(group.name, group.versions) });
      if (parts.length === 3 && group.versions.includes(parts[2]!)) {
        return async (req, res) => this.plain(req, res, apiResourceList(this.index, group.name, parts[2]!));
      }
    }
    return undefined;
  }

  private plain(req: APIRequest, res: ResponseWriter, doc: object): void {
    const media = negotiateOutput(req.raw.headers.accept, defaultRestrictions);
    // Upstream's JSON leaves apiVersion off APIVersions and APIResourceList; the protobuf
    // envelope names the kind's group-version (meta v1) all the same.
    const body = media.format === "protobuf" ? { apiVersion: "v1", ...doc } : doc;
    writeObject(this.scheme, res, 200, body, media, wantsPretty(req.url, req.raw.headers["user-agent"]));
  }

  private async root(req: APIRequest, res: ResponseWriter, legacy: boolean): Promise<void> {
    const version = wantsAggregated(req.raw.headers.accept);
    if (version === undefined) {
      const doc = legacy ? apiVersions(this.index, this.serverAddress()) : apiGroupList(this.index);
      if (!legacy && this.peer && "groups" in doc) doc.groups = this.peer.mergeGroupList(doc.groups);
      this.plain(req, res, doc);
      return;
    }
    if (this.cachedGeneration !== this.index.generation || (this.peer && this.peer.generation !== this.peerGeneration)) {
      this.peerGeneration = this.peer?.generation ?? -1;
      // Resources were installed or removed since: every document (and its ETag) changes.
      this.aggregated.clear();
      this.cachedGeneration = this.index.generation;
    }
    const key = `${legacy}/${version}`;
    let cached = this.aggregated.get(key);
    if (!cached) {
      const doc = aggregatedDiscovery(this.index, legacy, version);
      if (!legacy && this.peer) doc.items = this.peer.mergeAggregated(doc.items as Record<string, unknown>[]);
      const body = encodeJSON(doc);
      cached = { body, etag: JSON.stringify(createHash("sha512").update(body).digest("hex").toUpperCase()) };
      this.aggregated.set(key, cached);
    }
    const headers = { ETag: cached.etag, Vary: "Accept" };
    if (req.raw.headers["if-none-match"] === cached.etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    res.send(200, aggregatedMediaType(version), cached.body, headers);
  }
}
