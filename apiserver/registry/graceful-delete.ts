/**
 * Graceful deletion, as upstream's rest.BeforeDelete: for a kind whose strategy deletes
 * gracefully (in 1.34 only Pods), a delete first sets deletionTimestamp to now + the grace
 * period and deletionGracePeriodSeconds; someone (the kubelet, the pod garbage collector) deletes
 * it for good later with grace 0. A later delete may only shorten the period.
 */
import type { KubeObject } from "./rest.js";
import type { Strategy } from "./strategy.js";
import { formatTime } from "./system-fields.js";

export interface BeforeDeleteResult {
  /** The object was changed (deletionTimestamp, grace period, generation) and must be written before any delete. */
  graceful: boolean;
  /** A graceful deletion is already under way and this delete does not shorten it: nothing to do. */
  pending: boolean;
}

/**
 * Decides how a delete proceeds for `obj` (mutated: deletionTimestamp, deletionGracePeriodSeconds,
 * generation) and updates `grace.seconds` to the period in force, as upstream updates the
 * DeleteOptions. Run once on the object read and again on the one the storage update sees.
 */
export function beforeDelete(strategy: Strategy, obj: KubeObject, grace: { seconds?: number }, now: Date): BeforeDeleteResult {
  const meta = (obj.metadata ??= {});
  // A negative period is read as 1s on the delete path (the options' one is clamped when parsed).
  if (meta.deletionGracePeriodSeconds !== undefined && meta.deletionGracePeriodSeconds < 0) meta.deletionGracePeriodSeconds = 1;
  if (!strategy.checkGracefulDelete) return { graceful: false, pending: false };
  if (meta.deletionTimestamp) {
    const current = meta.deletionGracePeriodSeconds;
    // Marked with no (or a zero) period: a previous delete wrote the mark and failed to remove it; remove now.
    if (current === undefined || current === 0) return { graceful: false, pending: false };
    if (grace.seconds === undefined) {
      grace.seconds = current;
      return { graceful: false, pending: true };
    }
    if (grace.seconds >= current) return { graceful: false, pending: true };
    // Shortened: the deadline moves by the difference, from the original start.
    const started = Date.parse(meta.deletionTimestamp) - current * 1000;
    meta.deletionTimestamp = formatTime(new Date(started + grace.seconds * 1000));
    meta.deletionGracePeriodSeconds = grace.seconds;
    return { graceful: true, pending: false };
  }
  const period = strategy.checkGracefulDelete(obj, grace.seconds);
  if (period === undefined) return { graceful: false, pending: false };
  grace.seconds = period;
  meta.deletionTimestamp = formatTime(new Date(now.getTime() + period * 1000));
  meta.deletionGracePeriodSeconds = period;
  // Controllers change behaviour once deletionTimestamp is set: a new generation says so.
  if ((meta.generation ?? 0) > 0) meta.generation = meta.generation! + 1;
  return { graceful: true, pending: false };
}
