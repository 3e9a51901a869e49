/**
 * Logging as Kubernetes components do it (component-base's flags): `-v`/`--v` verbosity and
 * `--logging-format=text|json`, through pino. klog's levels map onto pino's: V(0) info is pino's
 * info (30), V(n) is a custom level 30-n (V(1) 29 ... V(9) 21, V(10)+ debug 20), so `-v=N`
 * sets pino's threshold to V(N). Text lines look like klog's
 * (`I1126 01:54:30.123456   4242 "msg" key="value"`); JSON lines like component-base's JSON
 * format (`{"ts":…,"v":2,"msg":…,…}`), on stderr either way.
 */
import { Command, InvalidArgumentError } from "commander";
import pino, { type DestinationStream, type Logger as Pino } from "pino";
import { setLogger, type LogFields, type Logger } from "../runtime/logger.js";

export type LoggingFormat = "text" | "json";

export interface LoggingFlags {
  v: number;
  loggingFormat: LoggingFormat;
}

const MAX_V = 10;
const customLevels: Record<string, number> = Object.fromEntries(Array.from({ length: MAX_V - 1 }, (_, i) => [`v${i + 1}`, 29 - i]));

function levelName(v: number): string {
  if (v <= 0) return "info";
  if (v >= MAX_V) return "debug";
  return `v${v}`;
}

/** Adds `-v, --v <level>` and `--logging-format <format>` (component-base's names). */
export function addLoggingFlags(cmd: Command): Command {
  return cmd
    .option("-v, --v <level>", "number for the log level verbosity (V(2) controller events, V(3) every request)", verbosity, 0)
    .option("--logging-format <format>", 'sets the log format: "text" or "json"', format, "text" as LoggingFormat);
}

function verbosity(value: string): number {
  // pflag takes `-v=3`; commander hands a short option's attached text over as "=3".
  const n = Number(value.replace(/^=/, ""));
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(`invalid value "${value}" for -v: must be a non-negative integer`);
  return n;
}

function format(value: string): LoggingFormat {
  if (value !== "text" && value !== "json")
    throw new InvalidArgumentError(`format ${JSON.stringify(value)} is not supported (use "text" or "json")`);
  return value;
}

const SEVERITY: Record<number, string> = { 50: "E", 40: "W" };

function pad(n: number, width = 2): string {
  return String(n).padStart(width, "0");
}

/** klog's header: severity, MMDD hh:mm:ss.uuuuuu (UTC), pid. */
function header(level: number, time: number, pid: number): string {
  const d = new Date(time);
  const micros = pad(d.getUTCMilliseconds(), 3) + "000";
  const stamp = `${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${micros}`;
  return `${SEVERITY[level] ?? "I"}${stamp} ${String(pid).padStart(7)}`;
}

function quote(v: unknown): string {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "number" || typeof v === "boolean" || v === null) return String(v);
  return JSON.stringify(v);
}

/** One pino JSON line as klog text. */
export function textLine(json: string): string {
  const {
    level,
    time,
    pid,
    msg,
    v: _v,
    ...fields
  } = JSON.parse(json) as Record<string, unknown> & { level: number; time: number; pid: number; msg?: string };
  const kv = Object.entries(fields).map(([k, v]) => ` ${k}=${quote(v)}`);
  return `${header(level, time, pid)}] ${quote(msg ?? "")}${kv.join("")}\n`;
}

/** pino's JSON renamed to component-base's keys: ts (seconds, float) and v. */
function jsonLine(json: string): string {
  const {
    level,
    time,
    pid: _pid,
    msg,
    ...fields
  } = JSON.parse(json) as Record<string, unknown> & { level: number; time: number; msg?: string };
  const out: Record<string, unknown> = { ts: time / 1000 };
  if (level >= 40) out["level"] = level >= 50 ? "error" : "warn";
  out["msg"] = msg ?? "";
  if (level < 40) out["v"] = fields["v"] ?? 0;
  delete fields["v"];
  return `${JSON.stringify({ ...out, ...fields })}\n`;
}

/** A pino logger with the klog levels, writing `format` to `out` (stderr by default). */
export function newPino(flags: LoggingFlags, out: { write(s: string): unknown } = process.stderr): Pino<string> {
  const render = flags.loggingFormat === "json" ? jsonLine : textLine;
  const stream: DestinationStream = { write: (line: string) => void out.write(render(line)) };
  return pino({ customLevels, level: levelName(flags.v), base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.epochTime }, stream);
}

/** The runtime's Logger interface over pino. */
export function pinoLogger(p: Pino<string>, verbosityLevel: number): Logger {
  const call = (name: string, msg: string, fields: LogFields | undefined): void => {
    const f = fields ? Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? v.message : v])) : {};
    (p as unknown as Record<string, (obj: object, msg: string) => void>)[name]!(f, msg);
  };
  return {
    error: (msg, fields) => call("error", msg, fields),
    warn: (msg, fields) => call("warn", msg, fields),
    info: (msg, fields, level = 0) => {
      if (level > verbosityLevel) return;
      call(levelName(level), msg, { ...fields, v: level });
    },
    enabled: (level) => level <= verbosityLevel,
  };
}

/** Builds the logger the flags ask for and makes it the runtime's too. */
export function setupLogging(flags: LoggingFlags, out?: { write(s: string): unknown }): Logger {
  const logger = pinoLogger(newPino(flags, out), flags.v);
  setLogger(logger);
  return logger;
}
