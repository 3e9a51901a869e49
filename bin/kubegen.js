#!/usr/bin/env -S node --heap-growing-percent=100 --max-semi-space-size=32
// The `kubegen` command: loads the TypeScript sources through tsx, so the package runs
// without a separate build step. The old generation's limit is about twice what the last full GC
// kept: at V8's default (~1.4x) a busy apiserver (~60 MB live) began marking its heap again after
// a few MB of promotions, every ~1,200 Pod creates (README). Young semi-spaces of up to 32 MB
// (V8's default 16): half as many scavenges, so half as many requests wait on one (README).
// `node bin/kubegen.js` skips this line: pass the flags yourself (package.json's `start` does).
import { register } from "tsx/esm/api";

register();
await import("../cmd/kubegen.ts");
