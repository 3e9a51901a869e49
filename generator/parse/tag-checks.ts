/**
 * Validates parsed tags against the registry and reads typed values out of them.
 */
import type { Tag } from "../model/types.js";
import type { Diagnostics } from "../model/diagnostics.js";
import { checkProtobufTag, lookupTag, type TagScope } from "./tag-registry.js";

/** Reports unknown, misplaced, malformed and repeated tags; returns the valid ones. */
export function checkTags(tags: Tag[], scope: TagScope, diag: Diagnostics): Tag[] {
  const seen = new Set<string>();
  const ok: Tag[] = [];
  for (const tag of tags) {
    const def = lookupTag(tag.name);
    if (!def) {
      diag.error(tag.pos, `unknown tag +${tag.name}`);
      continue;
    }
    if (!def.scopes.includes(scope)) {
      diag.error(tag.pos, `tag +${tag.name} does not apply to a ${scope} (only to: ${def.scopes.join(", ")})`);
      continue;
    }
    if (def.value === "none" && tag.value !== undefined) {
      diag.error(tag.pos, `tag +${tag.name} takes no value`);
      continue;
    }
    if (def.value === "required" && tag.value === undefined) {
      diag.error(tag.pos, `tag +${tag.name} needs a value (+${tag.name}=...)`);
      continue;
    }
    const problem =
      tag.name === "protobuf" ? checkProtobufTag(scope, tag.value ?? "") : tag.value !== undefined ? def.check?.(tag.value) : undefined;
    if (problem) {
      diag.error(tag.pos, `tag +${tag.name}: ${problem}`);
      continue;
    }
    if (!def.repeatable && seen.has(tag.name)) {
      diag.error(tag.pos, `tag +${tag.name} is given more than once`);
      continue;
    }
    seen.add(tag.name);
    ok.push(tag);
  }
  return ok;
}

export function hasTag(tags: Tag[], name: string): boolean {
  return tags.some((t) => t.name === name);
}

export function tagValue(tags: Tag[], name: string): string | undefined {
  return tags.find((t) => t.name === name)?.value;
}

export function tagValues(tags: Tag[], name: string): string[] {
  return tags.filter((t) => t.name === name).map((t) => t.value ?? "");
}

export function findTag(tags: Tag[], name: string): Tag | undefined {
  return tags.find((t) => t.name === name);
}
