/** The DER certificate writer of the cluster PKI: what TLS peers (OpenSSL here, Go's crypto/x509 in kubectl) check. */
import { X509Certificate } from "node:crypto";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { createCertificate, KeyUsage, keyIdentifier, newKeyPair, privateKeyPem, rawSubject } from "../../../apiserver/server/x509.js";

const DAY = 86_400_000;

function ca(): { cert: string; key: ReturnType<typeof newKeyPair>["privateKey"]; publicKey: ReturnType<typeof newKeyPair>["publicKey"] } {
  const keys = newKeyPair();
  const cert = createCertificate(
    {
      serialNumber: Buffer.from([0x80, 1, 2]), // high bit set: must still encode as a positive INTEGER
      subject: { commonName: "test-ca" },
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.UTC(2060, 0, 1)), // after 2049: GeneralizedTime
      publicKey: keys.publicKey,
      isCA: true,
      keyUsage: [KeyUsage.digitalSignature, KeyUsage.keyCertSign, KeyUsage.cRLSign],
    },
    { key: keys.privateKey },
  );
  return { cert, key: keys.privateKey, publicKey: keys.publicKey };
}

function leaf(issuer: { cert: string; key: ReturnType<typeof newKeyPair>["privateKey"] }, usage: "server" | "client") {
  const keys = newKeyPair();
  const cert = createCertificate(
    {
      serialNumber: Buffer.from([0, 0, 7]),
      subject: usage === "server" ? { commonName: "kube-apiserver" } : { commonName: "jane", organizations: ["dev", "ops"] },
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 365 * DAY),
      publicKey: keys.publicKey,
      isCA: false,
      keyUsage: [KeyUsage.digitalSignature, KeyUsage.keyEncipherment],
      extKeyUsage: usage,
      dnsNames: usage === "server" ? ["localhost", "kubernetes.default.svc"] : [],
      ips: usage === "server" ? ["127.0.0.1", "::1", "fd00::a:1", "::ffff:10.0.0.1"] : [],
    },
    issuer,
  );
  return { cert, key: privateKeyPem(keys.privateKey) };
}

describe("x509 certificates written as DER", () => {
  it("a self-signed CA: v3, CA flag, validity after 2049, its key identifier", () => {
    const c = ca();
    const x = new X509Certificate(c.cert);
    expect(x.ca).toBe(true);
    expect(x.subject).toBe("CN=test-ca");
    expect(x.issuer).toBe("CN=test-ca");
    expect(x.serialNumber).toBe("800102");
    expect(new Date(x.validTo).getUTCFullYear()).toBe(2060);
    expect(x.verify(c.publicKey)).toBe(true);
    expect(x.checkIssued(x)).toBe(true);
    expect(keyIdentifier(c.publicKey)).toHaveLength(20);
  });

  it("issued certificates chain to the CA with its subject bytes and carry names and usages", () => {
    const c = ca();
    const caX = new X509Certificate(c.cert);
    const server = new X509Certificate(leaf(c, "server").cert);
    expect(server.ca).toBe(false);
    expect(server.checkIssued(caX)).toBe(true);
    expect(server.verify(caX.publicKey)).toBe(true);
    expect(rawSubject(server.raw).length).toBeGreaterThan(0);
    expect(Buffer.compare(Buffer.from(rawSubject(caX.raw)), Buffer.from(issuerBytes(server.raw)))).toBe(0);
    expect(server.keyUsage).toEqual(["1.3.6.1.5.5.7.3.1"]);
    expect(server.subjectAltName).toBe(
      "DNS:localhost, DNS:kubernetes.default.svc, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, IP Address:FD00:0:0:0:0:0:A:1, IP Address:0:0:0:0:0:FFFF:A00:1",
    );
    expect(server.checkIP("::1")).toBe("::1");
    expect(server.checkHost("kubernetes.default.svc")).toBe("kubernetes.default.svc");
    const client = new X509Certificate(leaf(c, "client").cert);
    expect(client.subject).toBe("CN=jane\nO=dev\nO=ops");
    expect(client.keyUsage).toEqual(["1.3.6.1.5.5.7.3.2"]);
    expect(client.subjectAltName).toBeUndefined();
  });

  it("serves TLS and authenticates a client certificate (OpenSSL verifies the chain both ways)", async () => {
    const c = ca();
    const server = leaf(c, "server");
    const client = leaf(c, "client");
    const srv = https.createServer(
      { cert: server.cert, key: server.key, ca: c.cert, requestCert: true, rejectUnauthorized: true },
      (req, res) => {
        const peer = (req.socket as import("node:tls").TLSSocket).getPeerCertificate();
        res.end(peer.subject.CN);
      },
    );
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const req = https.request(
          {
            host: "127.0.0.1",
            port: (srv.address() as AddressInfo).port,
            ca: c.cert,
            cert: client.cert,
            key: client.key,
            servername: "localhost",
          },
          (res) => {
            let b = "";
            res.on("data", (d: Buffer) => (b += d.toString()));
            res.on("end", () => resolve(b));
          },
        );
        req.on("error", reject);
        req.end();
      });
      expect(body).toBe("jane");
    } finally {
      srv.close();
    }
  });
});

/** The issuer Name of a certificate (the field before validity), for comparing bytes with the CA's subject. */
function issuerBytes(der: Buffer): Buffer {
  const read = (at: number): { start: number; content: number; end: number } => {
    let len = der[at + 1]!;
    let content = at + 2;
    if (len & 0x80) {
      const n = len & 0x7f;
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + der[at + 2 + i]!;
      content += n;
    }
    return { start: at, content, end: content + len };
  };
  const tbs = read(read(0).content);
  let at = tbs.content;
  const fields = [];
  while (at < tbs.end) {
    const e = read(at);
    fields.push(e);
    at = e.end;
  }
  const issuer = fields[3]!; // version, serial, signature, issuer
  return der.subarray(issuer.start, issuer.end);
}
