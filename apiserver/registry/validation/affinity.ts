/**
 * A Pod's `affinity` as upstream's validateAffinity with 1.34's defaults: node affinity (node
 * selector terms, label and field requirements, preferred weights 1-100) and pod (anti-)affinity
 * terms (selectors, namespaces, a topologyKey that is a qualified name, matchLabelKeys and
 * mismatchLabelKeys). Runs only when a Pod sets `affinity`.
 */
import { isDNS1123Label, isQualifiedName, isValidLabelValue, nameIsDNSSubdomain } from "../../../runtime/validation/strings.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabelSelector } from "./label-selector.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

/** upstream's ValidateLabelName: a qualified name, one error per broken rule. */
function labelName(key: string, path: FieldPath): FieldError[] {
  return isQualifiedName(key).map((msg) => fieldErrors.invalid(path, key, msg));
}

/** A node selector requirement on labels (upstream's ValidateNodeSelectorRequirement). */
function nodeSelectorRequirement(req: Obj, checkValues: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const values = list(req.values);
  const op = str(req.operator);
  switch (op) {
    case "In":
    case "NotIn":
      if (values.length === 0)
        errs.push(fieldErrors.required(path.child("values"), "must be specified when `operator` is 'In' or 'NotIn'"));
      break;
    case "Exists":
    case "DoesNotExist":
      if (values.length > 0)
        errs.push(fieldErrors.forbidden(path.child("values"), "may not be specified when `operator` is 'Exists' or 'DoesNotExist'"));
      break;
    case "Gt":
    case "Lt":
      if (values.length !== 1)
        errs.push(fieldErrors.required(path.child("values"), "must be specified single value when `operator` is 'Lt' or 'Gt'"));
      break;
    default:
      errs.push(fieldErrors.invalid(path.child("operator"), op, "not a valid selector operator"));
  }
  errs.push(...labelName(str(req.key), path.child("key")));
  // Preferred terms may name label values no node has yet, so upstream checks values of required terms only.
  if (checkValues)
    values.forEach((v, i) => {
      for (const msg of isValidLabelValue(str(v))) errs.push(fieldErrors.invalid(path.child("values").index(i), v, msg));
    });
  return errs;
}

/** A node selector requirement on fields: only metadata.name, with In or NotIn and one value. */
function nodeFieldRequirement(req: Obj, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const op = str(req.operator);
  const values = list(req.values);
  if (op === "In" || op === "NotIn") {
    if (values.length !== 1)
      errs.push(
        fieldErrors.required(path.child("values"), "must be only one value when `operator` is 'In' or 'NotIn' for node field selector"),
      );
  } else {
    errs.push(fieldErrors.invalid(path.child("operator"), op, "not a valid selector operator"));
  }
  const key = str(req.key);
  if (key !== "metadata.name") errs.push(fieldErrors.invalid(path.child("key"), key, "not a valid field selector key"));
  else
    values.forEach((v, i) => {
      for (const msg of nameIsDNSSubdomain(str(v), false)) errs.push(fieldErrors.invalid(path.child("values").index(i), v, msg));
    });
  return errs;
}

function nodeSelectorTerm(term: Obj, checkValues: boolean, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  list(term.matchExpressions).forEach((r, i) =>
    errs.push(...nodeSelectorRequirement(record(r), checkValues, path.child("matchExpressions").index(i))),
  );
  list(term.matchFields).forEach((r, i) => errs.push(...nodeFieldRequirement(record(r), path.child("matchFields").index(i))));
  return errs;
}

/** upstream's ValidateNodeSelector (a PersistentVolume's `nodeAffinity.required`): at least one term, each checked. */
export function validateNodeSelector(selector: Obj, path: FieldPath, checkValues = true): FieldError[] {
  const termsPath = path.child("nodeSelectorTerms");
  const terms = list(selector.nodeSelectorTerms);
  if (terms.length === 0) return [fieldErrors.required(termsPath, "must have at least one node selector term")];
  const errs: FieldError[] = [];
  terms.forEach((t, i) => errs.push(...nodeSelectorTerm(record(t), checkValues, termsPath.index(i))));
  return errs;
}

