#!/usr/bin/env -S node --max-semi-space-size=64
// The `kubegen` command: loads the TypeScript sources through tsx, so the package runs
// without a separate build step. The young generation of 64 MB semi-spaces (V8 grows it only
// under allocation load): a create allocates ~100 KB that dies young, and at the 16 MB default
// the apiserver scavenged three times as often. `node bin/kubegen.js` skips the line: pass the
// flag (package.json's `start` does).
import { register } from "tsx/esm/api";

register();
await import("../cmd/kubegen.ts");
