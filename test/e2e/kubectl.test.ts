/**
 * The real kubectl (1.32, /usr/bin/kubectl) against `kubegen apiserver` spawned as a process on
 * embedded SQLite: the everyday commands, watches, client-side apply, the seed's forbidden
 * deletion, health, bad input, a restart on the same data dir and a graceful SIGTERM; and, on a
 * server of its own, events gone after a short --event-ttl.
 */
import { spawn, type ChildProcess, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import YAML from "yaml";
import { afterAll, beforeAll, expect, it } from "vitest";
import { KUBECTL, runKubectl, type KubectlResult } from "../support/kubectl.js";
import { describeWithTools } from "../support/tools.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

let dir: string;
let server: ChildProcess;
let url: string;

/** Starts `kubegen apiserver` on a free port; resolves with its URL once it listens. */
function startServer(...extra: string[]): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(
    process.execPath,
    ["bin/kubegen.js", "apiserver", "--data-dir", dir, "--secure-port", "0", "--bind-address", "127.0.0.1", ...extra],
    {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening on (https:\/\/\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    child.once("exit", (code) => reject(new Error(`apiserver exited with ${code}: ${out}${err}`)));
  });
}

function stopServer(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once("exit", (code) => resolve(code));
    child.kill("SIGTERM");
  });
}

function kubectl(...args: string[]): Promise<KubectlResult> {
  return runKubectl(path.join(dir, "kubeconfig"), args, { env: { ...process.env, KUBE_EDITOR: "sed -i s/before/after/" } });
}

/** `kubectl get cm -n e2e -w` with `extra` flags, its output unread until the caller listens. */
function watchConfigMaps(...extra: string[]): ChildProcessWithoutNullStreams {
  const args = ["--kubeconfig", path.join(dir, "kubeconfig"), "--cache-dir", path.join(dir, "cache"), "get", "cm", "-n", "e2e", "-w"];
  return spawn(KUBECTL, [...args, ...extra]);
}

