/** Starts an APIServer over fake or real storages on a free loopback port, and talks HTTPS to it. */
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { resources as coreResources } from "../../../generated/apis/core/v1/zz_generated.register.js";
import { resources as coordinationResources } from "../../../generated/apis/coordination/v1/zz_generated.register.js";
import { APIServer, type APIServerOptions } from "../../../apiserver/server/apiserver.js";
import { ensureCertificates, type ClusterCertificates } from "../../../apiserver/server/certs.js";
import type { RESTStorage } from "../../../apiserver/registry/rest.js";
import { FakeStorage, fakeStorages } from "./fake-storage.js";

export interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
  json<T = Record<string, unknown>>(): T;
}

export interface RequestOptions {
  body?: string | Uint8Array;
  headers?: Record<string, string>;
  /** Who calls: the admin client certificate (default), nobody, or a bearer token. */
  as?: "admin" | "anonymous" | { token: string };
}

export interface TestServer {
  server: APIServer;
  certs: ClusterCertificates;
  dir: string;
  storages: RESTStorage[];
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** Opens a streaming request; resolves with the response once headers arrive. */
  stream(
    path: string,
    options?: RequestOptions,
  ): Promise<{ status: number; headers: Record<string, unknown>; chunks: AsyncIterable<Buffer>; close(): void }>;
  close(): Promise<void>;
}

let certsPromise: Promise<{ dir: string; certs: ClusterCertificates }> | undefined;

/** One PKI per test process: certificate generation is the slow part of starting. */
export function sharedCerts(): Promise<{ dir: string; certs: ClusterCertificates }> {
  certsPromise ??= (async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-apiserver-"));
    const certs = await ensureCertificates({ dataDir: dir });
    // The tests use the PEMs in memory; nothing needs the files afterwards.
    rmSync(dir, { recursive: true, force: true });
    return { dir, certs };
  })();
  return certsPromise;
}

/** The fake storages of core/v1 and coordination/v1, with namespaces/status and /finalize. */
export function defaultFakeStorages(): RESTStorage[] {
  const core = fakeStorages(coreResources);
  const ns = core.find((s) => s.info.plural === "namespaces")!;
  const nsStatus = new FakeStorage(ns.info);
  // The status subresource shares the namespace objects.
  Object.assign(nsStatus, { objects: ns.objects });
  const status: RESTStorage = {
    info: ns.info,
    group: "",
    version: "v1",
    get: nsStatus.get.bind(nsStatus),
    update: nsStatus.update.bind(nsStatus),
    patch: nsStatus.patch.bind(nsStatus),
  };
  const finalize: RESTStorage = { info: ns.info, group: "", version: "v1", update: nsStatus.update.bind(nsStatus) };
  ns.subresources = { status, finalize };
  // Namespaces cannot be deleted as a collection upstream.
  (ns as { deleteCollection?: unknown }).deleteCollection = undefined;
  return [...core, ...fakeStorages(coordinationResources, "coordination.k8s.io")];
}

export async function startTestServer(options: Partial<APIServerOptions> & { storages?: RESTStorage[] } = {}): Promise<TestServer> {
  const { dir, certs } = await sharedCerts();
  const storages = options.storages ?? defaultFakeStorages();
  const server = new APIServer({
    bindAddress: "127.0.0.1",
    securePort: 0,
    log: () => {},
    ...options,
    storages,
    tls: { cert: certs.serving.cert, key: certs.serving.key, clientCA: certs.ca.cert },
  });
  await server.start();
  const agent = new https.Agent({ keepAlive: true, ca: certs.ca.cert });

  const requestOptions = (method: string, p: string, o: RequestOptions): https.RequestOptions => {
    const headers: Record<string, string> = { ...(o.headers ?? {}) };
    // Node sends DELETE bodies without chunking: say how long they are.
    if (o.body !== undefined && headers["Content-Length"] === undefined) headers["Content-Length"] = String(Buffer.byteLength(o.body));
    const as = o.as ?? "admin";
    const tlsOpts: https.RequestOptions = { ca: certs.ca.cert };
    if (as === "admin") Object.assign(tlsOpts, { cert: certs.admin.cert, key: certs.admin.key });
    else if (as !== "anonymous") headers.Authorization = `Bearer ${as.token}`;
    return {
      host: "127.0.0.1",
      port: server.port,
      method,
      path: p,
      headers,
      ...tlsOpts,
      agent: as === "admin" ? undefined : agent,
    };
  };

  return {
    server,
    certs,
    dir,
    storages,
    request(method, p, o = {}) {
      return new Promise((resolve, reject) => {
        const req = https.request(requestOptions(method, p, o), (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const body = Buffer.concat(chunks);
            const text = body.toString("utf8");
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, json: () => JSON.parse(text) });
          });
          res.on("error", reject);
        });
        req.on("error", reject);
        if (o.body !== undefined) req.write(o.body);
        req.end();
      });
    },
    stream(p, o = {}) {
      return new Promise((resolve, reject) => {
        const req = https.request(requestOptions("GET", p, o), (res) => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks: res, close: () => req.destroy() });
        });
        req.on("error", (err) => {
          if ((err as NodeJS.ErrnoException).code !== "ECONNRESET") reject(err);
        });
        req.end();
      });
    },
    async close() {
      agent.destroy();
      await server.shutdown();
    },
  };
}
