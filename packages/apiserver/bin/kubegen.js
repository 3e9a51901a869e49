#!/usr/bin/env node
// The `kubegen` command, compiled: plain Node, no TypeScript loader at run time. The CLI runs from
// its bundle (a few chunks instead of ~900 module files: half the start-up of `kubegen up`).
import "../dist/bundle/kubegen.js";
