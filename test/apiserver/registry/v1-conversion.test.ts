/**
 * What upstream's v1 → internal → v1 conversions leave on stored objects, through the built-in
 * storages: the deprecated serviceAccount mirrors serviceAccountName in Pods and every pod
 * template; podIP/hostIP mirror podIPs[0]/hostIPs[0]; a Node's podCIDR mirrors podCIDRs[0]; the
 * singular field wins when both are sent and differ; init-container annotations are dropped; the
 * DaemonSet template generation and Deployment rollbackTo annotations; StatefulSet claim templates.
 */
import { describe, expect, it } from "vitest";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import type { KubeObject, RESTStorage } from "../../../apiserver/registry/rest.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { convertNodeSpec, convertPodSpec, convertPodStatus } from "../../../apiserver/registry/conversion/core-v1.js";
import { parseInt64 } from "../../../apiserver/registry/conversion/apps-v1.js";
import { ctx, scheme, statusOf, utf8 } from "./helpers.js";

type Obj = Record<string, unknown>;

function setup() {
  const storages = buildBuiltinStorages(new MemoryStorage(), scheme);
  return (group: string, plural: string): RESTStorage =>
    storages.find((s) => s.group === group && s.info.plural === plural && s.version === "v1")!;
}

const podSpec = (extra: Obj = {}): Obj => ({ containers: [{ name: "web", image: "nginx" }], ...extra });
const pod = (name: string, spec: Obj = {}, metadata: Obj = {}): KubeObject => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name, ...metadata },
  spec: podSpec(spec),
});
const template = (spec: Obj, restartPolicy?: string): Obj => ({
  metadata: { labels: { app: "a" } },
  spec: podSpec({ ...(restartPolicy ? { restartPolicy } : {}), ...spec }),
});
const selector = { matchLabels: { app: "a" } };
const specOf = (o: KubeObject): Obj => o.spec as Obj;
const statusOfObj = (o: KubeObject): Obj => o.status as Obj;

