/** The ResponseWriter's headers: what Node is handed for a response, in order, names merged ignoring case. */
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { ResponseWriter } from "../../../apiserver/endpoints/response-writer.js";

/** A ServerResponse that records writeHead and end. */
function fakeResponse(): { raw: ServerResponse; heads: [number, Record<string, unknown>][]; bodies: unknown[] } {
  const heads: [number, Record<string, unknown>][] = [];
  const bodies: unknown[] = [];
  const raw = {
    headersSent: false,
    writableEnded: false,
    destroyed: false,
    writeHead(code: number, headers: Record<string, unknown>) {
      heads.push([code, { ...headers }]);
      raw.headersSent = true;
    },
    end(body?: unknown) {
      bodies.push(body);
      raw.writableEnded = true;
    },
  };
  return { raw: raw as unknown as ServerResponse, heads, bodies };
}

describe("ResponseWriter headers", () => {
  it("sends headers set before first, then the response's, a name set again keeping its first spelling and place", () => {
    const { raw, heads, bodies } = fakeResponse();
    const res = new ResponseWriter(raw, []);
    res.setHeader("Audit-Id", "one");
    res.setHeader("X-Other", "x");
    res.setHeader("Audit-Id", "two");
    res.send(200, "application/json", "{}", { "x-other": "y", "CONTENT-TYPE": "text/plain", "Retry-After": "1" });
    expect(heads).toEqual([
      [200, { "Audit-Id": "two", "X-Other": "y", "Content-Type": "text/plain", "Content-Length": "2", "Retry-After": "1" }],
    ]);
    expect(Object.keys(heads[0]![1])).toEqual(["Audit-Id", "X-Other", "Content-Type", "Content-Length", "Retry-After"]);
    expect(Buffer.from(bodies[0] as Uint8Array).toString()).toBe("{}");
    expect(res.status).toBe(200);
    // Started: later writes are ignored.
    res.send(500, "text/plain", "late");
    expect(heads).toHaveLength(1);
  });

  it("does not merge names that differ in more than letter case", () => {
    const { raw, heads } = fakeResponse();
    const res = new ResponseWriter(raw, []);
    res.setHeader("X-A@", "1");
    res.writeHead(204, { "X-A`": "2", "x-a@": "3" });
    expect(heads).toEqual([[204, { "X-A@": "3", "X-A`": "2" }]]);
  });

  it("hands Node the caller's headers as they are when nothing was set before and there are no warnings; adds warnings last", () => {
    const plain = fakeResponse();
    new ResponseWriter(plain.raw, []).writeHead(200, { "Content-Type": "a" });
    expect(plain.heads).toEqual([[200, { "Content-Type": "a" }]]);
    const warned = fakeResponse();
    new ResponseWriter(warned.raw, ["careful"]).send(200, "text/plain", "ok");
    expect(warned.heads).toEqual([[200, { "Content-Type": "text/plain", "Content-Length": "2", Warning: ['299 - "careful"'] }]]);
  });
});
