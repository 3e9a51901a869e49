/** The REST client speaking real Kubernetes protobuf through the generated scheme's codecs: bodies, Status errors, watch frames. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { scheme } from "../../../generated/apis/register.js";
import { decodeObject, encodeObject, encodeWatchFrame } from "../../../runtime/protobuf/index.js";
import { isNotFound, MEDIA_TYPE_PROTOBUF, protobufObjectCodec, RestClient } from "../../../runtime/rest/index.js";
import { startServer, status, type TestServer } from "./test-server.js";

let server: TestServer;
let client: RestClient;

beforeEach(async () => {
  server = await startServer();
  client = new RestClient({ server: server.url, qps: -1, contentType: MEDIA_TYPE_PROTOBUF, protobufCodec: protobufObjectCodec(scheme) });
});

afterEach(async () => {
  client.close();
  await server.close();
});

const namespace = (name: string, rv: string) => ({
  apiVersion: "v1",
  kind: "Namespace",
  metadata: { name, resourceVersion: rv, labels: { team: "a" } },
  spec: { finalizers: ["kubernetes"] },
  status: { phase: "Active" },
});

describe("protobuf through the generated scheme", () => {
  it("creates with a protobuf body and decodes the protobuf answer", async () => {
    server.handle((req, res, body) => {
      const obj = decodeObject<Record<string, unknown>>(scheme, body);
      res
        .writeHead(201, { "Content-Type": MEDIA_TYPE_PROTOBUF })
        .end(encodeObject(scheme, { ...obj, metadata: { ...(obj["metadata"] as object), resourceVersion: "5" } } as never));
      expect(req.headers["content-type"]).toBe(MEDIA_TYPE_PROTOBUF);
    });
    const created = await client.request<ReturnType<typeof namespace>>({
      method: "POST",
      path: "/api/v1/namespaces",
      body: namespace("demo", ""),
    });
    expect(created).toMatchObject({
      apiVersion: "v1",
      kind: "Namespace",
      metadata: { name: "demo", resourceVersion: "5", labels: { team: "a" } },
      status: { phase: "Active" },
    });
  });

  it("turns a protobuf Status into a StatusError", async () => {
    server.handle((_req, res) =>
      res
        .writeHead(404, { "Content-Type": MEDIA_TYPE_PROTOBUF })
        .end(encodeObject(scheme, status(404, "NotFound", 'namespaces "x" not found'))),
    );
    const err = await client.request({ method: "GET", path: "/api/v1/namespaces/x" }).catch((e: unknown) => e);
    expect(isNotFound(err)).toBe(true);
    expect((err as Error).message).toBe('namespaces "x" not found');
  });

  it("decodes protobuf watch frames, one byte at a time", async () => {
    const frames = Buffer.concat([
      encodeWatchFrame(scheme, { type: "ADDED", object: namespace("a", "1") }),
      encodeWatchFrame(scheme, { type: "DELETED", object: namespace("a", "2") }),
      encodeWatchFrame(scheme, { type: "ERROR", object: status(410, "Expired", "too old resource version") }),
    ]);
    server.handle(async (_req, res) => {
      res.writeHead(200, { "Content-Type": `${MEDIA_TYPE_PROTOBUF};stream=watch` });
      for (let i = 0; i < frames.length; i += 97) {
        res.write(frames.subarray(i, i + 97));
        await new Promise((r) => setImmediate(r));
      }
      res.end();
    });
    const seen: Array<[string, unknown]> = [];
    for await (const ev of client.watch<ReturnType<typeof namespace>>({ path: "/api/v1/namespaces" })) {
      seen.push([ev.type, ev.type === "ERROR" ? ev.object.reason : ev.object.metadata.resourceVersion]);
    }
    expect(seen).toEqual([
      ["ADDED", "1"],
      ["DELETED", "2"],
      ["ERROR", "Expired"],
    ]);
  });
});
