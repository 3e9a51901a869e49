/**
 * `kubegen proto encode|decode` as users run it: JSON or YAML in, enveloped protobuf out and
 * back, exit code 1 with one line on stderr for input it cannot handle.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, it } from "vitest";
import { scheme } from "../../generated/apis/register.js";
import { decodeObject, encodeObject } from "../../runtime/index.js";

const BIN = path.resolve("bin/kubegen.js");

interface Result {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

function kubegen(args: string[], input: string | Uint8Array): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.stderr.on("data", (b: Buffer) => err.push(b));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString("utf8") }));
    child.stdin.end(input);
  });
}

const namespaceYaml = `# a namespace, as kubectl users write it
apiVersion: v1
kind: Namespace
metadata:
  name: demo
  labels:
    team: payments
  creationTimestamp: "2024-01-02T03:04:05Z"
spec:
  finalizers: [kubernetes]
`;

const namespace = {
  kind: "Namespace",
  apiVersion: "v1",
  metadata: { name: "demo", creationTimestamp: "2024-01-02T03:04:05Z", labels: { team: "payments" } },
  spec: { finalizers: ["kubernetes"] },
};

const service = {
  apiVersion: "v1",
  kind: "Service",
  metadata: { name: "web", namespace: "default" },
  spec: { ports: [{ name: "http", port: 80, targetPort: "http", protocol: "TCP" }], selector: { app: "web" } },
};

// Each case spawns a process (about a second of start-up), so they run side by side.
describe.concurrent("kubegen proto", () => {
  it("encodes YAML to the library's bytes and decodes them to indented JSON, kind and apiVersion first", async ({ expect }) => {
    const encoded = await kubegen(["proto", "encode"], namespaceYaml);
    expect(encoded.stderr).toBe("");
    expect(encoded.code).toBe(0);
    expect(encoded.stdout.subarray(0, 4).toString("latin1")).toBe("k8s\0");
    expect(Buffer.compare(encoded.stdout, Buffer.from(encodeObject(scheme, namespace)))).toBe(0);

    const decoded = await kubegen(["proto", "decode"], encoded.stdout);
    expect(decoded.stderr).toBe("");
    expect(decoded.code).toBe(0);
    const text = decoded.stdout.toString("utf8");
    expect(text).toBe(`${JSON.stringify(decodeObject(scheme, encodeObject(scheme, namespace)), null, 2)}\n`);
    expect(text.startsWith('{\n  "kind": "Namespace",\n  "apiVersion": "v1",\n')).toBe(true);
    // Go writes the non-pointer status struct even when empty, so it decodes as {}.
    expect(JSON.parse(text)).toEqual({ ...namespace, status: {} });
  });

  it("encodes JSON input too", async ({ expect }) => {
    const r = await kubegen(["proto", "encode"], JSON.stringify(service));
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(Buffer.compare(r.stdout, Buffer.from(encodeObject(scheme, service)))).toBe(0);
  });

  it.for([
    ["an unknown kind", ["encode"], '{"apiVersion":"v1","kind":"Widget"}', "no kind Widget is registered for v1"],
    ["a bad timestamp", ["encode"], namespaceYaml.replace("2024-01-02T03:04:05Z", "yesterday"), '"yesterday" is not RFC 3339'],
    ["input that is not YAML", ["encode"], "a: [1,\n", "stdin is neither JSON nor YAML"],
    ["several YAML documents", ["encode"], `${namespaceYaml}---\n${namespaceYaml}`, "found 2 documents"],
    ["a list that is not an object", ["encode"], "[1, 2]", "expected a JSON or YAML object"],
    ["JSON given to decode", ["decode"], JSON.stringify(service), "does not start with the Kubernetes protobuf magic"],
    ["empty input to decode", ["decode"], "", "empty data"],
  ] as const)("rejects %s with exit code 1 and a message", async ([, sub, input, message], { expect }) => {
    const r = await kubegen(["proto", ...sub], input);
    expect(r.code).toBe(1);
    expect(r.stdout.length).toBe(0);
    expect(r.stderr).toContain(`kubegen proto ${sub[0]}: `);
    expect(r.stderr).toContain(message);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
  });
});
