/** The client's JSON watch decoder refuses objects nested past client-go's 10,000 levels, and only scans frames long enough to be. */
import { describe, expect, it } from "vitest";
import { MAX_WATCH_DEPTH, decodeJsonWatchEvent } from "../../../runtime/rest/watch.js";

const frame = (spec: string): Buffer => Buffer.from(`{"type":"ADDED","object":{"kind":"X","spec":${spec}}}`);

const specOf = (f: Buffer): unknown => (decodeJsonWatchEvent(f).object as { spec?: unknown }).spec;

describe("JSON watch frames nested deep", () => {
  it("decodes objects at the limit and refuses one level more with Go's text", () => {
    // The event and its object are two levels; the spec takes the rest.
    const atLimit = MAX_WATCH_DEPTH - 2;
    expect(decodeJsonWatchEvent(frame(`${"[".repeat(atLimit)}${"]".repeat(atLimit)}`)).type).toBe("ADDED");
    expect(() => decodeJsonWatchEvent(frame(`${"[".repeat(atLimit + 1)}${"]".repeat(atLimit + 1)}`))).toThrow(
      "invalid character '[' exceeded max depth",
    );
    expect(() => decodeJsonWatchEvent(frame(`${'{"a":'.repeat(100_000)}1${"}".repeat(100_000)}`))).toThrow(
      "invalid character '{' exceeded max depth",
    );
  });

  it("takes wide values with more brackets than the limit", () => {
    const wide = `[${Array.from({ length: 2 * MAX_WATCH_DEPTH }, () => '{"a":[]}').join(",")}]`;
    expect(specOf(frame(wide))).toHaveLength(2 * MAX_WATCH_DEPTH);
  });

  it("does not count brackets inside strings", () => {
    const text = JSON.stringify("[".repeat(3 * MAX_WATCH_DEPTH));
    expect(specOf(frame(text))).toHaveLength(3 * MAX_WATCH_DEPTH);
    const escaped = JSON.stringify(`\\"${"{".repeat(3 * MAX_WATCH_DEPTH)}`);
    expect(specOf(frame(escaped))).toHaveLength(2 + 3 * MAX_WATCH_DEPTH);
  });
});
