/**
 * The `scheduling/bootstrap-system-priority-classes` post-start hook: creates the two system
 * PriorityClasses upstream's apiserver writes (system-node-critical, system-cluster-critical),
 * leaving existing ones alone; retries until both exist or the server shuts down.
 */
import { loopbackClients } from "./loopback-clients.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { isAlreadyExists } from "../../runtime/rest/errors.js";
import type { PostStartHook } from "../lifecycle/hooks.js";

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

export function systemPriorityClassesHook(): PostStartHook {
  return async (ctx) => {
    const clientset = loopbackClients(ctx.loopbackClientConfig);
    const classes = clientset.schedulingV1().priorityClasses();
    try {
      for (const pc of SYSTEM_PRIORITY_CLASS_OBJECTS) {
        for (let delay = 50; !ctx.signal.aborted; delay = Math.min(delay * 2, 1000)) {
          try {
            await classes.create(
              {
                apiVersion: "scheduling.k8s.io/v1",
                kind: "PriorityClass",
                metadata: { name: pc.name },
                value: pc.value,
                description: pc.description,
              },
              { signal: ctx.signal },
            );
            break;
          } catch (err) {
            if (isAlreadyExists(err)) break;
            await sleep(delay, ctx.signal);
          }
        }
      }
    } finally {
      clientset.restClient.close();
    }
  };
}
