/**
 * The check upstream makes of a CSR's spec.request: one PEM block of type CERTIFICATE REQUEST
 * holding a PKCS#10 request whose self-signature verifies with its own public key. Errors are
 * worded as Go's crypto/x509 words them where the cause is the same.
 */
import { createPublicKey, verify, type KeyObject } from "node:crypto";

interface Element {
  tag: number;
  /** Where the element's header begins, its content begins, and it ends. */
  at: number;
  start: number;
  end: number;
}

class Malformed extends Error {}

function readElement(buf: Buffer, at: number, limit: number): Element {
  if (at + 2 > limit) throw new Malformed();
  const tag = buf[at]!;
  let len = buf[at + 1]!;
  let start = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4 || start + n > limit) throw new Malformed();
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[start + i]!;
    start += n;
  }
  if (start + len > limit) throw new Malformed();
  return { tag, at, start, end: start + len };
}

function children(buf: Buffer, parent: Element): Element[] {
  const out: Element[] = [];
  for (let at = parent.start; at < parent.end;) {
    const e = readElement(buf, at, parent.end);
    out.push(e);
    at = e.end;
  }
  return out;
}

function oidOf(buf: Buffer, e: Element): string {
  const bytes = buf.subarray(e.start, e.end);
  if (bytes.length === 0) throw new Malformed();
  const arcs = [Math.floor(bytes[0]! / 40), bytes[0]! % 40];
  let v = 0;
  for (let i = 1; i < bytes.length; i++) {
    v = v * 128 + (bytes[i]! & 0x7f);
    if (!(bytes[i]! & 0x80)) {
      arcs.push(v);
      v = 0;
    }
  }
  return arcs.join(".");
}

/** Signature algorithms by OID: the hash (null: none) and the key family. */
const ALGORITHMS: Readonly<Record<string, { hash: string | null; family: "rsa" | "ecdsa" | "ed25519" }>> = {
  "1.2.840.113549.1.1.5": { hash: "sha1", family: "rsa" },
  "1.2.840.113549.1.1.11": { hash: "sha256", family: "rsa" },
  "1.2.840.113549.1.1.12": { hash: "sha384", family: "rsa" },
  "1.2.840.113549.1.1.13": { hash: "sha512", family: "rsa" },
  "1.2.840.10045.4.1": { hash: "sha1", family: "ecdsa" },
  "1.2.840.10045.4.3.2": { hash: "sha256", family: "ecdsa" },
  "1.2.840.10045.4.3.3": { hash: "sha384", family: "ecdsa" },
  "1.2.840.10045.4.3.4": { hash: "sha512", family: "ecdsa" },
  "1.3.101.112": { hash: null, family: "ed25519" },
};

const FAILURE: Readonly<Record<string, string>> = {
  rsa: "crypto/rsa: verification error",
  ecdsa: "x509: ECDSA verification failure",
  ed25519: "x509: Ed25519 verification failure",
};

/** The first PEM block of `text`, as Go's pem.Decode finds it. */
function pemBlock(text: string): { type: string; der: Buffer } | undefined {
  const m = /-----BEGIN ([^-\r\n]*)-----\r?\n([\s\S]*?)-----END \1-----/.exec(text);
  if (!m) return undefined;
  const body = m[2]!
    .split(/\r?\n/)
    .filter((l) => !/^[\w-]+:/.test(l))
    .join("");
  if (!/^[A-Za-z0-9+/=\s]*$/.test(body)) return undefined;
  return { type: m[1]!, der: Buffer.from(body, "base64") };
}

/** Why `request` (the PEM bytes) is not a valid signed certificate request, or undefined. */
export function checkCertificateRequest(request: Uint8Array): string | undefined {
  const block = pemBlock(Buffer.from(request).toString("latin1"));
  if (!block || block.type !== "CERTIFICATE REQUEST") return "PEM block type must be CERTIFICATE REQUEST";
  const der = block.der;
  let info: Element;
  let algorithm: string;
  let signature: Buffer;
  let key: KeyObject;
  try {
    const outer = readElement(der, 0, der.length);
    if (outer.tag !== 0x30) throw new Malformed();
    const [infoEl, algEl, sigEl] = children(der, outer);
    if (!infoEl || !algEl || !sigEl || infoEl.tag !== 0x30 || algEl.tag !== 0x30 || sigEl.tag !== 0x03) throw new Malformed();
    info = infoEl;
    const algOid = children(der, algEl)[0];
    if (!algOid || algOid.tag !== 0x06) throw new Malformed();
    algorithm = oidOf(der, algOid);
    signature = der.subarray(sigEl.start + 1, sigEl.end);
    const spki = children(der, infoEl)[2];
    if (!spki || spki.tag !== 0x30) throw new Malformed();
    key = createPublicKey({ key: der.subarray(spki.at, spki.end), format: "der", type: "spki" });
  } catch {
    return "x509: malformed certificate request";
  }
  const alg = ALGORITHMS[algorithm];
  if (!alg) return "x509: cannot verify signature: algorithm unimplemented";
  const signed = der.subarray(info.at, info.end);
  try {
    const ok =
      alg.family === "ecdsa" ? verify(alg.hash, signed, { key, dsaEncoding: "der" }, signature) : verify(alg.hash, signed, key, signature);
    return ok ? undefined : FAILURE[alg.family];
  } catch {
    return FAILURE[alg.family];
  }
}

const ORGANIZATION_OID = "2.5.4.10";
const COMMON_NAME_OID = "2.5.4.3";

/** The subject's values of attribute `oid` of a PEM certificate request, in order; undefined when it does not parse. */
function subjectValues(request: Uint8Array, oid: string): string[] | undefined {
  const block = pemBlock(Buffer.from(request).toString("latin1"));
  if (!block || block.type !== "CERTIFICATE REQUEST") return undefined;
  const der = block.der;
  try {
    const outer = readElement(der, 0, der.length);
    const info = children(der, outer)[0];
    if (!info || info.tag !== 0x30) throw new Malformed();
    // CertificationRequestInfo: version, subject (a sequence of RDN sets of type-value pairs), ...
    const subject = children(der, info)[1];
    if (!subject || subject.tag !== 0x30) throw new Malformed();
    const out: string[] = [];
    for (const rdn of children(der, subject)) {
      for (const pair of children(der, rdn)) {
        const [type, value] = children(der, pair);
        if (type?.tag === 0x06 && value && oidOf(der, type) === oid) out.push(der.subarray(value.start, value.end).toString("utf8"));
      }
    }
    return out;
  } catch {
    return undefined;
  }
}

/**
 * The subject's organizations (O) of a PEM certificate request, in order (the groups a client
 * certificate grants); undefined when the request does not parse.
 */
export function certificateRequestOrganizations(request: Uint8Array): string[] | undefined {
  return subjectValues(request, ORGANIZATION_OID);
}

/** The subject's common name (CN; the last one, as Go's pkix reads it), "" when none; undefined when the request does not parse. */
export function certificateRequestCommonName(request: Uint8Array): string | undefined {
  const names = subjectValues(request, COMMON_NAME_OID);
  return names && (names[names.length - 1] ?? "");
}
