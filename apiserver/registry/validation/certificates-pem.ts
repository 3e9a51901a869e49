/**
 * The `status.certificate` check of a CertificateSigningRequest as upstream's: one or more
 * CERTIFICATE PEM blocks, no PEM headers, each holding X.509 certificates. Blocks are found as
 * Go's pem.Decode finds them (anything between blocks is skipped, a malformed block is skipped).
 */
import { X509Certificate } from "node:crypto";

interface PemBlock {
  type: string;
  headers: boolean;
  der: Buffer;
}

const BLOCK = /-----BEGIN ([^\r\n]*?)-----\r?\n([\s\S]*?)-----END \1-----/g;

function pemBlocks(text: string): PemBlock[] {
  const blocks: PemBlock[] = [];
  for (const m of text.matchAll(BLOCK)) {
    const lines = m[2]!.split(/\r?\n/);
    // Headers are `Key: value` lines ending at a blank line, before the base64 body.
    let headers = false;
    let i = 0;
    if (lines[0]?.includes(":")) {
      headers = true;
      while (i < lines.length && lines[i] !== "") i++;
      i++;
    }
    const body = lines.slice(i).join("").replace(/\s+/g, "");
    // Go's decoder skips a block whose body is not base64.
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body) || body.length % 4 !== 0) continue;
    blocks.push({ type: m[1]!, headers, der: Buffer.from(body, "base64") });
  }
  return blocks;
}

/** Why `pemData` is not a certificate chain upstream accepts, or undefined (also when empty). */
export function checkIssuedCertificate(pemData: Uint8Array): string | undefined {
  if (pemData.length === 0) return undefined;
  const blocks = pemBlocks(Buffer.from(pemData).toString("latin1"));
  for (const block of blocks) {
    if (block.type !== "CERTIFICATE") return `only CERTIFICATE PEM blocks are allowed, found ${JSON.stringify(block.type)}`;
    if (block.headers) return "no PEM block headers are permitted";
    if (block.der.length === 0) return "found CERTIFICATE PEM block containing 0 certificates";
    try {
      new X509Certificate(block.der);
    } catch {
      return "x509: malformed certificate";
    }
  }
  if (blocks.length === 0) return "must contain at least one CERTIFICATE PEM block";
  return undefined;
}
