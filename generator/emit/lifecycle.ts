/**
 * Prerelease-lifecycle emitter: the release each kind was introduced in (and, for alpha and
 * beta versions, when it is deprecated and removed), from `+k8s:prerelease-lifecycle-gen:*`.
 */
import type { Lifecycle, Model, Package, StructDecl } from "../model/types.js";
import type { Emitter, GeneratedFile } from "./emitter.js";
import { header } from "./header.js";
import { preformatted, printProperty } from "./layout.js";
import { render } from "./templates.js";
import { packageFile } from "./ts-paths.js";

type Release = [number, number];
const plus3 = ([major, minor]: Release): Release => [major, minor + 3];

/**
 * Pre-release versions get upstream's defaults: deprecated three releases after introduction,
 * removed three after deprecation. GA versions carry only what is tagged.
 */
export function effectiveLifecycle(version: string, l: Lifecycle): Lifecycle {
  const prerelease = /(alpha|beta)\d*$/.test(version);
  const out: Lifecycle = { ...l };
  if (prerelease && out.introduced && !out.deprecated) out.deprecated = plus3(out.introduced);
  if (prerelease && out.deprecated && !out.removed) out.removed = plus3(out.deprecated);
  return out;
}

function emitPackage(pkg: Package): GeneratedFile | undefined {
  const version = pkg.groupVersion?.version ?? "";
  const kinds = pkg.types
    .filter((t): t is StructDecl => t.kind === "struct" && t.lifecycle !== undefined)
    .map((s) => printProperty(2, s.name, effectiveLifecycle(version, s.lifecycle!), ","));
  if (!kinds.length) return undefined;
  return preformatted({
    path: packageFile(pkg, "prerelease-lifecycle"),
    content: header("//") + render("lifecycle", "file", { kinds }),
  });
}

export const lifecycleEmitter: Emitter = {
  name: "prerelease-lifecycle",
  emit(model: Model): GeneratedFile[] {
    return model.packages
      .filter((p) => !p.external && p.lifecycle)
      .map(emitPackage)
      .filter((f): f is GeneratedFile => f !== undefined);
  },
};
