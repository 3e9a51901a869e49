// Services and Pods for the endpoints and EndpointSlice controller tests.
import type { ContainerPort, Pod, PodPhase, Service } from "../../../generated/apis/core/v1/index.js";

export const NS = "ns";

export function service(name: string, spec: Service["spec"] = {}, labels?: Record<string, string>): Service {
  return {
    apiVersion: "v1",
    kind: "Service",
    metadata: { name, namespace: NS, uid: `svc-${name}`, creationTimestamp: "2026-01-01T00:00:00Z", ...(labels && { labels }) },
    spec: {
      selector: { app: name },
      clusterIP: "10.0.0.10",
      ipFamilies: ["IPv4"],
      ports: [{ name: "http", port: 80, targetPort: 8080, protocol: "TCP" }],
      ...spec,
    },
  };
}

export interface PodOptions {
  ip?: string | string[];
  ready?: boolean;
  labels?: Record<string, string>;
  nodeName?: string;
  phase?: PodPhase;
  deleting?: boolean;
  hostname?: string;
  subdomain?: string;
  ports?: ContainerPort[];
  readySince?: string;
}

export function pod(name: string, app: string, o: PodOptions = {}): Pod {
  const ips = o.ip === undefined ? [] : Array.isArray(o.ip) ? o.ip : [o.ip];
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name,
      namespace: NS,
      uid: `uid-${name}`,
      resourceVersion: "1",
      labels: o.labels ?? { app },
      ...(o.deleting && { deletionTimestamp: "2026-01-02T00:00:00Z" }),
    },
    spec: {
      containers: [{ name: "c", image: "i", ports: o.ports }],
      ...(o.nodeName !== undefined && { nodeName: o.nodeName }),
      ...(o.hostname && { hostname: o.hostname }),
      ...(o.subdomain && { subdomain: o.subdomain }),
    },
    status: {
      phase: o.phase ?? "Running",
      ...(ips.length && { podIP: ips[0], podIPs: ips.map((ip) => ({ ip })) }),
      conditions: [
        { type: "Ready", status: o.ready === false ? "False" : "True", lastTransitionTime: o.readySince ?? "2026-01-01T00:00:05Z" },
      ],
    },
  };
}
