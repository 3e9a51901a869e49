/**
 * How the runtime (a library) reports what it recovers from: through a Logger its user gives it,
 * never the console. Levels as klog's: errors, warnings, and info at a verbosity V(n) (V(0) is
 * plain info; higher is chattier). The default writes warnings and errors to stderr and drops
 * info, as a library should; `setLogger` routes everything (kubegen's commands pass pino).
 */

export type LogFields = Record<string, unknown>;

export interface Logger {
  error(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  /** klog's `V(level).InfoS`: written when the verbosity is at least `level` (default 0). */
  info(msg: string, fields?: LogFields, level?: number): void;
  /** Whether `info` at `level` is written (to skip building costly fields). */
  enabled?(level: number): boolean;
}

function line(msg: string, fields: LogFields | undefined): string {
  if (!fields) return msg;
  const kv = Object.entries(fields).map(
    ([k, v]) => `${k}=${typeof v === "string" ? JSON.stringify(v) : v instanceof Error ? JSON.stringify(v.message) : JSON.stringify(v)}`,
  );
  return kv.length === 0 ? msg : `${msg} ${kv.join(" ")}`;
}

/** Warnings and errors to stderr, one line each; info dropped. */
export const warningsToStderr: Logger = {
  error: (msg, fields) => void process.stderr.write(`E ${line(msg, fields)}\n`),
  warn: (msg, fields) => void process.stderr.write(`W ${line(msg, fields)}\n`),
  info: () => {},
  enabled: () => false,
};

/** Drops everything (tests that provoke errors on purpose). */
export const discardLogger: Logger = { error: () => {}, warn: () => {}, info: () => {}, enabled: () => false };

let current: Logger = warningsToStderr;

/** The logger runtime code writes to when its user gave none in the options. */
export function getLogger(): Logger {
  return current;
}

/** Routes the runtime's logs (process-wide); returns the logger it replaced. */
export function setLogger(logger: Logger): Logger {
  const previous = current;
  current = logger;
  return previous;
}

/** A message for `err` (its `message` when it is an Error). */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