describe("PodSpec serviceAccount ↔ serviceAccountName", () => {
  const cases: [string, Obj, string | undefined][] = [
    ["only serviceAccountName", { serviceAccountName: "sa" }, "sa"],
    ["only the deprecated serviceAccount", { serviceAccount: "sa" }, "sa"],
    ["both, equal", { serviceAccountName: "sa", serviceAccount: "sa" }, "sa"],
    ["both, different: serviceAccountName wins", { serviceAccountName: "new", serviceAccount: "old" }, "new"],
    ["neither", {}, undefined],
  ];
  for (const [name, sent, want] of cases) {
    it(`a Pod created with ${name}`, async () => {
      const pods = setup()("", "pods");
      const out = await pods.create!(ctx("default"), pod("p", sent), {});
      expect(specOf(out).serviceAccountName).toBe(want);
      expect(specOf(out).serviceAccount).toBe(want);
      expect(specOf(await pods.get!(ctx("default"), "p", {})).serviceAccount).toBe(want);
    });
  }

  it("an empty serviceAccountName takes the alias; an empty alias with nothing else disappears", () => {
    const a: Obj = { serviceAccountName: "", serviceAccount: "sa" };
    convertPodSpec(a);
    expect(a).toEqual({ serviceAccountName: "sa", serviceAccount: "sa" });
    const b: Obj = { serviceAccount: "" };
    convertPodSpec(b);
    expect(b).toEqual({});
  });

  it("every pod template carries the alias", async () => {
    const by = setup();
    const sa = { serviceAccountName: "sa" };
    const made: [string, string, KubeObject, (o: KubeObject) => unknown][] = [
      ["", "podtemplates", { apiVersion: "v1", kind: "PodTemplate", metadata: { name: "t" }, template: template(sa) }, (o) => o.template],
      [
        "",
        "replicationcontrollers",
        {
          apiVersion: "v1",
          kind: "ReplicationController",
          metadata: { name: "t" },
          spec: { selector: { app: "a" }, template: template(sa) },
        },
        (o) => specOf(o).template,
      ],
      [
        "apps",
        "deployments",
        { apiVersion: "apps/v1", kind: "Deployment", metadata: { name: "t" }, spec: { selector, template: template(sa) } },
        (o) => specOf(o).template,
      ],
      [
        "apps",
        "replicasets",
        { apiVersion: "apps/v1", kind: "ReplicaSet", metadata: { name: "t" }, spec: { selector, template: template(sa) } },
        (o) => specOf(o).template,
      ],
      [
        "apps",
        "statefulsets",
        {
          apiVersion: "apps/v1",
          kind: "StatefulSet",
          metadata: { name: "t" },
          spec: { selector, serviceName: "s", template: template(sa) },
        },
        (o) => specOf(o).template,
      ],
      [
        "apps",
        "daemonsets",
        { apiVersion: "apps/v1", kind: "DaemonSet", metadata: { name: "t" }, spec: { selector, template: template(sa) } },
        (o) => specOf(o).template,
      ],
      [
        "batch",
        "jobs",
        { apiVersion: "batch/v1", kind: "Job", metadata: { name: "t" }, spec: { template: template(sa, "Never") } },
        (o) => specOf(o).template,
      ],
      [
        "batch",
        "cronjobs",
        {
          apiVersion: "batch/v1",
          kind: "CronJob",
          metadata: { name: "t" },
          spec: { schedule: "*/5 * * * *", jobTemplate: { spec: { template: template(sa, "Never") } } },
        },
        (o) => ((specOf(o).jobTemplate as Obj).spec as Obj).template,
      ],
    ];
    for (const [group, plural, obj, templateOf] of made) {
      const out = await by(group, plural).create!(ctx("default"), obj, {});
      expect([plural, ((templateOf(out) as Obj).spec as Obj).serviceAccount]).toEqual([plural, "sa"]);
    }
  });

  it("an update and a patch keep the alias in step (the new serviceAccountName wins over the old alias)", async () => {
    const deployments = setup()("apps", "deployments");
    const d: KubeObject = {
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "d" },
      spec: { selector, template: template({ serviceAccount: "a" }) },
    };
    const created = await deployments.create!(ctx("default"), d, {});
    const tpl = (o: KubeObject) => (specOf(o).template as Obj).spec as Obj;
    expect(tpl(created).serviceAccountName).toBe("a");
    const patched = await deployments.patch!(
      ctx("default"),
      "d",
      "merge",
      utf8({ spec: { template: { spec: { serviceAccountName: "b" } } } }),
      {},
    );
    expect([tpl(patched.object).serviceAccountName, tpl(patched.object).serviceAccount]).toEqual(["b", "b"]);
    const put = structuredClone(patched.object);
    tpl(put).serviceAccountName = "c";
    const updated = await deployments.update!(ctx("default"), "d", put, {});
    expect([tpl(updated.object).serviceAccountName, tpl(updated.object).serviceAccount]).toEqual(["c", "c"]);
  });

  it("the field manager sees the converted object: a sent serviceAccountName owns the alias too", async () => {
    const pods = setup()("", "pods");
    const out = await pods.create!(ctx("default"), pod("p", { serviceAccountName: "sa" }), { fieldManager: "m" });
    const fields = JSON.stringify((out.metadata?.managedFields as { fieldsV1: unknown }[])[0]!.fieldsV1);
    expect(fields).toContain('"f:serviceAccount":{}');
    expect(fields).toContain('"f:serviceAccountName":{}');
  });
});

describe("PodStatus podIP ↔ podIPs[0], hostIP ↔ hostIPs[0]", () => {
  const cases: [string, Obj, Obj][] = [
    ["only podIP", { podIP: "10.0.0.1" }, { podIP: "10.0.0.1", podIPs: [{ ip: "10.0.0.1" }] }],
    [
      "only podIPs",
      { podIPs: [{ ip: "10.0.0.1" }, { ip: "fd00::1" }] },
      { podIP: "10.0.0.1", podIPs: [{ ip: "10.0.0.1" }, { ip: "fd00::1" }] },
    ],
    ["both, equal", { podIP: "10.0.0.1", podIPs: [{ ip: "10.0.0.1" }] }, { podIP: "10.0.0.1", podIPs: [{ ip: "10.0.0.1" }] }],
    // podIP is authoritative (older kubelets write only it): the list is replaced.
    [
      "both, different",
      { podIP: "10.0.0.2", podIPs: [{ ip: "10.0.0.1" }, { ip: "fd00::1" }] },
      { podIP: "10.0.0.2", podIPs: [{ ip: "10.0.0.2" }] },
    ],
    ["only hostIP", { hostIP: "192.168.0.1" }, { hostIP: "192.168.0.1", hostIPs: [{ ip: "192.168.0.1" }] }],
    ["only hostIPs", { hostIPs: [{ ip: "192.168.0.1" }] }, { hostIP: "192.168.0.1", hostIPs: [{ ip: "192.168.0.1" }] }],
    [
      "hostIP and hostIPs, different",
      { hostIP: "192.168.0.2", hostIPs: [{ ip: "192.168.0.1" }] },
      { hostIP: "192.168.0.2", hostIPs: [{ ip: "192.168.0.2" }] },
    ],
  ];
  for (const [name, sent, want] of cases) {
    it(`a status update with ${name}`, async () => {
      const pods = setup()("", "pods");
      const created = await pods.create!(ctx("default"), pod("p"), {});
      const out = await pods.subresources!.status!.update!(ctx("default"), "p", { ...created, status: { phase: "Running", ...sent } }, {});
      expect(statusOfObj(out.object)).toMatchObject(want);
      expect(statusOfObj(await pods.get!(ctx("default"), "p", {}))).toMatchObject(want);
    });
  }

  it("nothing to mirror: nothing written", () => {
    const s: Obj = { phase: "Pending" };
    convertPodStatus(s);
    expect(s).toEqual({ phase: "Pending" });
  });
});

