/** objectCopier: the generated deepcopy for registered kinds, a JSON copy for anything else. */
import { describe, expect, it } from "vitest";
import { copyObject, objectCopier } from "../../../apiserver/registry/copy.js";
import { Scheme } from "../../../runtime/scheme.js";

describe("objectCopier", () => {
  it("copies a built-in kind with its generated deepcopy, sharing nothing", () => {
    const pod = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "a", labels: { x: "1" }, managedFields: [{ manager: "m", fieldsV1: { "f:spec": {} } }] },
      spec: { containers: [{ name: "c", image: "i", env: [{ name: "A", value: "1" }] }] },
    };
    const copy = copyObject(pod);
    expect(copy).toEqual(pod);
    expect(copy.spec.containers[0]).not.toBe(pod.spec.containers[0]);
    expect(copy.metadata.managedFields[0]!.fieldsV1).not.toBe(pod.metadata.managedFields[0]!.fieldsV1);
    copy.metadata.labels.x = "2";
    expect(pod.metadata.labels.x).toBe("1");
  });

  it("calls the kind's registered deepcopy function", () => {
    const scheme = new Scheme();
    const calls: unknown[] = [];
    scheme.addKnownTypes({ group: "example.com", version: "v1" }, [
      { kind: "Widget", deepCopy: (o: never) => (calls.push(o), { ...(o as object), copied: true }) },
    ]);
    const copy = objectCopier(scheme);
    const w = { apiVersion: "example.com/v1", kind: "Widget", spec: {} };
    expect(copy(w)).toEqual({ ...w, copied: true });
    expect(copy(w)).toEqual({ ...w, copied: true });
    expect(calls).toEqual([w, w]);
  });

  it("copies custom resources and unstructured values as JSON", () => {
    const cr = { apiVersion: "example.com/v1", kind: "Thing", spec: { list: [1, { a: null }], free: { "x-y": true } }, absent: undefined };
    const copy = copyObject(cr);
    expect(copy).toEqual(cr);
    expect("absent" in copy).toBe(true);
    expect(copy.spec.list[1]).not.toBe(cr.spec.list[1]);
    expect(copyObject([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(copyObject("s")).toBe("s");
    const bare = { metadata: { name: "n" } };
    expect(copyObject(bare).metadata).not.toBe(bare.metadata);
  });
});
