/**
 * The string and number formats upstream's CRD validator checks (others are accepted as any
 * value): dates and times, byte, uuid, ip and cidr, mac, email, hostname, uri, int32/int64.
 */
import net from "node:net";

const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID3 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?3[0-9a-f]{3}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const UUID4 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?4[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const UUID5 = /^[0-9a-f]{8}-?[0-9a-f]{4}-?5[0-9a-f]{3}-?[89ab][0-9a-f]{3}-?[0-9a-f]{12}$/i;
const DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:?\d{2})?$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MAC = /^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$|^([0-9a-f]{2}[:-]){7}[0-9a-f]{2}$|^([0-9a-f]{4}\.){2}[0-9a-f]{4}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const HOSTNAME = /^([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]{0,61}[a-zA-Z0-9])(\.([a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]{0,61}[a-zA-Z0-9]))*\.?$/;
const DURATION = /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h|d|w))+$/;

function isCIDR(v: string): boolean {
  const slash = v.indexOf("/");
  if (slash < 0) return false;
  const ip = v.slice(0, slash);
  const bits = v.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bits)) return false;
  const kind = net.isIP(ip);
  return kind !== 0 && Number(bits) <= (kind === 4 ? 32 : 128);
}

function isURI(v: string): boolean {
  try {
    new URL(v);
    return true;
  } catch {
    return false;
  }
}

/** true or false for a format this validator knows, undefined for others (never an error). */
export function checkFormat(format: string, value: string | number): boolean | undefined {
  if (typeof value === "number") {
    if (format === "int32") return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647;
    if (format === "int64") return Number.isInteger(value) && Number.isSafeInteger(value);
    return undefined;
  }
  switch (format) {
    case "date":
      return DATE.test(value) && !Number.isNaN(Date.parse(value));
    case "date-time":
    case "datetime":
      return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value.replace(" ", "T")));
    case "byte":
      return BASE64.test(value);
    case "uuid":
      return UUID.test(value);
    case "uuid3":
      return UUID3.test(value);
    case "uuid4":
      return UUID4.test(value);
    case "uuid5":
      return UUID5.test(value);
    case "ipv4":
      return net.isIPv4(value);
    case "ipv6":
      return net.isIPv6(value);
    case "cidr":
      return isCIDR(value);
    case "mac":
      return MAC.test(value);
    case "email":
      return EMAIL.test(value);
    case "hostname":
      return HOSTNAME.test(value) && value.length <= 255;
    case "uri":
      return isURI(value);
    case "duration":
      return DURATION.test(value);
    default:
      return undefined;
  }
}