describe("NodeSpec podCIDR ↔ podCIDRs[0]", () => {
  const cases: [string, Obj, Obj][] = [
    ["only podCIDR", { podCIDR: "10.244.0.0/24" }, { podCIDR: "10.244.0.0/24", podCIDRs: ["10.244.0.0/24"] }],
    ["only podCIDRs", { podCIDRs: ["10.244.0.0/24", "fd00::/64"] }, { podCIDR: "10.244.0.0/24", podCIDRs: ["10.244.0.0/24", "fd00::/64"] }],
    [
      "both, different: podCIDR wins",
      { podCIDR: "10.244.1.0/24", podCIDRs: ["10.244.0.0/24"] },
      { podCIDR: "10.244.1.0/24", podCIDRs: ["10.244.1.0/24"] },
    ],
  ];
  for (const [name, sent, want] of cases) {
    it(`a Node created with ${name}`, async () => {
      const nodes = setup()("", "nodes");
      const out = await nodes.create!(ctx(), { apiVersion: "v1", kind: "Node", metadata: { name: "n" }, spec: sent }, {});
      expect(specOf(out)).toMatchObject(want);
    });
  }

  it("a spec without either is left alone", () => {
    const s: Obj = { unschedulable: true };
    convertNodeSpec(s);
    expect(s).toEqual({ unschedulable: true });
  });
});

describe("init-container annotations", () => {
  it("are dropped from Pods and pod templates", async () => {
    const by = setup();
    const annotations = {
      "pod.beta.kubernetes.io/init-containers": "[]",
      "pod.alpha.kubernetes.io/init-container-statuses": "[]",
      keep: "me",
    };
    const p = await by("", "pods").create!(ctx("default"), pod("p", {}, { annotations }), {});
    expect(p.metadata?.annotations).toEqual({ keep: "me" });
    const t = await by("", "podtemplates").create!(
      ctx("default"),
      { apiVersion: "v1", kind: "PodTemplate", metadata: { name: "t" }, template: { metadata: { annotations }, spec: podSpec() } },
      {},
    );
    expect(((t.template as Obj).metadata as Obj).annotations).toEqual({ keep: "me" });
  });
});

