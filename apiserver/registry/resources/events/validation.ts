/**
 * Event validation as upstream's ValidateEventCreate/ValidateEventUpdate: one set of legacy rules
 * for every version, and, for writes through events.k8s.io/v1, the stricter rules of the new
 * API (eventTime and a Normal/Warning type required, the deprecated fields unset, a well-formed
 * series, most fields immutable). Objects are in core/v1 form, so field paths are core's names
 * as upstream's are (they validate the internal type).
 */
import { utf8Length } from "../../../../runtime/go-strings.js";
import { isDNS1123Subdomain, isQualifiedName } from "../../../../runtime/validation/strings.js";
import type { KubeObject } from "../../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "../../validation/field.js";
import { FIELD_IMMUTABLE } from "../../validation/object-meta.js";

export type EventRequestVersion = "v1" | "events.k8s.io/v1";

const REPORTING_INSTANCE_LIMIT = 128;
const ACTION_LIMIT = 128;
const REASON_LIMIT = 128;
const NOTE_LIMIT = 1024;

type Obj = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === "string" ? v : "");
const rec = (v: unknown): Obj => (typeof v === "object" && v !== null ? (v as Obj) : {});
const set = (v: unknown): boolean => v !== undefined && v !== null && v !== "";
const path = (...p: string[]) => FieldPath.of(...p);

function legacy(ev: KubeObject, version: EventRequestVersion): FieldError[] {
  const errs: FieldError[] = [];
  const ns = ev.metadata?.namespace ?? "";
  const involvedNs = str(rec(ev.involvedObject).namespace);
  const mismatch = (): FieldError => fieldErrors.invalid(path("involvedObject", "namespace"), involvedNs, "does not match event.namespace");
  // The core API names the reporting controller reportingComponent.
  const controllerField = version === "v1" ? "reportingComponent" : "reportingController";
  if (!set(ev.eventTime)) {
    if (involvedNs === "") {
      if (ns !== "" && ns !== "default") errs.push(mismatch());
    } else if (ns !== involvedNs) errs.push(mismatch());
  } else {
    if (involvedNs === "" && ns !== "default" && ns !== "kube-system") errs.push(mismatch());
    const controller = str(ev.reportingComponent);
    if (controller === "") errs.push(fieldErrors.required(path(controllerField)));
    for (const msg of isQualifiedName(controller)) errs.push(fieldErrors.invalid(path(controllerField), controller, msg));
    const instance = str(ev.reportingInstance);
    if (instance === "") errs.push(fieldErrors.required(path("reportingInstance")));
    if (utf8Length(instance) > REPORTING_INSTANCE_LIMIT)
      errs.push(fieldErrors.invalid(path("reportingInstance"), "", `can have at most ${REPORTING_INSTANCE_LIMIT} characters`));
    const action = str(ev.action);
    if (action === "") errs.push(fieldErrors.required(path("action")));
    if (utf8Length(action) > ACTION_LIMIT)
      errs.push(fieldErrors.invalid(path("action"), "", `can have at most ${ACTION_LIMIT} characters`));
    const reason = str(ev.reason);
    if (reason === "") errs.push(fieldErrors.required(path("reason")));
    if (utf8Length(reason) > REASON_LIMIT)
      errs.push(fieldErrors.invalid(path("reason"), "", `can have at most ${REASON_LIMIT} characters`));
    if (utf8Length(str(ev.message)) > NOTE_LIMIT)
      errs.push(fieldErrors.invalid(path("message"), "", `can have at most ${NOTE_LIMIT} characters`));
  }
  for (const msg of isDNS1123Subdomain(ns)) errs.push(fieldErrors.invalid(path("namespace"), ns, msg));
  return errs;
}

function series(ev: KubeObject): FieldError[] {
  if (ev.series === undefined || ev.series === null) return [];
  const s = rec(ev.series);
  const errs: FieldError[] = [];
  if (typeof s.count !== "number" || s.count < 2) errs.push(fieldErrors.invalid(path("series.count"), "", "should be at least 2"));
  if (!set(s.lastObservedTime)) errs.push(fieldErrors.required(path("series.lastObservedTime")));
  return errs;
}

export function validateEventCreate(ev: KubeObject, version: EventRequestVersion): FieldError[] {
  const errs = legacy(ev, version);
  // The core API keeps the old, lenient rules.
  if (version === "v1") return errs;
  errs.push(...series(ev));
  if (!set(ev.eventTime)) errs.push(fieldErrors.required(path("eventTime")));
  const type = str(ev.type);
  if (type !== "Normal" && type !== "Warning") errs.push(fieldErrors.invalid(path("type"), "", `has invalid value: ${type}`));
  if (set(ev.firstTimestamp)) errs.push(fieldErrors.invalid(path("firstTimestamp"), "", "needs to be unset"));
  if (set(ev.lastTimestamp)) errs.push(fieldErrors.invalid(path("lastTimestamp"), "", "needs to be unset"));
  if (typeof ev.count === "number" && ev.count !== 0) errs.push(fieldErrors.invalid(path("count"), "", "needs to be unset"));
  const source = rec(ev.source);
  if (set(source.component) || set(source.host)) errs.push(fieldErrors.invalid(path("source"), "", "needs to be unset"));
  return errs;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Microsecond precision: finer changes of eventTime are tolerated, as upstream's truncation does. */
function micros(t: unknown): string {
  if (typeof t !== "string") return "";
  const m = /^(.*T\d\d:\d\d:\d\d)(?:\.(\d+))?(.*)$/.exec(t);
  if (!m) return t;
  const ms = Date.parse(`${m[1]}${m[3]}`);
  return `${ms}.${(m[2] ?? "").padEnd(6, "0").slice(0, 6)}`;
}

export function validateEventUpdate(ev: KubeObject, old: KubeObject, version: EventRequestVersion): FieldError[] {
  const errs = legacy(ev, version);
  if (version === "v1") return errs;
  if (!same(ev.series, old.series)) errs.push(...series(ev));
  const immutable = (field: string, a: unknown, b: unknown): void => {
    if (!same(a, b)) errs.push(fieldErrors.invalid(path(field), a ?? "", FIELD_IMMUTABLE));
  };
  immutable("involvedObject", ev.involvedObject, old.involvedObject);
  immutable("reason", ev.reason, old.reason);
  immutable("message", ev.message, old.message);
  immutable("source", ev.source, old.source);
  immutable("firstTimestamp", ev.firstTimestamp, old.firstTimestamp);
  immutable("lastTimestamp", ev.lastTimestamp, old.lastTimestamp);
  immutable("count", ev.count, old.count);
  // Upstream checks reason twice: so does this, for the same error list.
  immutable("reason", ev.reason, old.reason);
  immutable("type", ev.type, old.type);
  if (micros(ev.eventTime) !== micros(old.eventTime)) immutable("eventTime", ev.eventTime, old.eventTime);
  return errs;
}
