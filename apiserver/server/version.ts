/** /version: the Kubernetes version this server speaks (1.34), in upstream's version.Info shape. */
import os from "node:os";
import type { Handler } from "../endpoints/request-context.js";
import { writeJSON } from "../endpoints/responses.js";
import { wantsPretty } from "../endpoints/negotiation.js";

export interface VersionInfo {
  major: string;
  minor: string;
  emulationMajor: string;
  emulationMinor: string;
  minCompatibilityMajor: string;
  minCompatibilityMinor: string;
  gitVersion: string;
  gitCommit: string;
  gitTreeState: string;
  buildDate: string;
  goVersion: string;
  compiler: string;
  platform: string;
}

const GOARCH: Record<string, string> = { x64: "amd64", arm64: "arm64", arm: "arm", ia32: "386", ppc64: "ppc64le", s390x: "s390x" };

export function versionInfo(): VersionInfo {
  return {
    major: "1",
    minor: "34",
    emulationMajor: "1",
    emulationMinor: "34",
    minCompatibilityMajor: "1",
    minCompatibilityMinor: "33",
    gitVersion: "v1.34.0-kubegen",
    gitCommit: "",
    gitTreeState: "clean",
    buildDate: "1970-01-01T00:00:00Z",
    goVersion: `node${process.versions.node}`,
    compiler: "node",
    platform: `${os.platform()}/${GOARCH[os.arch()] ?? os.arch()}`,
  };
}

export const versionHandler: Handler = async (req, res) => {
  writeJSON(res, 200, versionInfo(), wantsPretty(req.url, req.raw.headers["user-agent"]));
};
