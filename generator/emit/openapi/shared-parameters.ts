/**
 * Swagger 2.0 shared parameters: kube-openapi replaces each parameter that is not kind-specific
 * with a `$ref` into the top-level `parameters`, named `<name>-<hash>` after a hash of its JSON.
 * `name`, `dryRun` and `fieldValidation` stay inline (clients look for the latter two on the
 * operation), and so do bodies that carry the kind's own schema.
 */
import { sortKeys, type Json } from "./json.js";
import type { Schema } from "./schema.js";

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = (1n << 64n) - 1n;

/** FNV-1 (64-bit) of the UTF-8 bytes, first six bytes base64url: eight characters, as upstream names them. */
export function paramHash(s: string): string {
  let h = FNV_OFFSET;
  for (const b of Buffer.from(s, "utf8")) h = ((h * FNV_PRIME) & MASK) ^ BigInt(b);
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(h);
  return bytes.subarray(0, 6).toString("base64url");
}

function isShared(p: Schema): boolean {
  if (p.name === "name" && (p.in === "query" || p.in === "path")) return false;
  if (p.in === "query" && (p.name === "fieldValidation" || p.name === "dryRun")) return false;
  if (p.in === "body") {
    const ref = (p.schema as Schema | undefined)?.$ref;
    return typeof ref === "string" && ref.startsWith("#/definitions/io.k8s.apimachinery");
  }
  return true;
}

const OPERATIONS = ["get", "put", "post", "delete", "options", "head", "patch"];

/** Moves shared parameters out of `paths` (in place) and returns the `parameters` section. */
export function shareParameters(paths: Record<string, Schema>): Record<string, Schema> {
  const names = new Map<string, string>();
  const byJson = new Map<string, Schema>();
  const lists: Json[][] = [];
  for (const item of Object.values(paths)) {
    for (const op of OPERATIONS) {
      const params = (item[op] as Schema | undefined)?.parameters;
      if (Array.isArray(params)) lists.push(params);
    }
    if (Array.isArray(item.parameters)) lists.push(item.parameters);
  }
  for (const list of lists) {
    for (const p of list as Schema[]) if (isShared(p)) byJson.set(JSON.stringify(sortKeys(p)), p);
  }
  const parameters: Record<string, Schema> = {};
  for (const key of [...byJson.keys()].sort()) {
    const p = byJson.get(key)!;
    const base = typeof p.name === "string" ? p.name : "";
    let name = `${base}-${paramHash(key)}`;
    for (let i = 1; parameters[name]; i++) name = `${base}-${i}`;
    parameters[name] = p;
    names.set(key, name);
  }
  for (const list of lists) {
    list.forEach((p, i) => {
      const name = names.get(JSON.stringify(sortKeys(p)));
      if (name) list[i] = { $ref: `#/parameters/${name}` };
    });
  }
  return parameters;
}
