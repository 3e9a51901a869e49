// Kept for existing importers: the lock lives in runtime/leaderelection so any user of the
// leader elector can run on a Lease; this adapts it to a whole clientset.
import type { ClientsetInterface } from "../../generated/clientset/index.js";
import { ResourceLeaseLock } from "../../runtime/leaderelection/resource-lock.js";

export { ResourceLeaseLock } from "../../runtime/leaderelection/resource-lock.js";

/** The Lease `namespace/name` through a clientset's coordination/v1 client. */
export class ClientsetLeaseLock extends ResourceLeaseLock {
  constructor(client: ClientsetInterface, namespace: string, name: string) {
    super(client.coordinationV1(), namespace, name);
  }
}
