// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- an ambient module for an untyped package; a project compiling these sources needs it pulled in, which an import cannot do
/// <reference path="./proxy-from-env.d.ts" />
/**
 * Which proxy a request goes through, as client-go decides it: the cluster's `proxy-url`, else
 * HTTPS_PROXY / HTTP_PROXY minus NO_PROXY; and the agents that tunnel through it (HTTP CONNECT).
 */
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { HttpsProxyAgent } from "https-proxy-agent";
import { getProxyForUrl } from "proxy-from-env";

/**
 * Checks a `proxy-url`: http and https proxies are supported; socks5 (which client-go also
 * accepts) is refused with an error naming it, since no SOCKS client is among our dependencies.
 */
export function parseProxyUrl(raw: string, where: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`invalid 'proxy-url' ${JSON.stringify(raw)} ${where}: not a URL`);
  }
  if (url.protocol === "socks5:") {
    throw new Error(
      `'proxy-url' ${JSON.stringify(raw)} ${where}: socks5 proxies are not supported by kubegen (use an http or https proxy)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new Error(
      `invalid 'proxy-url' ${JSON.stringify(raw)} ${where}: unsupported scheme ${JSON.stringify(url.protocol.slice(0, -1))}, must be http, https, or socks5`,
    );
  }
  return url;
}

function envVar(env: Readonly<Record<string, string | undefined>>, name: string): string {
  // Go reads the upper-case name first.
  return env[name.toUpperCase()] || env[name.toLowerCase()] || "";
}

/** NO_PROXY entries in CIDR form, which Go honours and proxy-from-env does not. */
function inNoProxyCidr(host: string, noProxy: string): boolean {
  const family = net.isIP(host);
  if (family === 0) return false;
  for (const entry of noProxy.split(/[,\s]+/)) {
    const m = /^(.+)\/(\d{1,3})$/.exec(entry);
    if (m === null || net.isIP(m[1]!) === 0) continue;
    const list = new net.BlockList();
    const type = net.isIP(m[1]!) === 4 ? "ipv4" : "ipv6";
    try {
      list.addSubnet(m[1]!, Number(m[2]), type);
    } catch {
      continue;
    }
    if (list.check(host, family === 4 ? "ipv4" : "ipv6")) return true;
  }
  return false;
}

function isLoopback(host: string): boolean {
  if (host === "localhost") return true;
  if (net.isIPv4(host)) return host.startsWith("127.");
  return net.isIPv6(host) && (host === "::1" || /^0*:0*:0*:0*:0*:0*:0*:0*1$/.test(host));
}

/**
 * The proxy from the environment for `target`, as Go's ProxyFromEnvironment picks it:
 * HTTPS_PROXY for https URLs, HTTP_PROXY for http ones (upper case first; a value without a
 * scheme means http), unless NO_PROXY matches (names, `.domain` suffixes, `*`, CIDRs);
 * localhost and loopback addresses are never proxied; ALL_PROXY is not read.
 */
export function proxyFromEnvironment(target: URL): URL | undefined {
  const env = process.env;
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (isLoopback(host)) return undefined;
  const name = target.protocol === "https:" ? "https_proxy" : "http_proxy";
  const raw = envVar(env, name);
  if (raw === "") return undefined;
  if (inNoProxyCidr(host, envVar(env, "no_proxy"))) return undefined;
  // proxy-from-env matches NO_PROXY names, suffixes and ports.
  if (getProxyForUrl(target.href) === "") return undefined;
  return parseProxyUrl(raw.includes("://") ? raw : `http://${raw}`, `in ${name.toUpperCase()}`);
}

/** The agents one transport sends through: a capped pool for requests and an unbounded one for watches. */
export interface Agents {
  request: http.Agent;
  stream: http.Agent;
}

/**
 * Keep-alive agents to the server, tunnelling through `proxy` with CONNECT when given. TLS
 * options for the server are passed with each request (the proxy agent applies them to the
 * tunnelled connection, not to the proxy's own).
 */
export function createAgents(secure: boolean, proxy: URL | undefined, tlsOptions: https.AgentOptions, maxRequestSockets: number): Agents {
  if (proxy !== undefined) {
    return {
      request: new HttpsProxyAgent(proxy, { keepAlive: true, maxSockets: maxRequestSockets }),
      stream: new HttpsProxyAgent(proxy, { keepAlive: true }),
    };
  }
  if (secure) {
    return {
      request: new https.Agent({ ...tlsOptions, keepAlive: true, maxSockets: maxRequestSockets }),
      stream: new https.Agent({ ...tlsOptions, keepAlive: true }),
    };
  }
  return { request: new http.Agent({ keepAlive: true, maxSockets: maxRequestSockets }), stream: new http.Agent({ keepAlive: true }) };
}
