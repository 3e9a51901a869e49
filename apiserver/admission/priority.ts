/**
 * Priority: a new Pod gets `spec.priority` (and `spec.preemptionPolicy`) from the PriorityClass it
 * names, or from the globalDefault class when it names none (then `priorityClassName` is set to
 * it); a class that does not exist, or a priority/preemptionPolicy the pod sets that differs from
 * its class's, is refused. An update keeps the priority fields create resolved. At most one
 * PriorityClass may be globalDefault, and the system classes cannot be deleted. As upstream
 * 1.34, the system classes may be named from any namespace (restricting them is the
 * ResourceQuota plugin's LimitedResources configuration, not this plugin's).
 */
import type { KubeObject } from "../registry/rest.js";
import { SYSTEM_PRIORITY_CLASSES } from "../registry/validation/policy.js";
import { admissionForbidden } from "./forbidden.js";
import { FollowedObjects } from "./followed-objects.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import type { AdmissionObjects } from "./objects.js";

const GROUP = "scheduling.k8s.io";

interface PodSpec {
  priorityClassName?: string;
  priority?: number;
  preemptionPolicy?: string;
}

/** A create naming no class: the default class's priority (and its name), else priority 0. */
function resolvePriority(a: AdmissionAttributes, spec: PodSpec, def: KubeObject | undefined): void {
  if (def) {
    spec.priorityClassName = def.metadata?.name ?? "";
    setPriority(a, spec, valueOf(def), def.preemptionPolicy as string | undefined);
  } else {
    delete spec.priorityClassName;
    setPriority(a, spec, 0, "PreemptLowerPriority");
  }
}

/** The computed priority and preemption policy; a Pod that names others is refused, as upstream. */
function setPriority(a: AdmissionAttributes, spec: PodSpec, priority: number, preemptionPolicy: string | undefined): void {
  if (spec.priority !== undefined && spec.priority !== null && spec.priority !== priority) {
    throw admissionForbidden(
      a,
      `the integer value of priority (${spec.priority}) must not be provided in pod spec; priority admission controller computed ${priority} from the given PriorityClass name`,
    );
  }
  spec.priority = priority;
  if (preemptionPolicy !== undefined) {
    if (spec.preemptionPolicy !== undefined && spec.preemptionPolicy !== null && spec.preemptionPolicy !== preemptionPolicy) {
      throw admissionForbidden(
        a,
        `the string value of PreemptionPolicy (${spec.preemptionPolicy}) must not be provided in pod spec; priority admission controller computed ${preemptionPolicy} from the given PriorityClass name`,
      );
    }
    spec.preemptionPolicy = preemptionPolicy;
  }
}

export class PriorityAdmission implements AdmissionPlugin {
  readonly name = "Priority";
  /** PriorityClasses as upstream's lister holds them: read on every Pod create. */
  readonly classes: FollowedObjects;
  constructor(private readonly objects: AdmissionObjects) {
    this.classes = new FollowedObjects(objects, GROUP, "priorityclasses");
  }

  /** A create naming no class returns no promise while the classes are followed (most creates). */
  admit(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.operation === "CREATE" && a.object && a.resource.group === "" && a.resource.resource === "pods" && a.subresource === "") {
      const spec = (a.object.spec ??= {}) as PodSpec;
      const def = spec.priorityClassName ? undefined : this.classes.derivedNow("default", defaultClass);
      if (def !== undefined) {
        try {
          resolvePriority(a, spec, def.value);
        } catch (err) {
          return Promise.reject(err);
        }
        return;
      }
    }
    // Not a Pod: nothing to wait on.
    if (a.resource.group !== "" || a.resource.resource !== "pods" || a.subresource !== "" || !a.object) return;
    return this.admitAsync(a, a.object, ctx);
  }

  private async admitAsync(a: AdmissionAttributes, object: KubeObject, ctx: AdmissionContext): Promise<void> {
    const spec = (object.spec ??= {}) as PodSpec;
    if (a.operation === "UPDATE") {
      // Create resolved these and validation forbids changing them: a client that leaves them out keeps them.
      if (spec.priority !== undefined && spec.preemptionPolicy !== undefined) return;
      const old = a.oldObject ?? (await this.objects.get("", "pods", a.namespace, a.name, ctx));
      const oldSpec = (old?.spec ?? {}) as PodSpec;
      if (spec.priority === undefined && oldSpec.priority !== undefined) spec.priority = oldSpec.priority;
      if (spec.preemptionPolicy === undefined && oldSpec.preemptionPolicy !== undefined) spec.preemptionPolicy = oldSpec.preemptionPolicy;
      return;
    }
    if (a.operation !== "CREATE") return;
    if (!spec.priorityClassName) return resolvePriority(a, spec, await this.classes.derive("default", defaultClass, ctx));
    const pc = await this.classes.get(spec.priorityClassName, ctx);
    if (!pc) throw admissionForbidden(a, `no PriorityClass with name ${spec.priorityClassName} was found`);
    setPriority(a, spec, valueOf(pc), pc.preemptionPolicy as string | undefined);
  }

  /** Only PriorityClass writes are checked: any other gets no promise. */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.resource.group !== GROUP || a.resource.resource !== "priorityclasses" || a.subresource !== "") return;
    return this.validateClass(a, ctx);
  }

  private async validateClass(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    if (a.operation === "DELETE") {
      // Upstream refuses this in the registry; here admission is where every delete passes with its name.
      if (SYSTEM_PRIORITY_CLASSES[a.name] !== undefined)
        throw admissionForbidden(a, "this is a system priority class and cannot be deleted");
      return;
    }
    if ((a.operation !== "CREATE" && a.operation !== "UPDATE") || !a.object || a.object.globalDefault !== true) return;
    // Read from storage, not the cache: two defaults made moments apart must still be refused.
    const def = defaultClass(await this.objects.list(GROUP, "priorityclasses", "", ctx));
    if (def && (a.operation === "CREATE" || def.metadata?.name !== a.object.metadata?.name)) {
      throw admissionForbidden(a, `PriorityClass ${def.metadata?.name ?? ""} is already marked as default. Only one default can exist`);
    }
  }
}

const valueOf = (pc: KubeObject): number => (typeof pc.value === "number" ? pc.value : 0);

/** The globalDefault class; should a race have made several, the lowest value wins, as upstream. */
function defaultClass(classes: readonly KubeObject[]): KubeObject | undefined {
  let best: KubeObject | undefined;
  for (const pc of classes) if (pc.globalDefault === true && (!best || valueOf(pc) < valueOf(best))) best = pc;
  return best;
}
