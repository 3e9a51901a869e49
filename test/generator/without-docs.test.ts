/**
 * The doc-free model the cached emitters read: docs blank, source lines zero, shared TypeRefs
 * still shared, and the hash the cache keys it by is the hash of exactly that model.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { docFreeHash, withoutDocs } from "../../generator/model/without-docs.js";
import { parseApi } from "../../generator/parse/parse-api.js";

const model = parseApi(path.resolve("examples/crontab/api"), { libraryRoots: [path.resolve("api")] });

describe("withoutDocs", () => {
  it("blanks every doc and source line, keeps the rest", () => {
    const stripped = withoutDocs(model);
    const json = JSON.stringify(stripped);
    expect(json).not.toMatch(/"doc":"[^"]/);
    expect(json).not.toMatch(/"line":[1-9]/);
    expect(stripped.packages.map((p) => p.path)).toEqual(model.packages.map((p) => p.path));
    expect(model.packages.some((p) => p.types.some((t) => t.doc !== ""))).toBe(true);
  });

  it("keeps a protobuf embed's ref the very TypeRef of its struct's embeds", () => {
    const stripped = withoutDocs(model);
    for (const t of stripped.packages.flatMap((p) => p.types)) {
      if (t.kind !== "struct") continue;
      for (const e of t.protobufEmbeds ?? []) expect(t.embeds).toContain(e.ref);
    }
  });

  it("is keyed by the hash of the stripped model's JSON, which a doc edit leaves alone", () => {
    expect(docFreeHash(model)).toBe(
      createHash("sha256")
        .update(JSON.stringify(withoutDocs(model)))
        .digest("hex"),
    );
    const edited = structuredClone(model);
    const first = edited.packages.find((p) => p.types.length)!.types[0]!;
    first.doc = `${first.doc} Edited.`;
    first.pos = { ...first.pos, line: first.pos.line + 3 };
    expect(docFreeHash(edited)).toBe(docFreeHash(model));
    first.name = `${first.name}X`;
    expect(docFreeHash(edited)).not.toBe(docFreeHash(model));
  });
});
