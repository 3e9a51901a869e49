/**
 * upstream's ValidateEndpointIP: an endpoint's IP may not be unspecified, loopback, link-local or
 * link-local multicast (nonsensical as endpoints, or used for node-centric services). Endpoints
 * and EndpointSlices share it.
 */
import { parseIP } from "../../../runtime/validation/strings.js";
import { fieldErrors, type FieldError, type FieldPath } from "./field.js";

export function validateEndpointIP(ip: string, path: FieldPath): FieldError[] {
  const parsed = parseIP(ip);
  if (!parsed) return [fieldErrors.invalid(path, ip, "must be a valid IP address")];
  const errs: FieldError[] = [];
  const b = parsed.bytes;
  const v4 = parsed.family === 4;
  if (b.every((x) => x === 0)) errs.push(fieldErrors.invalid(path, ip, `may not be unspecified (${ip})`));
  if ((v4 && b[0] === 127) || (!v4 && b.slice(0, 15).every((x) => x === 0) && b[15] === 1))
    errs.push(fieldErrors.invalid(path, ip, "may not be in the loopback range (127.0.0.0/8, ::1/128)"));
  if ((v4 && b[0] === 169 && b[1] === 254) || (!v4 && b[0] === 0xfe && (b[1]! & 0xc0) === 0x80))
    errs.push(fieldErrors.invalid(path, ip, "may not be in the link-local range (169.254.0.0/16, fe80::/10)"));
  if ((v4 && b[0] === 224 && b[1] === 0 && b[2] === 0) || (!v4 && b[0] === 0xff && (b[1]! & 0x0f) === 0x02))
    errs.push(fieldErrors.invalid(path, ip, "may not be in the link-local multicast range (224.0.0.0/24, ff02::/10)"));
  return errs;
}
