/**
 * The formatter: a batch large enough to be shared with the worker thread comes back exactly as
 * prettier formats each file alone, in the caller's order; errors reach the caller from either
 * thread; a cancelled batch leaves the worker usable.
 */
import * as prettier from "prettier";
import { describe, expect, it } from "vitest";
import type { GeneratedFile } from "../../generator/emit/emitter.js";
import { FormatBatch, prestartFormatter } from "../../generator/write/format.js";

const OPTIONS: prettier.Options = { parser: "babel-ts", printWidth: 110 };

/** `n` unformatted TypeScript files of different sizes, and one YAML file left as it is. */
function files(n: number): GeneratedFile[] {
  const out: GeneratedFile[] = [];
  for (let i = 0; i < n; i++) {
    const fields = Array.from({ length: 20 + (i % 7) * 30 }, (_, k) => `  f${k}?:string;`).join("\n");
    const body = Array.from({ length: 10 + (i % 5) * 20 }, (_, k) => `if(src.f${k}!==undefined)out.f${k}=src.f${k}`).join(";");
    out.push({
      path: `pkg${i}/file.ts`,
      content: `export interface T${i} {\n${fields}\n}\nexport function copy${i}(src:T${i}):T${i}{const out={} as T${i};${body};return out}\n`,
    });
  }
  out.push({ path: "crd.yaml", content: "a:   1\n" });
  return out;
}

async function expected(fs: GeneratedFile[]): Promise<GeneratedFile[]> {
  return Promise.all(fs.map(async (f) => (f.path.endsWith(".ts") ? { ...f, content: await prettier.format(f.content, OPTIONS) } : f)));
}

describe("FormatBatch", () => {
  it("formats a large batch as prettier formats each file, in the order asked for", async () => {
    // Just past the size at which the batch is shared with the worker (each file is formatted twice here).
    const input = files(50);
    expect(input.reduce((n, f) => n + f.content.length, 0)).toBeGreaterThan(150_000);
    const batch = new FormatBatch();
    batch.add(input.slice(0, 20));
    batch.add(input.slice(20));
    const order = [...input].reverse();
    expect(await batch.finish(order)).toEqual(await expected(order));
  });

  it("streams files to a prestarted worker as they are added, batch after batch", async () => {
    prestartFormatter();
    for (let round = 0; round < 2; round++) {
      const input = files(40 + round);
      const batch = new FormatBatch();
      for (const f of input) batch.add([f]);
      expect(await batch.finish(input)).toEqual(await expected(input));
    }
  });

  it("rejects a file prettier cannot parse, whichever thread formats it", async () => {
    prestartFormatter();
    const input = files(60);
    input.splice(0, 0, { path: "bad/first.ts", content: "export const = ;\n" });
    input.push({ path: "bad/last.ts", content: "export function (\n" });
    const batch = new FormatBatch();
    batch.add(input);
    await expect(batch.finish(input)).rejects.toThrow();
  });

  it("leaves the worker usable after a cancelled batch", async () => {
    prestartFormatter();
    const cancelled = new FormatBatch();
    cancelled.add(files(30));
    cancelled.cancel();
    const input = files(30);
    const batch = new FormatBatch();
    batch.add(input);
    expect(await batch.finish(input)).toEqual(await expected(input));
  });
});
