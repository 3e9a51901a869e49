/** policy/v1 PodDisruptionBudget and scheduling.k8s.io/v1 PriorityClass validation as upstream's. */
import type { KubeObject } from "../rest.js";
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { validateLabelSelector } from "./label-selector.js";
import { FIELD_IMMUTABLE } from "./object-meta.js";
import { record, str } from "./shape.js";
import { isNotMoreThan100Percent, validatePositiveIntOrPercent } from "./int-or-percent.js";

const SPEC = FieldPath.of("spec");

/** A PDB budget as upstream's: ValidatePositiveIntOrPercent, then IsNotMoreThan100Percent. */
function validateIntOrPercent(v: unknown, path: FieldPath): FieldError[] {
  return [...validatePositiveIntOrPercent(v, path), ...isNotMoreThan100Percent(v, path)];
}

export function validatePDB(pdb: KubeObject): FieldError[] {
  const spec = record(pdb.spec);
  const errs: FieldError[] = [];
  if (spec.minAvailable != null && spec.maxUnavailable != null)
    errs.push(fieldErrors.invalid(SPEC, spec, "minAvailable and maxUnavailable cannot be both set"));
  errs.push(
    ...validateIntOrPercent(spec.minAvailable, SPEC.child("minAvailable")),
    ...validateIntOrPercent(spec.maxUnavailable, SPEC.child("maxUnavailable")),
  );
  errs.push(...validateLabelSelector(spec.selector, SPEC.child("selector")));
  const policy = str(spec.unhealthyPodEvictionPolicy);
  if (policy !== "" && policy !== "IfHealthyBudget" && policy !== "AlwaysAllow") {
    errs.push(fieldErrors.notSupported(SPEC.child("unhealthyPodEvictionPolicy"), policy, ["AlwaysAllow", "IfHealthyBudget"]));
  }
  return errs;
}

// ---- PriorityClass ----

/** The highest value a user-defined class may have; above it only the system classes live. */
export const HIGHEST_USER_DEFINABLE_PRIORITY = 1000000000;
/** The system classes upstream creates, and their values. */
export const SYSTEM_PRIORITY_CLASSES: Readonly<Record<string, number>> = {
  "system-node-critical": 2000001000,
  "system-cluster-critical": 2000000000,
};

export function validatePriorityClass(pc: KubeObject): FieldError[] {
  const name = pc.metadata?.name ?? "";
  const value = typeof pc.value === "number" ? pc.value : 0;
  const errs: FieldError[] = [];
  if (name.startsWith("system-")) {
    const known = SYSTEM_PRIORITY_CLASSES[name];
    let why = "";
    if (known === undefined) why = `${name} is not a known system priority class`;
    else if (known !== value) why = `value of ${name} PriorityClass must be ${known}`;
    else if (pc.globalDefault === true) why = `globalDefault of ${name} PriorityClass must be false`;
    if (why)
      errs.push(
        fieldErrors.forbidden(
          FieldPath.of("metadata", "name"),
          `priority class names with 'system-' prefix are reserved for system use only. error: ${why}`,
        ),
      );
  } else if (value > HIGHEST_USER_DEFINABLE_PRIORITY) {
    errs.push(
      fieldErrors.forbidden(
        FieldPath.of("value"),
        `maximum allowed value of a user defined priority is ${HIGHEST_USER_DEFINABLE_PRIORITY}`,
      ),
    );
  }
  const pp = str(pc.preemptionPolicy);
  if (pp !== "" && pp !== "PreemptLowerPriority" && pp !== "Never")
    errs.push(fieldErrors.notSupported(FieldPath.of("preemptionPolicy"), pp, ["Never", "PreemptLowerPriority"]));
  return errs;
}

export function validatePriorityClassUpdate(pc: KubeObject, old: KubeObject): FieldError[] {
  const errs = validatePriorityClass(pc);
  if (pc.value !== old.value) errs.push(fieldErrors.forbidden(FieldPath.of("value"), "may not be changed in an update."));
  if (pc.preemptionPolicy !== old.preemptionPolicy)
    errs.push(fieldErrors.invalid(FieldPath.of("preemptionPolicy"), pc.preemptionPolicy ?? null, FIELD_IMMUTABLE));
  return errs;
}
