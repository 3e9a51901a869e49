/**
 * The admission chain's runner: plugins in registration order, each phase waiting on a plugin's
 * promise before the next plugin runs, a throw refusing as a rejection does, and plugins without
 * a phase skipped; a phase in which no plugin returns a promise makes none of its own.
 */
import { describe, expect, it } from "vitest";
import { AdmissionChain, type AdmissionAttributes, type AdmissionPlugin } from "../../../apiserver/admission/interface.js";
import type { UserInfo } from "../../../apiserver/auth/user.js";

const ctx = { signal: new AbortController().signal };

const create = (): AdmissionAttributes => ({
  operation: "CREATE",
  kind: { group: "", version: "v1", kind: "ConfigMap" },
  resource: { group: "", version: "v1", resource: "configmaps" },
  subresource: "",
  namespace: "a",
  name: "c",
  object: { metadata: { name: "c", namespace: "a" } },
  dryRun: false,
  user: { username: "u", groups: [] } as unknown as UserInfo,
});

/** A plugin recording its calls in `log`; `later` makes a phase finish a few turns later. */
function plugin(
  name: string,
  log: string[],
  opts: { admit?: "now" | "later"; validate?: "now" | "later" | "throw" | "reject" } = {},
): AdmissionPlugin {
  const step = (phase: string, how: string | undefined): Promise<void> | undefined => {
    log.push(`${name}.${phase}`);
    if (how === "throw") throw new Error(`${name} refuses`);
    if (how === "reject") return Promise.reject(new Error(`${name} refuses later`));
    if (how !== "later") return undefined;
    return new Promise((r) => setImmediate(r)).then(() => {
      log.push(`${name}.${phase} done`);
    });
  };
  const p: AdmissionPlugin = { name };
  if (opts.admit) Object.assign(p, { admit: () => step("admit", opts.admit) });
  if (opts.validate) Object.assign(p, { validate: () => step("validate", opts.validate) });
  return p;
}

describe("admission chain", () => {
  it("runs each phase in order, waiting on a plugin's promise before the next plugin", async () => {
    const log: string[] = [];
    const chain = new AdmissionChain([
      plugin("a", log, { admit: "now", validate: "later" }),
      plugin("b", log, { admit: "later" }),
      plugin("c", log, { admit: "now", validate: "now" }),
      plugin("d", log, { validate: "later" }),
    ]);
    await chain.run(create(), ctx);
    expect(log).toEqual([
      "a.admit",
      "b.admit",
      "b.admit done",
      "c.admit",
      "a.validate",
      "a.validate done",
      "c.validate",
      "d.validate",
      "d.validate done",
    ]);
  });

  it("returns a settled promise when no plugin waits, so nothing runs after a refusal", async () => {
    const log: string[] = [];
    const chain = new AdmissionChain([plugin("a", log, { admit: "now" }), plugin("b", log, { validate: "now" })]);
    const admitted = chain.admit(create(), ctx);
    // Every plugin ran before the call returned.
    expect(log).toEqual(["a.admit"]);
    await expect(admitted).resolves.toBeUndefined();
    await expect(chain.validate(create(), ctx)).resolves.toBeUndefined();
    expect(log).toEqual(["a.admit", "b.validate"]);
  });

  it("refuses on a plugin's throw or rejection, before or after a wait, and runs no plugin after it", async () => {
    for (const [first, refusing] of [
      ["now", "throw"],
      ["later", "throw"],
      ["now", "reject"],
      ["later", "reject"],
    ] as const) {
      const log: string[] = [];
      const chain = new AdmissionChain([
        plugin("a", log, { validate: first }),
        plugin("b", log, { validate: refusing }),
        plugin("c", log, { validate: "now" }),
      ]);
      // A synchronous throw comes back as a rejection, never out of the call itself.
      const validated = chain.validate(create(), ctx);
      await expect(validated).rejects.toThrow(/b refuses/);
      expect(log).not.toContain("c.validate");
    }
  });
});
