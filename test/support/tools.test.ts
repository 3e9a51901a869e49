// The tool gate of test/support/tools.ts: what counts as CI, and that probing finds what is installed.
import { describe, expect, it } from "vitest";
import { inCI, missingTools, toolAvailable } from "./tools.js";

describe("test tools", () => {
  it("treats CI=true or 1 as CI, unset, empty, 0 or false as not", () => {
    expect(inCI({ CI: "true" })).toBe(true);
    expect(inCI({ CI: "1" })).toBe(true);
    expect(inCI({})).toBe(false);
    expect(inCI({ CI: "" })).toBe(false);
    expect(inCI({ CI: "0" })).toBe(false);
    expect(inCI({ CI: "false" })).toBe(false);
  });

  it("reports exactly the tools that are not installed", () => {
    const tools = ["kubectl", "etcd", "chromium"] as const;
    expect(missingTools(tools)).toEqual(tools.filter((t) => !toolAvailable(t)));
  });
});
