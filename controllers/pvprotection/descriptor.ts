// Registers the pv-protection controller under upstream's name, alias and client name.
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { PVProtectionController } from "./pv-protection-controller.js";

export const PV_PROTECTION_CONTROLLER_NAME = "persistentvolume-protection-controller";

async function start(signal: AbortSignal, ctx: ControllerContext): Promise<InitResult> {
  const client = ctx.clientBuilder.client("pv-protection-controller");
  const controller = new PVProtectionController({
    volumes: ctx.informerFactory.coreV1().persistentVolumes(),
    client,
    onError: ctx.onError,
    log: ctx.log,
  });
  // One worker, as upstream.
  const running = controller.run(1, signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newPVProtectionControllerDescriptor(): ControllerDescriptor {
  return { name: PV_PROTECTION_CONTROLLER_NAME, aliases: ["pv-protection"], initFunc: start };
}
