/**
 * Clientset emitter: the typed clients of every `+genclient` kind (client-go's client-gen).
 * Per group-version a group client with one accessor per kind, per kind an interface and a
 * class delegating to gentype's ResourceClient, empty expansion interfaces, and the Clientset
 * with one accessor per group-version.
 */
import type { Model } from "../../model/types.js";
import type { EmitOptions, Emitter, GeneratedFile } from "../emitter.js";
import { printValue } from "../layout.js";
import { libraryModule } from "../ts-paths.js";
import { FileBuilder, indexFile } from "./files.js";
import { clientMethods, type TypeNames } from "./verbs.js";
import { clientGroups, type ClientGroup, type ClientResource } from "./targets.js";

const EMITTER = "clientset";

/** Where each client artifact goes, relative to the output root. */
export const clientPaths = {
  clientset: "clientset/clientset.ts",
  index: "clientset/index.ts",
  typedDir: (g: ClientGroup): string => `clientset/typed/${g.dir}`,
  group: (g: ClientGroup): string => `clientset/typed/${g.dir}/${g.clientFile}.ts`,
  resource: (g: ClientGroup, r: ClientResource): string => `clientset/typed/${g.dir}/${r.file}.ts`,
  expansion: (g: ClientGroup): string => `clientset/typed/${g.dir}/generated-expansion.ts`,
  register: "apis/register.ts",
};

/** The descriptor object, laid out to follow `export const name: type = ` on its line. */
function descriptor(g: ClientGroup, r: ClientResource, declaration: string): string {
  const value = {
    group: g.group,
    version: g.version,
    resource: r.resource,
    kind: r.kind,
    listKind: r.listKind,
    namespaced: r.namespaced,
    protobuf: r.protobuf,
  };
  return printValue(value, 0, declaration.length, ";");
}

/** The names signatures use; runtime namespaces are imported only when a signature names them. */
export function typeNames(f: FileBuilder, r: ClientResource): TypeNames {
  return {
    kind: f.apiType(r.decl),
    list: r.listDecl ? f.apiType(r.listDecl) : "never",
    get gentype() {
      return f.runtime("gentype");
    },
    get rest() {
      return f.runtime("rest");
    },
    importType: (d) => f.apiType(d),
  };
}

function emitResource(g: ClientGroup, r: ClientResource, options: EmitOptions): GeneratedFile {
  const f = new FileBuilder(clientPaths.resource(g, r), options);
  const names = typeNames(f, r);
  const methods = clientMethods(r, g, names);
  f.generated(`${r.kind}Expansion`, clientPaths.expansion(g));
  return f.render(EMITTER, "resource", {
    ...r,
    gentype: names.gentype,
    listKind: names.list,
    descriptor: descriptor(g, r, `export const ${r.descriptorName}: ${names.gentype}.ResourceDescriptor = `),
    methods,
  });
}

function emitGroup(g: ClientGroup, options: EmitOptions): GeneratedFile {
  const f = new FileBuilder(clientPaths.group(g), options);
  for (const r of g.resources) {
    f.generated(`${r.kind}Client`, clientPaths.resource(g, r), true);
    f.generated(`${r.kind}Interface`, clientPaths.resource(g, r));
    f.generated(r.descriptorName, clientPaths.resource(g, r), true);
  }
  return f.render(EMITTER, "group", { ...g, gentype: f.runtime("gentype", true), rest: f.runtime("rest") });
}

/**
 * True when the API is generated against kubegen's library (a user's project): its clientset,
 * fake and informer factory then extend the built-in API's, so one object serves both.
 */
export const joinsBuiltin = (model: Model): boolean => model.packages.some((p) => p.external);

function emitClientset(groups: ClientGroup[], options: EmitOptions, joined: boolean): GeneratedFile {
  const f = new FileBuilder(clientPaths.clientset, options);
  for (const g of groups) {
    f.generated(`${g.goName}Client`, clientPaths.group(g), true);
    f.generated(`${g.goName}Interface`, clientPaths.group(g));
  }
  const builtin = joined && {
    ClientsetInterface: f.importAs("ClientsetInterface", "BuiltinClientsetInterface", libraryModule(clientPaths.clientset, options), true),
    Clientset: f.importAs("Clientset", "BuiltinClientset", libraryModule(clientPaths.clientset, options)),
    scheme: f.importAs("scheme", "builtinScheme", libraryModule(clientPaths.register, options)),
    Scheme: f.runtime("Scheme", true),
  };
  return f.render(EMITTER, "clientset", {
    groups,
    builtin,
    rest: f.runtime("rest", true),
    discovery: joined ? "" : f.runtime("discovery", true),
    scheme: f.generated("scheme", clientPaths.register, true),
  });
}

function typedIndex(g: ClientGroup): GeneratedFile {
  const exports = [
    `* from "./${g.clientFile}.js"`,
    `type * from "./generated-expansion.js"`,
    ...g.resources.map((r) => `* from "./${r.file}.js"`),
  ];
  return indexFile(EMITTER, `${clientPaths.typedDir(g)}/index.ts`, exports);
}

export const clientsetEmitter: Emitter = {
  name: "clientset",
  emit(model: Model, options: EmitOptions): GeneratedFile[] {
    const groups = clientGroups(model);
    if (groups.length === 0) return [];
    const files: GeneratedFile[] = [];
    for (const g of groups) {
      files.push(emitGroup(g, options));
      files.push(new FileBuilder(clientPaths.expansion(g), options).render(EMITTER, "expansion", g));
      for (const r of g.resources) files.push(emitResource(g, r, options));
      files.push(typedIndex(g));
    }
    files.push(emitClientset(groups, options, joinsBuiltin(model)));
    files.push(
      indexFile(EMITTER, clientPaths.index, [
        `* from "./clientset.js"`,
        ...groups.map((g) => `* as ${g.accessor} from "./typed/${g.dir}/index.js"`),
      ]),
    );
    return files;
  },
};
