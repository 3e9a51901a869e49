/**
 * The container statuses' `user` on a Pod's `/status`, as upstream's validateContainerStatusUsers:
 * on a Linux pod (the default) the uid, gid and supplemental groups within 0..2147483647; on a
 * Windows pod no `linux` user at all. Upstream's paths leave out the `user` step
 * (`status.containerStatuses[0].linux.uid`); kept as it answers.
 */
import { fieldErrors, FieldPath, type FieldError } from "./field.js";
import { isObj, list, record, str, type Obj } from "./shape.js";

const ID_RANGE = "must be between 0 and 2147483647, inclusive";
const badID = (v: unknown) => typeof v === "number" && (v < 0 || v > 2147483647 || !Number.isInteger(v));

function linuxUserErrors(linux: Obj, p: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (badID(linux.uid)) errs.push(fieldErrors.invalid(p.child("uid"), linux.uid, ID_RANGE));
  if (badID(linux.gid)) errs.push(fieldErrors.invalid(p.child("gid"), linux.gid, ID_RANGE));
  list(linux.supplementalGroups).forEach((g, i) => {
    if (badID(g)) errs.push(fieldErrors.invalid(p.child("supplementalGroups").index(i), g, ID_RANGE));
  });
  return errs;
}

/** The three status lists in upstream's order. */
export function validateContainerStatusUsers(spec: Obj, status: Obj): FieldError[] {
  const os = str(record(spec.os).name) || "linux";
  const errs: FieldError[] = [];
  for (const field of ["containerStatuses", "initContainerStatuses", "ephemeralContainerStatuses"])
    list(status[field]).forEach((s, i) => {
      const user = record(s).user;
      if (!isObj(user)) return;
      const p = FieldPath.of("status", field).index(i).child("linux");
      if (os === "windows") {
        if (isObj(user.linux)) errs.push(fieldErrors.forbidden(p, "cannot be set for a windows pod"));
      } else if (os === "linux" && isObj(user.linux)) errs.push(...linuxUserErrors(user.linux, p));
    });
  return errs;
}
