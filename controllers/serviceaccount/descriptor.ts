// The serviceaccount controller: a `default` ServiceAccount in every active namespace, made
// again when deleted (upstream's serviceaccount-controller).
import { isAlreadyExists, isNotFound } from "../../runtime/rest/errors.js";
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { NamespaceLoop } from "./namespace-loop.js";

export const SERVICEACCOUNT_CONTROLLER_NAME = "serviceaccount-controller";
export const DEFAULT_SERVICE_ACCOUNT = "default";

async function start(signal: AbortSignal, ctx: ControllerContext, name: string): Promise<InitResult> {
  const client = ctx.clientBuilder.client(name);
  const sas = ctx.informerFactory.coreV1().serviceAccounts();
  const lister = sas.lister();
  const namespaces = ctx.informerFactory.coreV1().namespaces();
  const loop = new NamespaceLoop({
    name: SERVICEACCOUNT_CONTROLLER_NAME,
    namespaces,
    synced: [() => sas.informer().hasSynced()],
    onError: ctx.onError,
    log: ctx.log,
    async sync(ns, sig) {
      try {
        lister.serviceAccounts(ns).get(DEFAULT_SERVICE_ACCOUNT);
        return;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      try {
        await client
          .coreV1()
          .serviceAccounts(ns)
          .create({ metadata: { name: DEFAULT_SERVICE_ACCOUNT } }, { signal: sig });
      } catch (err) {
        // Already there (the cache lagged), or the namespace went away meanwhile.
        if (isAlreadyExists(err) || isNotFound(err)) return;
        if ((err as { status?: { code?: number } }).status?.code === 403) return; // terminating namespace
        throw err;
      }
    },
  });
  sas.informer().addEventHandler({
    onDelete: (obj) => {
      const sa = "obj" in obj ? obj.obj : obj;
      if (sa.metadata?.name !== DEFAULT_SERVICE_ACCOUNT || !sa.metadata.namespace) return;
      loop.queue.add(sa.metadata.namespace);
    },
  });
  const running = loop.run(1, signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newServiceAccountControllerDescriptor(): ControllerDescriptor {
  return { name: SERVICEACCOUNT_CONTROLLER_NAME, aliases: ["serviceaccount"], initFunc: start };
}
