// Registers the EndpointSlice mirroring controller under upstream's name, alias and client name.
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { EndpointSliceMirroringController } from "./endpointslicemirroring-controller.js";

export const ENDPOINTSLICE_MIRRORING_CONTROLLER_NAME = "endpointslice-mirroring-controller";

async function start(signal: AbortSignal, ctx: ControllerContext): Promise<InitResult> {
  const client = ctx.clientBuilder.client("endpointslicemirroring-controller");
  const controller = new EndpointSliceMirroringController({
    endpoints: ctx.informerFactory.coreV1().endpoints(),
    services: ctx.informerFactory.coreV1().services(),
    endpointSlices: ctx.informerFactory.discoveryV1().endpointSlices(),
    client,
    onError: ctx.onError,
    log: ctx.log,
    recorder: ctx.eventRecorder("endpoint-slice-mirroring-controller"),
  });
  // `--mirroring-concurrent-service-endpoint-syncs` defaults to 5 upstream.
  const running = controller.run(5, signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newEndpointSliceMirroringControllerDescriptor(): ControllerDescriptor {
  return { name: ENDPOINTSLICE_MIRRORING_CONTROLLER_NAME, aliases: ["endpointslicemirroring"], initFunc: start };
}
