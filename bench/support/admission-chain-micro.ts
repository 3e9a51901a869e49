/**
 * CPU per Pod create spent in the admission chain, in process: a real apiserver (SQLite, the
 * default plugins), its chain driven directly with a Pod's attributes, admit then validate.
 * Prints µs of process CPU per create for the whole chain and each plugin.
 *
 *   npx tsx bench/support/admission-chain-micro.ts [iterations]
 */
import { AdmissionChain, type AdmissionAttributes, type AdmissionPlugin } from "../../apiserver/admission/interface.js";
import { startRunningServer } from "../../test/support/running-server.js";

const N = Number(process.argv[2] ?? 20000);

// The server's chain, found by the first Pod create it admits.
const chains: AdmissionChain[] = [];
const origAdmit = Object.getOwnPropertyDescriptor(AdmissionChain.prototype, "admit")!.value as AdmissionChain["admit"];
AdmissionChain.prototype.admit = function (this: AdmissionChain, ...args) {
  if (chains.length === 0 && this.plugins.some((p) => p.name === "ServiceAccount")) chains.push(this);
  return origAdmit.apply(this, args);
};

const server = await startRunningServer();
try {
  await server.call("POST", "/api/v1/namespaces/default/serviceaccounts", { metadata: { name: "default" } });
  const r = await server.call("POST", "/api/v1/namespaces/default/pods", {
    metadata: { name: "warm" },
    spec: { containers: [{ name: "c", image: "busybox" }] },
  });
  const chain = chains[0];
  if (r.status !== 201 || !chain) throw new Error(`warm-up create: ${r.status} ${JSON.stringify(r.body)}`);
  const c = chain;
  const attrs = (i: number): AdmissionAttributes => ({
    operation: "CREATE",
    kind: { group: "", version: "v1", kind: "Pod" },
    resource: { group: "", version: "v1", resource: "pods" },
    subresource: "",
    namespace: "default",
    name: `p${i}`,
    object: {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: `p${i}`, namespace: "default" },
      spec: { containers: [{ name: "c", image: "busybox", resources: {} }], restartPolicy: "Always", dnsPolicy: "ClusterFirst" },
    },
    options: { kind: "CreateOptions", apiVersion: "meta.k8s.io/v1" },
    dryRun: false, // no quota exists: ResourceQuota lists, writes nothing
    user: { name: "admin", groups: ["system:masters", "system:authenticated"] },
  });
  const ctx = () => {
    const ac = new AbortController();
    return {
      get signal() {
        return ac.signal;
      },
      warnings: [] as string[],
    };
  };
  const perPlugin = async (p: AdmissionPlugin): Promise<number> => {
    const t0 = process.cpuUsage();
    for (let i = 0; i < N; i++) {
      const a = attrs(i);
      const x = ctx();
      if (p.admit) await p.admit(a, x);
      if (p.validate) await p.validate(a, x);
    }
    const d = process.cpuUsage(t0);
    return (d.user + d.system) / N;
  };
  // Warm up, then measure the chain.
  for (let i = 0; i < 2000; i++) await c.run(attrs(i), ctx());
  // The least of five runs: the machine is shared, and other load only adds.
  let best = Infinity;
  for (let rep = 0; rep < 5; rep++) {
    const t0 = process.cpuUsage();
    for (let i = 0; i < N; i++) await c.run(attrs(i), ctx());
    const u = process.cpuUsage(t0);
    best = Math.min(best, u.user + u.system);
  }
  const d = { user: best, system: 0 };
  const base = process.cpuUsage();
  for (let i = 0; i < N; i++) {
    attrs(i);
    ctx();
  }
  const bd = process.cpuUsage(base);
  console.log(
    `load ${(await import("node:os"))
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  console.log(
    `chain: ${((d.user + d.system) / N).toFixed(2)} µs CPU per Pod create (attrs+ctx alone ${((bd.user + bd.system) / N).toFixed(2)} µs), N=${N}`,
  );
  for (const p of c.plugins) console.log(`  ${p.name.padEnd(28)} ${(await perPlugin(p)).toFixed(2)} µs`);
} finally {
  await server.stop();
}
