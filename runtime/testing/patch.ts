/** JSON patch (RFC 6902) and JSON merge patch (RFC 7386) applied to plain objects, for the fake clientset's patch verb. */

type Json = unknown;

function isObject(v: Json): v is Record<string, Json> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Merges `patch` into `target` (RFC 7386): null removes a field, objects merge, anything else replaces. Returns a new value. */
export function applyMergePatch(target: Json, patch: Json): Json {
  if (!isObject(patch)) return structuredClone(patch);
  const out: Record<string, Json> = isObject(target) ? { ...target } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = applyMergePatch(out[k], v);
  }
  return out;
}

/** One RFC 6902 operation. */
export interface JsonPatchOperation {
  op: "add" | "remove" | "replace" | "move" | "copy" | "test";
  path: string;
  value?: Json;
  from?: string;
}

function parsePointer(pointer: string): string[] {
  if (pointer === "") return [];
  if (!pointer.startsWith("/")) throw new Error(`invalid JSON pointer ${JSON.stringify(pointer)}`);
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function arrayIndex(arr: Json[], token: string, forAdd: boolean): number {
  if (forAdd && token === "-") return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new Error(`invalid array index ${JSON.stringify(token)}`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new Error(`array index ${i} out of range`);
  return i;
}

/** The container holding the pointer's last token, and that token. */
function parentOf(doc: Json, tokens: string[]): { parent: Json; key: string } {
  let cur = doc;
  for (const t of tokens.slice(0, -1)) {
    if (Array.isArray(cur)) cur = cur[arrayIndex(cur, t, false)];
    else if (isObject(cur) && t in cur) cur = cur[t];
    else throw new Error(`path /${tokens.join("/")} does not exist`);
  }
  return { parent: cur, key: tokens[tokens.length - 1]! };
}

function getAt(doc: Json, tokens: string[]): Json {
  if (tokens.length === 0) return doc;
  const { parent, key } = parentOf(doc, tokens);
  if (Array.isArray(parent)) return parent[arrayIndex(parent, key, false)];
  if (isObject(parent) && key in parent) return parent[key];
  throw new Error(`path /${tokens.join("/")} does not exist`);
}

function removeAt(doc: Json, tokens: string[]): Json {
  const { parent, key } = parentOf(doc, tokens);
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, key, false), 1)[0];
  if (isObject(parent) && key in parent) {
    const old = parent[key];
    delete parent[key];
    return old;
  }
  throw new Error(`path /${tokens.join("/")} does not exist`);
}

function addAt(doc: Json, tokens: string[], value: Json): Json {
  if (tokens.length === 0) return value;
  const { parent, key } = parentOf(doc, tokens);
  if (Array.isArray(parent)) parent.splice(arrayIndex(parent, key, true), 0, value);
  else if (isObject(parent)) parent[key] = value;
  else throw new Error(`path /${tokens.join("/")} has no container`);
  return doc;
}

/** Applies RFC 6902 operations in order to a copy of `target`; a failing operation (or `test`) throws. */
export function applyJsonPatch(target: Json, ops: readonly JsonPatchOperation[]): Json {
  let doc = structuredClone(target);
  for (const op of ops) {
    const path = parsePointer(op.path);
    switch (op.op) {
      case "add":
        doc = addAt(doc, path, structuredClone(op.value));
        break;
      case "remove":
        removeAt(doc, path);
        break;
      case "replace":
        if (path.length === 0) doc = structuredClone(op.value);
        else {
          removeAt(doc, path);
          doc = addAt(doc, path, structuredClone(op.value));
        }
        break;
      case "move": {
        const from = parsePointer(op.from ?? "");
        const value = removeAt(doc, from);
        doc = addAt(doc, path, value);
        break;
      }
      case "copy":
        doc = addAt(doc, path, structuredClone(getAt(doc, parsePointer(op.from ?? ""))));
        break;
      case "test":
        if (JSON.stringify(getAt(doc, path)) !== JSON.stringify(op.value)) throw new Error(`test failed at ${op.path}`);
        break;
      default:
        throw new Error(`unknown JSON patch operation ${JSON.stringify((op as { op: unknown }).op)}`);
    }
  }
  return doc;
}
