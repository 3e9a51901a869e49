import { startRunningServer } from "./test/support/running-server.js";
import { pod } from "./bench/pods.bench.js";
import { encodeObject, decodeObject } from "./runtime/protobuf/envelope.js";
const s = await startRunningServer();
await s.call("POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "default" } });
const p = await s.call("POST", "/api/v1/namespaces/default/pods", pod("x"));
const scheme = (s.running.server as any).scheme;
await s.stop();
const dec = decodeObject(scheme, encodeObject(scheme, p.body)) as any;
const bench = (name: string, f: () => unknown) => {
  for (let i = 0; i < 20000; i++) f();
  const c0 = process.cpuUsage();
  for (let i = 0; i < 100000; i++) f();
  const d = process.cpuUsage(c0);
  console.log(name.padEnd(30), ((d.user + d.system) / 100000).toFixed(2), "µs");
};
bench("pb encode", () => encodeObject(scheme, dec));
