/**
 * Job `/status` validation as upstream's ValidateJobStatusUpdate with the options its status
 * strategy derives from the stored Job (JobManagedBy, on in 1.34): most rules run only when the
 * fields they read changed, so a status already stored bad can still take unrelated updates.
 */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, GoSyntax, OMIT_VALUE, type FieldError } from "./field.js";
import { countIndexes, indexesOverlap } from "./job-indexes.js";
import { goQuote } from "../../../runtime/go-strings.js";
import { list, record, sameJSON, str, type Obj } from "./shape.js";

const STATUS = FieldPath.of("status");
const CONDITIONS = STATUS.child("conditions");

const isNum = (v: unknown): v is number => typeof v === "number";
const num = (v: unknown) => (isNum(v) ? v : 0);
const set = (v: unknown) => v !== undefined && v !== null;

function conditionTrue(status: Obj, type: string): boolean {
  return list(status.conditions).some((c) => str(record(c).type) === type && str(record(c).status) === "True");
}

interface JobState {
  complete: boolean;
  failed: boolean;
  failureTarget: boolean;
  successCriteriaMet: boolean;
  finished: boolean;
}

function stateOf(status: Obj): JobState {
  const complete = conditionTrue(status, "Complete");
  const failed = conditionTrue(status, "Failed");
  return {
    complete,
    failed,
    failureTarget: conditionTrue(status, "FailureTarget"),
    successCriteriaMet: conditionTrue(status, "SuccessCriteriaMet"),
    finished: complete || failed,
  };
}

/** A time as Go's time.Time String() prints it (the apiserver runs in UTC). */
function goTime(v: unknown): unknown {
  const ms = typeof v === "string" ? Date.parse(v) : NaN;
  if (Number.isNaN(ms)) return v;
  const d = new Date(ms);
  const frac = ms % 1000 === 0 ? "" : `.${String(d.getUTCMilliseconds()).padStart(3, "0").replace(/0+$/, "")}`;
  return new GoSyntax(`${d.toISOString().slice(0, 19).replace("T", " ")}${frac} +0000 UTC`);
}

const sameTime = (a: unknown, b: unknown) =>
  set(a) && set(b) ? Date.parse(str(a)) === Date.parse(str(b)) || sameJSON(a, b) : !set(a) && !set(b);

/** The uncounted pods as upstream prints them: its internal struct in Go's %#v. */
function goUncounted(v: unknown): GoSyntax {
  const ids = (l: unknown) => (Array.isArray(l) ? `[]types.UID{${l.map((x) => goQuote(str(x))).join(", ")}}` : "[]types.UID(nil)");
  const u = record(v);
  return new GoSyntax(`batch.UncountedTerminatedPods{Succeeded:${ids(u.succeeded)}, Failed:${ids(u.failed)}}`);
}

/** The upstream strategy's options: which rules run for this update. */
function optionsFor(spec: Obj, s: Obj, old: Obj, now: JobState, before: JobState) {
  const finished = now.finished !== before.finished;
  const complete = now.complete !== before.complete;
  const failed = now.failed !== before.failed;
  const failureTarget = now.failureTarget !== before.failureTarget;
  const completedIdx = str(s.completedIndexes) !== str(old.completedIndexes);
  const failedIdx = !sameJSON(s.failedIndexes ?? null, old.failedIndexes ?? null);
  const active = num(s.active) !== num(old.active);
  const start = !sameTime(s.startTime, old.startTime);
  const completion = !sameTime(s.completionTime, old.completionTime);
  const uncounted = !sameJSON(s.uncountedTerminatedPods ?? null, old.uncountedTerminatedPods ?? null);
  const ready = !sameJSON(s.ready ?? null, old.ready ?? null);
  const terminating = !sameJSON(s.terminating ?? null, old.terminating ?? null);
  const indexed = str(spec.completionMode) === "Indexed";
  return {
    decreasingSucceeded: !indexed || !sameJSON(spec.completions ?? null, spec.parallelism ?? null),
    invalidCompletedIndexes: completedIdx,
    invalidFailedIndexes: failedIdx,
    completedIndexesNonIndexed: completedIdx,
    failedIndexesNoBackoffPerIndex: failedIdx,
    indexesOverlap: failedIdx || completedIdx,
    failedWithoutFailureTarget: failed || failedIdx,
    completeWithoutSuccessCriteria: complete,
    finishedWithActive: finished || active,
    finishedWithTerminating: finished || terminating,
    finishedWithoutStart: finished || start,
    finishedWithUncounted: finished || uncounted,
    startTimeUpdate: start,
    completionBeforeStart: start || completion,
    notCompleteWithCompletionTime: complete || completion,
    completeWithoutCompletionTime: complete || completion,
    completeWithFailed: complete || failed,
    completeWithFailureTarget: complete || failureTarget,
    moreReadyThanActive: ready || active,
  };
}