function weight(w: unknown, path: FieldPath): FieldError[] {
  const n = typeof w === "number" ? w : 0;
  return n <= 0 || n > 100 ? [fieldErrors.invalid(path, n, "must be in the range 1-100")] : [];
}

/** Label values an update may keep because the stored object had them (upstream's two AllowInvalidLabelValue options). */
export interface AffinityOptions {
  invalidSelectorValues?: boolean;
  invalidRequiredNodeValues?: boolean;
}

function nodeAffinity(na: Obj, path: FieldPath, opts: AffinityOptions): FieldError[] {
  const errs: FieldError[] = [];
  if (isObj(na.requiredDuringSchedulingIgnoredDuringExecution)) {
    const termsPath = path.child("requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms");
    const terms = list(na.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms);
    if (terms.length === 0) errs.push(fieldErrors.required(termsPath, "must have at least one node selector term"));
    terms.forEach((t, i) => errs.push(...nodeSelectorTerm(record(t), opts.invalidRequiredNodeValues !== true, termsPath.index(i))));
  }
  list(na.preferredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => {
    const p = path.child("preferredDuringSchedulingIgnoredDuringExecution").index(i);
    const term = record(t);
    errs.push(...weight(term.weight, p.child("weight")), ...nodeSelectorTerm(record(term.preference), false, p.child("preference")));
  });
  return errs;
}

/**
 * matchLabelKeys and mismatchLabelKeys (upstream's validateMatchLabelKeysAndMismatchLabelKeys):
 * label names, only beside a labelSelector, never in both lists or twice in the selector. A pod
 * affinity term and (1.34's selector merge) a topology spread constraint both take it.
 */
export function validateLabelKeys(term: Obj, path: FieldPath): FieldError[] {
  const match = list(term.matchLabelKeys).map(str);
  const mismatch = list(term.mismatchLabelKeys).map(str);
  if (match.length === 0 && mismatch.length === 0) return [];
  const selector = term.labelSelector;
  const hasSelector = isObj(selector);
  const errs: FieldError[] = [];
  for (const [name, keys] of [
    ["matchLabelKeys", match],
    ["mismatchLabelKeys", mismatch],
  ] as const) {
    if (keys.length === 0) continue;
    if (!hasSelector) errs.push(fieldErrors.forbidden(path.child(name), "must not be specified when labelSelector is not set"));
    else keys.forEach((k, i) => errs.push(...labelName(k, path.child(name).index(i))));
  }
  if (hasSelector) {
    // The strategy merged matchLabelKeys into the selector's expressions: a key the selector already had shows twice.
    const index = new Map(match.map((k, i) => [k, i]));
    const seen = new Set(Object.keys(record(selector.matchLabels)));
    for (const e of list(selector.matchExpressions)) {
      const key = str(record(e).key);
      const i = index.get(key);
      // As upstream, the error names the term with the key's index, not the matchLabelKeys list.
      if (i !== undefined && seen.has(key))
        errs.push(fieldErrors.invalid(path.index(i), key, "exists in both matchLabelKeys and labelSelector"));
      seen.add(key);
    }
  }
  const mismatchSet = new Set(mismatch);
  match.forEach((k, i) => {
    if (mismatchSet.has(k))
      errs.push(fieldErrors.invalid(path.child("matchLabelKeys").index(i), k, "exists in both matchLabelKeys and mismatchLabelKeys"));
  });
  return errs;
}

