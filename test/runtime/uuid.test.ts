import { describe, expect, it } from "vitest";
import { newUUID } from "../../runtime/uuid.js";

describe("newUUID", () => {
  it("makes distinct version 4 UUIDs of RFC 4122's variant, across pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const id = newUUID();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      seen.add(id);
    }
    expect(seen.size).toBe(1000);
  });

  it("returns strings that stay as they were (the scratch buffer is reused)", () => {
    const first = newUUID();
    const copy = `${first}`;
    newUUID();
    expect(first).toBe(copy);
  });
});
