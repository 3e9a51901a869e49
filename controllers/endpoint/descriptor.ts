// Registers the endpoints controller under upstream's name, alias and client name.
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { EndpointsController } from "./endpoints-controller.js";

export const ENDPOINTS_CONTROLLER_NAME = "endpoints-controller";

async function start(signal: AbortSignal, ctx: ControllerContext): Promise<InitResult> {
  const client = ctx.clientBuilder.client("endpoint-controller");
  const factory = ctx.informerFactory.coreV1();
  const controller = new EndpointsController({
    pods: factory.pods(),
    services: factory.services(),
    endpoints: factory.endpoints(),
    client,
    batchPeriodMs: ctx.settings.endpointUpdatesBatchPeriodMs ?? 0,
    onError: ctx.onError,
    log: ctx.log,
    recorder: ctx.eventRecorder("endpoint-controller"),
  });
  const running = controller.run(ctx.settings.concurrentEndpointSyncs ?? 5, signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newEndpointsControllerDescriptor(): ControllerDescriptor {
  return { name: ENDPOINTS_CONTROLLER_NAME, aliases: ["endpoint"], initFunc: start };
}
