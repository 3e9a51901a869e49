/**
 * Requestheader authentication as an extension apiserver runs it: only a client certificate of
 * the requestheader CA with an allowed CN makes the identity headers count; the headers are
 * read (several groups, percent-encoded extra keys) and removed; a certificate of another CA is
 * no front proxy, and the x509 authenticator of the client CA refuses it too.
 */
import { X509Certificate } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage } from "node:http";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { RequestHeaderAuthenticator, requestHeaderConfig } from "../../../apiserver/auth/requestheader.js";
import { parseCertificates, X509Authenticator } from "../../../apiserver/auth/x509.js";
import { createCA, ensureClientCertificate, type KeyPair } from "../../../apiserver/server/certs.js";

let frontProxyCA: KeyPair;
let clusterCA: KeyPair;
let proxyCert: KeyPair;
let otherProxyCert: KeyPair;
let userCert: KeyPair;

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-requestheader-"));
  fs.mkdirSync(path.join(dir, "pki"));
  frontProxyCA = createCA("front-proxy-ca");
  clusterCA = createCA();
  proxyCert = await ensureClientCertificate(dir, frontProxyCA, "proxy", "front-proxy-client");
  otherProxyCert = await ensureClientCertificate(dir, frontProxyCA, "other", "someone-else");
  userCert = await ensureClientCertificate(dir, clusterCA, "user", "mallory", ["system:masters"]);
});

/** A request as Node hands it over a TLS socket that verified `cert` (or not). */
function request(cert: KeyPair | undefined, headers: [string, string][], authorized = true): IncomingMessage {
  const x = cert ? new X509Certificate(cert.cert) : undefined;
  const socket = {
    authorized,
    authorizationError: authorized ? undefined : "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    getPeerCertificate: () => (x ? { raw: x.raw, subject: { CN: /CN=([^\n,]+)/.exec(x.subject)![1] } } : {}),
  };
  const lower: Record<string, string | string[]> = {};
  for (const [k, v] of headers) {
    const key = k.toLowerCase();
    const prev = lower[key];
    lower[key] = prev === undefined ? v : key.startsWith("x-remote-extra-") ? [...[prev].flat(), v] : `${[prev].flat().join(", ")}, ${v}`;
  }
  return { socket, headers: lower, rawHeaders: headers.flat() } as unknown as IncomingMessage;
}

const config = () => requestHeaderConfig(frontProxyCA.cert, { allowedNames: ["front-proxy-client"] });

describe("RequestHeaderAuthenticator", () => {
  it("reads the user, every group header and the extra headers of an allowed front proxy, then removes them", () => {
    const auth = new RequestHeaderAuthenticator(config());
    const req = request(proxyCert, [
      ["X-Remote-User", "alice"],
      ["X-Remote-Group", "devs"],
      ["X-Remote-Group", "system:authenticated"],
      ["X-Remote-Extra-Scopes", "read"],
      ["X-Remote-Extra-Scopes", "write"],
      ["X-Remote-Extra-example.com%2Fteam", "blue"],
    ]);
    expect(auth.authenticate(req)).toEqual({
      user: { name: "alice", groups: ["devs", "system:authenticated"], extra: { scopes: ["read", "write"], "example.com/team": ["blue"] } },
    });
    expect(Object.keys(req.headers).filter((h) => h.startsWith("x-remote-"))).toEqual([]);
  });

  it("takes the configured header names", () => {
    const auth = new RequestHeaderAuthenticator(
      requestHeaderConfig(frontProxyCA.cert, {
        usernameHeaders: ["X-Proxy-User"],
        groupHeaders: ["X-Proxy-Group"],
        extraHeaderPrefixes: ["X-Proxy-Extra-"],
        allowedNames: [],
      }),
    );
    expect(
      auth.authenticate(
        request(otherProxyCert, [
          ["X-Proxy-User", "bob"],
          ["X-Proxy-Group", "ops"],
          ["X-Remote-User", "eve"],
        ]),
      ),
    ).toEqual({
      user: { name: "bob", groups: ["ops"] },
    });
  });

  it("refuses a front proxy whose CN is not allowed", () => {
    const auth = new RequestHeaderAuthenticator(config());
    expect(auth.authenticate(request(otherProxyCert, [["X-Remote-User", "alice"]]))).toEqual({
      error: "x509: subject with cn=someone-else is not in the allowed list",
    });
  });

  it("ignores the headers of a certificate another CA issued, and of a request without a certificate", () => {
    const auth = new RequestHeaderAuthenticator(config());
    const forged = request(userCert, [
      ["X-Remote-User", "admin"],
      ["X-Remote-Group", "system:masters"],
    ]);
    expect(auth.authenticate(forged)).toBeUndefined();
    // Left for the client-CA authenticator, which sees its own user, not the claimed one.
    expect(forged.headers["x-remote-user"]).toBe("admin");
    expect(auth.authenticate(request(undefined, [["X-Remote-User", "admin"]]))).toBeUndefined();
  });

  it("leaves a front proxy's own request without a user to the other authenticators", () => {
    expect(new RequestHeaderAuthenticator(config()).authenticate(request(proxyCert, [["X-Remote-Group", "g"]]))).toBeUndefined();
  });

  it("fails a certificate the TLS handshake could not verify", () => {
    expect(new RequestHeaderAuthenticator(config()).authenticate(request(proxyCert, [["X-Remote-User", "a"]], false))).toEqual({
      error: "verifying certificate: UNABLE_TO_VERIFY_LEAF_SIGNATURE",
    });
  });

  it("needs a CA in the bundle", () => {
    expect(() => new RequestHeaderAuthenticator(requestHeaderConfig("not a pem", {}))).toThrow(
      "--requestheader-client-ca-file: no certificate found",
    );
  });
});

describe("X509Authenticator beside a requestheader CA", () => {
  it("accepts only certificates of the client CA as users", () => {
    const x509 = new X509Authenticator(parseCertificates(clusterCA.cert));
    // (The fake socket's subject carries the CN alone.)
    expect(x509.authenticate(request(userCert, []))).toEqual({ user: { name: "mallory", groups: [] } });
    expect(x509.authenticate(request(proxyCert, []))).toEqual({
      error: "verifying certificate: x509: certificate signed by unknown authority",
    });
  });
});
