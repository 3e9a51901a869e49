// Registers the EndpointSlice controller under upstream's name, alias and client name.
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { DEFAULT_MAX_ENDPOINTS_PER_SLICE, EndpointSliceController } from "./endpointslice-controller.js";

export const ENDPOINTSLICE_CONTROLLER_NAME = "endpointslice-controller";

async function start(signal: AbortSignal, ctx: ControllerContext): Promise<InitResult> {
  const client = ctx.clientBuilder.client("endpointslice-controller");
  const core = ctx.informerFactory.coreV1();
  const controller = new EndpointSliceController({
    pods: core.pods(),
    services: core.services(),
    nodes: core.nodes(),
    endpointSlices: ctx.informerFactory.discoveryV1().endpointSlices(),
    client,
    maxEndpointsPerSlice: ctx.settings.maxEndpointsPerSlice ?? DEFAULT_MAX_ENDPOINTS_PER_SLICE,
    batchPeriodMs: ctx.settings.endpointSliceUpdatesBatchPeriodMs ?? 0,
    onError: ctx.onError,
    log: ctx.log,
    recorder: ctx.eventRecorder("endpoint-slice-controller"),
  });
  const running = controller.run(ctx.settings.concurrentServiceEndpointSyncs ?? 5, signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newEndpointSliceControllerDescriptor(): ControllerDescriptor {
  return { name: ENDPOINTSLICE_CONTROLLER_NAME, aliases: ["endpointslice"], initFunc: start };
}
