/**
 * The cost of the aggregator: GETs of one Widget straight from an extension apiserver (the
 * Widget example group compiled in, requestheader authentication, SubjectAccessReview against
 * the main apiserver, cached) against the same GETs through the main apiserver's proxy. Both
 * servers and the client share this process: CPU per GET (process.cpuUsage) counts everything
 * a request costs on this machine, and its difference is the aggregator's hop. Sequential GETs
 * (wall latency p50/p99) and 16 concurrent clients (GETs/s). No target: a figure for the notes.
 */
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { scheme as widgetScheme } from "../examples/widget/generated/apis/register.js";
import * as widgetOpenAPI from "../examples/widget/generated/openapi/index.js";
import { runAPIServer, type RunningAPIServer } from "../apiserver/server/run.js";
import { aggregation } from "../apiserver/aggregator/run-options.js";
import { defaultAdvertiseAddress } from "../apiserver/server/options.js";
import { type BenchModule, formatOps, formatRatio, median, printNote, printTable, runIfMain } from "./support/table.js";

const SEQUENTIAL = 1_500;
const CONCURRENT = 4_000;

interface Target {
  base: string;
  agent: https.Agent;
  headers: Record<string, string>;
}

function get(t: Target, p: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = https.request(`${t.base}${p}`, { agent: t.agent, headers: t.headers }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", reject);
    req.end();
  });
}

interface Figures {
  p50: number;
  p99: number;
  cpuUsPerGet: number;
  perSecond: number;
}

async function measure(t: Target, p: string): Promise<Figures> {
  for (let i = 0; i < 200; i++) if ((await get(t, p)) !== 200) throw new Error(`GET ${p}: not 200`);
  const lat: number[] = [];
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < SEQUENTIAL; i++) {
    const s = performance.now();
    await get(t, p);
    lat.push(performance.now() - s);
  }
  const cpu = process.cpuUsage(cpu0);
  lat.sort((a, b) => a - b);
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < CONCURRENT) await get(t, p);
    }),
  );
  return {
    p50: median(lat),
    p99: lat[Math.floor(lat.length * 0.99)]!,
    cpuUsPerGet: (cpu.user + cpu.system) / SEQUENTIAL,
    perSecond: CONCURRENT / ((performance.now() - start) / 1000),
  };
}

