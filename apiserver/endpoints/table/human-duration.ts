/** Ages as kubectl shows them ("5m", "2d3h"): upstream's duration.HumanDuration, ~2-3 significant figures. */

/** Formats a duration in milliseconds. */
export function humanDuration(ms: number): string {
  const seconds = Math.trunc(ms / 1000);
  // Up to a second in the future is clock skew between machines: call it now.
  if (seconds < -1) return "<invalid>";
  if (seconds < 0) return "0s";
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.trunc(seconds / 60);
  if (minutes < 10) {
    const s = seconds % 60;
    return s === 0 ? `${minutes}m` : `${minutes}m${s}s`;
  }
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.trunc(seconds / 3600);
  if (hours < 8) {
    const m = minutes % 60;
    return m === 0 ? `${hours}h` : `${hours}h${m}m`;
  }
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) {
    const h = hours % 24;
    return h === 0 ? `${Math.trunc(hours / 24)}d` : `${Math.trunc(hours / 24)}d${h}h`;
  }
  if (hours < 24 * 365 * 2) return `${Math.trunc(hours / 24)}d`;
  if (hours < 24 * 365 * 8) {
    const dy = Math.trunc(hours / 24) % 365;
    const years = Math.trunc(hours / 24 / 365);
    return dy === 0 ? `${years}y` : `${years}y${dy}d`;
  }
  return `${Math.trunc(hours / 24 / 365)}y`;
}

/** The age of a timestamp ("<unknown>" when absent or unparsable), as upstream's translateTimestampSince. */
export function ageOf(timestamp: unknown, now = Date.now()): string {
  if (typeof timestamp !== "string" || timestamp === "") return "<unknown>";
  const t = Date.parse(timestamp);
  if (Number.isNaN(t)) return "<unknown>";
  return humanDuration(now - t);
}
