/**
 * How the endpoint reconciler reads and writes the `kubernetes` Endpoints: through the generated
 * clientset over the loopback client while the server serves, or through the registry in-process
 * during shutdown, when the listener no longer takes connections (the same strategy, validation
 * and watch events either way).
 */
import type { Endpoints } from "../../api/core/v1/endpoints.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import type { KubeObject, RESTStorage, RequestContext } from "../registry/rest.js";
import { LOOPBACK_USER } from "./loopback.js";

export interface EndpointsAdapter {
  /** The Endpoints, or undefined when there are none. */
  get(namespace: string, name: string): Promise<Endpoints | undefined>;
  create(namespace: string, endpoints: Endpoints): Promise<Endpoints>;
  /** A stale resourceVersion fails with Conflict. */
  update(namespace: string, endpoints: Endpoints): Promise<Endpoints>;
}

export function clientsetEndpointsAdapter(client: ClientsetInterface, signal?: AbortSignal): EndpointsAdapter {
  const opts = signal ? { signal } : {};
  return {
    async get(namespace, name) {
      try {
        return await client.coreV1().endpoints(namespace).get(name, opts);
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    create: (namespace, endpoints) => client.coreV1().endpoints(namespace).create(endpoints, opts),
    update: (namespace, endpoints) => client.coreV1().endpoints(namespace).update(endpoints, opts),
  };
}

export function registryEndpointsAdapter(storage: RESTStorage, signal: AbortSignal = new AbortController().signal): EndpointsAdapter {
  const ctx = (namespace: string): RequestContext => ({
    namespace,
    user: { name: LOOPBACK_USER, groups: ["system:masters"] },
    signal,
    warnings: [],
    userAgent: "kube-apiserver",
  });
  const asObject = (ep: Endpoints): KubeObject => ({ ...ep, apiVersion: "v1", kind: "Endpoints" }) as KubeObject;
  return {
    async get(namespace, name) {
      try {
        return (await storage.get!(ctx(namespace), name, {})) as Endpoints;
      } catch (err) {
        if (isNotFound(err)) return undefined;
        throw err;
      }
    },
    create: async (namespace, endpoints) => (await storage.create!(ctx(namespace), asObject(endpoints), {})) as Endpoints,
    update: async (namespace, endpoints) => (await storage.update!(ctx(namespace), endpoints.metadata?.name ?? "", asObject(endpoints), {})).object as Endpoints,
  };
}
