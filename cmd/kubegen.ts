/**
 * The `kubegen` command: arguments in, one subcommand run. Each subcommand lives in its own
 * module under cmd/.
 */
import { Command } from "commander";
import { apiserverCommand } from "./apiserver.js";
import { controllerManagerCommand } from "./controller-manager.js";
import { docsCommand } from "./docs.js";
import { generateCommand } from "./generate.js";
import { importCommand } from "./import.js";
import { protoCommand } from "./proto.js";
import { upCommand } from "./up.js";

const program = new Command()
  .name("kubegen")
  .description("Kubernetes-style API machinery for TypeScript")
  .showHelpAfterError();

program.addCommand(generateCommand());
program.addCommand(importCommand());
program.addCommand(protoCommand());
program.addCommand(docsCommand());
program.addCommand(apiserverCommand());
program.addCommand(controllerManagerCommand());
program.addCommand(upCommand());

await program.parseAsync(process.argv);
