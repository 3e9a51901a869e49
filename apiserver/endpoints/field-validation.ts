/**
 * fieldValidation's texts: unknown and duplicate fields of a body. The schema walk itself (shared
 * with the patch path) is in the registry's schema-check.
 */
export { SchemaIndex, type FieldProblems } from "../registry/patch/schema-check.js";

/** The `unknown field "x"` texts upstream's strict decoder produces, in body order. */
export function unknownFieldMessages(paths: readonly string[]): string[] {
  return paths.map((p) => `unknown field ${JSON.stringify(p)}`);
}

/** A key that appears twice in one JSON object: its path (as upstream's strict decoder writes it) and where it first appeared. */
export interface DuplicateField {
  path: string;
  /** Offset of the repeat, where upstream's decoder reports it, to order it among unknown fields. */
  offset: number;
}

/**
 * Finds keys repeated within one JSON object of a body, in the order the repeats occur, each
 * path once (as sigs.k8s.io/json's strict decoding reports them: `spec.containers[0].image`).
 * JSON.parse keeps the last value silently, as Go does; the path is what fieldValidation
 * reports. The text must be valid JSON (it has been parsed already). With `offsets`, the
 * first offset of every key path is recorded there, to order duplicates among unknown fields.
 */
export function findDuplicateFields(text: string, offsets?: Map<string, number>): DuplicateField[] {
  const out: DuplicateField[] = [];
  const seen = new Set<string>();
  /** One entry per open container: its keys (objects) or next index (arrays), and the path length before it. */
  const frames: { keys: Map<string, number> | undefined; index: number }[] = [];
  const segments: string[] = [];
  const path = (): string => segments.join("");
  let pendingKey: string | undefined;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      const start = i;
      let escaped = false;
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) {
          escaped = true;
          i++;
        } else if (d === 0x22) break;
      }
      if (expectKey) {
        const raw = text.slice(start + 1, i);
        pendingKey = escaped ? (JSON.parse(text.slice(start, i + 1)) as string) : raw;
        const frame = frames[frames.length - 1]!;
        const keys = (frame.keys ??= new Map());
        const segment = segments.length > 0 ? `.${pendingKey}` : pendingKey;
        if (keys.has(pendingKey)) {
          const p = path() + segment;
          if (!seen.has(p)) {
            seen.add(p);
            out.push({ path: p, offset: start });
          }
        } else keys.set(pendingKey, start);
        if (offsets) {
          const p = path() + segment;
          if (!offsets.has(p)) offsets.set(p, start);
        }
        segments.push(segment);
        expectKey = false;
      }
      continue;
    }
    switch (c) {
      case 0x7b /* { */:
        frames.push({ keys: undefined, index: -1 });
        expectKey = true;
        break;
      case 0x5b /* [ */:
        frames.push({ keys: undefined, index: 0 });
        segments.push("[0]");
        break;
      case 0x2c /* , */: {
        const frame = frames[frames.length - 1]!;
        segments.pop();
        if (frame.index >= 0) segments.push(`[${++frame.index}]`);
        else expectKey = true;
        break;
      }
      case 0x7d /* } */:
        // An object's last member's key (none for `{}`).
        if (frames[frames.length - 1]!.keys !== undefined) segments.pop();
        frames.pop();
        expectKey = false;
        break;
      case 0x5d /* ] */:
        segments.pop();
        frames.pop();
        break;
      default:
        break;
    }
  }
  return out;
}

/** The `duplicate field "x"` texts upstream's strict decoder produces. */
export function duplicateFieldMessages(fields: readonly DuplicateField[]): string[] {
  return fields.map((f) => `duplicate field ${JSON.stringify(f.path)}`);
}
