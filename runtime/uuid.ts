/**
 * Random (version 4) UUIDs as one string each. Node's crypto.randomUUID builds its text from
 * about twenty concatenated pieces, near 600 bytes of garbage per UUID; the apiserver makes one
 * for every request (its Audit-Id). Same source of randomness (a CSPRNG pool, refilled in
 * batches as Node's is), same form, written as ASCII into a scratch buffer and read out once.
 */
import { randomFillSync } from "node:crypto";

const PER_FILL = 128;
const pool = Buffer.allocUnsafe(16 * PER_FILL);
let used = PER_FILL;
const text = Buffer.allocUnsafe(36);
const HEX = Buffer.from("0123456789abcdef", "latin1");

/** A new random UUID, `xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx` in lower case. */
export function newUUID(): string {
  if (used === PER_FILL) {
    randomFillSync(pool);
    used = 0;
  }
  const at = 16 * used++;
  let o = 0;
  for (let i = 0; i < 16; i++) {
    let b = pool[at + i]!;
    // The version (4) and the variant (RFC 4122) bits.
    if (i === 6) b = (b & 0x0f) | 0x40;
    else if (i === 8) b = (b & 0x3f) | 0x80;
    text[o++] = HEX[b >> 4]!;
    text[o++] = HEX[b & 15]!;
    if (i === 3 || i === 5 || i === 7 || i === 9) text[o++] = 0x2d;
  }
  return text.toString("latin1", 0, 36);
}
