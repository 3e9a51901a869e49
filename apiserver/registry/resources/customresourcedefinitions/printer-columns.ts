/**
 * Printer-column paths parsed when the CRD is written: a path the table convertor could not
 * parse is refused then (upstream accepts it and fails when serving tables; refusing it early
 * is our choice, with our message).
 */
import { JSONPathError, parseJSONPath } from "../../../../runtime/jsonpath.js";
import { fieldErrors, type FieldError, type FieldPath } from "../../validation/field.js";

export function validatePrinterColumnPaths(version: Record<string, unknown>, path: FieldPath): FieldError[] {
  const cols = Array.isArray(version.additionalPrinterColumns) ? version.additionalPrinterColumns : [];
  const errs: FieldError[] = [];
  cols.forEach((c: unknown, i) => {
    const p = typeof c === "object" && c !== null ? (c as Record<string, unknown>).jsonPath : undefined;
    if (typeof p !== "string" || !p.startsWith(".")) return;
    try {
      parseJSONPath(p);
    } catch (err) {
      if (!(err instanceof JSONPathError)) throw err;
      errs.push(
        fieldErrors.invalid(
          path.child("additionalPrinterColumns").index(i).child("jsonPath"),
          p,
          `must be a valid JSONPath: ${err.message}`,
        ),
      );
    }
  });
  return errs;
}
