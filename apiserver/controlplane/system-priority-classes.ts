/**
 * The `scheduling/bootstrap-system-priority-classes` post-start hook: creates the two system
 * PriorityClasses upstream's apiserver writes (system-node-critical, system-cluster-critical),
 * leaving existing ones alone; retries until both exist or the server shuts down. With the
 * registry's storage at hand it creates them in-process, as the server's own user.
 */
import { loopbackClients } from "./loopback-clients.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { isAlreadyExists } from "../../runtime/rest/errors.js";
import type { PostStartHook } from "../lifecycle/hooks.js";
import { apiserverContext, type RESTStorage } from "../registry/rest.js";

export const SYSTEM_PRIORITY_CLASSES_HOOK = "scheduling/bootstrap-system-priority-classes";

export const SYSTEM_PRIORITY_CLASS_OBJECTS = [
  {
    name: "system-node-critical",
    value: 2000001000,
    description: "Used for system critical pods that must not be moved from their current node.",
  },
  {
    name: "system-cluster-critical",
    value: 2000000000,
    description: "Used for system critical pods that must run in the cluster, but can be moved to another node if necessary.",
  },
] as const;

export interface SystemPriorityClassesOptions {
  /**
   * The registry's PriorityClass storage: the creates skip the loopback client (a TLS connection,
   * HTTP and two codecs before the server is ready), with the same objects and managedFields.
   */
  storage?: RESTStorage;
}

export function systemPriorityClassesHook(options: SystemPriorityClassesOptions = {}): PostStartHook {
  return async (ctx) => {
    const { storage } = options;
    const clientset = storage?.create ? undefined : loopbackClients(ctx.loopbackClientConfig);
    const create = (pc: (typeof SYSTEM_PRIORITY_CLASS_OBJECTS)[number]): Promise<unknown> => {
      const obj = {
        apiVersion: "scheduling.k8s.io/v1",
        kind: "PriorityClass",
        metadata: { name: pc.name },
        value: pc.value,
        description: pc.description,
      };
      return clientset
        ? clientset.schedulingV1().priorityClasses().create(obj, { signal: ctx.signal })
        : storage!.create!(apiserverContext(ctx.signal), obj, { inputOwned: true });
    };
    try {
      for (const pc of SYSTEM_PRIORITY_CLASS_OBJECTS) {
        for (let delay = 50; !ctx.signal.aborted; delay = Math.min(delay * 2, 1000)) {
          try {
            await create(pc);
            break;
          } catch (err) {
            if (isAlreadyExists(err)) break;
            await sleep(delay, ctx.signal);
          }
        }
      }
    } finally {
      clientset?.restClient.close();
    }
  };
}
