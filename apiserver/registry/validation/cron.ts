/**
 * The cron schedule syntax upstream's CronJobs accept (robfig/cron's standard parser):
 * five fields (minute hour day-of-month month day-of-week) with `*`, `?`, lists, ranges,
 * steps, month and weekday names, or a descriptor (`@yearly`, `@annually`, `@monthly`,
 * `@weekly`, `@daily`, `@midnight`, `@hourly`, `@every <duration>`); an optional leading
 * `TZ=` / `CRON_TZ=` is a separate rule of the validator. Returns robfig's error text, or "".
 */

interface Bounds {
  min: number;
  max: number;
  names?: Readonly<Record<string, number>>;
}

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};
const DAYS: Record<string, number> = { sun: 0, mon: 1, tue: 2, wed: 3, thu: 4, fri: 5, sat: 6 };

const FIELDS: readonly Bounds[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTHS },
  { min: 0, max: 6, names: DAYS },
];

const DESCRIPTORS = ["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"];

function parseIntStrict(s: string): number | string {
  if (!/^-?\d+$/.test(s)) return `failed to parse int from ${s}: strconv.Atoi: parsing ${JSON.stringify(s)}: invalid syntax`;
  const n = Number(s);
  if (n < 0) return `negative number (${n}) not allowed: ${s}`;
  return n;
}

function parseValue(s: string, b: Bounds): number | string {
  const named = b.names?.[s.toLowerCase()];
  return named ?? parseIntStrict(s);
}

/** One range term (`*`, `a`, `a-b`, with an optional `/step`). */
function checkRange(term: string, b: Bounds): string {
  const [rangePart = "", stepPart, extra] = term.split("/");
  if (extra !== undefined) return `too many slashes: ${term}`;
  let start: number;
  let end: number;
  if (rangePart === "*" || rangePart === "?") {
    start = b.min;
    end = b.max;
  } else {
    const bounds = rangePart.split("-");
    if (bounds.length > 2) return `too many hyphens: ${rangePart}`;
    const lo = parseValue(bounds[0]!, b);
    if (typeof lo === "string") return lo;
    start = lo;
    if (bounds.length === 2) {
      const hi = parseValue(bounds[1]!, b);
      if (typeof hi === "string") return hi;
      end = hi;
    } else end = start;
  }
  if (stepPart !== undefined) {
    const step = parseIntStrict(stepPart);
    if (typeof step === "string") return step;
    if (step === 0) return `step of range should be a positive number: ${term}`;
  }
  if (start < b.min) return `beginning of range (${start}) below minimum (${b.min}): ${term}`;
  if (end > b.max) return `end of range (${end}) above maximum (${b.max}): ${term}`;
  if (start > end) return `beginning of range (${start}) beyond end of range (${end}): ${term}`;
  return "";
}

/** robfig/cron's error for `schedule`, or "" when it parses. */
export function cronScheduleError(schedule: string): string {
  let spec = schedule;
  if (spec.startsWith("TZ=") || spec.startsWith("CRON_TZ=")) {
    const i = spec.indexOf(" ");
    spec = i < 0 ? "" : spec.slice(i).trim();
  }
  if (spec === "") return "empty spec string";
  if (spec.startsWith("@")) {
    if (DESCRIPTORS.includes(spec)) return "";
    if (spec.startsWith("@every ")) {
      return /^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(spec.slice(7).trim())
        ? ""
        : `failed to parse duration ${spec}: time: invalid duration ${JSON.stringify(spec.slice(7))}`;
    }
    return `unrecognized descriptor: ${spec}`;
  }
  const fields = spec.split(/\s+/);
  if (fields.length !== 5) return `expected exactly 5 fields, found ${fields.length}: [${fields.join(" ")}]`;
  for (let i = 0; i < 5; i++) {
    for (const term of fields[i]!.split(",")) {
      const err = checkRange(term, FIELDS[i]!);
      if (err) return err;
    }
  }
  return "";
}
