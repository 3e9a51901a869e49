/**
 * Sends the request fuzzer's cases (test/support/request-fuzz.ts) to a running apiserver and
 * checks what must hold for any request, however bad:
 *  - it gets an HTTP answer (no dropped connection, no hang);
 *  - the answer is no 5xx;
 *  - a 4xx leaves the stored object byte-identical (GET before and after: same bytes, same
 *    resourceVersion), and a create answered 4xx stores nothing;
 *  - /readyz stays ok.
 * Used by test/apiserver/fuzz/requests.fuzz.test.ts (a fixed seed, bounded counts) and by
 * bench/fuzz.bench.ts (every case, several seeds).
 */
import https from "node:https";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runAPIServer, type RunningAPIServer } from "../../apiserver/server/run.js";
import { scheme as crontabScheme } from "../../examples/crontab/generated/apis/register.js";
import * as crontabOpenAPI from "../../examples/crontab/generated/openapi/index.js";
import { CRD_PATH, cronTabCRD } from "./crontab-crd.js";
import { CSR_REQUEST } from "./csr-fixture.js";
import { casesFor, objectOf, resourcePaths, type CaseContext, type FuzzCase, type FuzzResource, type Schema } from "./request-fuzz.js";

export interface HTTPResult {
  /** 0 when no HTTP answer came (connection dropped, or no answer in time). */
  status: number;
  body: Buffer;
  /** Why there was no answer. */
  error?: string;
}

/** A keep-alive HTTPS client with the admin certificate that sends exactly the given headers. */
export class FuzzClient {
  private readonly agent: https.Agent;

  constructor(
    private readonly server: RunningAPIServer,
    private readonly timeoutMs = 60_000,
  ) {
    this.agent = new https.Agent({
      keepAlive: true,
      maxSockets: 4,
      ca: server.certs.ca.cert,
      cert: server.certs.admin.cert,
      key: server.certs.admin.key,
    });
  }

