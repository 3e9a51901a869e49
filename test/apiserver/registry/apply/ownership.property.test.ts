/**
 * Property: whatever two managers apply (ConfigMap data keys; a custom resource's list-map
 * conditions, set tags and granular labels), once the first applies an empty configuration the
 * object holds exactly what the second applied, and managedFields name the second alone, owning
 * exactly its configuration's fields. The second applies with force, so overlaps never stop it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyTo, cm, managers, setup, widget } from "./support.js";

const key = fc.constantFrom("a", "b", "c", "d", "e");
const value = fc.constantFrom("1", "2");
const data = fc.dictionary(key, value, { maxKeys: 5 });
const conditions = fc.uniqueArray(
  fc.record({ type: fc.constantFrom("Ready", "Synced", "Healthy"), status: fc.constantFrom("True", "False") }),
  {
    selector: (c) => c.type,
    maxLength: 3,
  },
);
const tags = fc.uniqueArray(key, { maxLength: 4 });

const PARAMS = { seed: 20261126, numRuns: 40 };

describe("two managers, then removal by one", () => {
  it("leaves exactly the other's ConfigMap data", async () => {
    await fc.assert(
      fc.asyncProperty(data, data, async (first, second) => {
        const { configmaps } = setup();
        await applyTo(configmaps, "a", cm("a", first), "first");
        await applyTo(configmaps, "a", cm("a", second), "second", { force: true });
        const { object } = await applyTo(configmaps, "a", cm("a"), "first");
        expect(object.data ?? {}).toEqual(second);
        const owned =
          Object.keys(second).length > 0
            ? { "second/Apply": { "f:data": Object.fromEntries(Object.keys(second).map((k) => [`f:${k}`, {}])) } }
            : {};
        expect(managers(object)).toEqual(owned);
      }),
      PARAMS,
    );
  });

  it("leaves exactly the other's conditions, tags and labels on a custom resource", async () => {
    const spec = fc.record({ conditions, tags, labels: data });
    await fc.assert(
      fc.asyncProperty(spec, spec, async (first, second) => {
        const { widgets } = setup();
        await applyTo(widgets, "w", widget("w", first), "first");
        await applyTo(widgets, "w", widget("w", second), "second", { force: true });
        const { object } = await applyTo(widgets, "w", widget("w", {}), "first");
        const got = (object.spec ?? {}) as Record<string, unknown>;
        const norm = (s: { conditions?: unknown[]; tags?: unknown[]; labels?: Record<string, string> }) => ({
          conditions: [...((s.conditions ?? []) as { type: string }[])].sort((x, y) => x.type.localeCompare(y.type)),
          tags: [...((s.tags ?? []) as string[])].sort(),
          labels: s.labels ?? {},
        });
        expect(norm(got)).toEqual(norm(second));
        expect(Object.keys(managers(object)).filter((m) => m !== "second/Apply")).toEqual([]);
      }),
      PARAMS,
    );
  });
});
