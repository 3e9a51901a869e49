// The namespace controller's descriptor for the controller-manager, and how it is started.
import { DiscoveryClient, MetadataClient } from "../../runtime/discovery/index.js";
import { RestClient } from "../../runtime/rest/client.js";
import { MEDIA_TYPE_JSON } from "../../runtime/rest/config.js";
import { Clientset } from "../../generated/clientset/index.js";
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { NamespaceController } from "./namespace-controller.js";

export const NAMESPACE_CONTROLLER_NAME = "namespace-controller";

/**
 * Starts the namespace controller on a client of its own whose rate limits are raised (QPS x20,
 * burst x100 of the base): it makes many discovery and delete calls, and the default limits
 * would make emptying even a small namespace take seconds.
 */
async function startNamespaceController(signal: AbortSignal, ctx: ControllerContext, name: string): Promise<InitResult> {
  const base = ctx.clientBuilder.config(name);
  const nsConfig = { ...base, qps: (base.qps ?? 5) * 20, burst: (base.burst ?? 10) * 100 };
  const nsClient = new Clientset(nsConfig);
  const metadataClient = new MetadataClient(nsClient.restClient);
  // Discovery documents are read as JSON whatever --kube-api-content-type says.
  const discoveryRest = new RestClient({ ...nsConfig, contentType: MEDIA_TYPE_JSON });
  const discovery = new DiscoveryClient(discoveryRest);
  const controller = new NamespaceController({
    nsClient: nsClient.coreV1().namespaces(),
    metadataClient,
    discoverResources: () => discovery.serverPreferredNamespacedResources(signal),
    listPods: async (namespace, sig) =>
      (
        await nsClient
          .coreV1()
          .pods(namespace)
          .list({ ...(sig && { signal: sig }) })
      ).items,
    informer: ctx.informerFactory.coreV1().namespaces(),
    resyncPeriodMs: ctx.settings.namespaceSyncPeriodMs,
    finalizerToken: "kubernetes",
    deletionGracePeriodMs: ctx.settings.namespaceDeletionGracePeriodMs,
    onError: ctx.onError,
  });
  const running = controller.run(ctx.settings.concurrentNamespaceSyncs, signal).finally(() => {
    nsClient.restClient.close();
    discoveryRest.close();
  });
  return { enabled: true, running };
}

export function newNamespaceControllerDescriptor(): ControllerDescriptor {
  return { name: NAMESPACE_CONTROLLER_NAME, aliases: ["namespace"], initFunc: startNamespaceController };
}
