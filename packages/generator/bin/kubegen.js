#!/usr/bin/env node
// The `kubegen` command, compiled: plain Node, no TypeScript loader at run time.
import "../dist/cmd/kubegen.js";
