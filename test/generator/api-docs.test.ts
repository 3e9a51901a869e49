/**
 * Every type and field of the built-in API carries a doc sentence of ours (issue #15): users read
 * them in `kubectl explain`, the docs site and their editor. The check runs on the emitted OpenAPI,
 * which is where a missing comment shows.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

interface Definition {
  description?: string;
  properties?: Record<string, { description?: string }>;
}

const swagger = JSON.parse(readFileSync(new URL("../../generated/openapi/v2/swagger.json", import.meta.url), "utf8")) as {
  definitions: Record<string, Definition>;
};

describe("the built-in API's documentation", () => {
  const definitions = Object.entries(swagger.definitions);

  it("covers the whole API", () => {
    expect(definitions.length).toBeGreaterThan(500);
  });

  it("describes every definition and every property", () => {
    const missing: string[] = [];
    for (const [name, definition] of definitions) {
      if (!definition.description?.trim()) missing.push(name);
      for (const [property, schema] of Object.entries(definition.properties ?? {})) {
        if (!schema.description?.trim()) missing.push(`${name}.${property}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
