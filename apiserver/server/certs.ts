/**
 * The cluster's PKI in the data directory: a CA, the apiserver's serving certificate (for
 * localhost, 127.0.0.1, the advertise address and the in-cluster `kubernetes` names) and an
 * admin client certificate (CN=kubegen-admin, O=system:masters). All ECDSA P-256, made on first
 * start and reused after; the serving certificate is remade when its names no longer cover the
 * configuration.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { X509Certificate as NodeX509Certificate, webcrypto } from "node:crypto";
import path from "node:path";
import type * as X509 from "@peculiar/x509";

/**
 * @peculiar/x509 (and the DI container under it) loads only when a certificate has to be made;
 * a restart that reuses the PKI never pays for it.
 */
let x509Module: Promise<typeof X509> | undefined;
function loadX509(): Promise<typeof X509> {
  x509Module ??= (async () => {
    // tsyringe, under @peculiar/x509, needs the Reflect metadata API installed first.
    await import("reflect-metadata");
    const x509 = await import("@peculiar/x509");
    x509.cryptoProvider.set(webcrypto as never);
    return x509;
  })();
  return x509Module;
}

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

const ALG = { name: "ECDSA", namedCurve: "P-256" } as const;
const SIGNING = { name: "ECDSA", hash: "SHA-256" } as const;
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

async function newKeys(): Promise<CryptoKeyPair> {
  return (await webcrypto.subtle.generateKey(ALG, true, ["sign", "verify"])) as CryptoKeyPair;
}

async function keyToPem(key: CryptoKey): Promise<string> {
  const x509 = await loadX509();
  const der = await webcrypto.subtle.exportKey("pkcs8", key);
  return x509.PemConverter.encode(der, "PRIVATE KEY");
}

async function pemToKey(pem: string): Promise<CryptoKey> {
  const x509 = await loadX509();
  const der = x509.PemConverter.decode(pem)[0]!;
  return webcrypto.subtle.importKey("pkcs8", der, ALG, true, ["sign"]);
}

function serial(): string {
  const bytes = webcrypto.getRandomValues(new Uint8Array(16));
  bytes[0] = bytes[0]! & 0x7f; // positive
  return Buffer.from(bytes).toString("hex");
}

/** A self-signed CA (the cluster's `kubegen-ca`, or another such as the front-proxy CA). */
export async function createCA(commonName = "kubegen-ca"): Promise<KeyPair> {
  const x509 = await loadX509();
  const keys = await newKeys();
  const now = Date.now();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: `CN=${commonName}`,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 3650 * DAY),
    signingAlgorithm: SIGNING,
    keys: keys as never,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey as never),
    ],
  });
  return { cert: cert.toString("pem"), key: await keyToPem(keys.privateKey) };
}

async function issue(
  ca: KeyPair,
  subject: string,
  usage: "server" | "client",
  names: { dns: readonly string[]; ips: readonly string[] },
): Promise<KeyPair> {
  const x509 = await loadX509();
  const caCert = new x509.X509Certificate(ca.cert);
  const caKey = await pemToKey(ca.key);
  const keys = await newKeys();
  const now = Date.now();
  const extensions: X509.Extension[] = [
    new x509.BasicConstraintsExtension(false, undefined, true),
    new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
    new x509.ExtendedKeyUsageExtension([usage === "server" ? x509.ExtendedKeyUsage.serverAuth : x509.ExtendedKeyUsage.clientAuth]),
    await x509.AuthorityKeyIdentifierExtension.create(caCert.publicKey),
  ];
  if (names.dns.length + names.ips.length > 0) {
    extensions.push(
      new x509.SubjectAlternativeNameExtension([
        ...names.dns.map((value) => ({ type: "dns" as const, value })),
        ...names.ips.map((value) => ({ type: "ip" as const, value })),
      ]),
    );
  }
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject,
    issuer: caCert.subject,
    notBefore: new Date(now - 60_000),
    notAfter: new Date(now + 365 * DAY),
    signingAlgorithm: SIGNING,
    publicKey: keys.publicKey as never,
    signingKey: caKey as never,
    extensions,
  });
  return { cert: cert.toString("pem"), key: await keyToPem(keys.privateKey) };
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
    ca = await createCA();
    writePair(ca, files.caCert, files.caKey);
    fresh = true;
  }
  const names = {
    dns: [...new Set([...KUBERNETES_DNS_NAMES, ...(options.dnsNames ?? [])])],
    ips: [...new Set(["127.0.0.1", ...(options.ips ?? [])])].filter((ip) => ip !== "0.0.0.0" && ip !== "::"),
  };
  let serving = fresh ? undefined : readPair(files.servingCert, files.servingKey);
  if (!serving || !covers(serving, ca, names)) {
    serving = await issue(ca, "CN=kube-apiserver", "server", names);
    writePair(serving, files.servingCert, files.servingKey);
  }
  let admin = fresh ? undefined : readPair(files.adminCert, files.adminKey);
  if (!admin || !covers(admin, ca, { dns: [], ips: [] })) {
    const groups = options.adminGroups ?? ["system:masters"];
    const subject = [`CN=${options.adminUser ?? "kubegen-admin"}`, ...groups.map((g) => `O=${g}`)].join(", ");
    admin = await issue(ca, subject, "client", { dns: [], ips: [] });
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
  const subject = [`CN=${user}`, ...groups.map((g) => `O=${g}`)].join(", ");
  const pair = await issue(ca, subject, "client", { dns: [], ips: [] });
  writePair(pair, certFile, keyFile);
  return pair;
}
