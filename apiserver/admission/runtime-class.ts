/**
 * RuntimeClass: a new Pod naming a RuntimeClass gets that class's `overhead.podFixed` as its
 * `spec.overhead` and the class's `scheduling` (nodeSelector merged, tolerations added), as
 * upstream's plugin. An unknown class, an overhead that differs from the class's, an overhead
 * without a class that defines one, and a nodeSelector that contradicts the class's are refused.
 * A Pod naming no class costs one field read.
 */
import { forgetDefaulted } from "../registry/defaults/once.js";
import type { KubeObject } from "../registry/rest.js";
import { admissionForbidden } from "./forbidden.js";
import { FollowedObjects } from "./followed-objects.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import type { AdmissionObjects } from "./objects.js";
import { quantityEquals } from "./quantity.js";
import { mergeTolerations, type Toleration } from "./tolerations.js";

interface PodSpec {
  runtimeClassName?: string | null;
  overhead?: Record<string, unknown> | null;
  nodeSelector?: Record<string, string> | null;
  tolerations?: Toleration[] | null;
}

export class RuntimeClassAdmission implements AdmissionPlugin {
  readonly name = "RuntimeClass";
  /** RuntimeClasses as upstream's lister holds them: read only for Pods that name one. */
  readonly classes: FollowedObjects;
  constructor(objects: AdmissionObjects) {
    this.classes = new FollowedObjects(objects, "node.k8s.io", "runtimeclasses");
  }

  /** A write other than a Pod's create naming a class gets no promise (the chain waits on none). */
  admit(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    const spec = podSpecOf(a);
    if (!spec || spec.runtimeClassName === undefined || spec.runtimeClassName === null) return;
    return this.admitPod(a, spec, spec.runtimeClassName, ctx);
  }

  private async admitPod(a: AdmissionAttributes, spec: PodSpec, className: string, ctx: AdmissionContext): Promise<void> {
    const rc = await this.classOf(a, className, ctx);
    const podFixed = overheadOf(rc);
    if (podFixed) {
      if (spec.overhead && !sameResources(spec.overhead, podFixed))
        throw admissionForbidden(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
      spec.overhead = { ...podFixed };
      // A RuntimeClass's podFixed is not checked as quantities when stored: the store's second
      // defaulting pass checks the Pod's overhead (a 400 for a bad one), as before admission.
      forgetDefaulted(a.object!);
    }
    const scheduling = rc.scheduling as { nodeSelector?: Record<string, string>; tolerations?: Toleration[] } | undefined | null;
    if (!scheduling) return;
    const wanted = scheduling.nodeSelector ?? {};
    if (spec.nodeSelector) {
      for (const [key, value] of Object.entries(wanted)) {
        const podValue = spec.nodeSelector[key];
        if (podValue !== undefined && podValue !== value)
          throw admissionForbidden(
            a,
            `conflict: runtimeClass.scheduling.nodeSelector[${key}] = ${value}; pod.spec.nodeSelector[${key}] = ${podValue}`,
          );
        spec.nodeSelector[key] = value;
      }
    } else if (scheduling.nodeSelector) {
      spec.nodeSelector = { ...scheduling.nodeSelector };
    }
    const merged = mergeTolerations(spec.tolerations ?? [], scheduling.tolerations ?? []);
    if (merged.length > 0 || spec.tolerations) spec.tolerations = merged;
  }

  /** As {@link admit}: only a Pod's create naming a class or an overhead gets a promise. */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    const spec = podSpecOf(a);
    if (!spec) return;
    const named = spec.runtimeClassName !== undefined && spec.runtimeClassName !== null;
    // No class and no overhead: nothing to read, nothing to check.
    if (!named && !spec.overhead) return;
    return this.validatePod(a, spec, named, ctx);
  }

  private async validatePod(a: AdmissionAttributes, spec: PodSpec, named: boolean, ctx: AdmissionContext): Promise<void> {
    const podFixed = named ? overheadOf(await this.classOf(a, spec.runtimeClassName!, ctx)) : undefined;
    if (podFixed) {
      if (!spec.overhead || !sameResources(spec.overhead, podFixed))
        throw admissionForbidden(a, "pod rejected: Pod's Overhead doesn't match RuntimeClass's defined Overhead");
    } else if (spec.overhead) {
      throw admissionForbidden(a, "pod rejected: Pod Overhead set without corresponding RuntimeClass defined Overhead");
    }
  }

  private async classOf(a: AdmissionAttributes, name: string, ctx: AdmissionContext): Promise<KubeObject> {
    // "" names nothing (validation refuses it after this phase): not found, without a read.
    const rc = name === "" ? undefined : await this.classes.get(name, ctx);
    if (!rc) throw admissionForbidden(a, `pod rejected: RuntimeClass ${JSON.stringify(name)} not found`);
    return rc;
  }
}

/** The Pod spec of a Pod create (upstream's handler answers Create only, and no subresource). */
function podSpecOf(a: AdmissionAttributes): PodSpec | undefined {
  if (a.operation !== "CREATE" || a.resource.group !== "" || a.resource.resource !== "pods" || a.subresource !== "" || !a.object)
    return undefined;
  return (a.object.spec ??= {});
}

function overheadOf(rc: KubeObject): Record<string, unknown> | undefined {
  const podFixed = (rc.overhead as { podFixed?: Record<string, unknown> | null } | undefined | null)?.podFixed;
  return podFixed ?? undefined;
}

/** Semantic equality of two resource lists: the same names, equal quantities ("1" equals "1000m"). */
function sameResources(x: Record<string, unknown>, y: Record<string, unknown>): boolean {
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  return keys.every((k) => k in y && quantityEquals(x[k], y[k]));
}
