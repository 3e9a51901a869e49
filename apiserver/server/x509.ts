/**
 * X.509 v3 certificates for the cluster's PKI, written directly as DER: ECDSA P-256 keys and
 * ecdsa-with-SHA256 signatures from node:crypto, and the handful of extensions a CA, a serving
 * and a client certificate carry. A general X.509 library costs ~200 ms of CPU to load, which is
 * most of a first start; the PKI needs only this much.
 */
import { createHash, createPrivateKey, generateKeyPairSync, sign, X509Certificate, type KeyObject } from "node:crypto";
import net from "node:net";

/** DER length octets. */
function length(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v % 256);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

const seq = (...items: Buffer[]): Buffer => tlv(0x30, ...items);
const set = (...items: Buffer[]): Buffer => tlv(0x31, ...items);
const octets = (b: Buffer): Buffer => tlv(0x04, b);
const bool = (v: boolean): Buffer => tlv(0x01, Buffer.from([v ? 0xff : 0]));
const utf8 = (s: string): Buffer => tlv(0x0c, Buffer.from(s, "utf8"));
const explicit = (n: number, inner: Buffer): Buffer => tlv(0xa0 | n, inner);

/** A non-negative INTEGER from big-endian bytes (a leading zero keeps it positive). */
function integer(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0 && bytes[i + 1]! < 0x80) i++;
  const b = bytes.subarray(i);
  return tlv(0x02, b[0]! >= 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);
}

function oid(dotted: string): Buffer {
  const arcs = dotted.split(".").map(Number);
  const out = [arcs[0]! * 40 + arcs[1]!];
  for (const arc of arcs.slice(2)) {
    const base128: number[] = [arc % 128];
    for (let v = Math.floor(arc / 128); v > 0; v = Math.floor(v / 128)) base128.unshift(0x80 | (v % 128));
    out.push(...base128);
  }
  return tlv(0x06, Buffer.from(out));
}

/** UTCTime through 2049, GeneralizedTime after (RFC 5280 4.1.2.5), whole seconds in UTC. */
function time(d: Date): Buffer {
  const iso = d.toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
  const digits = iso.slice(0, 19).replace(/[-:T]/g, "");
  return d.getUTCFullYear() < 2050 ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`)) : tlv(0x18, Buffer.from(`${digits}Z`));
}

const OID = {
  ecdsaWithSHA256: "1.2.840.10045.4.3.2",
  commonName: "2.5.4.3",
  organization: "2.5.4.10",
  subjectKeyIdentifier: "2.5.29.14",
  keyUsage: "2.5.29.15",
  subjectAltName: "2.5.29.17",
  basicConstraints: "2.5.29.19",
  authorityKeyIdentifier: "2.5.29.35",
  extKeyUsage: "2.5.29.37",
  serverAuth: "1.3.6.1.5.5.7.3.1",
  clientAuth: "1.3.6.1.5.5.7.3.2",
} as const;

/** A distinguished name, one attribute per RDN in the order given. */
export interface Name {
  commonName: string;
  organizations?: readonly string[];
}

function encodeName(name: Name): Buffer {
  const rdn = (type: string, value: string): Buffer => set(seq(oid(type), utf8(value)));
  return seq(rdn(OID.commonName, name.commonName), ...(name.organizations ?? []).map((o) => rdn(OID.organization, o)));
}

/** One DER element: its tag and where its content and the whole element lie in `buf`. */
interface Element {
  tag: number;
  start: number;
  contentStart: number;
  end: number;
}

function readElement(buf: Buffer, at: number): Element {
  const tag = buf[at]!;
  let len = buf[at + 1]!;
  let contentStart = at + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[at + 2 + i]!;
    contentStart += n;
  }
  return { tag, start: at, contentStart, end: contentStart + len };
}

function children(buf: Buffer, parent: Element): Element[] {
  const out: Element[] = [];
  for (let at = parent.contentStart; at < parent.end;) {
    const e = readElement(buf, at);
    out.push(e);
    at = e.end;
  }
  return out;
}

/** The subject Name of a certificate, byte for byte: an issued certificate's issuer must equal it. */
export function rawSubject(certDer: Buffer): Buffer {
  const tbs = children(certDer, readElement(certDer, 0))[0]!;
  const fields = children(certDer, tbs);
  const offset = fields[0]!.tag === 0xa0 ? 1 : 0; // [0] version
  const subject = fields[offset + 4]!; // serial, signature, issuer, validity, subject
  return certDer.subarray(subject.start, subject.end);
}

/** The key identifier of RFC 5280 4.2.1.2 (1): SHA-1 of the subjectPublicKey bits. */
export function keyIdentifier(publicKey: KeyObject): Buffer {
  const spki = publicKey.export({ type: "spki", format: "der" });
  const bits = children(spki, readElement(spki, 0))[1]!;
  return createHash("sha1")
    .update(spki.subarray(bits.contentStart + 1, bits.end))
    .digest();
}

function ipBytes(ip: string): Buffer {
  if (net.isIPv4(ip)) return Buffer.from(ip.split(".").map(Number));
  if (!net.isIPv6(ip)) throw new Error(`not an IP address: ${ip}`);
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  let text = ip;
  if (v4) {
    const [a, b, c, d] = v4[1]!.split(".").map(Number) as [number, number, number, number];
    text = `${ip.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const parse = (s: string): number[] => (s === "" ? [] : s.split(":").map((g) => parseInt(g, 16)));
  const h = parse(head);
  const t = tail === undefined ? [] : parse(tail);
  const groups = [...h, ...Array<number>(8 - h.length - t.length).fill(0), ...t];
  const out = Buffer.alloc(16);
  groups.forEach((g, i) => out.writeUInt16BE(g, i * 2));
  return out;
}

/** keyUsage bits as RFC 5280 numbers them (bit 0 is the most significant). */
export const KeyUsage = { digitalSignature: 0, keyEncipherment: 2, keyCertSign: 5, cRLSign: 6 } as const;

function keyUsageBits(bits: readonly number[]): Buffer {
  const last = Math.max(...bits);
  const bytes = Buffer.alloc(Math.floor(last / 8) + 1);
  for (const b of bits) bytes[Math.floor(b / 8)]! |= 0x80 >> (b % 8);
  // DER: the unused trailing bits of the last byte are counted, not sent as zeros.
  return tlv(0x03, Buffer.from([7 - (last % 8)]), bytes);
}

const extension = (id: string, critical: boolean, value: Buffer): Buffer => seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));

