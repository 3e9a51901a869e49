/**
 * OpenAPI compatibility, checked against an independent reading of upstream's 1.34 OpenAPI:
 * @kubernetes/client-node 1.x is generated from it, one model class per definition, each listing
 * its properties with their JSON names and formats (attributeTypeMap) and marking the required
 * ones as non-optional in its .d.ts. For every definition of our OpenAPI v2 document that has a
 * model there: the same property names, the same formats (int32, int64, date-time, byte, double)
 * and the same required list.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as k8s from "@kubernetes/client-node";
import { describe, expect, it } from "vitest";
import swagger from "../../generated/openapi/v2/swagger.json" with { type: "json" };

interface Schema {
  type?: string;
  format?: string;
  $ref?: string;
  items?: Schema;
  additionalProperties?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Attribute {
  baseName: string;
  type: string;
  format: string;
}

const defs = (swagger as unknown as { definitions: Record<string, Schema> }).definitions;
const models = k8s as unknown as Record<string, { getAttributeTypeMap?: () => Attribute[] } | undefined>;
const require = createRequire(import.meta.url);
const modelsDir = path.join(path.dirname(require.resolve("@kubernetes/client-node/package.json")), "dist/gen/models");

const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** client-node's class for a definition: group-prefixed where upstream's names collide, else version + kind. */
function modelName(def: string): string | undefined {
  const m =
    /^io\.k8s\.(?:api\.([a-z0-9]+)|kube-aggregator\.pkg\.apis\.([a-z0-9]+)|apiextensions-apiserver\.pkg\.apis\.([a-z0-9]+))\.(v\d+)\.(\w+)$/.exec(
      def,
    );
  if (!m) return undefined;
  const group = m[1] ?? m[2] ?? m[3]!;
  const [version, kind] = [m[4]!, m[5]!];
  for (const name of [`${cap(group)}${cap(version)}${kind}`, `${cap(version)}${kind}`]) {
    if (models[name]?.getAttributeTypeMap) return name;
  }
  return undefined;
}

/** The format a property has, following a $ref to a scalar definition (Time is a date-time string). */
function formatOf(s: Schema): string {
  if (s.format) return s.format;
  if (s.$ref) return defs[s.$ref.replace("#/definitions/", "")]?.format ?? "";
  if (s.items) return formatOf(s.items);
  if (s.additionalProperties) return formatOf(s.additionalProperties);
  return "";
}

const SCALAR_FORMATS = new Set(["int32", "int64", "date-time", "byte", "double"]);

/** The properties client-node's .d.ts declares without `?`. */
function requiredIn(name: string): string[] {
  const text = fs.readFileSync(path.join(modelsDir, `${name}.d.ts`), "utf8");
  return [...text.matchAll(/^\s+'([^']+)':/gm)].map((m) => m[1]!).sort();
}

const pairs = Object.keys(defs)
  .sort()
  .flatMap((def) => {
    const name = modelName(def);
    return name && defs[def]!.properties ? [[def, name] as const] : [];
  });

describe("OpenAPI definitions against @kubernetes/client-node's models", () => {
  it("finds a model for the definitions of every served group", () => {
    // The create-only reviews' groups (authentication, authorization) included, as upstream's.
    const groups = [...new Set(pairs.map(([def]) => def.split(".").slice(0, -2).join(".")))].sort();
    expect(groups).toEqual([
      ...["admissionregistration", "apps", "authentication", "authorization", "autoscaling", "batch", "certificates"].map(
        (g) => `io.k8s.api.${g}`,
      ),
      ...["coordination", "core", "discovery", "events"].map((g) => `io.k8s.api.${g}`),
      ...["flowcontrol", "networking", "node", "policy", "rbac", "resource", "scheduling", "storage"].map((g) => `io.k8s.api.${g}`),
      "io.k8s.apiextensions-apiserver.pkg.apis.apiextensions",
      "io.k8s.kube-aggregator.pkg.apis.apiregistration",
    ]);
    expect(pairs.length).toBeGreaterThan(500);
  });

  it.each(pairs)("%s (%s): property names, formats and required list", (def, name) => {
    const ours = defs[def]!;
    const attrs = models[name]!.getAttributeTypeMap!();
    expect(Object.keys(ours.properties ?? {}).sort()).toEqual(attrs.map((a) => a.baseName).sort());
    for (const a of attrs) {
      if (!SCALAR_FORMATS.has(a.format)) continue;
      expect(formatOf(ours.properties![a.baseName]!), `${def}.${a.baseName}`).toBe(a.format);
    }
    expect([...(ours.required ?? [])].sort()).toEqual(requiredIn(name));
  });
});
