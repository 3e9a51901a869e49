/**
 * `--encryption-provider-config`: an apiserver.config.k8s.io/v1 EncryptionConfiguration. Per
 * resource list, providers in order: the first one encrypts what is written, all of them are
 * tried to read. aescbc, aesgcm, secretbox and identity; kms is refused (no plugin interface).
 */
import { readFileSync } from "node:fs";
import { parse as parseYAML } from "yaml";
import { AESCBCTransformer, AESGCMTransformer, IdentityTransformer, SecretboxTransformer, type Transformer } from "./transformers.js";

export interface ResourceEncryption {
  /** `secrets`, `deployments.apps`, `*.apps`, `*.*`. */
  resources: string[];
  /** Writes use the first; reads try each by its prefix. */
  transformers: Transformer[];
}

type KeyList = { keys?: { name?: string; secret?: string }[] };

function keysOf(kind: string, p: KeyList, where: string, sizes: readonly number[]): { name: string; key: Buffer }[] {
  const keys = p.keys ?? [];
  if (keys.length === 0) throw new Error(`${where}.${kind}.keys: Required value: at least one keys is required`);
  return keys.map((k, i) => {
    const at = `${where}.${kind}.keys[${i}]`;
    if (!k.name) throw new Error(`${at}.name: Required value: name is a mandatory field for a key`);
    if (!k.secret) throw new Error(`${at}.secret: Required value: secret is a mandatory field for a key`);
    // Go's StdEncoding is strict (padding required); Buffer.from would skip what is not base64.
    if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(k.secret))
      throw new Error(`${at}.secret: Invalid value: "REDACTED": secrets must be base64 encoded`);
    const key = Buffer.from(k.secret, "base64");
    if (!sizes.includes(key.length)) {
      throw new Error(
        `${at}.secret: Invalid value: "REDACTED": secret is not of the expected length, got ${key.length}, expected one of [${sizes.join(" ")}]`,
      );
    }
    return { name: k.name, key };
  });
}

export function parseEncryptionConfiguration(doc: unknown, file = "encryption config"): ResourceEncryption[] {
  const d = doc as {
    kind?: string;
    apiVersion?: string;
    resources?: { resources?: string[]; providers?: Record<string, unknown>[] }[];
  } | null;
  if (!d || d.kind !== "EncryptionConfiguration" || d.apiVersion !== "apiserver.config.k8s.io/v1") {
    throw new Error(`--encryption-provider-config ${file}: not an apiserver.config.k8s.io/v1 EncryptionConfiguration`);
  }
  return (d.resources ?? []).map((r, i) => {
    const where = `--encryption-provider-config ${file}: resources[${i}]`;
    if (!r.resources || r.resources.length === 0) throw new Error(`${where}.resources: Required value`);
    if (!r.providers || r.providers.length === 0) throw new Error(`${where}.providers: Required value`);
    const transformers = r.providers.flatMap((p, j): Transformer[] => {
      const at = `${where}.providers[${j}]`;
      const kinds = Object.keys(p);
      if (kinds.length !== 1) throw new Error(`${at}: Invalid value: exactly one provider must be configured`);
      const kind = kinds[0]!;
      switch (kind) {
        case "identity":
          return [new IdentityTransformer()];
        case "aescbc":
          return keysOf(kind, p[kind] as KeyList, at, [16, 24, 32]).map((k) => new AESCBCTransformer(k.name, k.key));
        case "aesgcm":
          return keysOf(kind, p[kind] as KeyList, at, [16, 24, 32]).map((k) => new AESGCMTransformer(k.name, k.key));
        case "secretbox":
          return keysOf(kind, p[kind] as KeyList, at, [32]).map((k) => new SecretboxTransformer(k.name, k.key));
        case "kms":
          throw new Error(`${at}.kms: not supported (no KMS plugin interface); use aescbc or aesgcm`);
        default:
          throw new Error(`${at}: unknown provider ${JSON.stringify(kind)}`);
      }
    });
    return { resources: r.resources, transformers };
  });
}

export function loadEncryptionConfiguration(file: string): ResourceEncryption[] {
  return parseEncryptionConfiguration(parseYAML(readFileSync(file, "utf8")), file);
}
