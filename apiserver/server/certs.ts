/**
 * The cluster's PKI in the data directory: a CA, the apiserver's serving certificate (for
 * localhost, 127.0.0.1, the advertise address and the in-cluster `kubernetes` names) and an
 * admin client certificate (CN=kubegen-admin, O=system:masters). All ECDSA P-256 (written by
 * ./x509.ts), made on first start and reused after; the serving certificate is remade when its names no longer cover the
 * configuration.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes, X509Certificate as NodeX509Certificate } from "node:crypto";
import path from "node:path";
import { createCertificate, KeyUsage, newKeyPair, privateKeyFromPem, privateKeyPem, type Name } from "./x509.js";

const DAY = 86_400_000;

export interface KeyPair {
  cert: string;
  key: string;
}

export interface ClusterCertificates {
  ca: KeyPair;
  serving: KeyPair;
  admin: KeyPair;
  /** Where each file lives. */
  files: { caCert: string; caKey: string; servingCert: string; servingKey: string; adminCert: string; adminKey: string };
}

export interface CertificateOptions {
  dataDir: string;
  /** Extra IPs and DNS names for the serving certificate (advertise address, service IP...). */
  ips?: readonly string[];
  dnsNames?: readonly string[];
  adminUser?: string;
  adminGroups?: readonly string[];
}

/** The in-cluster names every apiserver certificate carries. */
export const KUBERNETES_DNS_NAMES: readonly string[] = [
  "kubernetes",
  "kubernetes.default",
  "kubernetes.default.svc",
  "kubernetes.default.svc.cluster.local",
  "localhost",
];

/** 128 random bits, positive. */
function serial(): Buffer {
  const bytes = randomBytes(16);
  bytes[0] = bytes[0]! & 0x7f;
  return bytes;
}

/** A self-signed CA (the cluster's `kubegen-ca`, or another such as the front-proxy CA). */
export function createCA(commonName = "kubegen-ca"): KeyPair {
  const keys = newKeyPair();
  const now = Date.now();
  const cert = createCertificate(
    {
      serialNumber: serial(),
      subject: { commonName },
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 3650 * DAY),
      publicKey: keys.publicKey,
      isCA: true,
      keyUsage: [KeyUsage.digitalSignature, KeyUsage.keyCertSign, KeyUsage.cRLSign],
    },
    { key: keys.privateKey },
  );
  return { cert, key: privateKeyPem(keys.privateKey) };
}

function issue(ca: KeyPair, subject: Name, usage: "server" | "client", names: { dns: readonly string[]; ips: readonly string[] }): KeyPair {
  const keys = newKeyPair();
  const now = Date.now();
  const cert = createCertificate(
    {
      serialNumber: serial(),
      subject,
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 365 * DAY),
      publicKey: keys.publicKey,
      isCA: false,
      keyUsage: [KeyUsage.digitalSignature, KeyUsage.keyEncipherment],
      extKeyUsage: usage,
      dnsNames: names.dns,
      ips: names.ips,
    },
    { cert: ca.cert, key: privateKeyFromPem(ca.key) },
  );
  return { cert, key: privateKeyPem(keys.privateKey) };
}

function readPair(certFile: string, keyFile: string): KeyPair | undefined {
  if (!existsSync(certFile) || !existsSync(keyFile)) return undefined;
  return { cert: readFileSync(certFile, "utf8"), key: readFileSync(keyFile, "utf8") };
}

function writePair(pair: KeyPair, certFile: string, keyFile: string): void {
  writeFileSync(certFile, pair.cert, { mode: 0o644 });
  writeFileSync(keyFile, pair.key, { mode: 0o600 });
}

/** Whether a certificate is signed by the CA, unexpired, and names every wanted DNS name and IP. */
function covers(pair: KeyPair, ca: KeyPair, names: { dns: readonly string[]; ips: readonly string[] }): boolean {
  try {
    const cert = new NodeX509Certificate(pair.cert);
    if (!cert.checkIssued(new NodeX509Certificate(ca.cert))) return false;
    if (Date.parse(cert.validTo) < Date.now() + 7 * DAY) return false;
    const san = cert.subjectAltName ?? "";
    return names.dns.every((d) => san.includes(`DNS:${d}`)) && names.ips.every((ip) => san.includes(`IP Address:${ip}`));
  } catch {
    return false;
  }
}

/** Loads the PKI from the data directory, creating what is missing or no longer fits. */
export async function ensureCertificates(options: CertificateOptions): Promise<ClusterCertificates> {
  const dir = path.join(options.dataDir, "pki");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const files = {
    caCert: path.join(dir, "ca.crt"),
    caKey: path.join(dir, "ca.key"),
    servingCert: path.join(dir, "apiserver.crt"),
    servingKey: path.join(dir, "apiserver.key"),
    adminCert: path.join(dir, "admin.crt"),
    adminKey: path.join(dir, "admin.key"),
  };
  let ca = readPair(files.caCert, files.caKey);
  let fresh = false;
  if (!ca) {
    ca = createCA();
    writePair(ca, files.caCert, files.caKey);
    fresh = true;
  }
  const names = {
    dns: [...new Set([...KUBERNETES_DNS_NAMES, ...(options.dnsNames ?? [])])],
    ips: [...new Set(["127.0.0.1", ...(options.ips ?? [])])].filter((ip) => ip !== "0.0.0.0" && ip !== "::"),
  };
  let serving = fresh ? undefined : readPair(files.servingCert, files.servingKey);
  if (!serving || !covers(serving, ca, names)) {
    serving = issue(ca, { commonName: "kube-apiserver" }, "server", names);
    writePair(serving, files.servingCert, files.servingKey);
  }
  let admin = fresh ? undefined : readPair(files.adminCert, files.adminKey);
  if (!admin || !covers(admin, ca, { dns: [], ips: [] })) {
    const groups = options.adminGroups ?? ["system:masters"];
    admin = issue(ca, { commonName: options.adminUser ?? "kubegen-admin", organizations: groups }, "client", { dns: [], ips: [] });
    writePair(admin, files.adminCert, files.adminKey);
  }
  return { ca, serving, admin, files };
}

/**
 * A client certificate for one user (CN) and its groups (O), signed by the cluster CA; kept as
 * `pki/<file>.crt`/`.key` and re-issued when missing or near expiry (the controller-manager's own
 * credential).
 */
export async function ensureClientCertificate(
  dataDir: string,
  ca: KeyPair,
  file: string,
  user: string,
  groups: readonly string[] = [],
): Promise<KeyPair> {
  const dir = path.join(dataDir, "pki");
  const certFile = path.join(dir, `${file}.crt`);
  const keyFile = path.join(dir, `${file}.key`);
  const existing = readPair(certFile, keyFile);
  if (existing && covers(existing, ca, { dns: [], ips: [] })) return existing;
  const pair = issue(ca, { commonName: user, organizations: groups }, "client", { dns: [], ips: [] });
  writePair(pair, certFile, keyFile);
  return pair;
}