export interface CertificateTemplate {
  serialNumber: Buffer;
  subject: Name;
  notBefore: Date;
  notAfter: Date;
  publicKey: KeyObject;
  /** true for a CA (basicConstraints cA, keyCertSign). */
  isCA: boolean;
  keyUsage: readonly number[];
  extKeyUsage?: "server" | "client";
  dnsNames?: readonly string[];
  ips?: readonly string[];
}

export interface Issuer {
  /** The issuer's certificate (PEM); absent for a self-signed certificate. */
  cert?: string;
  key: KeyObject;
}

/** Builds and signs one certificate; returns it as PEM. */
export function createCertificate(t: CertificateTemplate, issuer: Issuer): string {
  const issuerCert = issuer.cert === undefined ? undefined : new X509Certificate(issuer.cert);
  const issuerName = issuerCert ? rawSubject(issuerCert.raw) : encodeName(t.subject);
  const extensions: Buffer[] = [
    extension(OID.basicConstraints, true, seq(...(t.isCA ? [bool(true)] : []))),
    extension(OID.keyUsage, true, keyUsageBits(t.keyUsage)),
  ];
  if (t.extKeyUsage)
    extensions.push(extension(OID.extKeyUsage, false, seq(oid(t.extKeyUsage === "server" ? OID.serverAuth : OID.clientAuth))));
  if (t.isCA) extensions.push(extension(OID.subjectKeyIdentifier, false, octets(keyIdentifier(t.publicKey))));
  if (issuerCert) extensions.push(extension(OID.authorityKeyIdentifier, false, seq(tlv(0x80, keyIdentifier(issuerCert.publicKey)))));
  const names = [
    ...(t.dnsNames ?? []).map((d) => tlv(0x82, Buffer.from(d, "ascii"))),
    ...(t.ips ?? []).map((ip) => tlv(0x87, ipBytes(ip))),
  ];
  if (names.length > 0) extensions.push(extension(OID.subjectAltName, false, seq(...names)));
  const algorithm = seq(oid(OID.ecdsaWithSHA256));
  const tbs = seq(
    explicit(0, integer(Buffer.from([2]))), // v3
    integer(t.serialNumber),
    algorithm,
    issuerName,
    seq(time(t.notBefore), time(t.notAfter)),
    encodeName(t.subject),
    t.publicKey.export({ type: "spki", format: "der" }),
    explicit(3, seq(...extensions)),
  );
  // node:crypto signs EC keys with DER-encoded (r, s), the form X.509 wants.
  const signature = sign("sha256", tbs, issuer.key);
  const der = seq(tbs, algorithm, tlv(0x03, Buffer.from([0]), signature));
  const b64 = der.toString("base64").replace(/.{64}/g, "$&\n");
  return `-----BEGIN CERTIFICATE-----\n${b64}${b64.endsWith("\n") ? "" : "\n"}-----END CERTIFICATE-----\n`;
}

/** A fresh ECDSA P-256 key pair. */
export function newKeyPair(): { publicKey: KeyObject; privateKey: KeyObject } {
  return generateKeyPairSync("ec", { namedCurve: "prime256v1" });
}

export const privateKeyPem = (key: KeyObject): string => key.export({ type: "pkcs8", format: "pem" }).toString();
export const privateKeyFromPem = (pem: string): KeyObject => createPrivateKey(pem);
