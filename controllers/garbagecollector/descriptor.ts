// The garbage collector's descriptor for the controller-manager, and how it is started.
import type { EventRecorder } from "../../runtime/events/recorder.js";
import { DiscoveryClient, MetadataClient } from "../../runtime/discovery/index.js";
import { RestClient } from "../../runtime/rest/client.js";
import { MEDIA_TYPE_JSON, type RestConfig } from "../../runtime/rest/config.js";
import type { ControllerContext } from "../controller/context.js";
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import { allServerResources } from "./discovery.js";
import { GarbageCollector } from "./garbage-collector.js";
import type { InvalidOwnerRefReporter } from "./graph-builder.js";
import { DeferredRESTMapper } from "./rest-mapper.js";

export const GARBAGE_COLLECTOR_CONTROLLER_NAME = "garbage-collector-controller";
/** How often discovery is read again for new or removed resources (upstream: 30 s). */
export const GC_DISCOVERY_RESYNC_PERIOD_MS = 30_000;

/** Records upstream's Warning event on a dependent whose owner reference names another namespace's owner. */
export function invalidOwnerRefReporter(recorder: EventRecorder): InvalidOwnerRefReporter {
  return (dep, _owner, message) => {
    const regarding = {
      kind: dep.kind,
      ...(dep.namespace !== "" && { namespace: dep.namespace }),
      name: dep.name,
      uid: dep.uid,
      apiVersion: dep.apiVersion,
    };
    recorder.event(regarding, "Warning", "OwnerRefInvalidNamespace", "", message);
  };
}

/**
 * Starts the garbage collector on clients of its own (`generic-garbage-collector`): metadata
 * calls at twice the base QPS, as upstream (each collected object costs a get and a delete).
 * Discovery is read every 30 s, and at once when a CustomResourceDefinition changes.
 */
async function startGarbageCollector(signal: AbortSignal, ctx: ControllerContext, _name: string): Promise<InitResult> {
  if (ctx.settings.enableGarbageCollector === false) return { enabled: false };
  const base = ctx.clientBuilder.config("generic-garbage-collector");
  const config: RestConfig = { ...base, qps: (base.qps ?? 5) * 2, contentType: MEDIA_TYPE_JSON };
  const rest = new RestClient(config);
  const discoveryRest = new RestClient({ ...base, contentType: MEDIA_TYPE_JSON });
  const discovery = new DiscoveryClient(discoveryRest);
  const mapper = new DeferredRESTMapper({ allResources: (s) => allServerResources(discovery, s ?? signal) });
  const gc = new GarbageCollector({
    metadataClient: new MetadataClient(rest),
    mapper,
    discoverPreferredResources: () => discovery.serverPreferredResources(signal),
    reportInvalidOwnerRef: invalidOwnerRefReporter(ctx.eventRecorder("garbage-collector-controller")),
    onError: ctx.onError,
    log: ctx.log,
  });
  // A new or removed CRD changes what is served: look at discovery soon instead of in 30 s.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const soon = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => gc.requestResync(), 200);
  };
  ctx.informerFactory
    .apiextensionsV1()
    .customResourceDefinitions()
    .informer()
    .addEventHandler({ onAdd: soon, onUpdate: (o, n) => (o === n ? undefined : soon()), onDelete: soon });
  const running = gc.run(ctx.settings.concurrentGCSyncs ?? 20, signal).finally(() => {
    clearTimeout(timer);
    rest.close();
    discoveryRest.close();
  });
  return { enabled: true, running };
}

export function newGarbageCollectorControllerDescriptor(): ControllerDescriptor {
  return { name: GARBAGE_COLLECTOR_CONTROLLER_NAME, aliases: ["garbagecollector"], initFunc: startGarbageCollector };
}
