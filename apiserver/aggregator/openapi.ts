/**
 * OpenAPI with the extensions' documents merged in, as upstream's aggregator serves it: the
 * /openapi/v3 index lists each remote group-version with the extension's own hashed link (the
 * document itself is proxied), and /openapi/v2 (JSON and protobuf) gains the extensions'
 * definitions and their group-versions' paths. The local document comes from the rest of the
 * chain (built-in, compiled-in and custom resources alike).
 */
import { createHash } from "node:crypto";
import type { ServerResponse } from "node:http";
import { OPENAPI_V2_PROTOBUF } from "../endpoints/openapi.js";
import { encodeOpenAPIV2Document } from "../endpoints/openapi-v2-protobuf.js";
import { nonResourceFilter, type APIRequest, type Filter, type Handler } from "../endpoints/request-context.js";
import { ResponseWriter } from "../endpoints/response-writer.js";
import type { APIService } from "./apiservices.js";

type Obj = Record<string, unknown>;

interface Captured {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

/** Runs the rest of the chain into memory, asking for JSON and no 304. */
async function capture(next: Handler, req: APIRequest): Promise<Captured> {
  const out: Captured = { status: 0, headers: {}, body: Buffer.alloc(0) };
  const chunks: Buffer[] = [];
  const sink = {
    headersSent: false,
    writableEnded: false,
    destroyed: false,
    setHeader: (k: string, v: string | string[]) => void (out.headers[k.toLowerCase()] = v),
    writeHead(code: number, h?: Record<string, string | string[]>) {
      out.status = code;
      for (const [k, v] of Object.entries(h ?? {})) out.headers[k.toLowerCase()] = v;
      this.headersSent = true;
    },
    write: (c: Uint8Array | string) => chunks.push(Buffer.from(c)) > 0,
    end(c?: Uint8Array | string) {
      if (c !== undefined) chunks.push(Buffer.from(c));
      this.writableEnded = true;
    },
    on: () => sink,
    once: () => sink,
    off: () => sink,
  };
  const headers = { ...req.raw.headers, accept: "application/json" };
  delete headers["if-none-match"];
  const raw = Object.create(req.raw, { headers: { value: headers } }) as APIRequest["raw"];
  // Spelled out: a served request's signal and abort live on its prototype, which a spread leaves out.
  const inner: APIRequest = {
    raw,
    url: req.url,
    info: req.info,
    user: req.user,
    signal: req.signal,
    abort: (reason) => req.abort(reason),
    warnings: req.warnings,
    startTime: req.startTime,
  };
  await next(inner, new ResponseWriter(sink as unknown as ServerResponse, []));
  out.body = Buffer.concat(chunks);
  return out;
}

/** What was last read from each extension: its v3 index entry and its Swagger document. */
export class RemoteOpenAPI {
  private readonly v3Links = new Map<string, { key: string; url: string }>();
  private readonly v2 = new Map<string, { group: string; version: string; doc: Obj }>();
  private generation = 0;
  private mergedFor: { generation: number; base: string; json: Buffer; etag: string; protobuf?: Buffer } | undefined;

  setV3Index(apiService: APIService, body: Buffer): void {
    const key = `apis/${apiService.spec?.group}/${apiService.spec?.version}`;
    try {
      const index = JSON.parse(body.toString("utf8")) as { paths?: Record<string, { serverRelativeURL?: string }> };
      const url = index.paths?.[key]?.serverRelativeURL;
      if (url) this.v3Links.set(apiService.metadata?.name ?? "", { key, url });
    } catch {
      // Keep the last good link.
    }
  }

  setV2(apiService: APIService, body: Buffer): void {
    try {
      const doc = JSON.parse(body.toString("utf8")) as Obj;
      const name = apiService.metadata?.name ?? "";
      const old = this.v2.get(name);
      if (old && JSON.stringify(old.doc) === JSON.stringify(doc)) return;
      this.v2.set(name, { group: apiService.spec?.group ?? "", version: apiService.spec?.version ?? "", doc });
      this.generation++;
    } catch {
      // Keep the last good document.
    }
  }

  forget(name: string): void {
    this.v3Links.delete(name);
    if (this.v2.delete(name)) this.generation++;
  }

  private mergeV2(base: Buffer): { json: Buffer; etag: string; protobuf?: Buffer } {
    const text = base.toString("utf8");
    if (this.mergedFor && this.mergedFor.generation === this.generation && this.mergedFor.base === text) return this.mergedFor;
    const doc = JSON.parse(text) as { definitions?: Obj; paths?: Obj };
    doc.definitions ??= {};
    doc.paths ??= {};
    for (const { group, version, doc: remote } of this.v2.values()) {
      for (const [k, v] of Object.entries((remote.definitions as Obj | undefined) ?? {}))
        if (!(k in doc.definitions)) doc.definitions[k] = v;
      const prefix = `/apis/${group}/${version}`;
      for (const [k, v] of Object.entries((remote.paths as Obj | undefined) ?? {}))
        if (k === prefix || k.startsWith(`${prefix}/`)) doc.paths[k] = v;
    }
    const json = Buffer.from(JSON.stringify(doc));
    const etag = JSON.stringify(createHash("sha512").update(json).digest("hex").toUpperCase());
    this.mergedFor = { generation: this.generation, base: text, json, etag };
    return this.mergedFor;
  }

  filter(): Filter {
    return nonResourceFilter((next) => this.serve(next));
  }

  private serve(next: Handler): Handler {
    return async (req, res) => {
      const path = req.url.pathname;
      if (req.info.isResourceRequest || (req.raw.method ?? "GET") !== "GET") return next(req, res);
      if (path === "/openapi/v3" || path === "/openapi/v3/") {
        if (this.v3Links.size === 0) return next(req, res);
        const inner = await capture(next, req);
        if (inner.status !== 200) return next(req, res);
        const index = JSON.parse(inner.body.toString("utf8")) as { paths: Obj };
        for (const { key, url } of this.v3Links.values()) index.paths[key] = { serverRelativeURL: url };
        res.send(200, "application/json", Buffer.from(JSON.stringify(index)));
        return;
      }
      if (path === "/openapi/v2" && this.v2.size > 0) {
        const accept = req.raw.headers.accept ?? "";
        const protobuf = accept.includes("protobuf") && !/application\/json|\*\/\*/.test(accept.split(",")[0] ?? "");
        const inner = await capture(next, req);
        if (inner.status !== 200) return next(req, res);
        const merged = this.mergeV2(inner.body);
        const headers = { ETag: merged.etag, Vary: "Accept" };
        if (req.raw.headers["if-none-match"] === merged.etag) {
          res.writeHead(304, headers);
          res.end();
          return;
        }
        if (!protobuf) return res.send(200, "application/json", merged.json, headers);
        merged.protobuf ??= Buffer.from(encodeOpenAPIV2Document(JSON.parse(merged.json.toString("utf8")) as Obj));
        return res.send(200, OPENAPI_V2_PROTOBUF, merged.protobuf, headers);
      }
      return next(req, res);
    };
  }
}
