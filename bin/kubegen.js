#!/usr/bin/env -S node --heap-growing-percent=100
// The `kubegen` command: loads the TypeScript sources through tsx, so the package runs
// without a separate build step. The old generation's limit is about twice what the last full GC
// kept: at V8's default (~1.4x) a busy apiserver (~60 MB live) began marking its heap again after
// a few MB of promotions, every ~1,200 Pod creates (README). `node bin/kubegen.js` skips this
// line: pass the flag yourself (package.json's `start` does).
import { register } from "tsx/esm/api";

register();
await import("../cmd/kubegen.ts");
