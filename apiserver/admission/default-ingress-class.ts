/**
 * DefaultIngressClass: a new Ingress that names no class (no `spec.ingressClassName`, not even "",
 * and no `kubernetes.io/ingress.class` annotation) gets the IngressClass annotated
 * `ingressclass.kubernetes.io/is-default-class: "true"`; with several, the newest (ties to the
 * first name), as upstream 1.34; with none the Ingress is left as it is.
 */
import type { KubeObject } from "../registry/rest.js";
import { FollowedObjects } from "./followed-objects.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import type { AdmissionObjects } from "./objects.js";

const GROUP = "networking.k8s.io";
const DEFAULT_ANNOTATION = "ingressclass.kubernetes.io/is-default-class";
const CLASS_ANNOTATION = "kubernetes.io/ingress.class";

export class DefaultIngressClass implements AdmissionPlugin {
  readonly name = "DefaultIngressClass";
  /** IngressClasses as upstream's lister holds them: read on every Ingress create without a class. */
  readonly classes: FollowedObjects;
  constructor(objects: AdmissionObjects) {
    this.classes = new FollowedObjects(objects, GROUP, "ingressclasses");
  }

  /** Other writes than an Ingress's create get no promise (the chain waits on none). */
  admit(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.operation !== "CREATE" || a.resource.group !== GROUP || a.resource.resource !== "ingresses" || a.subresource !== "" || !a.object)
      return;
    return this.admitIngress(a.object, ctx);
  }

  private async admitIngress(object: KubeObject, ctx: AdmissionContext): Promise<void> {
    const spec = (object.spec ??= {}) as { ingressClassName?: string | null };
    if (spec.ingressClassName !== undefined && spec.ingressClassName !== null) return;
    if (object.metadata?.annotations?.[CLASS_ANNOTATION] !== undefined) return;
    const def = await this.classes.derive("default", defaultIngressClass, ctx);
    if (def) spec.ingressClassName = def.metadata?.name ?? "";
  }
}

export function defaultIngressClass(classes: readonly KubeObject[]): KubeObject | undefined {
  const defaults = classes.filter((c) => c.metadata?.annotations?.[DEFAULT_ANNOTATION] === "true");
  const created = (c: KubeObject): number => Date.parse(c.metadata?.creationTimestamp ?? "") || 0;
  defaults.sort((x, y) => created(y) - created(x) || ((x.metadata?.name ?? "") < (y.metadata?.name ?? "") ? -1 : 1));
  return defaults[0];
}
