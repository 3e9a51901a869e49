/** What admission plugins read and write of other objects, as the system (no authorization, no admission). */
import type { KubeObject } from "../registry/rest.js";

export interface AdmissionObjects {
  get(group: string, resource: string, namespace: string, name: string, signal: AbortSignal): Promise<KubeObject | undefined>;
  list(group: string, resource: string, namespace: string, signal: AbortSignal): Promise<KubeObject[]>;
  updateStatus(group: string, resource: string, namespace: string, obj: KubeObject, signal: AbortSignal): Promise<void>;
}
