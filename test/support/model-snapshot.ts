/**
 * A model as stable JSON for golden files: absolute paths made relative to a root.
 */
import path from "node:path";
import type { Model } from "../../generator/model/types.js";

export function modelSnapshot(model: Model, root: string): string {
  return `${JSON.stringify(
    model,
    (key, value: unknown) => {
      if ((key === "file" || key === "dir" || key === "root") && typeof value === "string") {
        return path.relative(root, value).split(path.sep).join("/");
      }
      return value;
    },
    2,
  )}\n`;
}
