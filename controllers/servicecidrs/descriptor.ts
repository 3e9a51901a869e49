// Registers the ServiceCIDR controller under upstream's name and client name.
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { ServiceCIDRController } from "./servicecidrs-controller.js";

export const SERVICE_CIDR_CONTROLLER_NAME = "service-cidr-controller";

async function start(signal: AbortSignal, ctx: ControllerContext): Promise<InitResult> {
  const client = ctx.clientBuilder.client("service-cidrs-controller");
  const networking = ctx.informerFactory.networkingV1();
  const controller = new ServiceCIDRController({
    serviceCIDRs: networking.serviceCIDRs(),
    ipAddresses: networking.ipAddresses(),
    client,
    controllerName: SERVICE_CIDR_CONTROLLER_NAME,
    onError: ctx.onError,
    log: ctx.log,
    recorder: ctx.eventRecorder(SERVICE_CIDR_CONTROLLER_NAME),
  });
  // Five workers, as kube-controller-manager starts it.
  const running = controller.run(5, signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newServiceCIDRControllerDescriptor(): ControllerDescriptor {
  return { name: SERVICE_CIDR_CONTROLLER_NAME, initFunc: start };
}