/** A raw HTTPS call with the admin credential from the data dir. */
function raw(
  method: string,
  p: string,
  body?: string | Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const cfg = YAML.parse(readFileSync(path.join(dir, "kubeconfig"), "utf8"));
  const b64 = (s: string) => Buffer.from(s, "base64");
  const u = new URL(url + p);
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        ca: b64(cfg.clusters[0].cluster["certificate-authority-data"]),
        cert: b64(cfg.users[0].user["client-certificate-data"]),
        key: b64(cfg.users[0].user["client-key-data"]),
        headers: { ...headers, ...(body !== undefined ? { "Content-Length": String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString();
          let json: Record<string, unknown>;
          try {
            json = JSON.parse(text);
          } catch {
            json = { text };
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
      },
    );
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describeWithTools(["kubectl"], "kubectl against kubegen apiserver", () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-"));
    ({ child: server, url } = await startServer());
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it("get ns prints a table with STATUS and AGE", async () => {
    const { stdout, code } = await kubectl("get", "ns");
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+STATUS\s+AGE$/);
    for (const ns of ["default", "kube-system", "kube-public", "kube-node-lease"]) {
      expect(lines.some((l) => new RegExp(`^${ns}\\s+Active\\s+\\d+s$`).test(l))).toBe(true);
    }
  });

  it("create ns, get -o yaml, label, annotate", async () => {
    expect((await kubectl("create", "ns", "e2e")).stdout).toBe("namespace/e2e created\n");
    const obj = YAML.parse((await kubectl("get", "ns", "e2e", "-o", "yaml")).stdout);
    expect(obj).toMatchObject({ apiVersion: "v1", kind: "Namespace", metadata: { name: "e2e" }, status: { phase: "Active" } });
    expect((await kubectl("label", "ns", "e2e", "team=a")).stdout).toBe("namespace/e2e labeled\n");
    expect((await kubectl("annotate", "ns", "e2e", "note=hi")).stdout).toBe("namespace/e2e annotated\n");
    const after = JSON.parse((await kubectl("get", "ns", "e2e", "-o", "json")).stdout);
    expect(after.metadata.labels.team).toBe("a");
    expect(after.metadata.annotations.note).toBe("hi");
  });

  it("api-resources shows short names; api-versions the groups", async () => {
    const res = (await kubectl("api-resources")).stdout;
    expect(res).toMatch(/^namespaces\s+ns\s+v1\s+false\s+Namespace$/m);
    expect(res).toMatch(/^configmaps\s+cm\s+v1\s+true\s+ConfigMap$/m);
    expect(res).toMatch(/^leases\s+coordination.k8s.io\/v1\s+true\s+Lease$/m);
    const versions = (await kubectl("api-versions")).stdout.trim().split("\n");
    expect(versions).toEqual(
      expect.arrayContaining(["v1", "coordination.k8s.io/v1", "rbac.authorization.k8s.io/v1", "apiextensions.k8s.io/v1"]),
    );
  });

  it("explain namespace.spec reads the OpenAPI v3 document", async () => {
    const { stdout, code } = await kubectl("explain", "namespace.spec");
    expect(code).toBe(0);
    expect(stdout).toContain("KIND:       Namespace");
    expect(stdout).toContain("FIELD: spec <NamespaceSpec>");
    expect(stdout).toContain("finalizers");
  });

  it("create configmap, secret generic and serviceaccount", async () => {
    expect((await kubectl("create", "configmap", "cm1", "-n", "e2e", "--from-literal=k=v")).stdout).toBe("configmap/cm1 created\n");
    expect((await kubectl("create", "secret", "generic", "s1", "-n", "e2e", "--from-literal=p=q")).stdout).toBe("secret/s1 created\n");
    expect((await kubectl("create", "serviceaccount", "sa1", "-n", "e2e")).stdout).toBe("serviceaccount/sa1 created\n");
    const out = (await kubectl("get", "cm,secret,sa", "-n", "e2e")).stdout;
    expect(out).toMatch(/configmap\/cm1\s+1\s+\d+s/);
    expect(out).toMatch(/secret\/s1\s+Opaque\s+1\s+\d+s/);
    expect(out).toMatch(/serviceaccount\/sa1\s+0\s+\d+s/);
    const secret = JSON.parse((await kubectl("get", "secret", "s1", "-n", "e2e", "-o", "json")).stdout);
    expect(Buffer.from(secret.data.p, "base64").toString()).toBe("q");
  });

  it("get --chunk-size=2 pages through the list (served by the watch cache) and prints what one request prints", async () => {
    expect((await kubectl("create", "ns", "chunks")).code).toBe(0);
    for (const n of ["c5", "c1", "c4", "c2", "c3"]) expect((await kubectl("create", "configmap", n, "-n", "chunks")).code).toBe(0);
    const paged = await kubectl("get", "cm", "-n", "chunks", "--chunk-size=2", "-o", "name", "-v=6");
    expect(paged.code).toBe(0);
    // Three requests: limit=2, then two continuations (kubectl sorts the query's keys).
    expect(paged.stderr).toMatch(/configmaps\?limit=2 200 OK/);
    expect(paged.stderr.match(/configmaps\?continue=[^&\s]+&limit=2 200 OK/g)).toHaveLength(2);
    const whole = await kubectl("get", "cm", "-n", "chunks", "--chunk-size=0", "-o", "name");
    expect(paged.stdout).toBe(whole.stdout);
    expect(paged.stdout.split("\n").filter((l) => /\/c\d$/.test(l))).toEqual(["c1", "c2", "c3", "c4", "c5"].map((n) => `configmap/${n}`));
  });

  it("delete ns default is forbidden with the seed's message", async () => {
    const { stderr, code } = await kubectl("delete", "ns", "default");
    expect(code).not.toBe(0);
    expect(stderr).toContain('Error from server (Forbidden): namespaces "default" is forbidden: this namespace may not be deleted');
  });

  it("get --raw /healthz?verbose lists checks and post-start hooks", async () => {
    const { stdout } = await kubectl("get", "--raw", "/healthz?verbose");
    expect(stdout).toContain("[+]ping ok\n");
    expect(stdout).toContain("[+]sqlite ok\n");
    expect(stdout).toContain("[+]poststarthook/start-system-namespaces-controller ok\n");
    expect(stdout).toContain("healthz check passed");
  });

  it("get -w sees an event", async () => {
    const child = watchConfigMaps();
    let out = "";
    const seen = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no watch event within 20s: ${out}`)), 20_000);
      child.stdout.on("data", (d: Buffer) => {
        const before = out;
        out += d.toString();
        // A failed create rejects `seen` (an async listener would leave it an unhandled rejection).
        if (!before.includes("NAME") && out.includes("NAME")) kubectl("create", "cm", "watched", "-n", "e2e").catch(reject);
        if (/^watched\s+0\s+\d+s$/m.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    try {
      await seen;
    } finally {
      child.kill();
    }
    expect(out.split("\n")[0]).toMatch(/^NAME\s+DATA\s+AGE$/);
  });

  it("get -w -o name in two watchers at once: both see each event (one encoding shared, framed by the server)", async () => {
    const children = [watchConfigMaps("-o", "name", "--watch-only"), watchConfigMaps("-o", "name", "--watch-only")];
    const outs = ["", ""];
    children.forEach((child, i) => child.stdout.on("data", (d: Buffer) => (outs[i] += d.toString())));
    const waitFor = async (what: string, done: () => boolean, create?: () => Promise<unknown>): Promise<void> => {
      for (const deadline = Date.now() + 30_000; !done();) {
        if (Date.now() > deadline) throw new Error(`${what} within 30s: ${JSON.stringify(outs)}`);
        await create?.();
        await new Promise((r) => setTimeout(r, 200));
      }
    };
    const markers: string[] = [];
    try {
      // Both watches are open once each has seen a marker created after it started (--watch-only).
      await waitFor(
        "both watches open",
        () => outs.every((o) => o.includes("configmap/marker-")),
        async () => {
          markers.push(`marker-${markers.length}`);
          await kubectl("create", "cm", markers.at(-1)!, "-n", "e2e");
        },
      );
      await kubectl("create", "cm", "shared-1", "-n", "e2e");
      await kubectl("create", "cm", "shared-2", "-n", "e2e");
      await waitFor("both watchers' events", () => outs.every((o) => o.includes("configmap/shared-2\n")));
    } finally {
      for (const c of children) c.kill();
      if (markers.length > 0) await kubectl("delete", "cm", "-n", "e2e", ...markers);
    }
    for (const out of outs) {
      // Each event once, in order: the markers this watch saw, then the two creates.
      const lines = out.trimEnd().split("\n");
      const seenMarkers = lines.filter((l) => l.startsWith("configmap/marker-"));
      expect(seenMarkers).toEqual(markers.slice(markers.length - seenMarkers.length).map((m) => `configmap/${m}`));
      expect(lines.slice(seenMarkers.length)).toEqual(["configmap/shared-1", "configmap/shared-2"]);
    }
  });

  it("apply -f twice (client-side, strategic merge patch), patch and edit", async () => {
    const file = path.join(dir, "cm.yaml");
    const write = (labels: Record<string, string>) =>
      writeFileSync(
        file,
        YAML.stringify({
          apiVersion: "v1",
          kind: "ConfigMap",
          metadata: { name: "applied", namespace: "e2e", labels },
          data: { k: "before" },
        }),
      );
    write({ one: "1" });
    expect((await kubectl("apply", "-f", file)).stdout).toBe("configmap/applied created\n");
    write({ two: "2" });
    expect((await kubectl("apply", "-f", file)).stdout).toBe("configmap/applied configured\n");
    expect((await kubectl("apply", "-f", file)).stdout).toBe("configmap/applied unchanged\n");
    const obj = JSON.parse((await kubectl("get", "cm", "applied", "-n", "e2e", "-o", "json")).stdout);
    expect(obj.metadata.labels).toEqual({ two: "2" });
    expect(obj.metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]).toContain('"two":"2"');
    expect((await kubectl("patch", "cm", "applied", "-n", "e2e", "-p", '{"data":{"extra":"x"}}')).stdout).toBe(
      "configmap/applied patched\n",
    );
    expect((await kubectl("edit", "cm", "applied", "-n", "e2e")).stdout).toBe("configmap/applied edited\n");
    const edited = JSON.parse((await kubectl("get", "cm", "applied", "-n", "e2e", "-o", "json")).stdout);
    expect(edited.data).toEqual({ k: "after", extra: "x" });
  });

  it("apply --server-side twice, conflicts with another manager, --force-conflicts takes over", async () => {
    const file = path.join(dir, "ssa.yaml");
    const write = (data: Record<string, string>) =>
      writeFileSync(file, YAML.stringify({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "ssa", namespace: "e2e" }, data }));
    write({ key: "one" });
    expect(await kubectl("apply", "--server-side", "-f", file)).toMatchObject({ stdout: "configmap/ssa serverside-applied\n", code: 0 });
    expect(await kubectl("apply", "--server-side", "-f", file)).toMatchObject({ stdout: "configmap/ssa serverside-applied\n", code: 0 });
    const obj = JSON.parse((await kubectl("get", "cm", "ssa", "-n", "e2e", "-o", "json", "--show-managed-fields")).stdout);
    expect(obj.metadata.managedFields).toEqual([
      expect.objectContaining({ manager: "kubectl", operation: "Apply", fieldsType: "FieldsV1", fieldsV1: { "f:data": { "f:key": {} } } }),
    ]);
    write({ key: "two" });
    const conflict = await kubectl("apply", "--server-side", "--field-manager=other", "-f", file);
    expect(conflict.code).not.toBe(0);
    expect(conflict.stderr).toContain('Apply failed with 1 conflict: conflict with "kubectl": .data.key');
    expect(await kubectl("apply", "--server-side", "--field-manager=other", "--force-conflicts", "-f", file)).toMatchObject({ code: 0 });
    const taken = JSON.parse((await kubectl("get", "cm", "ssa", "-n", "e2e", "-o", "json", "--show-managed-fields")).stdout);
    expect(taken.data).toEqual({ key: "two" });
    expect(taken.metadata.managedFields.map((e: { manager: string }) => e.manager)).toEqual(["other"]);
  });

  it("delete waits until the object is gone", async () => {
    expect((await kubectl("delete", "cm", "cm1", "-n", "e2e")).stdout).toBe('configmap "cm1" deleted\n');
    const { stderr } = await kubectl("get", "cm", "cm1", "-n", "e2e");
    expect(stderr).toContain('Error from server (NotFound): configmaps "cm1" not found');
  });

  it("refuses bad input with 4xx Status and stays healthy", async () => {
    const cms = "/api/v1/namespaces/e2e/configmaps";
    const json = { "Content-Type": "application/json" };
    const before = (await raw("GET", cms)).json.items as unknown[];
    const bad: [string | Buffer, Record<string, string>, number][] = [
      ["{nope", json, 400],
      ["a: [", { "Content-Type": "application/yaml" }, 400],
      [Buffer.from("k8s\0\x0a\xff"), { "Content-Type": "application/vnd.kubernetes.protobuf" }, 400],
      [JSON.stringify({ apiVersion: "v1", kind: "Pod", metadata: { name: "p" } }), json, 400],
      [JSON.stringify({ apiVersion: "v2", kind: "ConfigMap", metadata: { name: "p" } }), json, 400],
      [JSON.stringify({ metadata: { name: "Bad_Name" } }), json, 422],
      [JSON.stringify({ metadata: { name: "big" }, data: { k: "x".repeat(3 * 1024 * 1024 + 1) } }), json, 413],
    ];
    for (const [body, headers, code] of bad) {
      const res = await raw("POST", cms, body, headers);
      expect(res.status).toBe(code);
      expect(res.json).toMatchObject({ kind: "Status", status: "Failure", code });
    }
    expect((await raw("GET", `${cms}?labelSelector=a%20in%20(`)).status).toBe(400);
    expect((await raw("GET", `${cms}?resourceVersion=abc`)).status).toBe(400);
    expect(((await raw("GET", cms)).json.items as unknown[]).length).toBe(before.length);
    expect((await kubectl("get", "--raw", "/readyz")).stdout).toBe("ok");
  });

  it("restarts on the same data dir with its objects and credentials, and stops cleanly on SIGTERM", async () => {
    expect(await stopServer(server)).toBe(0);
    ({ child: server, url } = await startServer());
    const { stdout } = await kubectl("get", "cm", "applied", "-n", "e2e", "-o", "jsonpath={.metadata.labels.two}");
    expect(stdout).toBe("2");
  });
});

describeWithTools(["kubectl"], "kubectl against kubegen apiserver --event-ttl 1s", () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-e2e-ttl-"));
    ({ child: server, url } = await startServer("--event-ttl", "1s"));
  });
  afterAll(async () => {
    if (server) await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it("get events is empty once the TTL has passed", async () => {
    const file = path.join(dir, "event.yaml");
    writeFileSync(
      file,
      YAML.stringify({
        apiVersion: "v1",
        kind: "Event",
        metadata: { name: "short-lived", namespace: "default" },
        involvedObject: { kind: "Pod", namespace: "default", name: "p" },
        reason: "Started",
        message: "started",
        type: "Normal",
      }),
    );
    expect((await kubectl("create", "-f", file)).stdout).toBe("event/short-lived created\n");
    const deadline = Date.now() + 20_000;
    let got = await kubectl("get", "events", "-n", "default");
    while (got.stdout !== "" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      got = await kubectl("get", "events", "-n", "default");
    }
    expect(got.code).toBe(0);
    expect(got.stdout).toBe("");
    expect(got.stderr).toBe("No resources found in default namespace.\n");
  }, 40_000);
});
