/**
 * The fields of resource.k8s.io whose feature gates are off by default in 1.34 (DRADeviceTaints,
 * DRAPartitionableDevices, DRADeviceBindingConditions, DRAConsumableCapacity,
 * DRAExtendedResource), dropped on write unless the stored object already uses them, as
 * upstream's dropDisabled*Fields. The beta gates (DRAAdminAccess, DRAPrioritizedList,
 * DRAResourceClaimDeviceStatus) are on: their fields are kept.
 */
import { isObj, list, record, type Obj } from "../../validation/shape.js";

const used = (v: unknown) => v !== undefined && v !== null && !(Array.isArray(v) && v.length === 0);

/** The request bodies of a claim spec: each `exactly` and each subrequest. */
function requestBodies(spec: unknown): Obj[] {
  const out: Obj[] = [];
  for (const r of list(record(record(spec).devices).requests)) {
    const req = record(r);
    if (isObj(req.exactly)) out.push(req.exactly);
    for (const s of list(req.firstAvailable)) if (isObj(s)) out.push(s);
  }
  return out;
}

const anyUses = (objs: Obj[], key: string) => objs.some((o) => used(o[key]));

function drop(objs: Obj[], key: string, old: Obj[]): void {
  if (anyUses(old, key)) return;
  for (const o of objs) delete o[key];
}

/** Tolerations (DRADeviceTaints) and capacity requests (DRAConsumableCapacity) of a claim spec. */
export function dropDisabledClaimSpecFields(spec: unknown, oldSpec: unknown): void {
  const bodies = requestBodies(spec);
  const old = oldSpec === undefined ? [] : requestBodies(oldSpec);
  drop(bodies, "tolerations", old);
  drop(bodies, "capacity", old);
}

const results = (status: unknown) => list(record(record(record(status).allocation).devices).results).filter(isObj);
const deviceStatuses = (status: unknown) => list(record(status).devices).filter(isObj);

/** Allocation results' tolerations, binding conditions, share IDs and consumed capacity; device status share IDs. */
export function dropDisabledClaimStatusFields(status: unknown, oldStatus: unknown): void {
  const now = results(status);
  const before = results(oldStatus);
  for (const key of ["tolerations", "bindingConditions", "bindingFailureConditions", "shareID", "consumedCapacity"]) drop(now, key, before);
  drop(deviceStatuses(status), "shareID", deviceStatuses(oldStatus));
}

/** A deallocated claim keeps no device status (upstream's dropDeallocatedStatusDevices). */
export function dropDeallocatedStatusDevices(status: Obj | undefined, oldStatus: unknown): void {
  if (!status) return;
  if (isObj(record(oldStatus).allocation) && !isObj(status.allocation)) delete status.devices;
}

const devices = (spec: unknown) => list(record(spec).devices).filter(isObj);

/** A ResourceSlice's gated fields: taints, partitionable devices, binding conditions, consumable capacity. */
export function dropDisabledSliceFields(spec: Obj, oldSpec: Obj | undefined): void {
  const now = devices(spec);
  const before = devices(oldSpec);
  drop(now, "taints", before);
  const partitionable =
    oldSpec !== undefined &&
    (used(oldSpec.sharedCounters) ||
      used(oldSpec.perDeviceNodeSelection) ||
      before.some((d) => used(d.consumesCounters) || used(d.nodeName) || used(d.nodeSelector) || used(d.allNodes)));
  if (!partitionable) {
    delete spec.sharedCounters;
    delete spec.perDeviceNodeSelection;
    for (const d of now) for (const k of ["consumesCounters", "nodeName", "nodeSelector", "allNodes"]) delete d[k];
  }
  const binding = before.some((d) => used(d.bindsToNode) || used(d.bindingConditions) || used(d.bindingFailureConditions));
  if (!binding) for (const d of now) for (const k of ["bindsToNode", "bindingConditions", "bindingFailureConditions"]) delete d[k];
  const consumable = before.some(
    (d) => used(d.allowMultipleAllocations) || Object.values(record(d.capacity)).some((c) => used(record(c).requestPolicy)),
  );
  if (!consumable)
    for (const d of now) {
      delete d.allowMultipleAllocations;
      for (const c of Object.values(record(d.capacity))) if (isObj(c)) delete c.requestPolicy;
    }
}
