/**
 * The model without what only documentation reads, for emitters that declare `withoutDocs`
 * (see emitter.ts and write/emit-cache.ts).
 */
import { createHash } from "node:crypto";
import type { Model } from "./types.js";

/**
 * A copy of the model without what only documentation reads: every `doc` is empty and every
 * source position keeps its file but not its line. Shared objects stay shared (the checks and
 * emitters compare some TypeRefs by identity).
 */
export function withoutDocs(model: Model): { model: Model; hash: string } {
  const copies = new Map<object, unknown>();
  const copy = (v: unknown, key: string): unknown => {
    if (key === "doc" && typeof v === "string") return "";
    if (v === null || typeof v !== "object") return v;
    const known = copies.get(v);
    if (known) return known;
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      copies.set(v, out);
      for (const x of v) out.push(copy(x, ""));
      return out;
    }
    const out: Record<string, unknown> = {};
    copies.set(v, out);
    for (const [k, x] of Object.entries(v)) out[k] = copy(x, k);
    if (key === "pos" && typeof out.line === "number") out.line = 0;
    return out;
  };
  const stripped = copy(model, "") as Model;
  return { model: stripped, hash: createHash("sha256").update(JSON.stringify(stripped)).digest("hex") };
}
