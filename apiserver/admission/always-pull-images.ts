/**
 * AlwaysPullImages, as upstream's plugin: every container of a new Pod (init, regular and
 * ephemeral) and every `image` volume pulls Always, so that a node's cached image serves only
 * those who can pull it. An update is left alone unless it brings an image the Pod did not have;
 * then the same rule holds, and the validating phase refuses any other policy (after a later
 * plugin changed it, say) with upstream's `Unsupported value` message.
 */
import { StatusError } from "../../runtime/rest/errors.js";
import type { KubeObject } from "../registry/rest.js";
import { admissionForbidden } from "./forbidden.js";
import type { AdmissionAttributes, AdmissionPlugin } from "./interface.js";

const ALWAYS = "Always";

interface Container {
  image?: string;
  imagePullPolicy?: string;
}
interface PodSpec {
  initContainers?: Container[];
  containers?: Container[];
  ephemeralContainers?: Container[];
  volumes?: { image?: { reference?: string; pullPolicy?: string } }[];
}

/** Each container with its field path, in upstream's VisitContainersWithPath order. */
function* containersOf(pod: KubeObject | undefined): Generator<[Container, string]> {
  const spec = (pod?.spec ?? {}) as PodSpec;
  for (const field of ["initContainers", "containers", "ephemeralContainers"] as const) {
    const list = spec[field] ?? [];
    for (let i = 0; i < list.length; i++) if (list[i]) yield [list[i]!, `spec.${field}[${i}]`];
  }
}

/** Every image the Pod names: its containers' and its image volumes' references. */
function imagesOf(pod: KubeObject | undefined): Set<string> {
  const out = new Set<string>();
  for (const [c] of containersOf(pod)) out.add(c.image ?? "");
  for (const v of ((pod?.spec ?? {}) as PodSpec).volumes ?? []) if (v?.image) out.add(v.image.reference ?? "");
  return out;
}

/** Pods only (no subresource), and an update only when it names an image the old Pod did not. */
function applies(a: AdmissionAttributes): boolean {
  if (a.resource.group !== "" || a.resource.resource !== "pods" || a.subresource !== "" || !a.object) return false;
  if (a.operation === "CREATE") return true;
  if (a.operation !== "UPDATE") return false;
  if (!a.oldObject) return true;
  const old = imagesOf(a.oldObject);
  return [...imagesOf(a.object)].some((image) => !old.has(image));
}

const goQuote = (s: string): string => JSON.stringify(s);

export class AlwaysPullImages implements AdmissionPlugin {
  readonly name = "AlwaysPullImages";

  async admit(a: AdmissionAttributes): Promise<void> {
    if (!applies(a)) return;
    for (const [c] of containersOf(a.object)) c.imagePullPolicy = ALWAYS;
    for (const v of ((a.object!.spec ?? {}) as PodSpec).volumes ?? []) if (v?.image) v.image.pullPolicy = ALWAYS;
  }

  async validate(a: AdmissionAttributes): Promise<void> {
    if (!applies(a)) return;
    const refusals: StatusError[] = [];
    const refuse = (path: string, value: string | undefined): void => {
      refusals.push(admissionForbidden(a, `${path}: Unsupported value: ${goQuote(value ?? "")}: supported values: "${ALWAYS}"`));
    };
    for (const [c, path] of containersOf(a.object)) if (c.imagePullPolicy !== ALWAYS) refuse(`${path}.imagePullPolicy`, c.imagePullPolicy);
    const volumes = ((a.object!.spec ?? {}) as PodSpec).volumes ?? [];
    volumes.forEach((v, i) => {
      if (v?.image && v.image.pullPolicy !== ALWAYS) refuse(`spec.volumes[${i}].image.pullPolicy`, v.image.pullPolicy);
    });
    if (refusals.length === 1) throw refusals[0]!;
    // Upstream returns the errors aggregated (`[a, b]`), which its handler answers with a 500;
    // kubegen keeps the 403 of the first refusal and upstream's aggregate message.
    if (refusals.length > 1) {
      const message = `[${refusals.map((r) => r.status.message).join(", ")}]`;
      throw new StatusError({ ...refusals[0]!.status, message });
    }
  }
}
