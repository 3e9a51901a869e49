/**
 * flowcontrol.apiserver.k8s.io/v1 defaulting, as upstream's v1 SetDefaults_*: a FlowSchema's
 * matchingPrecedence 1000 when unset or 0; a limited priority level's nominalConcurrencyShares 30
 * only when absent (v1 keeps an explicit 0) and lendablePercent 0; queuing's queues 64, handSize
 * 8 and queueLengthLimit 50 when 0 or unset; an exempt section's two fields 0.
 */
import { isObj, record, type Obj } from "../validation/shape.js";

export const FLOW_SCHEMA_DEFAULT_MATCHING_PRECEDENCE = 1000;
export const DEFAULT_NOMINAL_CONCURRENCY_SHARES = 30;
export const DEFAULT_QUEUES = 64;
export const DEFAULT_HAND_SIZE = 8;
export const DEFAULT_QUEUE_LENGTH_LIMIT = 50;

const unset = (v: unknown): boolean => v === undefined || v === null;
// Go int32 fields without a pointer: absent and 0 are the same value.
const zero = (v: unknown): boolean => unset(v) || v === 0;

export function defaultFlowSchema(fs: Obj): void {
  // An absent spec is Go's zero struct, which defaulting fills; a spec of the wrong shape is left to validation.
  if (fs.spec === undefined || fs.spec === null) fs.spec = {};
  if (!isObj(fs.spec)) return;
  const spec = fs.spec;
  if (zero(spec.matchingPrecedence)) spec.matchingPrecedence = FLOW_SCHEMA_DEFAULT_MATCHING_PRECEDENCE;
}

export function defaultPriorityLevelConfiguration(plc: Obj): void {
  const spec = record(plc.spec);
  if (isObj(spec.limited)) {
    const limited = spec.limited;
    if (unset(limited.nominalConcurrencyShares)) limited.nominalConcurrencyShares = DEFAULT_NOMINAL_CONCURRENCY_SHARES;
    if (unset(limited.lendablePercent)) limited.lendablePercent = 0;
    const queuing = record(limited.limitResponse).queuing;
    if (isObj(queuing)) {
      if (zero(queuing.handSize)) queuing.handSize = DEFAULT_HAND_SIZE;
      if (zero(queuing.queues)) queuing.queues = DEFAULT_QUEUES;
      if (zero(queuing.queueLengthLimit)) queuing.queueLengthLimit = DEFAULT_QUEUE_LENGTH_LIMIT;
    }
  }
  if (isObj(spec.exempt)) {
    if (unset(spec.exempt.nominalConcurrencyShares)) spec.exempt.nominalConcurrencyShares = 0;
    if (unset(spec.exempt.lendablePercent)) spec.exempt.lendablePercent = 0;
  }
}