function validateCounts(s: Obj): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of ["active", "succeeded", "failed", "ready", "terminating"])
    if (isNum(s[f]) && s[f] < 0) errs.push(fieldErrors.invalid(STATUS.child(f), s[f], "must be greater than or equal to 0"));
  const uncounted = record(s.uncountedTerminatedPods);
  const seen = new Set<string>();
  for (const field of ["succeeded", "failed"])
    list(uncounted[field]).forEach((uid, i) => {
      const p = STATUS.child("uncountedTerminatedPods", field).index(i);
      const k = str(uid);
      if (k === "") errs.push(fieldErrors.invalid(p, k, "must not be empty"));
      else if (seen.has(k)) errs.push(fieldErrors.duplicate(p, k));
      else seen.add(k);
    });
  return errs;
}

/** upstream's validateJobStatus under the options. */
function validateJobStatus(spec: Obj, s: Obj, now: JobState, o: ReturnType<typeof optionsFor>): FieldError[] {
  const errs = validateCounts(s);
  const conditions = (detail: string) => errs.push(fieldErrors.invalid(CONDITIONS, OMIT_VALUE, detail));
  if (o.completeWithFailed && now.complete && now.failed) conditions("cannot set Complete=True and Failed=true conditions");
  if (o.completeWithFailureTarget && now.complete && now.failureTarget)
    conditions("cannot set Complete=True and FailureTarget=true conditions");
  if (o.notCompleteWithCompletionTime && set(s.completionTime) && !now.complete)
    errs.push(
      fieldErrors.invalid(
        STATUS.child("completionTime"),
        goTime(s.completionTime),
        "cannot set completionTime when there is no Complete=True condition",
      ),
    );
  if (o.completeWithoutCompletionTime && !set(s.completionTime) && now.complete)
    errs.push(fieldErrors.required(STATUS.child("completionTime"), "completionTime is required for Complete jobs"));
  if (
    o.completionBeforeStart &&
    set(s.startTime) &&
    set(s.completionTime) &&
    Date.parse(str(s.completionTime)) < Date.parse(str(s.startTime))
  )
    errs.push(
      fieldErrors.invalid(STATUS.child("completionTime"), goTime(s.completionTime), "completionTime cannot be set before startTime"),
    );
  if (o.failedWithoutFailureTarget && now.failed && !now.failureTarget)
    conditions("cannot set Failed=True condition without the FailureTarget=true condition");
  if (o.completeWithoutSuccessCriteria && now.complete && !now.successCriteriaMet)
    conditions("cannot set Complete=True condition without the SuccessCriteriaMet=true condition");
  if (o.finishedWithActive && num(s.active) > 0 && now.finished)
    errs.push(fieldErrors.invalid(STATUS.child("active"), num(s.active), "active>0 is invalid for finished job"));
  if (o.finishedWithoutStart && !set(s.startTime) && now.finished)
    errs.push(fieldErrors.required(STATUS.child("startTime"), "startTime is required for finished job"));
  const uncounted = record(s.uncountedTerminatedPods);
  if (o.finishedWithUncounted && now.finished && list(uncounted.failed).length + list(uncounted.succeeded).length > 0)
    errs.push(
      fieldErrors.invalid(
        STATUS.child("uncountedTerminatedPods"),
        goUncounted(s.uncountedTerminatedPods),
        "uncountedTerminatedPods needs to be empty for finished job",
      ),
    );
  const completions = spec.completions;
  const completed = str(s.completedIndexes);
  if (o.invalidCompletedIndexes && isNum(completions)) {
    const r = countIndexes(completed, completions);
    if (typeof r === "string")
      errs.push(fieldErrors.invalid(STATUS.child("completedIndexes"), completed, `error parsing completedIndexes: ${r}`));
  }
  const failedIndexes = s.failedIndexes;
  if (o.invalidFailedIndexes && isNum(completions) && set(spec.backoffLimitPerIndex) && typeof failedIndexes === "string") {
    const r = countIndexes(failedIndexes, completions);
    if (typeof r === "string")
      errs.push(fieldErrors.invalid(STATUS.child("failedIndexes"), failedIndexes, `error parsing failedIndexes: ${r}`));
  }
  const indexed = str(spec.completionMode) === "Indexed";
  if (o.completedIndexesNonIndexed && completed !== "" && !indexed)
    errs.push(
      fieldErrors.invalid(
        STATUS.child("completedIndexes"),
        completed,
        "cannot set non-empty completedIndexes when non-indexed completion mode",
      ),
    );
  if (o.failedIndexesNoBackoffPerIndex && !set(spec.backoffLimitPerIndex) && set(failedIndexes))
    errs.push(
      fieldErrors.invalid(
        STATUS.child("failedIndexes"),
        failedIndexes,
        "cannot set non-null failedIndexes when backoffLimitPerIndex is null",
      ),
    );
  if (o.indexesOverlap && isNum(completions) && typeof failedIndexes === "string") {
    const overlap = indexesOverlap(completed, failedIndexes, completions);
    if (overlap) errs.push(fieldErrors.invalid(STATUS.child("failedIndexes"), failedIndexes, overlap));
  }
  if (o.finishedWithTerminating && num(s.terminating) > 0 && now.finished)
    errs.push(fieldErrors.invalid(STATUS.child("terminating"), s.terminating, "terminating>0 is invalid for finished job"));
  if (o.moreReadyThanActive && isNum(s.ready) && s.ready > num(s.active))
    errs.push(fieldErrors.invalid(STATUS.child("ready"), s.ready, "cannot set more ready pods than active"));
  // The extended scope is allowed (the strategy's option), so SuccessCriteriaMet may sit on any Job but beside a failure.
  if (now.successCriteriaMet && now.failed) conditions("cannot set SuccessCriteriaMet=True and Failed=true conditions");
  if (now.successCriteriaMet && now.failureTarget) conditions("cannot set SuccessCriteriaMet=True and FailureTarget=true conditions");
  if (set(spec.successPolicy) && !now.successCriteriaMet && now.complete)
    conditions("cannot set Complete=True for Job with SuccessPolicy unless SuccessCriteriaMet=True");
  return errs;
}

