#!/usr/bin/env -S node --heap-growing-percent=100
// The `kubegen` command, compiled: plain Node, no TypeScript loader at run time. The CLI runs from
// its bundle (a few chunks instead of ~900 module files: half the start-up of `kubegen up`).
// The heap growing factor as in the repository's bin/kubegen.js, for the same reason.
import "../dist/bundle/kubegen.js";
