/**
 * The `kubegen` command: arguments in, one subcommand run. Each subcommand lives in its own
 * module under cmd/.
 */
import { Command } from "commander";
import { generateCommand } from "./generate.js";

const program = new Command()
  .name("kubegen")
  .description("Kubernetes-style API machinery for TypeScript")
  .showHelpAfterError();

program.addCommand(generateCommand());

await program.parseAsync(process.argv);
