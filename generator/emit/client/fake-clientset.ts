/**
 * Fake clientset emitter: the same interfaces over runtime/testing's Fake (client-go's fake
 * clientset). Each fake typed client extends the generated client with a FakeResourceClient,
 * so real and fake share every method; the FakeClientset seeds an object tracker that maps
 * kinds to resources through the generated scheme.
 */
import type { Model } from "../../model/types.js";
import { pluralOf } from "../../naming/namers.js";
import type { EmitOptions, Emitter, GeneratedFile } from "../emitter.js";
import { clientPaths, joinsBuiltin } from "./clientset.js";
import { libraryModule } from "../ts-paths.js";
import { FileBuilder, indexFile } from "./files.js";
import { clientGroups, type ClientGroup, type ClientResource } from "./targets.js";

const EMITTER = "fake";

const fakePaths = {
  clientset: "clientset/fake/clientset.ts",
  index: "clientset/fake/index.ts",
  dir: (g: ClientGroup): string => `${clientPaths.typedDir(g)}/fake`,
  group: (g: ClientGroup): string => `${clientPaths.typedDir(g)}/fake/fake-${g.clientFile}.ts`,
  resource: (g: ClientGroup, r: ClientResource): string => `${clientPaths.typedDir(g)}/fake/fake-${r.file}.ts`,
};

function emitResource(g: ClientGroup, r: ClientResource, options: EmitOptions): GeneratedFile {
  const f = new FileBuilder(fakePaths.resource(g, r), options);
  const kind = f.apiType(r.decl);
  const listKind = r.listDecl ? f.apiType(r.listDecl) : "never";
  f.generated(`${r.kind}Client`, clientPaths.resource(g, r), true);
  f.generated(r.descriptorName, clientPaths.resource(g, r), true);
  return f.render(EMITTER, "resource", { ...r, kind, listKind, kindPlural: pluralOf(r.kind), testing: f.runtimeTesting(true) });
}

function emitGroup(g: ClientGroup, options: EmitOptions): GeneratedFile {
  const f = new FileBuilder(fakePaths.group(g), options);
  f.generated(`${g.goName}Interface`, clientPaths.group(g));
  for (const r of g.resources) {
    f.generated(`${r.kind}Interface`, clientPaths.resource(g, r));
    f.generated(`Fake${r.kind}Client`, fakePaths.resource(g, r), true);
  }
  return f.render(EMITTER, "group", { ...g, testing: f.runtimeTesting() });
}

function emitClientset(groups: ClientGroup[], options: EmitOptions, joined: boolean): GeneratedFile {
  const f = new FileBuilder(fakePaths.clientset, options);
  f.generated("ClientsetInterface", clientPaths.clientset);
  for (const g of groups) {
    f.generated(`${g.goName}Interface`, clientPaths.group(g));
    f.generated(`Fake${g.goName}Client`, fakePaths.group(g), true);
  }
  // Joined to the built-in fake: its tracker, reactors and groups, with this API's added.
  const builtin = joined && {
    FakeClientset: f.importAs("FakeClientset", "BuiltinFakeClientset", libraryModule(fakePaths.clientset, options)),
  };
  return f.render(EMITTER, "clientset", {
    groups,
    builtin,
    testing: joined ? "" : f.runtimeTesting(true),
    parseApiVersion: f.runtime("parseApiVersion", true),
    GroupVersionResource: f.runtime("GroupVersionResource"),
    scheme: joined ? "" : f.generated("scheme", clientPaths.register, true),
    clientScheme: joined ? f.generated("clientScheme", clientPaths.clientset, true) : "",
  });
}

export const fakeClientsetEmitter: Emitter = {
  name: "fake-clientset",
  emit(model: Model, options: EmitOptions): GeneratedFile[] {
    const groups = clientGroups(model);
    if (groups.length === 0) return [];
    const files: GeneratedFile[] = [];
    for (const g of groups) {
      files.push(emitGroup(g, options));
      for (const r of g.resources) files.push(emitResource(g, r, options));
      const exports = [`* from "./fake-${g.clientFile}.js"`, ...g.resources.map((r) => `* from "./fake-${r.file}.js"`)];
      files.push(indexFile(EMITTER, `${fakePaths.dir(g)}/index.ts`, exports));
    }
    files.push(emitClientset(groups, options, joinsBuiltin(model)));
    files.push(
      indexFile(EMITTER, fakePaths.index, [
        `* from "./clientset.js"`,
        ...groups.map((g) => `* as ${g.accessor} from "../typed/${g.dir}/fake/index.js"`),
      ]),
    );
    return files;
  },
};