async function run(): Promise<void> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "kubegen-bench-aggregation-"));
  let main: RunningAPIServer | undefined;
  let ext: RunningAPIServer | undefined;
  const quiet = { log: () => {} };
  // The extension on the host's non-loopback address: EndpointSlices may not list loopback ones.
  const extHost = defaultAdvertiseAddress("0.0.0.0");
  try {
    main = await runAPIServer({
      dataDir: path.join(root, "main"),
      securePort: 0,
      bindAddress: "127.0.0.1",
      authorizationMode: "RBAC",
      extensions: [aggregation()],
      ...quiet,
    });
    ext = await runAPIServer({
      dataDir: path.join(root, "ext"),
      securePort: 0,
      bindAddress: extHost,
      apiGroups: [{ scheme: widgetScheme, openapi: widgetOpenAPI }],
      extensions: [aggregation({ authenticationKubeconfig: main.kubeconfig, authorizationKubeconfig: main.kubeconfig })],
      ...quiet,
    });
    const admin = new https.Agent({ keepAlive: true, cert: main.certs.admin.cert, key: main.certs.admin.key, ca: main.certs.ca.cert });
    const post = (base: string, agent: https.Agent, p: string, body: object) =>
      new Promise<number>((resolve, reject) => {
        const req = https.request(`${base}${p}`, { method: "POST", agent, headers: { "Content-Type": "application/json" } }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
        });
        req.on("error", reject);
        req.end(JSON.stringify(body));
      });
    await post(main.url, admin, "/api/v1/namespaces/kube-system/services", {
      metadata: { name: "widgets-api" },
      spec: { ports: [{ name: "https", port: 443, targetPort: ext.server.port }] },
    });
    await post(main.url, admin, "/apis/discovery.k8s.io/v1/namespaces/kube-system/endpointslices", {
      metadata: { name: "widgets-api-1", labels: { "kubernetes.io/service-name": "widgets-api" } },
      addressType: "IPv4",
      endpoints: [{ addresses: [extHost], conditions: { ready: true } }],
      ports: [{ name: "https", port: ext.server.port, protocol: "TCP" }],
    });
    await post(main.url, admin, "/apis/apiregistration.k8s.io/v1/apiservices", {
      metadata: { name: "v1.widgets.example.com" },
      spec: {
        group: "widgets.example.com",
        version: "v1",
        service: { namespace: "kube-system", name: "widgets-api", port: 443 },
        insecureSkipTLSVerify: true,
        groupPriorityMinimum: 1000,
        versionPriority: 15,
      },
    });
    const widget = "/apis/widgets.example.com/v1/namespaces/default/widgets/w1";
    const proxied: Target = { base: main.url, agent: admin, headers: { Accept: "application/json" } };
    for (
      let i = 0;
      i < 200 &&
      (await post(main.url, admin, "/apis/widgets.example.com/v1/namespaces/default/widgets", {
        metadata: { name: "w1" },
        spec: { message: "hi" },
      })) !== 201;
      i++
    )
      await new Promise((r) => setTimeout(r, 100));
    const frontProxy = new https.Agent({
      keepAlive: true,
      cert: fs.readFileSync(path.join(root, "main", "pki", "front-proxy-client.crt")),
      key: fs.readFileSync(path.join(root, "main", "pki", "front-proxy-client.key")),
      rejectUnauthorized: false,
    });
    // The same identity the aggregator passes: an admin in system:masters, as kubectl's certificate says.
    const direct: Target = {
      base: ext.url,
      agent: frontProxy,
      headers: { Accept: "application/json", "X-Remote-User": "kubegen-admin", "X-Remote-Group": "system:masters" },
    };
    const d = await measure(direct, widget);
    const a = await measure(proxied, widget);
    const d2 = await measure(direct, widget);
    const best = (x: Figures, y: Figures): Figures => ({
      p50: Math.min(x.p50, y.p50),
      p99: Math.min(x.p99, y.p99),
      cpuUsPerGet: Math.min(x.cpuUsPerGet, y.cpuUsPerGet),
      perSecond: Math.max(x.perSecond, y.perSecond),
    });
    const dd = best(d, d2);
    printTable(
      "aggregation: GET of a Widget, direct to the extension apiserver vs through the main apiserver's proxy (same process, same run)",
      ["measure", "direct", "proxied", "proxied / direct"],
      [
        ["wall p50, sequential", `${dd.p50.toFixed(2)} ms`, `${a.p50.toFixed(2)} ms`, formatRatio(a.p50 / dd.p50)],
        ["wall p99, sequential", `${dd.p99.toFixed(2)} ms`, `${a.p99.toFixed(2)} ms`, formatRatio(a.p99 / dd.p99)],
        [
          "CPU per GET (client + servers)",
          `${dd.cpuUsPerGet.toFixed(0)} µs`,
          `${a.cpuUsPerGet.toFixed(0)} µs`,
          formatRatio(a.cpuUsPerGet / dd.cpuUsPerGet),
        ],
        ["GETs/s, 16 clients", formatOps(dd.perSecond), formatOps(a.perSecond), formatRatio(a.perSecond / dd.perSecond)],
      ],
    );
    printNote(
      "The proxied GET adds the main apiserver's chain (authn, RBAC, audit id, ...) and one more TLS hop; the extension's SubjectAccessReview is cached for 10 s.",
    );
  } finally {
    await ext?.stop();
    await main?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  }
}

export const bench: BenchModule = {
  name: "aggregation",
  description: "GET latency, CPU and throughput through the aggregator's proxy vs direct to the extension apiserver",
  run,
};

await runIfMain(import.meta.url, bench);
