/**
 * Issue #17 with the real kubectl against `kubegen up` (RBAC, audit at the policy's levels):
 * what anonymous callers may reach, `auth whoami` and `auth can-i` (yes/no, --list, --as) as the
 * roles grant, a ServiceAccount's own token from `create token`, RBAC escalation refused, the
 * `default` ServiceAccount and `kube-root-ca.crt` in a new namespace, the audit log, and the
 * data dir's permissions.
 */
import { execFile } from "node:child_process";
import https from "node:https";
import { promisify } from "node:util";
import { CoreV1Api, KubeConfig } from "@kubernetes/client-node";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import YAML from "yaml";
import { describe, expect, it } from "vitest";
import { eventuallyWhere } from "../support/wait.js";
import { kubectlAvailable, runKubectl } from "../support/kubectl.js";
import { kubectlServer } from "../support/kubectl-server.js";

/** The fields of an audit.k8s.io/v1 Event the assertions read. */
interface AuditEvent {
  apiVersion: string;
  kind: string;
  level: string;
  stage: string;
  verb: string;
  requestURI: string;
  user: { username: string };
  objectRef?: { resource?: string; namespace?: string; name?: string };
  responseStatus: { code: number; message?: string };
  requestObject?: unknown;
  responseObject?: unknown;
  annotations?: Record<string, string>;
}

const available = kubectlAvailable;
const run = promisify(execFile);