/** `/status` of a Job: the stored spec (the strategy keeps it), the new status against the old. */
export function validateJobStatusUpdate(job: KubeObject, old: KubeObject): FieldError[] {
  const spec = record(job.spec);
  const s = record(job.status);
  const before = record(old.status);
  const now = stateOf(s);
  const was = stateOf(before);
  const o = optionsFor(spec, s, before, now, was);
  const errs = validateJobStatus(spec, s, now, o);
  for (const type of ["Failed", "Complete", "FailureTarget"])
    if (conditionTrue(before, type) && !conditionTrue(s, type))
      errs.push(fieldErrors.invalid(CONDITIONS, OMIT_VALUE, `cannot disable the terminal ${type}=True condition`));
  if (num(s.failed) < num(before.failed))
    errs.push(fieldErrors.invalid(STATUS.child("failed"), num(s.failed), "cannot decrease the failed counter"));
  if (o.decreasingSucceeded && num(s.succeeded) < num(before.succeeded))
    errs.push(fieldErrors.invalid(STATUS.child("succeeded"), num(s.succeeded), "cannot decrease the succeeded counter"));
  if (set(s.completionTime) && set(before.completionTime) && !sameTime(s.completionTime, before.completionTime))
    errs.push(fieldErrors.invalid(STATUS.child("completionTime"), goTime(s.completionTime), "completionTime cannot be mutated"));
  if (o.startTimeUpdate && set(before.startTime) && !sameTime(before.startTime, s.startTime) && spec.suspend !== true)
    errs.push(fieldErrors.required(STATUS.child("startTime"), "startTime cannot be removed for unsuspended job"));
  if (was.successCriteriaMet && !now.successCriteriaMet) conditions(errs, "cannot disable the SuccessCriteriaMet=True condition");
  if (was.complete && !was.successCriteriaMet && now.successCriteriaMet)
    conditions(errs, "cannot set SuccessCriteriaMet=True for Job already has Complete=true conditions");
  return errs;
}

function conditions(errs: FieldError[], detail: string): void {
  errs.push(fieldErrors.invalid(CONDITIONS, OMIT_VALUE, detail));
}
