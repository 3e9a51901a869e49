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
export function withoutDocs(model: Model): Model {
  return strip(model);
}

/**
 * The sha256 of withoutDocs(model)'s JSON, without copying: a run whose emitters all hit the
 * cache needs no copy.
 */
export function docFreeHash(model: Model): string {
  const json = JSON.stringify(model, function (this: unknown, key: string, value: unknown) {
    if (key === "doc" && typeof value === "string") return "";
    if (key === "line" && typeof value === "number" && isPos(this)) return 0;
    return value;
  });
  return createHash("sha256").update(json).digest("hex");
}

const isPos = (o: unknown): boolean => typeof o === "object" && o !== null && "file" in o && "line" in o && Object.keys(o).length === 2;

function strip(model: Model): Model {
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
    if (typeof out.line === "number" && isPos(out)) out.line = 0;
    return out;
  };
  return copy(model, "") as Model;
}
