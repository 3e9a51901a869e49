/**
 * Informers emitter: per `+genclient` kind an informer (interface with `informer()` and
 * `lister()`, a constructor function for an unshared one, and the factory-backed class), per
 * group-version an accessor interface, and the SharedInformerFactory (client-go's
 * informer-gen). Informers list and watch through the generated ClientsetInterface, so a
 * FakeClientset drives them in tests.
 */
import type { Model } from "../../model/types.js";
import { pluralOf } from "../../naming/namers.js";
import type { EmitOptions, Emitter, GeneratedFile } from "../emitter.js";
import { clientPaths, joinsBuiltin } from "./clientset.js";
import { libraryModule } from "../ts-paths.js";
import { FileBuilder, indexFile } from "./files.js";
import { listerPaths } from "./listers.js";
import { clientGroups, type ClientGroup, type ClientResource, watchableGroups } from "./targets.js";

const EMITTER = "informers";

const informerPaths = {
  factory: "informers/factory.ts",
  index: "informers/index.ts",
  dir: (g: ClientGroup): string => `informers/${g.dir}`,
  group: (g: ClientGroup): string => `informers/${g.dir}/interface.ts`,
  resource: (g: ClientGroup, r: ClientResource): string => `informers/${g.dir}/${r.file}.ts`,
};

function emitResource(g: ClientGroup, r: ClientResource, options: EmitOptions): GeneratedFile {
  const f = new FileBuilder(informerPaths.resource(g, r), options);
  const kind = f.apiType(r.decl);
  f.generated("ClientsetInterface", clientPaths.clientset);
  f.generated(`${r.kind}Lister`, listerPaths.resource(g, r));
  f.generated(`${r.kind}ListerImpl`, listerPaths.resource(g, r), true);
  return f.render(EMITTER, "informer", {
    ...r,
    kind,
    kindPlural: pluralOf(r.kind),
    groupAccessor: g.accessor,
    gentype: f.runtime("gentype", true),
    cache: f.runtime("cache"),
  });
}

function emitGroup(g: ClientGroup, options: EmitOptions): GeneratedFile {
  const f = new FileBuilder(informerPaths.group(g), options);
  f.generated("ClientsetInterface", clientPaths.clientset);
  for (const r of g.resources) {
    f.generated(`${r.kind}Informer`, informerPaths.resource(g, r));
    f.generated(`${r.kind}InformerImpl`, informerPaths.resource(g, r), true);
  }
  return f.render(EMITTER, "group", { ...g, gentype: f.runtime("gentype") });
}

function emitFactory(groups: ClientGroup[], options: EmitOptions, joined: boolean): GeneratedFile {
  const f = new FileBuilder(informerPaths.factory, options);
  f.generated("ClientsetInterface", clientPaths.clientset);
  for (const g of groups) {
    f.generated(`${g.goName}Informers`, informerPaths.group(g));
    f.generated(`${g.goName}InformersImpl`, informerPaths.group(g), true);
  }
  const builtin = joined && {
    SharedInformerFactory: f.importAs(
      "SharedInformerFactory",
      "BuiltinSharedInformerFactory",
      libraryModule(informerPaths.factory, options),
    ),
  };
  return f.render(EMITTER, "factory", { groups, builtin, gentype: f.runtime("gentype", !joined) });
}

export const informersEmitter: Emitter = {
  name: "informers",
  emit(model: Model, options: EmitOptions): GeneratedFile[] {
    const groups = watchableGroups(clientGroups(model));
    if (groups.length === 0) return [];
    const files: GeneratedFile[] = [];
    for (const g of groups) {
      files.push(emitGroup(g, options));
      for (const r of g.resources) files.push(emitResource(g, r, options));
      const exports = [`* from "./interface.js"`, ...g.resources.map((r) => `* from "./${r.file}.js"`)];
      files.push(indexFile(EMITTER, `${informerPaths.dir(g)}/index.ts`, exports));
    }
    files.push(emitFactory(groups, options, joinsBuiltin(model)));
    files.push(
      indexFile(EMITTER, informerPaths.index, [
        `* from "./factory.js"`,
        ...groups.map((g) => `* as ${g.accessor} from "./${g.dir}/index.js"`),
      ]),
    );
    return files;
  },
};
