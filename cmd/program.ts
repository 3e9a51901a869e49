/**
 * The `kubegen` command: arguments in, one subcommand run. Each subcommand lives in its own
 * module under cmd/. Installed from npm, the generator's commands ship in @kubegen/generator and
 * the server's in @kubegen/apiserver; a command whose package is not installed says which to add.
 * A function rather than the entry module itself, so that @kubegen/apiserver's bin can run it
 * from a CommonJS bundle (which has no top-level await).
 */
import { Command } from "commander";

/** A subcommand module, and the package that ships it when installed from npm. */
interface CommandModule {
  name: string;
  pkg: string;
  load: (options: KubegenOptions) => Promise<Command>;
}

export interface KubegenOptions {
  /**
   * Called once a server command (apiserver, up) serves, before it says so: @kubegen/apiserver's
   * bin writes its code cache there (a first start only), ahead of whoever stops the process as
   * soon as it reads the line.
   */
  onServing?: () => void;
}

const COMMANDS: CommandModule[] = [
  { name: "generate", pkg: "@kubegen/generator", load: async () => (await import("./generate.js")).generateCommand() },
  { name: "import", pkg: "@kubegen/generator", load: async () => (await import("./import.js")).importCommand() },
  { name: "proto", pkg: "@kubegen/generator", load: async () => (await import("./proto.js")).protoCommand() },
  { name: "docs", pkg: "@kubegen/generator", load: async () => (await import("./docs.js")).docsCommand() },
  {
    name: "apiserver",
    pkg: "@kubegen/apiserver",
    load: async (o) => (await import("./apiserver.js")).apiserverCommand(o.onServing),
  },
  {
    name: "controller-manager",
    pkg: "@kubegen/apiserver",
    load: async () => (await import("./controller-manager.js")).controllerManagerCommand(),
  },
  { name: "up", pkg: "@kubegen/apiserver", load: async (o) => (await import("./up.js")).upCommand(o.onServing) },
];

/** Only a module that is not installed becomes a stub; any other failure is a bug to show. */
function notInstalled(err: unknown): boolean {
  // import() says ERR_MODULE_NOT_FOUND; require() (the bin's CommonJS bundle) MODULE_NOT_FOUND.
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}

function missingCommand(c: CommandModule): Command {
  return new Command(c.name)
    .description(`(needs ${c.pkg}: npm install ${c.pkg})`)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      console.error(`kubegen ${c.name}: install ${c.pkg} (npm install ${c.pkg})`);
      process.exitCode = 1;
    });
}

/** Runs the command line `argv` (process.argv's shape: node, script, arguments). */
export async function runKubegen(argv: string[], options: KubegenOptions = {}): Promise<void> {
  const program = new Command().name("kubegen").description("Kubernetes-style API machinery for TypeScript").showHelpAfterError();

  // Only the command being run is loaded (plus none for --help), so `kubegen up` does not pay for
  // the generator's modules and the reverse.
  const wanted = argv[2];
  for (const c of COMMANDS) {
    if (wanted !== undefined && !wanted.startsWith("-") && COMMANDS.some((x) => x.name === wanted) && c.name !== wanted) {
      program.addCommand(new Command(c.name));
      continue;
    }
    try {
      program.addCommand(await c.load(options));
    } catch (err) {
      if (!notInstalled(err)) throw err;
      program.addCommand(missingCommand(c));
    }
  }

  await program.parseAsync(argv);
}
