/** Object names the server makes: generateName's random suffix (as upstream's SimpleNameGenerator) and timestamps. */
import { randomInt } from "node:crypto";

const ALPHANUMS = "bcdfghjklmnpqrstvwxz2456789";
const RANDOM_LENGTH = 5;
const MAX_GENERATED_BASE = 63 - RANDOM_LENGTH;

/** `base` (cut to 58 characters) followed by five random characters from upstream's alphabet. */
export function generateName(base: string): string {
  let out = base.length > MAX_GENERATED_BASE ? base.slice(0, MAX_GENERATED_BASE) : base;
  for (let i = 0; i < RANDOM_LENGTH; i++) out += ALPHANUMS[randomInt(ALPHANUMS.length)];
  return out;
}

let lastSecond = NaN;
let lastText = "";

/** A metav1.Time: RFC 3339 in UTC with second precision (every write formats one; the text is reused within a second). */
export function formatTime(d: Date): string {
  const second = Math.floor(d.getTime() / 1000);
  if (second !== lastSecond) {
    lastText = `${d.toISOString().slice(0, 19)}Z`;
    lastSecond = second;
  }
  return lastText;
}
