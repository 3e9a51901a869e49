/**
 * Protobuf compatibility with upstream's round-trip fixtures (kubernetes/api testdata/HEAD at
 * v0.34.0: one object per kind, every field set, as JSON and as the bytes Go writes). For every
 * fixture whose kind our scheme registers: our encoding of the JSON is byte-identical to upstream's
 * .pb, and our decoding of the .pb equals the JSON.
 *
 * The fixtures are upstream's data, so they are not committed: KUBE_API_TESTDATA names the folder
 * (.ci/run fetches it). Without it, the committed fixtures under test/fixtures/kube-api-testdata/
 * run instead; their bytes were derived with protoc from our own text-format messages, not with
 * our encoder (derive.sh there).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scheme } from "../../generated/apis/register.js";
import { decodeObject, encodeObject } from "../../runtime/index.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.env.KUBE_API_TESTDATA ?? path.join(here, "../fixtures/kube-api-testdata");

interface Fixture {
  name: string;
  json: Record<string, unknown>;
  pb: Uint8Array;
}

function gvk(obj: Record<string, unknown>): { group: string; version: string; kind: string } {
  const apiVersion = typeof obj.apiVersion === "string" ? obj.apiVersion : "";
  const slash = apiVersion.indexOf("/");
  return {
    group: slash < 0 ? "" : apiVersion.slice(0, slash),
    version: slash < 0 ? apiVersion : apiVersion.slice(slash + 1),
    kind: typeof obj.kind === "string" ? obj.kind : "",
  };
}

function fixtures(): Fixture[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json") && fs.existsSync(path.join(dir, f.replace(/\.json$/, ".pb"))))
    .sort()
    .map((f) => ({
      name: f.replace(/\.json$/, ""),
      json: JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Record<string, unknown>,
      pb: new Uint8Array(fs.readFileSync(path.join(dir, f.replace(/\.json$/, ".pb")))),
    }))
    .filter((x) => scheme.recognizes(gvk(x.json)));
}

const all = fixtures();

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex").replace(/(..)/g, "$1 ").trim();
}

describe(`upstream protobuf fixtures (${path.relative(process.cwd(), dir) || dir})`, () => {
  it("covers kinds of the registered group-versions", () => {
    expect(all.length).toBeGreaterThan(0);
  });

  it.each(all.map((f) => [f.name, f] as const))("%s: our encoding of the JSON is upstream's bytes", (_name, f) => {
    expect(hex(encodeObject(scheme, f.json as never))).toBe(hex(f.pb));
  });

  it.each(all.map((f) => [f.name, f] as const))("%s: our decoding of upstream's bytes is the JSON", (_name, f) => {
    expect(decodeObject(scheme, f.pb)).toEqual(f.json);
  });
});
