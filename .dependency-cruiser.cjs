// Layer boundaries, checked by `npm run check:boundaries` (depcruise). A lower layer never
// imports a higher one; folders never form cycles.
//   top level:  api <- runtime <- generated <- apiserver, controllers, framework; generator alone
//   apiserver:  storage <- registry <- endpoints <- server; apiextensions builds on registry;
//               auth (authenticators, authorizers, RBAC rules) and lifecycle (server hooks) sit
//               below the registry, admission between registry and endpoints
//   controllers: controller (context, descriptors) <- each controller <- controller-manager
//   generator:  model <- parse, model <- emit <- write (parse reads source into the model,
//               emit renders the model, write puts the renderings on disk)
/** A rule forbidding imports from `from` (a path regex) into any of `to`. */
function layer(name, from, to, comment) {
  return { name, comment, severity: "error", from: { path: from }, to: { path: `^(${to.join("|")})/` } };
}

module.exports = {
  forbidden: [
    layer(
      "api-is-the-bottom",
      "^api/",
      ["runtime", "generated", "apiserver", "controllers", "framework", "generator", "cmd"],
      "api/ holds the API types alone; everything builds on it.",
    ),
    layer(
      "runtime-below-generated",
      "^runtime/",
      ["generated", "apiserver", "controllers", "framework", "generator", "cmd"],
      "runtime/ is the library generated code and servers build on.",
    ),
    layer(
      "generated-below-servers",
      "^generated/",
      ["apiserver", "controllers", "framework", "generator", "cmd"],
      "generated/ is client code; it knows no server.",
    ),
    layer(
      "apiserver-independent",
      "^apiserver/",
      ["controllers", "framework", "generator", "cmd"],
      "the apiserver runs without controllers.",
    ),
    layer(
      "controllers-independent",
      "^controllers/",
      ["apiserver", "framework", "generator", "cmd"],
      "controllers talk to the apiserver over the API only.",
    ),
    layer(
      "framework-not-servers",
      "^framework/(?!testing/)",
      ["apiserver", "controllers", "generator", "cmd"],
      "framework/ is a library for controller authors; only framework/testing may start servers.",
    ),
    layer(
      "generator-alone",
      "^generator/",
      ["runtime", "generated", "apiserver", "controllers", "framework", "cmd"],
      "the generator reads types and writes code; it runs none of it.",
    ),
    // Inside the apiserver.
    layer(
      "apiserver-storage-bottom",
      "^apiserver/storage/",
      ["apiserver/registry", "apiserver/endpoints", "apiserver/server", "apiserver/apiextensions", "apiserver/controlplane"],
      "storage knows bytes and revisions, not resources.",
    ),
    layer(
      "apiserver-registry-below-endpoints",
      "^apiserver/registry/",
      ["apiserver/endpoints", "apiserver/server", "apiserver/apiextensions", "apiserver/controlplane"],
      "registry knows resources, not HTTP; apiextensions builds on it, never the reverse.",
    ),
    layer(
      "apiserver-endpoints-below-server",
      "^apiserver/endpoints/",
      ["apiserver/server", "apiserver/controlplane"],
      "endpoints serve one API group; server assembles them.",
    ),
    layer(
      "apiserver-auth-and-lifecycle-below-registry",
      "^apiserver/(auth|lifecycle)/",
      [
        "apiserver/registry",
        "apiserver/admission",
        "apiserver/endpoints",
        "apiserver/server",
        "apiserver/apiextensions",
        "apiserver/controlplane",
      ],
      "the registry's review resources use auth's types (auth reads storages through interfaces of its own); hooks are registered by every piece the server assembles.",
    ),
    layer(
      "apiserver-admission-below-endpoints",
      "^apiserver/admission/",
      ["apiserver/endpoints", "apiserver/server", "apiserver/apiextensions", "apiserver/controlplane"],
      "the handlers call admission; admission knows objects and attributes, not HTTP.",
    ),
    {
      name: "controllers-controller-bottom",
      comment: "controllers/controller (context, descriptors) is what every controller builds on.",
      severity: "error",
      from: { path: "^controllers/controller/" },
      to: { path: "^controllers/(?!controller/)" },
    },
    // Inside the generator.
    layer(
      "generator-model-bottom",
      "^generator/model/",
      ["generator/parse", "generator/emit", "generator/write", "generator/docs"],
      "the model is what every stage shares.",
    ),
    layer(
      "generator-parse-before-emit",
      "^generator/parse/",
      ["generator/emit", "generator/write", "generator/docs"],
      "parsing fills the model; it does not render.",
    ),
    layer(
      "generator-emit-before-write",
      "^generator/emit/",
      ["generator/parse", "generator/write", "generator/docs"],
      "emitting renders the model; it neither parses nor writes.",
    ),
    layer("generator-write-last", "^generator/write/", ["generator/parse", "generator/docs"], "writing puts renderings on disk."),
    {
      name: "no-folder-cycles",
      comment: "Two folders that import each other are one module in two places.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    includeOnly: { path: "^(api|runtime|generated|apiserver|controllers|framework|generator|cmd)/" },
    exclude: { path: "^(node_modules|test|bench|examples|generated/.*\\.d\\.ts)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".js"],
    },
    moduleSystems: ["es6"],
  },
};
