/**
 * core/v1 ComponentStatuses, as upstream serves them: get and list only (every other verb is
 * 405), nothing stored; each read probes the components, the storage as etcd-0 and the
 * scheduler and controller-manager at their secure health ports on this host. A component
 * that does not answer is reported unhealthy with the probe's error as its message.
 */
import { request } from "node:https";
import type { ResourceInfo } from "../../../../runtime/scheme.js";
import type { Storage } from "../../../storage/interface.js";
import { newNotFound } from "../../../../runtime/rest/errors.js";
import type { KubeObject, RESTStorage } from "../../rest.js";

export interface ProbeResult {
  healthy: boolean;
  message: string;
}

/** One component's health check. */
export type ComponentProbe = (signal?: AbortSignal) => Promise<ProbeResult>;

const PROBE_TIMEOUT_MS = 20_000;

/** An HTTPS GET of a health endpoint, certificate unchecked (upstream's prober does the same): 2xx/3xx is healthy. */
export function httpsProbe(host: string, port: number, path: string): ComponentProbe {
  const url = `https://${host}:${port}${path}`;
  return (signal) =>
    new Promise((resolve) => {
      const req = request(url, { rejectUnauthorized: false, timeout: PROBE_TIMEOUT_MS, ...(signal && { signal }) }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          const code = res.statusCode ?? 0;
          resolve({ healthy: code >= 200 && code < 400, message: body });
        });
        res.on("error", (e) => resolve({ healthy: false, message: `Get ${JSON.stringify(url)}: ${e.message}` }));
      });
      // Worded as Go's client reports a failed request.
      req.on("error", (e: NodeJS.ErrnoException) => {
        const detail = e.code === "ECONNREFUSED" ? `dial tcp ${host}:${port}: connect: connection refused` : e.message;
        resolve({ healthy: false, message: `Get ${JSON.stringify(url)}: ${detail}` });
      });
      req.on("timeout", () => req.destroy(new Error("context deadline exceeded (Client.Timeout exceeded while awaiting headers)")));
      req.end();
    });
}

/** The storage as etcd-0: its health check, or a read of the current revision. */
export function storageProbe(storage: Storage): ComponentProbe {
  return async () => {
    try {
      if (storage.healthCheck) await storage.healthCheck(PROBE_TIMEOUT_MS);
      else await storage.currentRevision();
      return { healthy: true, message: "ok" };
    } catch (err) {
      return { healthy: false, message: err instanceof Error ? err.message : String(err) };
    }
  };
}

/** What upstream probes: etcd, and the scheduler and controller-manager on their default secure ports. */
export function defaultComponentProbes(storage: Storage): Record<string, ComponentProbe> {
  return {
    "controller-manager": httpsProbe("127.0.0.1", 10257, "/healthz"),
    scheduler: httpsProbe("127.0.0.1", 10259, "/healthz"),
    "etcd-0": storageProbe(storage),
  };
}

function statusOf(name: string, r: ProbeResult): KubeObject {
  return {
    apiVersion: "v1",
    kind: "ComponentStatus",
    metadata: { name },
    conditions: [{ type: "Healthy", status: r.healthy ? "True" : "False", message: r.message }],
  };
}

export function componentStatusStorage(info: ResourceInfo, probes: Record<string, ComponentProbe>): RESTStorage {
  const served: ResourceInfo = { ...info, verbs: ["get", "list"] };
  return {
    info: served,
    group: "",
    version: "v1",
    get: async (ctx, name) => {
      const probe = probes[name];
      if (!probe) throw newNotFound({ group: "", resource: "componentstatuses" }, name);
      return statusOf(name, await probe(ctx.signal));
    },
    list: async (ctx) => {
      const names = Object.keys(probes).sort();
      const items = await Promise.all(names.map(async (n) => statusOf(n, await probes[n]!(ctx.signal))));
      return { apiVersion: "v1", kind: "ComponentStatusList", metadata: {}, items };
    },
  };
}
