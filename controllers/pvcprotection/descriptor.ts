// Registers the pvc-protection controller under upstream's name, alias and client name.
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { PVCProtectionController } from "./pvc-protection-controller.js";

export const PVC_PROTECTION_CONTROLLER_NAME = "persistentvolumeclaim-protection-controller";

async function start(signal: AbortSignal, ctx: ControllerContext): Promise<InitResult> {
  const client = ctx.clientBuilder.client("pvc-protection-controller");
  const controller = new PVCProtectionController({
    claims: ctx.informerFactory.coreV1().persistentVolumeClaims(),
    pods: ctx.informerFactory.coreV1().pods(),
    client,
    onError: ctx.onError,
    log: ctx.log,
  });
  // One namespace worker, as upstream.
  const running = controller.run(1, signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newPVCProtectionControllerDescriptor(): ControllerDescriptor {
  return { name: PVC_PROTECTION_CONTROLLER_NAME, aliases: ["pvc-protection"], initFunc: start };
}
