// Registers the pod garbage collector under upstream's name, alias and client name.
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { DEFAULT_TERMINATED_POD_GC_THRESHOLD, PodGCController } from "./pod-gc-controller.js";

export const POD_GC_CONTROLLER_NAME = "pod-garbage-collector-controller";

async function start(signal: AbortSignal, ctx: ControllerContext): Promise<InitResult> {
  const client = ctx.clientBuilder.client("pod-garbage-collector");
  const controller = new PodGCController({
    pods: ctx.informerFactory.coreV1().pods(),
    nodes: ctx.informerFactory.coreV1().nodes(),
    client,
    terminatedPodThreshold: ctx.settings.terminatedPodGCThreshold ?? DEFAULT_TERMINATED_POD_GC_THRESHOLD,
    ...(ctx.settings.podGCCheckPeriodMs !== undefined && { gcCheckPeriodMs: ctx.settings.podGCCheckPeriodMs }),
    ...(ctx.settings.podGCQuarantineMs !== undefined && { quarantineMs: ctx.settings.podGCQuarantineMs }),
    onError: ctx.onError,
    log: ctx.log,
  });
  const running = controller.run(signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newPodGCControllerDescriptor(): ControllerDescriptor {
  return { name: POD_GC_CONTROLLER_NAME, aliases: ["podgc"], initFunc: start };
}
