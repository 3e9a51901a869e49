#!/usr/bin/env -S node --heap-growing-percent=100 --max-semi-space-size=32
// The `kubegen` command, compiled: plain Node, no TypeScript loader at run time. The CLI runs from
// its bundle (one CommonJS file instead of ~900 module files), compiled with V8's code cache of
// an earlier run (packages/bundle-cli.mjs). The heap flags as in the repository's
// bin/kubegen.js, for the same reasons.
import { fileURLToPath, URL } from "node:url";
import { requireBundle, saveCodeCache } from "../dist/bundle/code-cache.js";

const { runKubegen } = requireBundle(fileURLToPath(new URL("../dist/bundle/kubegen.cjs", import.meta.url)));
// What the command compiled on its way (a server's start, a generation) is kept for the next run:
// a server's once it serves, another command's when it is done. Only a run without usable data writes.
await runKubegen(process.argv, { onServing: saveCodeCache });
saveCodeCache();
