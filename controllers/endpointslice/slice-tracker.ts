/**
 * The generations of the EndpointSlices this controller wrote (upstream's EndpointSliceTracker),
 * so that its own writes do not queue the Service again, and a sync that would read a cache not
 * yet showing them is refused and retried.
 */
import type { Service } from "../../generated/apis/core/v1/index.js";
import type { EndpointSlice } from "../../generated/apis/discovery/v1/index.js";
import { LABEL_SERVICE_NAME } from "./endpoints.js";

/** Marks a slice this controller deleted and expects to see go. */
const DELETION_EXPECTED = -1;

const serviceKeyOfSlice = (s: EndpointSlice): string => `${s.metadata?.namespace ?? ""}/${s.metadata?.labels?.[LABEL_SERVICE_NAME] ?? ""}`;

export class EndpointSliceTracker {
  /** service key -> slice uid -> generation. */
  readonly #byService = new Map<string, Map<string, number>>();

  #generations(key: string): Map<string, number> {
    let m = this.#byService.get(key);
    if (!m) this.#byService.set(key, (m = new Map()));
    return m;
  }

  /** Whether a slice seen in the cache is news: not written by this controller, or newer than its write. */
  shouldSync(slice: EndpointSlice): boolean {
    const g = this.#byService.get(serviceKeyOfSlice(slice))?.get(slice.metadata?.uid ?? "");
    return g === undefined || (slice.metadata?.generation ?? 0) > g;
  }

  update(slice: EndpointSlice): void {
    this.#generations(serviceKeyOfSlice(slice)).set(slice.metadata?.uid ?? "", slice.metadata?.generation ?? 0);
  }

  expectDeletion(slice: EndpointSlice): void {
    this.#generations(serviceKeyOfSlice(slice)).set(slice.metadata?.uid ?? "", DELETION_EXPECTED);
  }

  /** Forgets a deleted slice; true when this controller had deleted it (no sync needed). */
  handleDeletion(slice: EndpointSlice): boolean {
    const m = this.#byService.get(serviceKeyOfSlice(slice));
    const uid = slice.metadata?.uid ?? "";
    const expected = m?.get(uid) === DELETION_EXPECTED;
    m?.delete(uid);
    return expected;
  }

  /** Whether the cached slices lag behind this controller's writes for the Service. */
  staleSlices(service: Service, slices: readonly EndpointSlice[]): boolean {
    const m = this.#byService.get(`${service.metadata?.namespace ?? ""}/${service.metadata?.name ?? ""}`);
    if (!m) return false;
    const seen = new Map(slices.map((s) => [s.metadata?.uid ?? "", s.metadata?.generation ?? 0]));
    for (const [uid, g] of m) {
      const cached = seen.get(uid);
      if (g === DELETION_EXPECTED) {
        if (cached !== undefined) return true;
      } else if (cached === undefined || cached < g) return true;
    }
    return false;
  }

  deleteService(namespace: string, name: string): void {
    this.#byService.delete(`${namespace}/${name}`);
  }
}
