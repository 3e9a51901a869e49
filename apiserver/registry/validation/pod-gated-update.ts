/**
 * What a Pod still carrying `schedulingGates` may change on update beyond the usual fields
 * (upstream's ValidatePodUpdate for gated pods): `nodeSelector` entries may be added (none changed
 * or removed), and the required node affinity may be narrowed: the same number of terms, each
 * keeping its expressions and fields first and unchanged and maybe adding more (any terms when
 * there were none). The
 * accepted changes are copied back into the munged spec so the whole-spec comparison passes.
 */
import { goQuote } from "../../../runtime/go-strings.js";
import { fieldErrors, GoSyntax, type FieldError, type FieldPath } from "./field.js";
import { isObj, list, record, sameJSON, str, type Obj } from "./shape.js";

/** A map[string]string in Go's %#v (keys sorted, as fmt prints them). */
function goStringMap(v: unknown): GoSyntax {
  if (!isObj(v)) return new GoSyntax("map[string]string(nil)");
  const entries = Object.keys(v)
    .sort()
    .map((k) => `${goQuote(k)}:${goQuote(str(v[k]))}`);
  return new GoSyntax(`map[string]string{${entries.join(", ")}}`);
}

function goRequirement(r: unknown): string {
  const req = record(r);
  const values = Array.isArray(req.values) ? `[]string{${req.values.map((x) => goQuote(str(x))).join(", ")}}` : "[]string(nil)";
  return `core.NodeSelectorRequirement{Key:${goQuote(str(req.key))}, Operator:${goQuote(str(req.operator))}, Values:${values}}`;
}

function goRequirements(v: unknown): string {
  const type = "[]core.NodeSelectorRequirement";
  return Array.isArray(v) ? `${type}{${v.map(goRequirement).join(", ")}}` : `${type}(nil)`;
}

function goTerms(v: unknown): GoSyntax {
  const type = "[]core.NodeSelectorTerm";
  if (!Array.isArray(v)) return new GoSyntax(`${type}(nil)`);
  return new GoSyntax(`${type}{${v.map(goTerm).join(", ")}}`);
}

const emptyMap = (v: unknown) => !isObj(v) || Object.keys(v).length === 0;
/** Semantic equality as upstream's: an empty map or list equals a missing one. */
const same = (a: unknown, b: unknown) => sameJSON(a, b) || (emptyMap(a) && emptyMap(b) && !Array.isArray(a) && !Array.isArray(b));

function nodeSelectorErrors(now: unknown, before: unknown, p: FieldPath): FieldError[] {
  const n = record(now);
  for (const [k, v] of Object.entries(record(before)))
    if (n[k] !== v)
      return [fieldErrors.invalid(p, goStringMap(now), "only additions to spec.nodeSelector are allowed (no mutations or deletions)")];
  return [];
}

/** The old requirements are still there, first and unchanged (more may follow). */
const prefixKept = (before: unknown, now: unknown) => {
  const b = list(before);
  const n = list(now);
  return b.length <= n.length && b.every((x, i) => sameJSON(x, n[i]));
};

function goTerm(t: unknown): string {
  const term = record(t);
  return `core.NodeSelectorTerm{MatchExpressions:${goRequirements(term.matchExpressions)}, MatchFields:${goRequirements(term.matchFields)}}`;
}

function nodeAffinityErrors(now: unknown, before: unknown, p: FieldPath): FieldError[] {
  const oldRequired = record(before).requiredDuringSchedulingIgnoredDuringExecution;
  if (!isObj(oldRequired)) return [];
  const oldTerms = list(oldRequired.nodeSelectorTerms);
  if (oldTerms.length === 0) return [];
  const newRequired = record(now).requiredDuringSchedulingIgnoredDuringExecution;
  const newTerms = isObj(newRequired) ? newRequired.nodeSelectorTerms : undefined;
  const tp = p.child("requiredDuringSchedulingIgnoredDuringExecution").child("nodeSelectorTerms");
  if (list(newTerms).length !== oldTerms.length)
    return [fieldErrors.invalid(tp, goTerms(newTerms), "no additions/deletions to non-empty NodeSelectorTerms list are allowed")];
  const errs: FieldError[] = [];
  oldTerms.forEach((o, i) => {
    const oldTerm = record(o);
    const newTerm = list(newTerms)[i];
    const kept =
      prefixKept(oldTerm.matchExpressions, record(newTerm).matchExpressions) &&
      prefixKept(oldTerm.matchFields, record(newTerm).matchFields);
    if (!kept)
      errs.push(fieldErrors.invalid(tp.index(i), new GoSyntax(goTerm(newTerm)), "only additions are allowed (no mutations or deletions)"));
  });
  return errs;
}

/** Gated pods: checks the nodeSelector and node affinity changes and sets them back on `spec` (the munged copy). */
export function gatedPodUpdate(spec: Obj, oldSpec: Obj, specPath: FieldPath): FieldError[] {
  if (list(oldSpec.schedulingGates).length === 0) return [];
  const errs: FieldError[] = [];
  if (!same(spec.nodeSelector, oldSpec.nodeSelector)) {
    errs.push(...nodeSelectorErrors(spec.nodeSelector, oldSpec.nodeSelector, specPath.child("nodeSelector")));
    spec.nodeSelector = oldSpec.nodeSelector;
    if (spec.nodeSelector === undefined) delete spec.nodeSelector;
  }
  const oldAffinity = oldSpec.affinity;
  const oldNode = record(oldAffinity).nodeAffinity;
  const newNode = record(spec.affinity).nodeAffinity;
  if (!sameJSON(oldNode ?? null, newNode ?? null)) {
    errs.push(...nodeAffinityErrors(newNode, oldNode, specPath.child("affinity").child("nodeAffinity")));
    const affinity = spec.affinity;
    if (!isObj(affinity)) {
      if (oldNode !== undefined && oldNode !== null) spec.affinity = { nodeAffinity: oldNode };
    } else if (!isObj(oldAffinity) && affinity.podAffinity == null && affinity.podAntiAffinity == null) delete spec.affinity;
    else {
      spec.affinity = { ...affinity, nodeAffinity: oldNode };
      if (oldNode === undefined) delete (spec.affinity as Obj).nodeAffinity;
    }
  }
  return errs;
}