  request(
    method: string,
    p: string,
    headers: Record<string, string> = {},
    body?: string | Uint8Array,
    stream = false,
  ): Promise<HTTPResult> {
    const url = new URL(this.server.url);
    return new Promise((resolve) => {
      let settled = false;
      const done = (r: HTTPResult): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(r);
      };
      const h: Record<string, string> = { Accept: "application/json", ...headers };
      if (body !== undefined) h["Content-Length"] = String(Buffer.byteLength(body));
      const req = https.request({ agent: this.agent, host: url.hostname, port: url.port, method, path: p, headers: h }, (res) => {
        if (stream) {
          // A watch: its head is its answer; the first bytes (or the whole error) are kept.
          const status = res.statusCode ?? 0;
          const chunks: Buffer[] = [];
          const finish = (): void => {
            done({ status, body: Buffer.concat(chunks) });
            req.destroy();
          };
          res.on("data", (c: Buffer) => {
            chunks.push(c);
            if (status < 300) finish();
          });
          res.on("end", finish);
          res.on("error", finish);
          if (status < 300) setTimeout(finish, 200);
          return;
        }
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => done({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
        res.on("error", (e) => done({ status: 0, body: Buffer.concat(chunks), error: `response: ${e.message}` }));
      });
      const timer = setTimeout(() => {
        done({ status: 0, body: Buffer.alloc(0), error: `no answer in ${this.timeoutMs} ms` });
        req.destroy();
      }, this.timeoutMs);
      req.on("error", (e) => done({ status: 0, body: Buffer.alloc(0), error: e.message }));
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  async json<T = Record<string, unknown>>(
    method: string,
    p: string,
    body?: unknown,
    contentType = "application/json",
  ): Promise<{ status: number; body: T }> {
    const r = await this.request(
      method,
      p,
      body === undefined ? {} : { "Content-Type": contentType },
      body === undefined ? undefined : JSON.stringify(body),
    );
    let parsed: unknown;
    try {
      parsed = JSON.parse(r.body.toString("utf8"));
    } catch {
      parsed = { text: r.body.toString("utf8") };
    }
    return { status: r.status, body: parsed as T };
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// The server under test

export const FUZZ_NAMESPACE = "fuzz";
/** The CronTab CRD under a group of its own, so both the compiled-in and the CRD path are fuzzed. */
export const FUZZ_CRD_GROUP = "fuzz.example.com";

export interface FuzzServer {
  server: RunningAPIServer;
  client: FuzzClient;
  stop(): Promise<void>;
}

/** An apiserver on SQLite in a temp dir, serving the built-in API, the CronTab example compiled in, and a CRD. */
export async function startFuzzServer(): Promise<FuzzServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-fuzz-"));
  const server = await runAPIServer({
    dataDir: dir,
    securePort: 0,
    bindAddress: "127.0.0.1",
    log: () => {},
    apiGroups: [{ scheme: crontabScheme, openapi: crontabOpenAPI }],
  });
  const client = new FuzzClient(server);
  const ns = await client.json("POST", "/api/v1/namespaces", { apiVersion: "v1", kind: "Namespace", metadata: { name: FUZZ_NAMESPACE } });
  if (ns.status !== 201) throw new Error(`creating namespace ${FUZZ_NAMESPACE}: ${ns.status} ${JSON.stringify(ns.body)}`);
  // Pods need the namespace's `default` ServiceAccount (ServiceAccount admission); with no
  // controller-manager here, the fuzzer makes it as the serviceaccount controller would.
  const sa = await client.json("POST", `/api/v1/namespaces/${FUZZ_NAMESPACE}/serviceaccounts`, {
    apiVersion: "v1",
    kind: "ServiceAccount",
    metadata: { name: "default" },
  });
  if (sa.status !== 201) throw new Error(`creating serviceaccount ${FUZZ_NAMESPACE}/default: ${sa.status} ${JSON.stringify(sa.body)}`);
  const crd = cronTabCRD({}, { group: FUZZ_CRD_GROUP });
  (crd.metadata as { name: string }).name = `crontabs.${FUZZ_CRD_GROUP}`;
  const created = await client.json("POST", CRD_PATH, crd);
  if (created.status !== 201) throw new Error(`creating the fuzz CRD: ${created.status} ${JSON.stringify(created.body)}`);
  for (let i = 0; ; i++) {
    const r = await client.request("GET", `/apis/${FUZZ_CRD_GROUP}/v1/crontabs`);
    if (r.status === 200) break;
    if (i > 200) throw new Error(`the fuzz CRD is not served: ${r.status}`);
    await new Promise((res) => setTimeout(res, 25));
  }
  return {
    server,
    client,
    async stop() {
      client.close();
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A pod template and the workload objects built on it (their selectors must match its labels). */
function workloadBases(): Record<string, Record<string, unknown>> {
  const labels = { app: "fuzz" };
  const podSpec = { containers: [{ name: "c", image: "fuzz:1" }] };
  const template = { metadata: { labels }, spec: podSpec };
  const jobTemplate = { metadata: { labels }, spec: { ...podSpec, restartPolicy: "Never" } };
  return {
    "/pods": { spec: podSpec },
    "/podtemplates": { template },
    "/replicationcontrollers": { spec: { replicas: 1, selector: labels, template } },
    "apps/deployments": { spec: { selector: { matchLabels: labels }, template } },
    "apps/replicasets": { spec: { selector: { matchLabels: labels }, template } },
    "apps/daemonsets": { spec: { selector: { matchLabels: labels }, template } },
    "apps/statefulsets": { spec: { selector: { matchLabels: labels }, serviceName: "fuzz", template } },
    "batch/jobs": { spec: { template: jobTemplate } },
    "batch/cronjobs": { spec: { schedule: "*/5 * * * *", jobTemplate: { spec: { template: jobTemplate } } } },
  };
}

/** Valid objects (less metadata) of kinds whose empty object does not validate. */
const BASES: Record<string, Record<string, unknown>> = {
  "/configmaps": { data: { a: "1" } },
  "/secrets": { type: "Opaque", data: { a: "MQ==" } },
  "/endpoints": { subsets: [{ addresses: [{ ip: "10.0.0.1" }], ports: [{ name: "http", port: 80, protocol: "TCP" }] }] },
  "/events": {
    involvedObject: { kind: "ConfigMap", namespace: FUZZ_NAMESPACE, name: "x", apiVersion: "v1" },
    reason: "Fuzzed",
    message: "fuzz",
    type: "Normal",
    source: { component: "fuzz" },
    firstTimestamp: "2024-01-01T00:00:00Z",
    lastTimestamp: "2024-01-01T00:00:00Z",
    count: 1,
  },
  "/services": { spec: { ports: [{ name: "http", port: 80, targetPort: 8080, protocol: "TCP" }], selector: { app: "fuzz" } } },
  "coordination.k8s.io/leases": { spec: { holderIdentity: "fuzz", leaseDurationSeconds: 15 } },
  "rbac.authorization.k8s.io/roles": { rules: [{ verbs: ["get"], apiGroups: [""], resources: ["configmaps"] }] },
  "rbac.authorization.k8s.io/clusterroles": { rules: [{ verbs: ["get"], apiGroups: [""], resources: ["configmaps"] }] },
  "rbac.authorization.k8s.io/rolebindings": {
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Role", name: "fuzz" },
    subjects: [{ kind: "User", name: "fuzz", apiGroup: "rbac.authorization.k8s.io" }],
  },
  "rbac.authorization.k8s.io/clusterrolebindings": {
    roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "fuzz" },
    subjects: [{ kind: "User", name: "fuzz", apiGroup: "rbac.authorization.k8s.io" }],
  },
  ...workloadBases(),
  "/persistentvolumeclaims": { spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } },
  "/persistentvolumes": { spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], hostPath: { path: "/tmp/fuzz" } } },
  "autoscaling/horizontalpodautoscalers": {
    spec: { scaleTargetRef: { apiVersion: "apps/v1", kind: "Deployment", name: "fuzz" }, minReplicas: 1, maxReplicas: 3 },
  },
  "discovery.k8s.io/endpointslices": {
    addressType: "IPv4",
    endpoints: [{ addresses: ["10.0.0.1"] }],
    ports: [{ name: "http", port: 80, protocol: "TCP" }],
  },
  "networking.k8s.io/ingressclasses": { spec: { controller: "example.com/fuzz" } },
  "networking.k8s.io/ingresses": { spec: { defaultBackend: { service: { name: "fuzz", port: { number: 80 } } } } },
  "storage.k8s.io/storageclasses": { provisioner: "example.com/fuzz" },
  "storage.k8s.io/volumeattachments": {
    spec: { attacher: "fuzz.example.com", nodeName: "fuzz-node", source: { persistentVolumeName: "fuzz" } },
  },
  "storage.k8s.io/csistoragecapacities": { storageClassName: "fuzz" },
  "storage.k8s.io/volumeattributesclasses": { driverName: "fuzz.example.com", parameters: { tier: "fuzz" } },
  "node.k8s.io/runtimeclasses": { handler: "fuzz" },
  // Named by their IP (see namesFor); a ServiceCIDR outside the server's own range.
  "networking.k8s.io/ipaddresses": { spec: { parentRef: { group: "", resource: "services", namespace: FUZZ_NAMESPACE, name: "fuzz" } } },
  "networking.k8s.io/servicecidrs": { spec: { cidrs: ["10.250.0.0/24"] } },
  "resource.k8s.io/resourceslices": {
    spec: {
      driver: "fuzz.example.com",
      pool: { name: "fuzz", generation: 1, resourceSliceCount: 1 },
      allNodes: true,
      devices: [{ name: "d0" }],
    },
  },
  "flowcontrol.apiserver.k8s.io/flowschemas": { spec: { priorityLevelConfiguration: { name: "global-default" } } },
  "flowcontrol.apiserver.k8s.io/prioritylevelconfigurations": { spec: { type: "Limited", limited: { limitResponse: { type: "Reject" } } } },
  // A policy matching nothing, a binding of a policy that does not exist: valid, and inert.
  "admissionregistration.k8s.io/validatingadmissionpolicies": {
    spec: {
      matchConstraints: {
        resourceRules: [{ apiGroups: ["fuzz.example.com"], apiVersions: ["v1"], operations: ["CREATE"], resources: ["nothing"] }],
      },
      validations: [{ expression: "true" }],
    },
  },
  "admissionregistration.k8s.io/validatingadmissionpolicybindings": { spec: { policyName: "no-such-policy", validationActions: ["Deny"] } },
  // upstream's ValidateControllerRevision: data is mandatory.
  "apps/controllerrevisions": { data: { fuzz: true }, revision: 1 },
  "stable.example.com/crontabs": { spec: { cronSpec: "* * * * */5", image: "fuzz", replicas: 1 } },
  "events.k8s.io/events": {
    eventTime: "2024-01-01T00:00:00.000000Z",
    reportingController: "example.com/fuzz",
    reportingInstance: "fuzz-1",
    action: "Fuzz",
    reason: "Fuzzed",
    note: "fuzz",
    type: "Normal",
    regarding: { kind: "ConfigMap", namespace: FUZZ_NAMESPACE, name: "x", apiVersion: "v1" },
  },
  "certificates.k8s.io/certificatesigningrequests": {
    spec: { request: CSR_REQUEST, signerName: "example.com/fuzz", usages: ["client auth"] },
  },
  [`${FUZZ_CRD_GROUP}/crontabs`]: { spec: { cronSpec: "* * * * */5", image: "fuzz", replicas: 1 } },
  "apiregistration.k8s.io/apiservices": {
    spec: {
      group: "target.fuzz.example.com",
      version: "v1",
      service: { namespace: "default", name: "fuzz", port: 443 },
      insecureSkipTLSVerify: true,
      groupPriorityMinimum: 1000,
      versionPriority: 15,
    },
  },
  "apiextensions.k8s.io/customresourcedefinitions": (() => {
    const crd = cronTabCRD({}, { group: "target.fuzz.example.com" }) as { spec: unknown };
    return { spec: crd.spec };
  })(),
};

/** Names a resource's objects must have (a CRD is named after its plural and group, an APIService after its version and group). */
function namesFor(r: { group: string; plural: string }): { target: string; create: string } {
  if (r.group === "apiextensions.k8s.io" && r.plural === "customresourcedefinitions") {
    return { target: "crontabs.target.fuzz.example.com", create: "crontabs.target.fuzz.example.com-new" };
  }
  // An APIService is named `<version>.<group>`.
  if (r.group === "apiregistration.k8s.io" && r.plural === "apiservices")
    return { target: "v1.target.fuzz.example.com", create: "v1.target.fuzz.example.com-new" };
  // An IPAddress is named by its canonical IP.
  if (r.group === "networking.k8s.io" && r.plural === "ipaddresses") return { target: "10.250.1.1", create: "10.250.1.2" };
  return { target: "fuzz-target", create: "fuzz-new" };
}

interface DiscoveryResource {
  name: string;
  kind: string;
  namespaced: boolean;
  verbs: string[];
}

/** Every served resource, from discovery, with its schema from /openapi/v2 and a valid object. */
export async function discoverResources(client: FuzzClient): Promise<{ resources: FuzzResource[]; definitions: Record<string, Schema> }> {
  const groupVersions: string[] = ["v1"];
  const apis = await client.json<{ groups: { versions: { groupVersion: string }[] }[] }>("GET", "/apis");
  for (const g of apis.body.groups) for (const v of g.versions) groupVersions.push(v.groupVersion);
  const openapi = await client.json<{ definitions: Record<string, Schema> }>("GET", "/openapi/v2");
  const definitions = openapi.body.definitions ?? {};
  const byGVK = new Map<string, Schema>();
  for (const [name, d] of Object.entries(definitions)) {
    for (const gvk of d["x-kubernetes-group-version-kind"] ?? [])
      byGVK.set(`${gvk.group}/${gvk.version}/${gvk.kind}`, { $ref: `#/definitions/${name}` });
  }
  const resources: FuzzResource[] = [];
  for (const gv of groupVersions) {
    const [group, version] = gv.includes("/") ? (gv.split("/") as [string, string]) : ["", gv];
    const list = await client.json<{ resources: DiscoveryResource[] }>("GET", group ? `/apis/${gv}` : "/api/v1");
    const all = list.body.resources ?? [];
    for (const res of all) {
      if (res.name.includes("/")) continue;
      const subresources = all.filter((s) => s.name.startsWith(`${res.name}/`)).map((s) => s.name.slice(res.name.length + 1));
      const schema = byGVK.get(`${group}/${version}/${res.kind}`);
      resources.push({
        group,
        version,
        plural: res.name,
        kind: res.kind,
        namespaced: res.namespaced,
        verbs: res.verbs,
        subresources,
        schema,
        base: BASES[`${group}/${res.name}`] ?? {},
      });
    }
  }
  return { resources, definitions };
}

// ---------------------------------------------------------------------------------------------
// Running cases

/** One broken property, with the request that broke it. */
export interface Failure {
  resource: string;
  property: "no HTTP answer" | "5xx" | "4xx changed the stored object" | "4xx stored an object" | "bad input accepted" | "not ready";
  family: string;
  what: string;
  method: string;
  path: string;
  contentType: string;
  body: string;
  bodyLength: number;
  status: number;
  response: string;
  /** What changed, for the byte-identity properties. */
  detail?: string;
}

/** A failure class fixed on another branch: matched failures are reported, not counted. */
export interface KnownFailure {
  id: string;
  /** The branch fixing it (A, B, D, E of issue #12). */
  area: string;
  note: string;
  matches(f: Failure): boolean;
}

export interface ResourceStats {
  resource: string;
  cases: number;
  byStatus: Map<number, number>;
  /** Status codes by family of case and operation (`bad-selector list`), to see what bad input was accepted. */
  byFamily: Map<string, Map<number, number>>;
}

export interface FuzzReport {
  stats: ResourceStats[];
  failures: Failure[];
  known: { failure: Failure; known: KnownFailure }[];
  readyChecks: number;
  /** Resources that could not be set up (their target object would not create). */
  setupErrors: string[];
  /**
   * Wrong-typed writes answered 2xx (no property forbids it, but upstream's typed decoding
   * rejects most): for reading, e.g. which `1e2` integers or numbers-for-strings got stored.
   */
  accepted: { resource: string; what: string; status: number }[];
}

export interface RunOptions {
  seed: number;
  /** Cases per resource at most (all when absent). */
  perResource?: number;
  /** Cases of each family per resource at most (the first ones in the seed's order). */
  perFamily?: number;
  /** Check /readyz after this many cases. */
  readyEvery?: number;
  known?: KnownFailure[];
  /** Only resources whose `group/plural` this accepts. */
  filter?: (r: FuzzResource) => boolean;
  log?: (line: string) => void;
  /** Called before each request (to find the request that killed a server). */
  trace?: (c: FuzzCase, body: string | Uint8Array | undefined) => void;
}

const excerpt = (b: string | Uint8Array, n = 400): string => {
  const s = typeof b === "string" ? b : Buffer.from(b).toString("utf8");
  return s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;
};

export const resourceName = (r: FuzzResource): string => `${r.group || "core"}/${r.version}/${r.plural}`;

function seedFor(seed: number, name: string): number {
  let h = seed >>> 0;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/**
 * True when two versions of an object differ only in status (and the resourceVersion and
 * managedFields that come with any write): a controller's status write, which no request to the
 * main resource can make.
 */
export function onlyStatusChanged(before: Buffer, after: Buffer): boolean {
  const strip = (b: Buffer): string => {
    const o = JSON.parse(b.toString("utf8")) as { status?: unknown; metadata?: Record<string, unknown> };
    delete o.status;
    if (o.metadata) {
      delete o.metadata.resourceVersion;
      delete o.metadata.managedFields;
    }
    return JSON.stringify(o);
  };
  return strip(before) === strip(after);
}

/** Runs the cases for every resource and reports what broke. */
export async function runFuzz(
  client: FuzzClient,
  resources: FuzzResource[],
  definitions: Record<string, Schema>,
  options: RunOptions,
): Promise<FuzzReport> {
  const report: FuzzReport = { stats: [], failures: [], known: [], readyChecks: 0, setupErrors: [], accepted: [] };
  const readyEvery = options.readyEvery ?? 25;
  let sinceReady = 0;
  const record = (f: Failure): void => {
    const k = options.known?.find((x) => x.matches(f));
    if (k) report.known.push({ failure: f, known: k });
    else report.failures.push(f);
  };
  const checkReady = async (after: Failure | undefined): Promise<void> => {
    report.readyChecks++;
    const r = await client.request("GET", "/readyz");
    if (r.status !== 200 || r.body.toString() !== "ok") {
      record({
        ...(after ?? { resource: "-", family: "-", what: "-", method: "-", path: "-", contentType: "-", body: "", bodyLength: 0 }),
        property: "not ready",
        status: r.status,
        response: excerpt(r.body),
      });
    }
  };

  for (const r of resources) {
    if (options.filter && !options.filter(r)) continue;
    const name = resourceName(r);
    const names = namesFor(r);
    const paths = resourcePaths(r, FUZZ_NAMESPACE, names.target);
    const createPaths = resourcePaths(r, FUZZ_NAMESPACE, names.create);
    let stored: Buffer = Buffer.alloc(0);
    let storedObj: Record<string, unknown> = {};

    /** Deletes an object for good: its finalizers cleared, a namespace finalized. */
    const purge = async (item: string): Promise<void> => {
      // A CRD goes once its controller has removed its instances: seconds on a busy machine.
      const deadline = Date.now() + 30_000;
      for (let i = 0; Date.now() < deadline; i++) {
        if (i >= 3) await new Promise((res) => setTimeout(res, 50));
        await client.request(
          "DELETE",
          item,
          { "Content-Type": "application/json" },
          '{"kind":"DeleteOptions","apiVersion":"v1","gracePeriodSeconds":0}',
        );
        const got = await client.json<{ metadata?: { finalizers?: string[] }; spec?: { finalizers?: string[] } }>("GET", item);
        // 404: gone; anything else but 200 (a name the server will not look up): nothing to remove.
        if (got.status !== 200) return;
        if (got.body.metadata?.finalizers?.length)
          await client.json("PATCH", item, { metadata: { finalizers: null } }, "application/merge-patch+json");
        if (r.group === "" && r.plural === "namespaces") {
          await client.json("PUT", `${item}/finalize`, { ...got.body, spec: { finalizers: [] } });
        }
      }
    };
    const refresh = async (): Promise<number> => {
      const got = await client.request("GET", paths.item);
      if (got.status === 200) {
        stored = got.body;
        storedObj = JSON.parse(got.body.toString("utf8")) as Record<string, unknown>;
      }
      return got.status;
    };
    const ensureTarget = async (): Promise<string | undefined> => {
      if ((await refresh()) === 200) {
        const meta = storedObj.metadata as { deletionTimestamp?: string } | undefined;
        if (!meta?.deletionTimestamp) return undefined;
        await purge(paths.item);
      }
      const created = await client.json("POST", paths.collection, objectOf(r, names.target, FUZZ_NAMESPACE));
      if (created.status !== 201) return `${name}: creating ${names.target}: ${created.status} ${excerpt(JSON.stringify(created.body))}`;
      if ((await refresh()) !== 200) return `${name}: ${names.target} is not readable after its create`;
      // A controller may write the new object's status (a CRD's conditions): let it settle.
      for (let i = 0; i < 30 && r.subresources.includes("status"); i++) {
        const seen = stored;
        await new Promise((res) => setTimeout(res, 100));
        if ((await refresh()) !== 200) return `${name}: ${names.target} went away after its create`;
        if (seen.equals(stored)) break;
      }
      return undefined;
    };

    const stats: ResourceStats = { resource: name, cases: 0, byStatus: new Map(), byFamily: new Map() };
    report.stats.push(stats);
    const canWrite = r.verbs.includes("create") && r.verbs.includes("get");
    if (canWrite) {
      await purge(createPaths.item);
      const err = await ensureTarget();
      if (err) {
        report.setupErrors.push(err);
        continue;
      }
    }
    const ctx: CaseContext = {
      resource: r,
      namespace: FUZZ_NAMESPACE,
      targetName: names.target,
      createName: names.create,
      stored: () => storedObj,
    };
    let cases = casesFor(ctx, definitions, seedFor(options.seed, name));
    // A create-only resource (the reviews) stores nothing: its creates are fuzzed (an answer, no
    // 5xx); there is no object to keep, nor one to read back. Nor a name to check: upstream's
    // SelfSubjectReview and SelfSubjectRulesReview take any, so bad names are not fuzzed there.
    const createOnly = r.verbs.length === 1 && r.verbs[0] === "create";
    if (!canWrite) {
      cases = cases.filter((c) => c.target.kind === "none" || (createOnly && c.target.kind === "create" && c.family !== "bad-name"));
    }
    if (options.perFamily !== undefined) {
      const taken = new Map<string, number>();
      cases = cases.filter((c) => {
        const n = taken.get(c.family) ?? 0;
        taken.set(c.family, n + 1);
        return n < options.perFamily!;
      });
    }
    if (options.perResource !== undefined) cases = cases.slice(0, options.perResource);

    for (const c of cases) {
      const body = typeof c.body === "function" ? c.body() : c.body;
      const before = stored;
      options.trace?.(c, body);
      const res = await client.request(c.method, c.path, c.headers, body, c.stream);
      stats.cases++;
      stats.byStatus.set(res.status, (stats.byStatus.get(res.status) ?? 0) + 1);
      const fam = `${c.family} ${c.what.split(" ")[0]}`;
      const fh = stats.byFamily.get(fam) ?? new Map<number, number>();
      fh.set(res.status, (fh.get(res.status) ?? 0) + 1);
      stats.byFamily.set(fam, fh);
      const failure = (property: Failure["property"], detail?: string): Failure => ({
        resource: name,
        property,
        family: c.family,
        what: c.what,
        method: c.method,
        path: c.path,
        contentType: c.headers["Content-Type"] ?? "(none)",
        body: body === undefined ? "" : excerpt(body),
        bodyLength: body === undefined ? 0 : Buffer.byteLength(body),
        status: res.status,
        response: res.error ? `(${res.error}) ${excerpt(res.body)}` : excerpt(res.body),
        ...(detail !== undefined && { detail }),
      });
      let last: Failure | undefined;
      if (res.status === 0) record((last = failure("no HTTP answer")));
      else if (res.status >= 500) record((last = failure("5xx")));
      else if (c.mustReject && res.status < 400) record((last = failure("bad input accepted")));
      const rejected = res.status === 0 || res.status >= 400;
      if (c.family === "wrong-type" && res.status >= 200 && res.status < 300)
        report.accepted.push({ resource: name, what: c.what, status: res.status });

      if (c.target.kind === "existing" && canWrite) {
        const after = await client.request("GET", paths.item);
        if (
          rejected &&
          (after.status !== 200 ||
            (!after.body.equals(before) && !(r.subresources.includes("status") && onlyStatusChanged(before, after.body))))
        ) {
          const rv = (b: Buffer): string => /"resourceVersion":"(\d+)"/.exec(b.toString())?.[1] ?? "?";
          record(
            (last = failure(
              "4xx changed the stored object",
              after.status !== 200
                ? `GET after: ${after.status}`
                : `resourceVersion ${rv(before)} -> ${rv(after.body)}; after: ${excerpt(after.body, 600)}`,
            )),
          );
        }
        if (after.status === 200) {
          stored = after.body;
          storedObj = JSON.parse(after.body.toString("utf8")) as Record<string, unknown>;
        }
        // A case that changed the target (accepted, or a failure) is followed by a fresh one, so
        // every case starts from the valid object (not one made immutable or given finalizers).
        if (after.status !== 200 || !after.body.equals(before)) {
          if (after.status === 200) await purge(paths.item);
          const err = await ensureTarget();
          if (err) report.setupErrors.push(err);
        }
      } else if (c.target.kind === "create" && canWrite) {
        const item = resourcePaths(r, FUZZ_NAMESPACE, c.target.name).item;
        const after = await client.request("GET", item);
        // 400: the server will not even look a name up that no object can have.
        const absent = after.status === 404 || after.status === 400;
        if (rejected && !absent)
          record((last = failure("4xx stored an object", `GET ${item} after: ${after.status} ${excerpt(after.body)}`)));
        if (!absent) await purge(item);
        if (!rejected) {
          // Created under another name (generateName): remove it too.
          const made = /"name":"([^"]+)"/.exec(res.body.toString())?.[1];
          if (made && made !== c.target.name) await purge(resourcePaths(r, FUZZ_NAMESPACE, made).item);
        }
      }
      if (++sinceReady >= readyEvery) {
        sinceReady = 0;
        await checkReady(last);
      }
    }
    options.log?.(`${name}: ${stats.cases} cases`);
  }
  await checkReady(undefined);
  return report;
}

// ---------------------------------------------------------------------------------------------
// Output

export function histogram(byStatus: Map<number, number>): string {
  return [...byStatus.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s === 0 ? "none" : s}:${n}`)
    .join(" ");
}

/** The class a failure belongs to: what broke, and how the request was made (not its path). */
export function failureClass(f: Failure): string {
  const op = f.what.split(" ")[0];
  return `${f.property} | ${f.status} | ${f.family} | ${op}`;
}

/** Failures grouped by class, each with its smallest request and how many there were. */
export function minimalFailures(
  failures: Failure[],
): { cls: string; count: number; resources: string[]; smallest: Failure; examples: string[] }[] {
  const byClass = new Map<string, Failure[]>();
  for (const f of failures) {
    const k = failureClass(f);
    byClass.set(k, [...(byClass.get(k) ?? []), f]);
  }
  return [...byClass.entries()]
    .map(([cls, fs]) => ({
      cls,
      count: fs.length,
      resources: [...new Set(fs.map((f) => f.resource))],
      smallest: fs.reduce((a, b) => (b.bodyLength < a.bodyLength ? b : a)),
      examples: [...new Set(fs.map((f) => f.what))].slice(0, 8),
    }))
    .sort((a, b) => (a.cls < b.cls ? -1 : 1));
}

/** A failure as a reader checks it by hand. */
export function formatFailure(f: Failure): string {
  return [
    `${f.property}: ${f.resource} ${f.family}: ${f.what}`,
    `  ${f.method} ${f.path}`,
    `  Content-Type: ${f.contentType}`,
    `  body (${f.bodyLength} bytes): ${f.body}`,
    `  -> ${f.status}: ${f.response}`,
    ...(f.detail ? [`  ${f.detail}`] : []),
  ].join("\n");
}

export function formatReport(report: FuzzReport): string {
  const lines: string[] = [];
  for (const s of report.stats) lines.push(`${s.resource.padEnd(48)} ${String(s.cases).padStart(6)} cases  ${histogram(s.byStatus)}`);
  lines.push(`readyz checked ${report.readyChecks} times`);
  for (const e of report.setupErrors) lines.push(`setup: ${e}`);
  if (report.known.length) {
    lines.push(`\n${report.known.length} failures of classes fixed elsewhere:`);
    const byKnown = new Map<string, Failure[]>();
    for (const k of report.known)
      byKnown.set(`${k.known.area} ${k.known.id}`, [...(byKnown.get(`${k.known.area} ${k.known.id}`) ?? []), k.failure]);
    for (const [id, fs] of byKnown) lines.push(`  ${id}: ${fs.length}`);
  }
  if (report.failures.length) {
    lines.push(`\n${report.failures.length} failures, by class (the smallest request of each):`);
    for (const c of minimalFailures(report.failures)) {
      lines.push(`\n[${c.count}x] ${c.cls}  (${c.resources.join(", ")})`);
      lines.push(formatFailure(c.smallest));
      for (const e of c.examples) lines.push(`    also: ${e}`);
    }
  }
  return lines.join("\n");
}
