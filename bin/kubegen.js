#!/usr/bin/env node
// The `kubegen` command: loads the TypeScript sources through tsx, so the package runs
// without a separate build step.
import { register } from "tsx/esm/api";

register();
await import("../cmd/kubegen.ts");
