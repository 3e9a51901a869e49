/** Kubernetes JSONPath as printer columns use it. */
import { describe, expect, it } from "vitest";
import { JSONPathError, parseJSONPath } from "../../runtime/jsonpath.js";

const obj = {
  metadata: { name: "a", labels: { "app.kubernetes.io/name": "x" } },
  spec: {
    ports: [
      { name: "http", port: 80 },
      { name: "https", port: 443 },
      { name: "dns", port: 53 },
    ],
  },
  status: {
    conditions: [
      { type: "Progressing", status: "True" },
      { type: "Ready", status: "False" },
    ],
  },
};

describe("JSONPath", () => {
  it.each([
    [".metadata.name", ["a"]],
    ["{.metadata.name}", ["a"]],
    ['.status.conditions[?(@.type=="Ready")].status', ["False"]],
    [".status.conditions[?(@.type == 'Progressing')].status", ["True"]],
    [".spec.ports[?(@.port > 60)].name", ["http", "https"]],
    [".spec.ports[?(@.missing)].name", []],
    [".spec.ports[-1].port", [53]],
    [".spec.ports[0:2].name", ["http", "https"]],
    [".spec.ports[::2].name", ["http", "dns"]],
    [".spec.ports[0,2].port", [80, 53]],
    [".spec.ports[*].port", [80, 443, 53]],
    ["..port", [80, 443, 53]],
    [".metadata.labels['app.kubernetes.io/name']", ["x"]],
    ["$.metadata.name", ["a"]],
    [".nothing.here", []],
  ])("%s", (path, want) => {
    expect(parseJSONPath(path).find(obj)).toEqual(want);
  });

  it.each(['.status.conditions[?(@.type=="Ready"', ".spec.ports[1:x]", ".spec.ports[", ".metadata.labels['x"])(
    "refuses the malformed %s",
    (path) => {
      expect(() => parseJSONPath(path)).toThrow(JSONPathError);
    },
  );
});
