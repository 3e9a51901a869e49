/**
 * Proxy choice as Go makes it from the environment (HTTPS_PROXY / HTTP_PROXY, NO_PROXY names
 * and CIDRs, loopback never proxied, ALL_PROXY not read), and a request through a real CONNECT
 * proxy that demands credentials given in the proxy URL.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createProxy, type ProxyServer } from "proxy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { proxyFromEnvironment, RestClient } from "../../../runtime/rest/index.js";
import { json, startServer } from "./test-server.js";

const VARS = ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "no_proxy", "ALL_PROXY", "all_proxy"];
let saved: Record<string, string | undefined>;
beforeEach(() => {
  saved = Object.fromEntries(VARS.map((v) => [v, process.env[v]]));
  for (const v of VARS) delete process.env[v];
});
afterEach(() => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const proxyOf = (url: string) => proxyFromEnvironment(new URL(url))?.href;

describe("proxyFromEnvironment", () => {
  it("uses HTTPS_PROXY for https and HTTP_PROXY for http, upper case first, http:// when no scheme", () => {
    process.env["HTTPS_PROXY"] = "secure-proxy:3128";
    process.env["https_proxy"] = "http://lower:1";
    process.env["http_proxy"] = "http://plain-proxy:8080";
    expect(proxyOf("https://api.example.com:6443")).toBe("http://secure-proxy:3128/");
    expect(proxyOf("http://api.example.com")).toBe("http://plain-proxy:8080/");
  });

  it("never proxies localhost or loopback addresses, and does not read ALL_PROXY", () => {
    process.env["HTTPS_PROXY"] = "http://proxy:3128";
    expect(proxyOf("https://localhost:6443")).toBeUndefined();
    expect(proxyOf("https://127.0.0.1:6443")).toBeUndefined();
    expect(proxyOf("https://[::1]:6443")).toBeUndefined();
    delete process.env["HTTPS_PROXY"];
    process.env["ALL_PROXY"] = "http://proxy:3128";
    expect(proxyOf("https://api.example.com")).toBeUndefined();
  });

  it("honours NO_PROXY names, domain suffixes, ports, * and CIDRs", () => {
    process.env["HTTPS_PROXY"] = "http://proxy:3128";
    process.env["NO_PROXY"] = "exact.example.com,.corp.example,other.example:8443,10.0.0.0/8";
    expect(proxyOf("https://exact.example.com")).toBeUndefined();
    expect(proxyOf("https://api.corp.example")).toBeUndefined();
    expect(proxyOf("https://other.example:8443")).toBeUndefined();
    expect(proxyOf("https://other.example:6443")).toBe("http://proxy:3128/");
    expect(proxyOf("https://10.1.2.3:6443")).toBeUndefined();
    expect(proxyOf("https://11.1.2.3:6443")).toBe("http://proxy:3128/");
    process.env["NO_PROXY"] = "*";
    expect(proxyOf("https://anything.example")).toBeUndefined();
  });

  it("refuses a socks5 proxy from the environment by name", () => {
    process.env["HTTPS_PROXY"] = "socks5://proxy:1080";
    expect(() => proxyOf("https://api.example.com")).toThrow(
      `'proxy-url' "socks5://proxy:1080" in HTTPS_PROXY: socks5 proxies are not supported by kubegen`,
    );
  });
});

describe("through a CONNECT proxy that requires credentials", () => {
  it("sends the proxy URL's user and password as Proxy-Authorization", async () => {
    const target = await startServer();
    target.handle((_req, res) => json(res, 200, { ok: true }));
    const proxy: ProxyServer = createProxy(http.createServer());
    const auths: Array<string | undefined> = [];
    proxy.authenticate = (req) => {
      auths.push(req.headers["proxy-authorization"]);
      return req.headers["proxy-authorization"] === `Basic ${Buffer.from("alice:s3cret").toString("base64")}`;
    };
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const port = (proxy.address() as AddressInfo).port;
    const good = new RestClient({ server: target.url, proxyUrl: `http://alice:s3cret@127.0.0.1:${port}`, maxRetries: 0 });
    const bad = new RestClient({ server: target.url, proxyUrl: `http://alice:wrong@127.0.0.1:${port}`, maxRetries: 0 });
    try {
      expect(await good.request({ method: "GET", path: "/api" })).toEqual({ ok: true });
      // The proxy's 407 comes back as the response; the target never sees the request.
      await expect(bad.request({ method: "GET", path: "/api" })).rejects.toMatchObject({ status: { code: 407 } });
      expect(auths).toHaveLength(2);
      expect(target.requests).toHaveLength(1);
    } finally {
      good.close();
      bad.close();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await target.close();
    }
  });
});
