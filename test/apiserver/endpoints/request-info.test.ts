import { beforeEach, describe, expect, it } from "vitest";
import {
  BYPASS_MISSES,
  clearTargetCache,
  GENERATION_TARGETS,
  isLongRunning,
  parseRequestInfo,
  parseRequestTarget,
} from "../../../apiserver/endpoints/request-info.js";

const info = (method: string, path: string) => parseRequestInfo(method, new URL(path, "https://x"));

describe("parseRequestInfo", () => {
  it.each([
    ["GET", "/api/v1/namespaces", { verb: "list", resource: "namespaces", namespace: "", name: "" }],
    ["GET", "/api/v1/namespaces?watch=1", { verb: "watch", resource: "namespaces" }],
    ["GET", "/api/v1/namespaces?watch=false", { verb: "list" }],
    ["GET", "/api/v1/namespaces/x", { verb: "get", resource: "namespaces", name: "x", namespace: "x" }],
    ["PUT", "/api/v1/namespaces/x/status", { verb: "update", resource: "namespaces", name: "x", subresource: "status" }],
    ["PUT", "/api/v1/namespaces/x/finalize", { verb: "update", subresource: "finalize" }],
    ["POST", "/api/v1/namespaces/ns/configmaps", { verb: "create", resource: "configmaps", namespace: "ns", name: "" }],
    ["DELETE", "/api/v1/namespaces/ns/configmaps", { verb: "deletecollection", namespace: "ns" }],
    ["DELETE", "/api/v1/namespaces/ns/configmaps/c", { verb: "delete", name: "c" }],
    [
      "PATCH",
      "/apis/coordination.k8s.io/v1/namespaces/ns/leases/l",
      { verb: "patch", apiGroup: "coordination.k8s.io", apiVersion: "v1", resource: "leases", name: "l" },
    ],
    ["GET", "/api/v1/watch/namespaces/ns/configmaps", { verb: "watch", resource: "configmaps", namespace: "ns", watchPath: true }],
    ["GET", "/api/v1/watch/namespaces/x", { verb: "watch", resource: "namespaces", name: "x" }],
    ["GET", "/api/v1/configmaps?fieldSelector=metadata.name%3Dc", { verb: "list", name: "c", pathName: "" }],
  ])("%s %s", (method, path, want) => {
    expect(info(method, path)).toMatchObject({ isResourceRequest: true, ...want });
  });

  it.each([
    "/api",
    "/apis",
    "/api/v1",
    "/apis/coordination.k8s.io",
    "/apis/coordination.k8s.io/v1",
    "/healthz",
    "/openapi/v3/api/v1",
    "/version",
  ])("%s is not a resource request", (path) => {
    const i = info("GET", path);
    expect(i.isResourceRequest).toBe(false);
    expect(i.verb).toBe("get");
  });

  it("watches are long-running, lists are not", () => {
    expect(isLongRunning(info("GET", "/api/v1/pods?watch=true"))).toBe(true);
    expect(isLongRunning(info("GET", "/api/v1/pods"))).toBe(false);
  });

  it.each([
    ["DELETE", "/api/v1/namespaces/ns/configmaps/..", ".."],
    ["GET", "/api/v1/namespaces/ns/configmaps/.", "."],
    ["DELETE", "/api/v1/namespaces/ns/configmaps/%2E%2e", ".."],
    ["PUT", "/apis/rbac.authorization.k8s.io/v1/clusterroles/..?dryRun=All", ".."],
  ])("%s %s names the object %j, not the parent the URL resolves to", (method, path, name) => {
    const { info: i } = parseRequestTarget(method, path);
    expect(i).toMatchObject({ isResourceRequest: true, name, pathName: name });
    expect(i.resource).toBe(path.includes("clusterroles") ? "clusterroles" : "configmaps");
  });
});

describe("parseRequestTarget's cache", () => {
  const cm = (n: number) => `/api/v1/namespaces/cache/configmaps/cm-${n}`;
  const get = (path: string) => parseRequestTarget("GET", path);
  beforeEach(() => clearTargetCache());

  it("keeps targets in use while many others pass", () => {
    const hot = get(cm(-1));
    for (let n = 0; n < 3 * GENERATION_TARGETS; n++) {
      get(cm(n));
      if (n % 1000 === 0) expect(get(cm(-1))).toBe(hot);
    }
    expect(get(cm(-1))).toBe(hot);
  });

  it("finds targets again when clients cycle through more than one generation holds (a single map cleared when full found none)", () => {
    const size = Math.floor(1.5 * GENERATION_TARGETS);
    const round = () => Array.from({ length: size }, (_, n) => get(cm(n)));
    let previous = round();
    for (let r = 0; r < 3; r++) {
      const next = round();
      expect(next.filter((t, n) => t === previous[n]).length).toBeGreaterThan(0.25 * size);
      previous = next;
    }
  });

  it("is bounded: a target unused for two generations is parsed again", () => {
    const once = parseRequestTarget("DELETE", cm(-1));
    // Each other target asked twice: the cache is in use, it keeps caching.
    for (let n = 0; n < 2 * GENERATION_TARGETS + 1; n++) for (const _ of [0, 1]) parseRequestTarget("DELETE", cm(n));
    const again = parseRequestTarget("DELETE", cm(-1));
    expect(again).not.toBe(once);
    expect(again.info).toEqual(once.info);
  });

  it("keeps no new targets for a while after a generation filled with few hits (clients cycling through more than it holds)", () => {
    const hot = get(cm(-1));
    for (let n = 0; n < 2 * GENERATION_TARGETS; n++) {
      get(cm(n));
      if (n % 1000 === 0) get(cm(-1));
    }
    // Two generations filled with hardly any reuse: new targets are parsed and dropped...
    const a = get(cm(-2));
    expect(get(cm(-2))).not.toBe(a);
    expect(get(cm(-2)).info).toEqual(a.info);
    // ...while the targets already kept are still found...
    expect(get(cm(-1))).toBe(hot);
    // ...and after BYPASS_MISSES new targets, they are kept again.
    for (let n = 0; n < BYPASS_MISSES; n++) get(cm(2 * GENERATION_TARGETS + n));
    const b = get(cm(-3));
    expect(get(cm(-3))).toBe(b);
  });
});