function get(
  urlPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = https.request(`${e2e.server.url}${urlPath}`, { rejectUnauthorized: false, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), headers: res.headers }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Polls until `ok`; kubectl calls are slow, so up to 30 s (test/support/wait.ts). */
const eventually = <T>(fn: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => eventuallyWhere(fn, ok, 30_000);

const POLICY = `apiVersion: audit.k8s.io/v1
kind: Policy
omitStages: ["RequestReceived"]
rules:
- level: None
  nonResourceURLs: ["/healthz*", "/livez*", "/readyz*"]
- level: RequestResponse
  resources: [{group: "", resources: ["configmaps"]}]
- level: Metadata
`;

const ENCRYPTION = `apiVersion: apiserver.config.k8s.io/v1
kind: EncryptionConfiguration
resources:
- resources: ["secrets"]
  providers:
  - aescbc:
      keys: [{name: key1, secret: ${Buffer.alloc(32, 7).toString("base64")}}]
  - identity: {}
`;

const e2e = kubectlServer("kubegen-security-e2e-", {
  enabled: available,
  spawn: (dir) => {
    writeFileSync(path.join(dir, "audit-policy.yaml"), POLICY);
    writeFileSync(path.join(dir, "encryption.yaml"), ENCRYPTION);
    return {
      command: "up",
      extraArgs: [
        "--endpoint-reconciler-type",
        "none",
        "--audit-policy-file",
        path.join(dir, "audit-policy.yaml"),
        "--audit-log-path",
        path.join(dir, "audit", "audit.log"),
        "--encryption-provider-config",
        path.join(dir, "encryption.yaml"),
      ],
    };
  },
});
const { kubectl } = e2e;

describe.skipIf(!available)("kubegen up with RBAC: authentication, authorization, audit", () => {
  it("anonymous callers read /version and the health endpoints, and nothing else; unknown tokens are 401", async () => {
    for (const p of ["/version", "/healthz", "/readyz", "/livez"]) expect((await get(p)).status, p).toBe(200);
    const secrets = await get("/api/v1/secrets");
    expect(secrets.status).toBe(403);
    expect(JSON.parse(secrets.body).message).toBe(
      'secrets is forbidden: User "system:anonymous" cannot list resource "secrets" in API group "" at the cluster scope',
    );
    expect((await get("/api/v1/namespaces")).status).toBe(403);
    const bogus = await get("/version", { Authorization: "Bearer bogus" });
    expect(bogus.status).toBe(401);
    expect(bogus.headers["audit-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps the data dir 0700 and the database and its WAL 0600", () => {
    expect(statSync(e2e.dir).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(e2e.dir, "kubegen.db")).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(e2e.dir, "kubegen.db-wal")).mode & 0o777).toBe(0o600);
  });

  it("auth whoami and auth can-i for the admin", async () => {
    const who = await kubectl("auth", "whoami", "-o", "json");
    expect(who.code).toBe(0);
    expect(JSON.parse(who.stdout).status.userInfo).toEqual({
      username: "kubegen-admin",
      groups: ["system:masters", "system:authenticated"],
    });
    expect((await kubectl("auth", "can-i", "delete", "namespaces")).stdout.trim()).toBe("yes");
    const roles = (await kubectl("get", "clusterroles", "-o", "name")).stdout;
    for (const r of [
      "cluster-admin",
      "admin",
      "edit",
      "view",
      "system:discovery",
      "system:basic-user",
      "system:public-info-viewer",
      "system:kube-controller-manager",
    ]) {
      expect(roles).toContain(`clusterrole.rbac.authorization.k8s.io/${r}\n`);
    }
    // clusterrole-aggregation: a role labelled aggregate-to-view joins view, edit and admin.
    const f = path.join(e2e.dir, "widgets-role.yaml");
    writeFileSync(
      f,
      'apiVersion: rbac.authorization.k8s.io/v1\nkind: ClusterRole\nmetadata:\n  name: widgets-view\n  labels: {rbac.authorization.k8s.io/aggregate-to-view: "true"}\nrules:\n- {apiGroups: [example.com], resources: [widgets], verbs: [get]}\n',
    );
    expect((await kubectl("apply", "-f", f)).code).toBe(0);
    for (const r of ["view", "edit", "admin"]) {
      const got = await eventually(
        () => kubectl("get", "clusterrole", r, "-o", "json"),
        (x) => x.stdout.includes('"widgets"'),
      );
      expect(JSON.parse(got.stdout).rules, r).toContainEqual({ apiGroups: ["example.com"], resources: ["widgets"], verbs: ["get"] });
    }
  });

  it("a new namespace gets the default ServiceAccount and kube-root-ca.crt", async () => {
    expect((await kubectl("create", "ns", "team")).code).toBe(0);
    const sa = await eventually(
      () => kubectl("get", "sa", "default", "-n", "team", "-o", "name"),
      (r) => r.code === 0,
    );
    expect(sa.stdout.trim()).toBe("serviceaccount/default");
    const cm = await eventually(
      () => kubectl("get", "cm", "kube-root-ca.crt", "-n", "team", "-o", "json"),
      (r) => r.code === 0,
    );
    expect(JSON.parse(cm.stdout).data["ca.crt"]).toBe(readFileSync(path.join(e2e.dir, "pki", "ca.crt"), "utf8"));
  });

  it("a ServiceAccount bound to a Role can do exactly that, with --as and with its own token", async () => {
    const sa = "system:serviceaccount:team:robot";
    expect((await kubectl("create", "sa", "robot", "-n", "team")).code).toBe(0);
    expect((await kubectl("create", "role", "pod-reader", "--verb=get,list", "--resource=pods", "-n", "team")).code).toBe(0);
    expect(
      (await kubectl("create", "rolebinding", "robot-reads", "--role=pod-reader", "--serviceaccount=team:robot", "-n", "team")).code,
    ).toBe(0);
    const canI = async (...args: string[]) =>
      (await kubectl("auth", "can-i", ...args, `--as=${sa}`, ...(args.includes("-n") ? [] : ["-n", "team"]))).stdout.trim();
    expect(
      await eventually(
        () => canI("list", "pods"),
        (v) => v === "yes",
      ),
    ).toBe("yes");
    expect(await canI("delete", "pods")).toBe("no");
    expect(await canI("list", "secrets")).toBe("no");
    expect(await canI("list", "pods", "-n", "default")).toBe("no");
    const list = await kubectl("auth", "can-i", "--list", `--as=${sa}`, "-n", "team");
    expect(list.stdout).toMatch(/^pods\s+\[\]\s+\[\]\s+\[get list\]$/m);
    expect(list.stdout).toContain("selfsubjectaccessreviews.authorization.k8s.io");
    expect(list.stdout).not.toMatch(/^secrets/m);

    const tok = await kubectl("create", "token", "robot", "-n", "team", "--duration=1h");
    expect(tok.code).toBe(0);
    const token = tok.stdout.trim();
    const [, payload] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8"));
    expect(claims.sub).toBe(sa);
    expect(claims.iss).toBe("https://kubernetes.default.svc.cluster.local");

    const admin = YAML.parse(readFileSync(path.join(e2e.dir, "kubeconfig"), "utf8"));
    admin.users = [{ name: "robot", user: { token } }];
    admin.contexts[0].context.user = "robot";
    const robotConfig = path.join(e2e.dir, "robot.kubeconfig");
    writeFileSync(robotConfig, YAML.stringify(admin));
    const asRobot = (...args: string[]) =>
      runKubectl(robotConfig, args, { timeoutMs: 60_000, cacheDir: path.join(e2e.dir, "robot-cache") });
    expect((await asRobot("get", "pods", "-n", "team")).code).toBe(0);
    const denied = await asRobot("get", "secrets", "-n", "team");
    expect(denied.code).not.toBe(0);
    expect(denied.stderr).toContain(
      'User "system:serviceaccount:team:robot" cannot list resource "secrets" in API group "" in the namespace "team"',
    );
    expect(JSON.parse((await asRobot("auth", "whoami", "-o", "json")).stdout).status.userInfo.username).toBe(sa);

    // The official clients authenticate with the same token.
    const core = (() => {
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: [{ name: "c", server: e2e.server.url, caData: admin.clusters[0].cluster["certificate-authority-data"] }],
        users: [{ name: "robot", token }],
        contexts: [{ name: "c", cluster: "c", user: "robot" }],
        currentContext: "c",
      });
      return kc.makeApiClient(CoreV1Api);
    })();
    expect((await core.listNamespacedPod({ namespace: "team" })).kind).toBe("PodList");
    await expect(core.listNamespacedSecret({ namespace: "team" })).rejects.toMatchObject({ code: 403 });
    if (existsSync("/usr/bin/python3")) {
      const script = [
        "import sys, kubernetes.client as k",
        "c = k.Configuration(); c.host = sys.argv[1]; c.ssl_ca_cert = sys.argv[2]; c.api_key = {'authorization': 'Bearer ' + sys.argv[3]}",
        "api = k.CoreV1Api(k.ApiClient(c))",
        "print(len(api.list_namespaced_pod('team').items))",
        "try:\n  api.list_namespaced_secret('team'); print('allowed')\nexcept k.exceptions.ApiException as e:\n  print(e.status)",
      ].join("\n");
      const py = await run("/usr/bin/python3", ["-c", script, e2e.server.url, path.join(e2e.dir, "pki", "ca.crt"), token]);
      expect(py.stdout.trim().split("\n")).toEqual(["0", "403"]);
    }

    // Escalation: may write roles in team, but not grant what it does not hold.
    expect(
      (
        await kubectl(
          "create",
          "role",
          "role-writer",
          "--verb=create,get",
          "--resource=roles.rbac.authorization.k8s.io,rolebindings.rbac.authorization.k8s.io",
          "-n",
          "team",
        )
      ).code,
    ).toBe(0);
    expect(
      (await kubectl("create", "rolebinding", "robot-writes", "--role=role-writer", "--serviceaccount=team:robot", "-n", "team")).code,
    ).toBe(0);
    await eventually(
      () => asRobot("auth", "can-i", "create", "roles", "-n", "team"),
      (r) => r.stdout.trim() === "yes",
    );
    expect((await asRobot("create", "role", "small", "--verb=get", "--resource=pods", "-n", "team")).code).toBe(0);
    const big = await asRobot("create", "role", "big", "--verb=get", "--resource=secrets", "-n", "team");
    expect(big.code).not.toBe(0);
    expect(big.stderr).toContain(
      'is attempting to grant RBAC permissions not currently held:\n{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}',
    );
    // A patch is checked on the object it would produce.
    expect(
      (await kubectl("create", "role", "role-patcher", "--verb=patch", "--resource=roles.rbac.authorization.k8s.io", "-n", "team")).code,
    ).toBe(0);
    expect(
      (await kubectl("create", "rolebinding", "robot-patches", "--role=role-patcher", "--serviceaccount=team:robot", "-n", "team")).code,
    ).toBe(0);
    await eventually(
      () => asRobot("auth", "can-i", "patch", "roles", "-n", "team"),
      (r) => r.stdout.trim() === "yes",
    );
    const patched = await asRobot(
      "patch",
      "role",
      "small",
      "-n",
      "team",
      "--type=json",
      "-p",
      '[{"op":"add","path":"/rules/-","value":{"apiGroups":[""],"resources":["secrets"],"verbs":["get"]}}]',
    );
    expect(patched.code).not.toBe(0);
    expect(patched.stderr).toContain('{APIGroups:[""], Resources:["secrets"], Verbs:["get"]}');
    expect((await asRobot("patch", "role", "small", "-n", "team", "--type=merge", "-p", '{"metadata":{"labels":{"ok":"yes"}}}')).code).toBe(
      0,
    );
    const bind = await asRobot("create", "rolebinding", "grab", "--clusterrole=cluster-admin", "--serviceaccount=team:robot", "-n", "team");
    expect(bind.code).not.toBe(0);
    expect(bind.stderr).toContain("attempting to grant RBAC permissions not currently held");

    // The token dies with its ServiceAccount.
    expect((await kubectl("delete", "sa", "robot", "-n", "team")).code).toBe(0);
    const gone = await asRobot("get", "pods", "-n", "team");
    expect(gone.stderr).toContain("Unauthorized");
  }, 90_000);

  it("the audit log holds the requests at the policy's levels", async () => {
    expect((await kubectl("create", "configmap", "audited", "--from-literal=a=b", "-n", "team")).code).toBe(0);
    const events = await eventually(
      async () =>
        readFileSync(path.join(e2e.dir, "audit", "audit.log"), "utf8")
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as AuditEvent),
      (evs) => evs.some((e) => e.objectRef?.name === "audited"),
    );
    // RequestReceived is omitted; watches (the controller-manager's) also log ResponseStarted, and
    // a request that failed authentication logs only that stage.
    expect(events.every((e) => e.apiVersion === "audit.k8s.io/v1" && e.kind === "Event" && e.stage !== "RequestReceived")).toBe(true);
    expect(events.filter((e) => e.stage === "ResponseStarted").every((e) => e.verb === "watch" || e.responseStatus.code === 401)).toBe(
      true,
    );
    expect(events.some((e) => e.requestURI.startsWith("/healthz"))).toBe(false);
    const cm = events.find((e) => e.verb === "create" && e.objectRef?.resource === "configmaps" && e.objectRef?.name === "audited")!;
    expect(cm).toMatchObject({
      level: "RequestResponse",
      user: { username: "kubegen-admin" },
      responseStatus: { code: 201 },
      objectRef: { namespace: "team" },
    });
    expect(cm.requestObject).toMatchObject({ kind: "ConfigMap", data: { a: "b" } });
    expect(cm.responseObject).toMatchObject({ kind: "ConfigMap", metadata: { name: "audited" }, data: { a: "b" } });
    // kubegen-admin is in system:masters: allowed without an RBAC binding, so no reason.
    expect(cm.annotations).toEqual({ "authorization.k8s.io/decision": "allow", "authorization.k8s.io/reason": "" });
    const ns = events.find((e) => e.verb === "create" && e.objectRef?.resource === "namespaces")!;
    expect(ns.level).toBe("Metadata");
    expect(ns.requestObject).toBeUndefined();
    const unauthenticated = events.find((e) => e.responseStatus?.code === 401)!;
    expect(unauthenticated).toMatchObject({ stage: "ResponseStarted", user: {} });
    expect(unauthenticated.responseStatus.message).toBe("Authentication failed, attempted: bearer");
    const anon = events.find((e) => e.user.username === "system:anonymous" && e.objectRef?.resource === "secrets")!;
    expect(anon.responseStatus).toMatchObject({ code: 403, status: "Failure", reason: "Forbidden" });
    expect(anon.annotations?.["authorization.k8s.io/decision"]).toBe("forbid");
  });

  it("admission: a quota and a LimitRange are enforced, PodSecurity restricted refuses a privileged pod, pods get their service account", async () => {
    const apply = async (yaml: string) => {
      const f = path.join(e2e.dir, `obj-${Math.random().toString(36).slice(2)}.yaml`);
      writeFileSync(f, yaml);
      return kubectl("apply", "-f", f);
    };
    expect((await kubectl("create", "ns", "limits")).code).toBe(0);
    await eventually(
      () => kubectl("get", "sa", "default", "-n", "limits"),
      (r) => r.code === 0,
    );
    expect((await kubectl("create", "quota", "q", "--hard=pods=1,configmaps=3", "-n", "limits")).code).toBe(0);
    expect(
      (
        await apply(
          "apiVersion: v1\nkind: LimitRange\nmetadata: {name: lr, namespace: limits}\nspec:\n  limits:\n  - type: Container\n    default: {cpu: 500m}\n    defaultRequest: {cpu: 100m}\n    max: {cpu: '1'}\n",
        )
      ).code,
    ).toBe(0);
    const pod = (name: string, cpu?: string) =>
      `apiVersion: v1\nkind: Pod\nmetadata: {name: ${name}, namespace: limits}\nspec:\n  containers:\n  - name: c\n    image: busybox${cpu ? `\n    resources: {limits: {cpu: '${cpu}'}}` : ""}\n`;
    const big = await apply(pod("big", "2"));
    expect(big.stderr).toContain('pods "big" is forbidden: maximum cpu usage per Container is 1, but limit is 2');
    expect((await apply(pod("p1"))).code).toBe(0);
    const p1 = JSON.parse((await kubectl("get", "pod", "p1", "-n", "limits", "-o", "json")).stdout);
    expect(p1.spec.containers[0].resources).toEqual({ limits: { cpu: "500m" }, requests: { cpu: "100m" } });
    expect(p1.spec.serviceAccountName).toBe("default");
    expect(p1.spec.volumes[0].name).toMatch(/^kube-api-access-/);
    expect(p1.spec.containers[0].volumeMounts[0].mountPath).toBe("/var/run/secrets/kubernetes.io/serviceaccount");
    const p2 = await apply(pod("p2"));
    expect(p2.stderr).toContain('pods "p2" is forbidden: exceeded quota: q, requested: pods=1, used: pods=1, limited: pods=1');
    const quota = JSON.parse((await kubectl("get", "quota", "q", "-n", "limits", "-o", "json")).stdout);
    expect(quota.status.used.pods).toBe("1");
    // The resourcequota controller recounts when pods go: the quota frees up.
    expect((await kubectl("delete", "pod", "p1", "-n", "limits", "--wait=false")).code).toBe(0);
    const freed = await eventually(
      () => kubectl("get", "quota", "q", "-n", "limits", "-o", "jsonpath={.status.used.pods}"),
      (r) => r.stdout === "0",
    );
    expect(freed.stdout).toBe("0");

    expect((await kubectl("create", "ns", "locked")).code).toBe(0);
    expect((await kubectl("label", "ns", "locked", "pod-security.kubernetes.io/enforce=restricted")).code).toBe(0);
    await eventually(
      () => kubectl("get", "sa", "default", "-n", "locked"),
      (r) => r.code === 0,
    );
    const priv = await apply(
      "apiVersion: v1\nkind: Pod\nmetadata: {name: priv, namespace: locked}\nspec:\n  containers:\n  - name: c\n    image: busybox\n    securityContext: {privileged: true}\n",
    );
    expect(priv.stderr).toContain(
      'pods "priv" is forbidden: violates PodSecurity "restricted:latest": privileged (container "c" must not set securityContext.privileged=true), allowPrivilegeEscalation != false (container "c" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "c" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "c" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "c" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")',
    );
    const ok = await apply(
      "apiVersion: v1\nkind: Pod\nmetadata: {name: fine, namespace: locked}\nspec:\n  securityContext: {runAsNonRoot: true, seccompProfile: {type: RuntimeDefault}}\n  containers:\n  - name: c\n    image: busybox\n    securityContext: {allowPrivilegeEscalation: false, capabilities: {drop: [ALL]}}\n",
    );
    expect(ok.code).toBe(0);
  });

  it("stores Secrets encrypted (aescbc) in SQLite and serves them decrypted", async () => {
    expect((await kubectl("create", "secret", "generic", "pw", "--from-literal=password=hunter2", "-n", "team")).code).toBe(0);
    const got = JSON.parse((await kubectl("get", "secret", "pw", "-n", "team", "-o", "json")).stdout);
    expect(Buffer.from(got.data.password, "base64").toString()).toBe("hunter2");
    // Rewriting every Secret keeps them readable (the re-encryption path).
    const all = await kubectl("get", "secrets", "-A", "-o", "json");
    writeFileSync(path.join(e2e.dir, "secrets.json"), all.stdout);
    expect((await kubectl("replace", "-f", path.join(e2e.dir, "secrets.json"))).code).toBe(0);
    expect(
      Buffer.from(JSON.parse((await kubectl("get", "secret", "pw", "-n", "team", "-o", "json")).stdout).data.password, "base64").toString(),
    ).toBe("hunter2");

    // The server holds the database exclusively: read the stored bytes once it has stopped.
    await e2e.server.stop();
    const db = new Database(path.join(e2e.dir, "kubegen.db"), { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare("SELECT key, value FROM kv WHERE key LIKE ?").all("%/secrets/team/pw") as { key: string; value: Buffer }[];
      expect(rows).toHaveLength(1);
      expect(rows[0]!.value.subarray(0, 23).toString("latin1")).toBe("k8s:enc:aescbc:v1:key1:");
      expect(rows[0]!.value.includes(Buffer.from("hunter2"))).toBe(false);
      const cm = db.prepare("SELECT value FROM kv WHERE key LIKE ?").get("%/configmaps/team/audited") as { value: Buffer };
      expect(cm.value.subarray(0, 4).toString("latin1")).toBe("k8s\0");
    } finally {
      db.close();
    }
  });
});
