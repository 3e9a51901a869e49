import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AuditLogWriter } from "../../../apiserver/audit/log-writer.js";
import { checkPolicy, evaluate } from "../../../apiserver/audit/policy.js";
import { checkPod } from "../../../apiserver/admission/pod-security.js";
import { selectAdmissionPlugins } from "../../../apiserver/admission/plugins.js";
import { quantityValue } from "../../../apiserver/admission/quantity.js";
import type { AuthorizationAttributes } from "../../../apiserver/auth/authorizer.js";

const attrs = (over: Partial<AuthorizationAttributes>): AuthorizationAttributes => ({
  user: { name: "alice", groups: ["system:authenticated"] },
  verb: "get",
  isResourceRequest: true,
  path: "",
  apiGroup: "",
  apiVersion: "v1",
  namespace: "ns",
  resource: "pods",
  subresource: "",
  name: "p",
  ...over,
});

describe("audit policy", () => {
  const policy = checkPolicy({
    apiVersion: "audit.k8s.io/v1",
    kind: "Policy",
    omitStages: ["RequestReceived"],
    rules: [
      { level: "None", users: ["system:kube-proxy"] },
      { level: "None", nonResourceURLs: ["/healthz*"] },
      { level: "RequestResponse", resources: [{ group: "", resources: ["secrets"] }], omitStages: ["ResponseStarted"] },
      { level: "Request", verbs: ["create"], namespaces: ["prod"] },
      { level: "Metadata", resources: [{ group: "apps", resources: ["deployments/scale"] }] },
      { level: "Metadata", userGroups: ["system:authenticated"] },
    ],
  });

  it("the first matching rule decides the level and the omitted stages", () => {
    expect(evaluate(policy, attrs({ user: { name: "system:kube-proxy", groups: [] } })).level).toBe("None");
    expect(evaluate(policy, attrs({ isResourceRequest: false, path: "/healthz/etcd" })).level).toBe("None");
    expect(evaluate(policy, attrs({ resource: "secrets" }))).toEqual({
      level: "RequestResponse",
      omitStages: ["RequestReceived", "ResponseStarted"],
    });
    expect(evaluate(policy, attrs({ verb: "create", namespace: "prod" })).level).toBe("Request");
    expect(evaluate(policy, attrs({ verb: "create", namespace: "dev", user: { name: "x", groups: [] } })).level).toBe("None");
    expect(
      evaluate(policy, attrs({ apiGroup: "apps", resource: "deployments", subresource: "scale", user: { name: "x", groups: [] } })).level,
    ).toBe("Metadata");
    expect(evaluate(policy, attrs({})).level).toBe("Metadata");
  });

  it("refuses policies upstream refuses", () => {
    expect(() => checkPolicy({ apiVersion: "audit.k8s.io/v1", kind: "Policy", rules: [] })).toThrow("loaded illegal policy with 0 rules");
    expect(() => checkPolicy({ apiVersion: "audit.k8s.io/v1", kind: "Policy", rules: [{ level: "Everything" }] })).toThrow(
      'rules[0].level: Unsupported value: "Everything"',
    );
    expect(() => checkPolicy({ apiVersion: "v1", kind: "ConfigMap" })).toThrow("not an audit.k8s.io/v1 Policy");
  });

  it("rotates the log past maxsize and keeps maxbackup backups", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "kubegen-audit-"));
    try {
      let t = Date.UTC(2026, 0, 1);
      const w = new AuditLogWriter({
        path: path.join(dir, "audit.log"),
        maxSizeMB: 0.001,
        maxBackups: 2,
        now: () => new Date((t += 1000)),
      });
      for (let i = 0; i < 40; i++) w.write({ i, pad: "x".repeat(200) });
      await w.close();
      const files = readdirSync(dir).sort();
      expect(files.filter((f) => f.startsWith("audit-"))).toHaveLength(2);
      expect(files).toContain("audit.log");
      const last = readFileSync(path.join(dir, "audit.log"), "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { i: number });
      expect(last.at(-1)!.i).toBe(39);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("admission helpers", () => {
  it("PodSecurity: baseline allows what restricted refuses; privileged allows all", () => {
    const spec = {
      containers: [
        { name: "a", image: "x" },
        { name: "b", image: "x", ports: [{ hostPort: 80 }] },
      ],
      hostNetwork: true,
    };
    expect(checkPod(spec, "privileged")).toEqual([]);
    expect(checkPod(spec, "baseline")).toEqual(["host namespaces (hostNetwork=true)", 'hostPort (container "b" uses hostPort 80)']);
    const restricted = checkPod({ containers: [{ name: "a" }, { name: "b" }] }, "restricted");
    expect(restricted[0]).toBe(
      'allowPrivilegeEscalation != false (containers "a", "b" must set securityContext.allowPrivilegeEscalation=false)',
    );
    const ok = {
      securityContext: { runAsNonRoot: true, seccompProfile: { type: "RuntimeDefault" } },
      containers: [{ name: "a", securityContext: { allowPrivilegeEscalation: false, capabilities: { drop: ["ALL"] } } }],
    };
    expect(checkPod(ok, "restricted")).toEqual([]);
  });

  it("PodSecurity: AppArmor profiles, SELinux options and probe or lifecycle hosts, with upstream's wording", () => {
    const spec = {
      securityContext: { appArmorProfile: { type: "Unconfined" }, seLinuxOptions: { type: "spc_t", user: "root" } },
      containers: [
        {
          name: "b",
          securityContext: { appArmorProfile: { type: "Unconfined" }, seLinuxOptions: { type: "container_engine_t" } },
          livenessProbe: { httpGet: { host: "169.254.169.254" } },
        },
        {
          name: "a",
          securityContext: { appArmorProfile: { type: "RuntimeDefault" }, seLinuxOptions: { role: "sysadm_r" } },
          lifecycle: { preStop: { tcpSocket: { host: "10.0.0.1" } } },
        },
      ],
    };
    const annotations = {
      "container.apparmor.security.beta.kubernetes.io/b": "unconfined",
      "container.apparmor.security.beta.kubernetes.io/a": "localhost/mine",
    };
    expect(checkPod(spec, "baseline", annotations)).toEqual([
      'forbidden AppArmor profiles (pod and container "b" and annotation must not set AppArmor profile type to "Unconfined", "container.apparmor.security.beta.kubernetes.io/b=\\"unconfined\\"")',
      'probe or lifecycle host (containers "a", "b" use probe or lifecycle hosts "10.0.0.1", "169.254.169.254")',
      'seLinuxOptions (pod and container "a" set forbidden securityContext.seLinuxOptions: type "spc_t"; user may not be set; role may not be set)',
    ]);
    // Allowed forms: RuntimeDefault and Localhost types, runtime/default and localhost/ annotations,
    // the container SELinux types, probes without a host.
    const fine = {
      securityContext: { appArmorProfile: { type: "Localhost" }, seLinuxOptions: { type: "container_t" } },
      containers: [{ name: "a", livenessProbe: { httpGet: { path: "/healthz" } } }],
    };
    expect(checkPod(fine, "baseline", { "container.apparmor.security.beta.kubernetes.io/a": "runtime/default" })).toEqual([]);
  });

  it("PodSecurity: upstream's checks in upstream's order (baseline by ID, then restricted), with its wording", () => {
    const spec = {
      securityContext: {
        sysctls: [{ name: "kernel.msgmax" }, { name: "net.ipv4.tcp_syncookies" }],
        seccompProfile: { type: "Unconfined" },
      },
      containers: [
        {
          name: "a",
          ports: [{ hostPort: 9000 }, { hostPort: 80 }],
          securityContext: { procMount: "Unmasked", capabilities: { add: ["SYS_ADMIN", "NET_ADMIN", "CHOWN"] } },
        },
        { name: "b", securityContext: { windowsOptions: { hostProcess: true }, runAsUser: 0, runAsNonRoot: false } },
      ],
      volumes: [
        { name: "h", hostPath: { path: "/" } },
        { name: "n", nfs: { server: "x", path: "/" } },
      ],
    };
    expect(checkPod(spec, "baseline")).toEqual([
      'non-default capabilities (container "a" must not include "NET_ADMIN", "SYS_ADMIN" in securityContext.capabilities.add)',
      'hostPath volumes (volume "h")',
      'hostPort (container "a" uses hostPorts 80, 9000)',
      'procMount (container "a" must not set securityContext.procMount to "Unmasked")',
      'seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")',
      "forbidden sysctls (kernel.msgmax)",
      'hostProcess (container "b" must not set securityContext.windowsOptions.hostProcess=true)',
    ]);
    expect(checkPod(spec, "restricted")).toEqual([
      'hostPort (container "a" uses hostPorts 80, 9000)',
      'procMount (container "a" must not set securityContext.procMount to "Unmasked")',
      "forbidden sysctls (kernel.msgmax)",
      'hostProcess (container "b" must not set securityContext.windowsOptions.hostProcess=true)',
      'allowPrivilegeEscalation != false (containers "a", "b" must set securityContext.allowPrivilegeEscalation=false)',
      'unrestricted capabilities (containers "a", "b" must set securityContext.capabilities.drop=["ALL"]; container "a" must not include "CHOWN", "NET_ADMIN", "SYS_ADMIN" in securityContext.capabilities.add)',
      'restricted volume types (volumes "h", "n" use restricted volume types "hostPath", "nfs")',
      'runAsNonRoot != true (container "b" must not set securityContext.runAsNonRoot=false)',
      'runAsUser=0 (container "b" must not set runAsUser=0)',
      'seccompProfile (pod must not set securityContext.seccompProfile.type to "Unconfined")',
    ]);
    // In a user namespace an unmasked /proc is allowed.
    expect(checkPod({ hostUsers: false, containers: [{ name: "a", securityContext: { procMount: "Unmasked" } }] }, "baseline")).toEqual([]);
  });

  it("quantities compare across suffixes", () => {
    expect(quantityValue("500m")).toBe(0.5);
    expect(quantityValue("1Gi")).toBe(2 ** 30);
    expect(quantityValue("1e3")).toBe(1000);
    expect(quantityValue("2")).toBeGreaterThan(quantityValue("1500m"));
    expect(quantityValue("lots")).toBeNaN();
  });

  it("--enable/--disable-admission-plugins: defaults, removals and clear errors", () => {
    expect(selectAdmissionPlugins()).toEqual([
      "NamespaceLifecycle",
      "LimitRanger",
      "ServiceAccount",
      "TaintNodesByCondition",
      "PodSecurity",
      "Priority",
      "DefaultTolerationSeconds",
      "DefaultStorageClass",
      "StorageObjectInUseProtection",
      "PersistentVolumeClaimResize",
      "RuntimeClass",
      "CertificateApproval",
      "CertificateSigning",
      "ClusterTrustBundleAttest",
      "CertificateSubjectRestriction",
      "DefaultIngressClass",
      "MutatingAdmissionWebhook",
      "ValidatingAdmissionPolicy",
      "ValidatingAdmissionWebhook",
      "ResourceQuota",
    ]);
    expect(selectAdmissionPlugins([], ["PodSecurity", "ResourceQuota"])).not.toContain("PodSecurity");
    expect(() => selectAdmissionPlugins(["Bogus"])).toThrow('--enable-admission-plugins: plugin "Bogus" is unknown');
    // Off by default as upstream; when enabled, in upstream's place.
    const enabled = selectAdmissionPlugins(["AlwaysPullImages", "NodeRestriction"]);
    expect(enabled.slice(2, 6)).toEqual(["ServiceAccount", "NodeRestriction", "TaintNodesByCondition", "AlwaysPullImages"]);
    expect(selectAdmissionPlugins([], ["NodeRestriction"])).not.toContain("NodeRestriction");
    expect(() => selectAdmissionPlugins(["LimitRanger"], ["LimitRanger"])).toThrow("in both");
  });
});