/** upstream's validatePodAffinityTerm. */
function podAffinityTerm(term: Obj, path: FieldPath, allowInvalid: boolean): FieldError[] {
  const errs: FieldError[] = [
    ...validateLabelSelector(term.labelSelector, path.child("labelSelector"), allowInvalid),
    ...validateLabelSelector(term.namespaceSelector, path.child("namespaceSelector"), allowInvalid),
  ];
  // As upstream, namespace errors name `namespace`, singular, without an index.
  for (const ns of list(term.namespaces)) {
    for (const msg of isDNS1123Label(str(ns))) errs.push(fieldErrors.invalid(path.child("namespace"), ns, msg));
  }
  errs.push(...validateLabelKeys(term, path));
  const key = str(term.topologyKey);
  if (key === "") errs.push(fieldErrors.required(path.child("topologyKey"), "can not be empty"));
  errs.push(...labelName(key, path.child("topologyKey")));
  return errs;
}

function podAffinity(pa: Obj, path: FieldPath, allowInvalid: boolean): FieldError[] {
  const errs: FieldError[] = [];
  list(pa.requiredDuringSchedulingIgnoredDuringExecution).forEach((t, i) =>
    errs.push(...podAffinityTerm(record(t), path.child("requiredDuringSchedulingIgnoredDuringExecution").index(i), allowInvalid)),
  );
  list(pa.preferredDuringSchedulingIgnoredDuringExecution).forEach((t, i) => {
    const p = path.child("preferredDuringSchedulingIgnoredDuringExecution").index(i);
    const term = record(t);
    errs.push(
      ...weight(term.weight, p.child("weight")),
      ...podAffinityTerm(record(term.podAffinityTerm), p.child("podAffinityTerm"), allowInvalid),
    );
  });
  return errs;
}

/** upstream's validateAffinity; `affinity` is the PodSpec's field, present. */
export function validateAffinity(affinity: Obj, path: FieldPath, opts: AffinityOptions = {}): FieldError[] {
  const errs: FieldError[] = [];
  const allowInvalid = opts.invalidSelectorValues === true;
  if (isObj(affinity.nodeAffinity)) errs.push(...nodeAffinity(affinity.nodeAffinity, path.child("nodeAffinity"), opts));
  if (isObj(affinity.podAffinity)) errs.push(...podAffinity(affinity.podAffinity, path.child("podAffinity"), allowInvalid));
  if (isObj(affinity.podAntiAffinity)) errs.push(...podAffinity(affinity.podAntiAffinity, path.child("podAntiAffinity"), allowInvalid));
  return errs;
}

/**
 * The options an update of a spec stored as `oldSpec` gets: label values its affinity already
 * had that are invalid stay allowed (upstream's ratchet), so objects stored before a rule
 * existed can still change.
 */
export function affinityOptionsFrom(oldSpec: unknown): AffinityOptions {
  const opts: AffinityOptions = {};
  const affinity = record(record(oldSpec).affinity);
  const root = FieldPath.root();
  // As upstream: any error in a term's selectors, with values checked, lets the values through.
  const badSelectors = (term: Obj) =>
    validateLabelSelector(term.labelSelector, root).length + validateLabelSelector(term.namespaceSelector, root).length > 0;
  for (const which of ["podAffinity", "podAntiAffinity"]) {
    const pa = record(affinity[which]);
    const terms = [
      ...list(pa.requiredDuringSchedulingIgnoredDuringExecution).map(record),
      ...list(pa.preferredDuringSchedulingIgnoredDuringExecution).map((t) => record(record(t).podAffinityTerm)),
    ];
    if (terms.some(badSelectors)) opts.invalidSelectorValues = true;
  }
  const required = record(record(affinity.nodeAffinity).requiredDuringSchedulingIgnoredDuringExecution);
  for (const t of list(required.nodeSelectorTerms)) {
    for (const r of list(record(t).matchExpressions)) {
      if (list(record(r).values).some((v) => isValidLabelValue(str(v)).length > 0)) opts.invalidRequiredNodeValues = true;
    }
  }
  return opts;
}
