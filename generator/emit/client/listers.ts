/**
 * Listers emitter: per `+genclient` kind a lister that reads an informer's cache (client-go's
 * lister-gen): `list(selector)` and `get(name)` for cluster-scoped kinds, and for namespaced
 * ones `list(selector)` across namespaces plus a per-namespace lister. Each extends an empty
 * expansion interface.
 */
import type { Model } from "../../model/types.js";
import { pluralOf } from "../../naming/namers.js";
import type { EmitOptions, Emitter, GeneratedFile } from "../emitter.js";
import { flat } from "../layout.js";
import { FileBuilder, indexFile } from "./files.js";
import { clientGroups, type ClientGroup, type ClientResource, watchableGroups } from "./targets.js";

const EMITTER = "listers";

/** Where listers go, relative to the output root. */
export const listerPaths = {
  index: "listers/index.ts",
  dir: (g: ClientGroup): string => `listers/${g.dir}`,
  resource: (g: ClientGroup, r: ClientResource): string => `listers/${g.dir}/${r.file}.ts`,
  expansion: (g: ClientGroup): string => `listers/${g.dir}/expansion-generated.ts`,
};

function emitResource(g: ClientGroup, r: ClientResource, options: EmitOptions): GeneratedFile {
  const f = new FileBuilder(listerPaths.resource(g, r), options);
  const kind = f.apiType(r.decl);
  f.generated(`${r.kind}ListerExpansion`, listerPaths.expansion(g));
  if (r.namespaced) f.generated(`${r.kind}NamespaceListerExpansion`, listerPaths.expansion(g));
  return f.render(EMITTER, r.namespaced ? "namespaced" : "cluster", {
    ...r,
    kind,
    kindPlural: pluralOf(r.kind),
    notFound: flat(r.notFound),
    gentype: f.runtime("gentype", true),
    cache: f.runtime("cache"),
  });
}

export const listersEmitter: Emitter = {
  name: "listers",
  emit(model: Model, options: EmitOptions): GeneratedFile[] {
    const groups = watchableGroups(clientGroups(model));
    if (groups.length === 0) return [];
    const files: GeneratedFile[] = [];
    for (const g of groups) {
      files.push(new FileBuilder(listerPaths.expansion(g), options).render(EMITTER, "expansion", g));
      for (const r of g.resources) files.push(emitResource(g, r, options));
      const exports = [`type * from "./expansion-generated.js"`, ...g.resources.map((r) => `* from "./${r.file}.js"`)];
      files.push(indexFile(EMITTER, `${listerPaths.dir(g)}/index.ts`, exports));
    }
    files.push(
      indexFile(
        EMITTER,
        listerPaths.index,
        groups.map((g) => `* as ${g.accessor} from "./${g.dir}/index.js"`),
      ),
    );
    return files;
  },
};
