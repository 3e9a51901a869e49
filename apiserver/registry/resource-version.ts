/** resourceVersion parsing and the list/watch option rules upstream checks before reading (422 with upstream's messages). */
import type { ListOptions, WatchOptions } from "./rest.js";
import { fieldErrors, FieldPath, invalidError, type FieldError } from "./validation/field.js";

/**
 * The revision a resourceVersion names: 0 for "" and "0" (no particular revision); throws
 * 422 Invalid for anything that is not a decimal number, with Go's parse error text.
 */
export function parseResourceVersion(rv: string | undefined, gr: { group: string; resource: string }, name = ""): number {
  if (rv === undefined || rv === "" || rv === "0") return 0;
  if (!/^[0-9]+$/.test(rv)) {
    const err = fieldErrors.invalid(
      FieldPath.of("resourceVersion"),
      rv,
      `strconv.ParseUint: parsing ${JSON.stringify(rv)}: invalid syntax`,
    );
    throw invalidError({ group: gr.group, kind: gr.resource }, name, [err]);
  }
  const n = Number(rv);
  if (!Number.isSafeInteger(n)) {
    const err = fieldErrors.invalid(
      FieldPath.of("resourceVersion"),
      rv,
      `strconv.ParseUint: parsing ${JSON.stringify(rv)}: value out of range`,
    );
    throw invalidError({ group: gr.group, kind: gr.resource }, name, [err]);
  }
  return n;
}

/** Upstream's ValidateListOptions for lists; throws 422 `ListOptions.meta.k8s.io "" is invalid`. */
export function validateListOptions(opts: ListOptions & { sendInitialEvents?: boolean }, watch: boolean): void {
  const errs: FieldError[] = [];
  const match = opts.resourceVersionMatch as string | undefined;
  if (watch) {
    validateWatchOptions(opts, errs);
  } else if (match) {
    if (!opts.resourceVersion) {
      errs.push(
        fieldErrors.forbidden(FieldPath.of("resourceVersionMatch"), "resourceVersionMatch is forbidden unless resourceVersion is provided"),
      );
    }
    if (opts.continue) {
      errs.push(fieldErrors.forbidden(FieldPath.of("resourceVersionMatch"), "resourceVersionMatch is forbidden when continue is provided"));
    }
    if (match !== "Exact" && match !== "NotOlderThan") {
      errs.push(fieldErrors.notSupported(FieldPath.of("resourceVersionMatch"), match, ["Exact", "NotOlderThan", ""]));
    }
    if (match === "Exact" && opts.resourceVersion === "0") {
      errs.push(
        fieldErrors.forbidden(FieldPath.of("resourceVersionMatch"), 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'),
      );
    }
  }
  if (!watch && opts.sendInitialEvents !== undefined) {
    errs.push(fieldErrors.forbidden(FieldPath.of("sendInitialEvents"), "sendInitialEvents is forbidden for list"));
  }
  if (errs.length > 0) throw invalidError({ group: "meta.k8s.io", kind: "ListOptions" }, "", errs);
}

function validateWatchOptions(opts: WatchOptions, errs: FieldError[]): void {
  const match = opts.resourceVersionMatch as string | undefined;
  if (opts.sendInitialEvents !== undefined && match !== "NotOlderThan") {
    errs.push(
      fieldErrors.forbidden(
        FieldPath.of("resourceVersionMatch"),
        "sendInitialEvents requires setting resourceVersionMatch to NotOlderThan",
      ),
    );
  }
  if (match) {
    if (opts.sendInitialEvents === undefined) {
      errs.push(
        fieldErrors.forbidden(
          FieldPath.of("resourceVersionMatch"),
          "resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided",
        ),
      );
    }
    if (match !== "NotOlderThan") errs.push(fieldErrors.notSupported(FieldPath.of("resourceVersionMatch"), match, ["NotOlderThan"]));
    if (opts.continue) {
      errs.push(fieldErrors.forbidden(FieldPath.of("resourceVersionMatch"), "resourceVersionMatch is forbidden when continue is provided"));
    }
  }
}
