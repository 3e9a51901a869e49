/**
 * The front-proxy PKI kubeadm makes for kube-apiserver: `pki/front-proxy-ca.crt` (the
 * requestheader client CA extension apiservers trust) and `pki/front-proxy-client.crt`
 * (CN=front-proxy-client, the aggregator's client certificate towards them); made on first
 * start, reused after.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createCA, ensureClientCertificate, type KeyPair } from "../server/certs.js";

export const FRONT_PROXY_CLIENT = "front-proxy-client";

export interface FrontProxyCertificates {
  ca: KeyPair;
  client: KeyPair;
  caFile: string;
}

export async function ensureFrontProxyCertificates(dataDir: string): Promise<FrontProxyCertificates> {
  const dir = path.join(dataDir, "pki");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const caFile = path.join(dir, "front-proxy-ca.crt");
  const keyFile = path.join(dir, "front-proxy-ca.key");
  let ca: KeyPair;
  if (existsSync(caFile) && existsSync(keyFile)) ca = { cert: readFileSync(caFile, "utf8"), key: readFileSync(keyFile, "utf8") };
  else {
    ca = createCA("front-proxy-ca");
    writeFileSync(caFile, ca.cert, { mode: 0o644 });
    writeFileSync(keyFile, ca.key, { mode: 0o600 });
  }
  const client = await ensureClientCertificate(dataDir, ca, FRONT_PROXY_CLIENT, FRONT_PROXY_CLIENT);
  return { ca, client, caFile };
}
