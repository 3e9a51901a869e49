/**
 * `kubegen proto encode|decode`: JSON or YAML to enveloped Kubernetes protobuf and back, for any
 * kind in the built-in scheme; e.g. to read what an apiserver stored in etcd.
 */
import { Command } from "commander";
import YAML from "yaml";
import type { Scheme } from "../runtime/index.js";

/** Everything on stdin, as bytes. */
async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The generated scheme, loaded only when a proto subcommand runs (not for `kubegen generate`). */
async function loadScheme(): Promise<Scheme> {
  const { scheme } = await import("../generated/apis/register.js");
  return scheme;
}

/** Parses one JSON or YAML document holding an object. */
function parseObject(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const docs = YAML.parseAllDocuments(text);
    if (docs.length !== 1) throw new Error(`expected one JSON or YAML object on stdin, found ${docs.length} documents`);
    const doc = docs[0]!;
    // yaml's messages carry a code frame over several lines; the first says what is wrong.
    if (doc.errors.length) throw new Error(`stdin is neither JSON nor YAML: ${doc.errors[0]!.message.split("\n")[0]}`);
    value = doc.toJS({ maxAliasCount: 100 });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error("expected a JSON or YAML object on stdin");
  }
  return value as Record<string, unknown>;
}

function write(data: string | Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => process.stdout.write(data, (err) => (err ? reject(err) : resolve())));
}

/** Runs a subcommand body; any failure is one line on stderr and exit code 1. */
function action(name: string, body: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await body();
    } catch (err) {
      console.error(`kubegen proto ${name}: ${err instanceof Error ? err.message : String(err)}`);
      process.exitCode = 1;
    }
  };
}

export function protoCommand(): Command {
  const proto = new Command("proto").description("convert objects between JSON/YAML and Kubernetes protobuf");
  proto
    .command("encode")
    .description("read a JSON or YAML object on stdin (apiVersion and kind from the object); write it as enveloped protobuf")
    .action(
      action("encode", async () => {
        const { encodeObject } = await import("../runtime/protobuf/index.js");
        const obj = parseObject((await readStdin()).toString("utf8"));
        await write(encodeObject(await loadScheme(), obj));
      }),
    );
  proto
    .command("decode")
    .description("read enveloped protobuf (`k8s\\0` + runtime.Unknown) on stdin; write the object as JSON")
    .action(
      action("decode", async () => {
        const { decodeObject } = await import("../runtime/protobuf/index.js");
        const obj = decodeObject(await loadScheme(), await readStdin());
        await write(`${JSON.stringify(obj, null, 2)}\n`);
      }),
    );
  return proto;
}
