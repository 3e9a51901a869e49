/**
 * The service-account signing key of a first start, generated while the apiserver's modules load:
 * RSA key generation (50-80 ms on a quiet machine, far more under load) runs on libuv's thread
 * pool, so started by the CLI before it imports the server it overlaps the loading instead of
 * following it. Node built-ins only, so importing this costs the CLI nothing.
 */
import { generateKeyPair } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";

/** PEM: PKCS#8 private key, SPKI public key. */
export interface PemKeyPair {
  privateKey: string;
  publicKey: string;
}

/** An RSA-2048 pair for RS256 tokens. */
export function generateServiceAccountKeyPair(): Promise<PemKeyPair> {
  return new Promise((resolve, reject) =>
    generateKeyPair(
      "rsa",
      { modulusLength: 2048, publicKeyEncoding: { type: "spki", format: "pem" }, privateKeyEncoding: { type: "pkcs8", format: "pem" } },
      (err, publicKey, privateKey) => (err ? reject(err) : resolve({ privateKey, publicKey })),
    ),
  );
}

let early: { dataDir: string; pair: Promise<PemKeyPair> } | undefined;

/** DIR/pki/sa.key, where a first start writes the key it generates. */
export const serviceAccountKeyFile = (dataDir: string): string => path.join(dataDir, "pki", "sa.key");

/** Starts generating the key a first start in `dataDir` will need (none when DIR/pki/sa.key exists). */
export function startServiceAccountKeyGeneration(dataDir: string): void {
  if (early || existsSync(serviceAccountKeyFile(dataDir))) return;
  const pair = generateServiceAccountKeyPair();
  // Awaited when the server takes it; a start that fails before then never reads the error.
  pair.catch(() => {});
  early = { dataDir: path.resolve(dataDir), pair };
}

/** The pair started early for this data dir, handed out once; a later start generates its own. */
export function takeEarlyServiceAccountKey(dataDir: string): Promise<PemKeyPair> | undefined {
  if (!early || early.dataDir !== path.resolve(dataDir)) return undefined;
  const { pair } = early;
  early = undefined;
  return pair;
}
