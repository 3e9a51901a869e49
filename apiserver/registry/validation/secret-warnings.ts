/**
 * The warning upstream's Secret strategy gives on create and update of a `kubernetes.io/tls`
 * Secret whose `tls.crt` and `tls.key` do not make a key pair: the error text of Go's
 * tls.X509KeyPair (PEM blocks looked up as it looks them up, the key parsed as PKCS#1, PKCS#8
 * or SEC 1, its public half compared with the certificate's).
 */
import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from "node:crypto";
import type { KubeObject } from "../rest.js";
import { goQuote } from "../../../runtime/go-strings.js";
import { record } from "./shape.js";

interface PemBlock {
  type: string;
  der: Buffer;
}

const PEM_RE = /-----BEGIN ([^\r\n-]*)-----\r?\n([\s\S]*?)-----END \1-----/g;

/** The PEM blocks of `text` in order, as Go's pem.Decode finds them one after another. */
function pemBlocks(text: string): PemBlock[] {
  const out: PemBlock[] = [];
  for (const m of text.matchAll(PEM_RE)) {
    // Headers (`Proc-Type: ...`) end at a blank line; the rest is base64.
    const body =
      m[2]!.includes(":") && /\r?\n\r?\n/.test(m[2]!)
        ? m[2]!
            .split(/\r?\n\r?\n/)
            .slice(1)
            .join("\n")
        : m[2]!;
    out.push({ type: m[1]!, der: Buffer.from(body.replace(/\s+/g, ""), "base64") });
  }
  return out;
}

/** Go's %v of a []string. */
const goList = (items: string[]) => `[${items.join(" ")}]`;

function parsePrivateKey(der: Buffer): KeyObject | undefined {
  for (const type of ["pkcs1", "pkcs8", "sec1"] as const) {
    try {
      return createPrivateKey({ key: der, format: "der", type });
    } catch {
      // the next encoding, as Go tries them
    }
  }
  return undefined;
}

const KEY_TYPES = new Set(["rsa", "ec", "ed25519"]);

/** The error Go's tls.X509KeyPair returns for this certificate and key, or undefined when they pair. */
export function keyPairError(certPEM: string, keyPEM: string): string | undefined {
  const blocks = pemBlocks(certPEM);
  const certs = blocks.filter((b) => b.type === "CERTIFICATE");
  if (certs.length === 0) {
    const skipped = blocks.map((b) => b.type);
    if (skipped.length === 0) return "tls: failed to find any PEM data in certificate input";
    if (skipped.length === 1 && skipped[0]!.endsWith("PRIVATE KEY"))
      return "tls: failed to find certificate PEM data in certificate input, but did find a private key; PEM inputs may have been switched";
    return `tls: failed to find ${goQuote("CERTIFICATE")} PEM block in certificate input after skipping PEM blocks of the following types: ${goList(skipped)}`;
  }
  const skipped: string[] = [];
  let keyBlock: PemBlock | undefined;
  for (const b of pemBlocks(keyPEM)) {
    if (b.type === "PRIVATE KEY" || b.type.endsWith(" PRIVATE KEY")) {
      keyBlock = b;
      break;
    }
    skipped.push(b.type);
  }
  if (!keyBlock) {
    if (skipped.length === 0) return "tls: failed to find any PEM data in key input";
    if (skipped.length === 1 && skipped[0] === "CERTIFICATE")
      return "tls: found a certificate rather than a key in the PEM for the private key";
    return `tls: failed to find PEM block with type ending in ${goQuote("PRIVATE KEY")} in key input after skipping PEM blocks of the following types: ${goList(skipped)}`;
  }
  let certKey: KeyObject;
  try {
    certKey = new X509Certificate(certs[0]!.der).publicKey;
  } catch {
    return "x509: malformed certificate";
  }
  const key = parsePrivateKey(keyBlock.der);
  if (!key) return "tls: failed to parse private key";
  const certType = certKey.asymmetricKeyType ?? "";
  if (!KEY_TYPES.has(certType)) return "tls: unknown public key algorithm";
  if (key.asymmetricKeyType !== certType) return "tls: private key type does not match public key type";
  const spki = (k: KeyObject) => k.export({ type: "spki", format: "der" });
  if (!spki(createPublicKey(key)).equals(spki(certKey))) return "tls: private key does not match public key";
  return undefined;
}

/** upstream's warningsForSecret. */
export function secretWarnings(obj: KubeObject): string[] {
  if (obj.type !== "kubernetes.io/tls") return [];
  const data = record(obj.data);
  const decode = (v: unknown) => (typeof v === "string" ? Buffer.from(v, "base64").toString("latin1") : "");
  const err = keyPairError(decode(data["tls.crt"]), decode(data["tls.key"]));
  return err === undefined ? [] : [err];
}
