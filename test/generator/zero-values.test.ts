/**
 * The zero-value emitter writes, per served kind, the JSON of its Go zero value as Go's
 * encoding/json writes it: non-pointer structs always (omitempty never drops a struct), fields
 * without omitempty at their zero value, nil pointers as null or left out, wire types as they
 * marshal their zero (Time: null).
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ModelIndex } from "../../generator/model/lookup.js";
import { parseApi } from "../../generator/parse/parse-api.js";
import { structZero, zeroValuesEmitter } from "../../generator/emit/zero-values.js";
import type { StructDecl } from "../../generator/model/types.js";

const model = parseApi(path.resolve(import.meta.dirname, "../../api"));
const index = new ModelIndex(model);
const struct = (pkg: string, name: string) => index.decl(pkg, name) as StructDecl;

describe("zero-values emitter", () => {
  it("a Deployment: template and strategy present (structs), selector null (a pointer without omitempty), replicas absent", () => {
    expect(structZero(index, struct("apps/v1", "Deployment"))).toEqual({
      metadata: { creationTimestamp: null },
      spec: { selector: null, template: { metadata: { creationTimestamp: null }, spec: { containers: null } }, strategy: {} },
      status: {},
    });
  });

  it("scalars without omitempty are written at zero; the file keys kinds by group/version/Kind", () => {
    expect(structZero(index, struct("autoscaling/v2", "HorizontalPodAutoscaler")).spec).toEqual({
      scaleTargetRef: { kind: "", name: "" },
      maxReplicas: 0,
    });
    const [file] = zeroValuesEmitter.emit(model, { outputRoot: "/tmp/out", runtimeImport: "kubegen/runtime" });
    expect(file?.path).toBe("apis/zero-values.ts");
    expect(file?.content).toContain('"/v1/Pod": { metadata: { creationTimestamp: null }, spec: { containers: null }, status: {} },');
    expect(file?.content).toContain('"apps/v1/Deployment": {');
  });
});
