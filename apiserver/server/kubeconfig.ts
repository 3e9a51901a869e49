/** Writes DIR/kubeconfig: one cluster (the CA inline), one admin user (client cert inline), context `kubegen`. */
import { writeFileSync } from "node:fs";
import YAML from "yaml";
import type { ClusterCertificates } from "./certs.js";

const b64 = (s: string): string => Buffer.from(s).toString("base64");

export function kubeconfigYAML(server: string, certs: Pick<ClusterCertificates, "ca" | "admin">, name = "kubegen"): string {
  return YAML.stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [{ name, cluster: { server, "certificate-authority-data": b64(certs.ca.cert) } }],
    users: [{ name: `${name}-admin`, user: { "client-certificate-data": b64(certs.admin.cert), "client-key-data": b64(certs.admin.key) } }],
    contexts: [{ name, context: { cluster: name, user: `${name}-admin` } }],
    "current-context": name,
    preferences: {},
  });
}

export function writeKubeconfig(file: string, server: string, certs: Pick<ClusterCertificates, "ca" | "admin">): void {
  writeFileSync(file, kubeconfigYAML(server, certs), { mode: 0o600 });
}