describe("apps/v1 annotations of internal fields", () => {
  const ds = (annotations?: Record<string, string>, image = "nginx"): KubeObject => ({
    apiVersion: "apps/v1",
    kind: "DaemonSet",
    metadata: { name: "ds", ...(annotations ? { annotations } : {}) },
    spec: { selector, template: { metadata: { labels: { app: "a" } }, spec: { containers: [{ name: "c", image }] } } },
  });
  const gen = (o: KubeObject) => o.metadata?.annotations?.["deprecated.daemonset.template.generation"];

  it("a DaemonSet's template generation starts at 1, keeps a sent higher one, and grows with template changes only", async () => {
    const daemonsets = setup()("apps", "daemonsets");
    const created = await daemonsets.create!(ctx("default"), ds(), {});
    expect(gen(created)).toBe("1");
    // Not the client's to set on update.
    const same = await daemonsets.update!(
      ctx("default"),
      "ds",
      {
        ...ds({ "deprecated.daemonset.template.generation": "9" }),
        metadata: { ...created.metadata, annotations: { "deprecated.daemonset.template.generation": "9" } },
      },
      {},
    );
    expect(gen(same.object)).toBe("1");
    const changed = await daemonsets.patch!(
      ctx("default"),
      "ds",
      "merge",
      utf8({ spec: { template: { metadata: { labels: { x: "y" } } } } }),
      {},
    );
    expect(gen(changed.object)).toBe("2");
    const other = await daemonsets.create!(
      ctx("default"),
      {
        ...ds({ "deprecated.daemonset.template.generation": "+05" }),
        metadata: { name: "ds2", annotations: { "deprecated.daemonset.template.generation": "+05" } },
      },
      {},
    );
    expect(gen(other)).toBe("5");
  });

  it("a template generation that is no int64 fails decoding: 400", async () => {
    const daemonsets = setup()("apps", "daemonsets");
    const s = await statusOf(daemonsets.create!(ctx("default"), ds({ "deprecated.daemonset.template.generation": "x" }), {}));
    expect([s.code, s.message]).toEqual([
      400,
      'DaemonSet in version "v1" cannot be handled as a DaemonSet: strconv.ParseInt: parsing "x": invalid syntax',
    ]);
  });

  it("a Deployment's rollbackTo annotation is an int64: normalised, dropped when empty, refused otherwise", async () => {
    const deployments = setup()("apps", "deployments");
    const d = (name: string, value: string): KubeObject => ({
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name, annotations: { "deprecated.deployment.rollback.to": value } },
      spec: { selector, template: template({}) },
    });
    expect((await deployments.create!(ctx("default"), d("a", "007"), {})).metadata?.annotations).toEqual({
      "deprecated.deployment.rollback.to": "7",
    });
    // The emptied map is left out, as Go's omitempty does.
    expect((await deployments.create!(ctx("default"), d("b", ""), {})).metadata?.annotations).toBeUndefined();
    const s = await statusOf(deployments.create!(ctx("default"), d("c", "seven"), {}));
    expect([s.code, s.message]).toEqual([
      400,
      'Deployment in version "v1" cannot be handled as a Deployment: failed to parse annotation[deprecated.deployment.rollback.to]=seven as int64: strconv.ParseInt: parsing "seven": invalid syntax',
    ]);
  });

  it("parseInt64 is Go's ParseInt base 10", () => {
    expect(parseInt64("-9223372036854775808")).toEqual({ value: "-9223372036854775808" });
    expect(parseInt64("9223372036854775808")).toEqual({ error: 'strconv.ParseInt: parsing "9223372036854775808": value out of range' });
    expect(parseInt64("")).toEqual({ error: 'strconv.ParseInt: parsing "": invalid syntax' });
    expect(parseInt64("1_000")).toEqual({ error: 'strconv.ParseInt: parsing "1_000": invalid syntax' });
  });

  it("a StatefulSet's claim templates read back as v1 PersistentVolumeClaims", async () => {
    const statefulsets = setup()("apps", "statefulsets");
    const out = await statefulsets.create!(
      ctx("default"),
      {
        apiVersion: "apps/v1",
        kind: "StatefulSet",
        metadata: { name: "s" },
        spec: {
          selector,
          serviceName: "s",
          template: template({}),
          volumeClaimTemplates: [
            { metadata: { name: "data" }, spec: { accessModes: ["ReadWriteOnce"], resources: { requests: { storage: "1Gi" } } } },
          ],
        },
      },
      {},
    );
    const claim = (specOf(out).volumeClaimTemplates as Obj[])[0]!;
    expect([claim.apiVersion, claim.kind]).toEqual(["v1", "PersistentVolumeClaim"]);
  });
});

describe("policy/v1 PodDisruptionBudget selector", () => {
  const label = "pdb.kubernetes.io/deprecated-v1beta1-empty-selector-match";
  const pdb = (name: string, selectorSent: Obj): KubeObject => ({
    apiVersion: "policy/v1",
    kind: "PodDisruptionBudget",
    metadata: { name },
    spec: { minAvailable: 1, selector: selectorSent },
  });

  it("the v1beta1 match-nothing label stays alone, and is dropped beside anything else", async () => {
    const pdbs = setup()("policy", "poddisruptionbudgets");
    const none = { matchExpressions: [{ key: label, operator: "DoesNotExist" }] };
    expect(specOf(await pdbs.create!(ctx("default"), pdb("none", none), {})).selector).toEqual(none);
    const mixed = {
      matchLabels: { app: "a" },
      matchExpressions: [
        { key: label, operator: "DoesNotExist" },
        { key: "tier", operator: "Exists" },
      ],
    };
    expect(specOf(await pdbs.create!(ctx("default"), pdb("mixed", mixed), {})).selector).toEqual({
      matchLabels: { app: "a" },
      matchExpressions: [{ key: "tier", operator: "Exists" }],
    });
    const onlyLabel = { matchLabels: { app: "a" }, matchExpressions: [{ key: label, operator: "DoesNotExist" }] };
    expect(specOf(await pdbs.create!(ctx("default"), pdb("only", onlyLabel), {})).selector).toEqual({ matchLabels: { app: "a" } });
  });
});
