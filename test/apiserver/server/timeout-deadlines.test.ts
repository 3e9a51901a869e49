/**
 * The timeout filter's deadlines without a server: requests under the default limit share one
 * list and one timer; each answers 504 at its own deadline, in order, unless it finished first;
 * a failure after the deadline is logged, one before it is the request's.
 */
import { describe, expect, it } from "vitest";
import type { APIRequest, Handler } from "../../../apiserver/endpoints/request-context.js";
import type { RequestInfo } from "../../../apiserver/endpoints/request-info.js";
import type { ResponseWriter } from "../../../apiserver/endpoints/response-writer.js";
import { withTimeout } from "../../../apiserver/server/filters/timeout.js";
import { scheme as builtinScheme } from "../../../generated/apis/register.js";

const info = { isResourceRequest: true, verb: "get", apiGroup: "", apiVersion: "v1", resource: "configmaps", name: "a" } as RequestInfo;

/** What the filter uses of a ResponseWriter. */
class FakeResponse {
  status = 0;
  sealed = false;
  get started(): boolean {
    return this.status !== 0;
  }
  seal(): void {
    this.sealed = true;
  }
  send(code: number): void {
    if (this.status === 0) this.status = code;
  }
}

function request(path = "/api/v1/namespaces/d/configmaps/a"): { req: APIRequest; res: ResponseWriter; aborted: () => boolean } {
  const url = new URL(`https://x${path}`);
  let aborted = false;
  const req = {
    raw: { method: "GET", headers: {} },
    url,
    info,
    user: { name: "u", groups: [] },
    warnings: [],
    startTime: performance.now(),
    abort: () => (aborted = true),
  } as unknown as APIRequest;
  const res = new FakeResponse() as unknown as ResponseWriter;
  return { req, res, aborted: () => aborted };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("request deadlines", () => {
  it("times out waiting requests in order, leaves finished ones alone, and leaves no timer keeping the process up", async () => {
    const logs: string[] = [];
    const gates = new Map<APIRequest, () => void>();
    const handler: Handler = (req, res) =>
      new Promise<void>((resolve, reject) =>
        gates.set(req, () => {
          if (req.url.searchParams.has("fail")) reject(new Error("boom"));
          else {
            res.send(200, "text/plain", "ok");
            resolve();
          }
        }),
      );
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const chain = withTimeout(120, builtinScheme, (l) => logs.push(l))(handler);
    const a = request();
    const b = request();
    const c = request("/api/v1/namespaces/d/configmaps/a?fail=1");
    const settled: string[] = [];
    const pa = chain(a.req, a.res).then(() => settled.push("a"));
    await sleep(30);
    const pb = chain(b.req, b.res).then(() => settled.push("b"));
    const pc = chain(c.req, c.res).then(() => settled.push("c"));
    // The middle one finishes in time; the others are still waiting.
    gates.get(b.req)!();
    await pb;
    expect(b.res.status).toBe(200);
    expect(settled).toEqual(["b"]);
    await pa;
    // The first times out at its own deadline (the later ones still wait for theirs).
    expect(a.res.status).toBe(504);
    expect(a.aborted()).toBe(true);
    expect(settled).toEqual(["b", "a"]);
    expect(c.res.status).toBe(0);
    await pc;
    expect(c.res.status).toBe(504);
    // Late answers change nothing; a late failure is a log line, not the request's error.
    gates.get(a.req)!();
    gates.get(c.req)!();
    await sleep(10);
    expect(a.res.status).toBe(504);
    expect(logs).toEqual(["after timeout, GET /api/v1/namespaces/d/configmaps/a failed: boom"]);
    expect(b.aborted()).toBe(false);
    expect(timers()).toBeLessThanOrEqual(before);
  });

  it("passes a failure before the deadline on, and clears the timer of a request with its own limit", async () => {
    const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout").length;
    const before = timers();
    const failing = withTimeout(60_000, builtinScheme, () => {})(async () => {
      throw new Error("early");
    });
    await expect(failing(request().req, request().res)).rejects.toThrow("early");
    const own = withTimeout(60_000, builtinScheme, () => {})(async (_req, res) => res.send(200, "text/plain", "ok"));
    const r = request("/api/v1/namespaces/d/configmaps/a?timeout=5s");
    await own(r.req, r.res);
    expect(r.res.status).toBe(200);
    expect(timers()).toBeLessThanOrEqual(before);
  });
});
