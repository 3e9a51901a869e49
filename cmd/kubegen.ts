/** The `kubegen` command's entry: runs the command line (program.ts). */
import { runKubegen } from "./program.js";

await runKubegen(process.argv);
