/**
 * The client emitters (clientset, fake clientset, listers, informers) as tables: which files,
 * which methods per `+genclient` tag combination, and the names client-go would use. The full
 * text is pinned by the genclient golden fixture; behaviour by test/generated/.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { clientsetEmitter } from "../../generator/emit/client/clientset.js";
import { fakeClientsetEmitter } from "../../generator/emit/client/fake-clientset.js";
import { informersEmitter } from "../../generator/emit/client/informers.js";
import { listersEmitter } from "../../generator/emit/client/listers.js";
import { clientGroups } from "../../generator/emit/client/targets.js";
import { clientMethods } from "../../generator/emit/client/verbs.js";
import type { EmitOptions, GeneratedFile } from "../../generator/emit/emitter.js";
import { isGenerated } from "../../generator/emit/header.js";
import type { Model } from "../../generator/model/types.js";
import { groupVersionAccessor, groupVersionGoName, kebabName, pluralAccessor, safeIdentifier } from "../../generator/naming/namers.js";
import { parseApi } from "../../generator/parse/parse-api.js";

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = parseApi(path.join(here, "../fixtures/golden/genclient/api"));
const builtin = parseApi(path.join(here, "../../api"));
const options: EmitOptions = { outputRoot: "/out", runtimeImport: "kubegen/runtime" };

function emitAll(model: Model): Map<string, string> {
  const files: GeneratedFile[] = [clientsetEmitter, fakeClientsetEmitter, listersEmitter, informersEmitter].flatMap((e) =>
    e.emit(model, options),
  );
  return new Map(files.map((f) => [f.path, f.content]));
}

const out = emitAll(fixture);
const file = (p: string): string => {
  const content = out.get(p);
  if (content === undefined) throw new Error(`${p} was not generated`);
  return content;
};

/** The method names declared in an interface of a generated file. */
function interfaceMethods(content: string, name: string): string[] {
  const body = new RegExp(`export interface ${name}\\b[^{]*\\{([\\s\\S]*?)\\n\\}`).exec(content)?.[1] ?? "";
  return [...body.matchAll(/^\s{2}(\w+)\(/gm)].map((m) => m[1]!);
}

describe("namers", () => {
  it.each([
    ["core/v1", "CoreV1", "coreV1"],
    ["rbac/v1", "RbacV1", "rbacV1"],
    ["coordination/v1", "CoordinationV1", "coordinationV1"],
    ["apiextensions/v1", "ApiextensionsV1", "apiextensionsV1"],
    ["flow-control/v1beta3", "FlowControlV1beta3", "flowControlV1beta3"],
  ])("%s -> %s, %s()", (pkg, goName, accessor) => {
    expect(groupVersionGoName(pkg)).toBe(goName);
    expect(groupVersionAccessor(pkg)).toBe(accessor);
  });

  it.each([
    ["Namespace", "namespaces", "namespace"],
    ["ConfigMap", "configMaps", "config-map"],
    ["Endpoints", "endpoints", "endpoints"],
    ["Policy", "policies", "policy"],
    ["CustomResourceDefinition", "customResourceDefinitions", "custom-resource-definition"],
    ["CSIDriver", "csiDrivers", "csi-driver"],
    ["Ingress", "ingresses", "ingress"],
  ])("%s -> %s(), %s.ts", (kind, accessor, kebab) => {
    expect(pluralAccessor(kind)).toBe(accessor);
    expect(kebabName(kind)).toBe(kebab);
  });

  it("never yields a reserved word as an identifier", () => {
    expect(safeIdentifier("class")).toBe("class_");
    expect(safeIdentifier("namespace")).toBe("namespace");
  });
});

describe("client targets", () => {
  it("derives group-versions, scope, facts and informer keys from the model", () => {
    const [g] = clientGroups(fixture);
    expect(g).toMatchObject({ goName: "ExampleV1", accessor: "exampleV1", dir: "example/v1", clientFile: "example-v1-client" });
    expect(g!.resources.map((r) => [r.kind, r.accessor, r.resource, r.namespaced, r.informerKey])).toEqual([
      ["Gadget", "gadgets", "gadgets", true, "example.com/v1/Gadget"],
      ["Policy", "policies", "policies", true, "example.com/v1/Policy"],
      ["Realm", "realms", "realms", false, "example.com/v1/Realm"],
    ]);
  });

  it("covers every +genclient kind of the built-in API with client-go's accessors", () => {
    const groups = clientGroups(builtin);
    expect(Object.fromEntries(groups.map((g) => [g.accessor, g.resources.map((r) => r.accessor)]))).toEqual({
      admissionregistrationV1: [
        "mutatingWebhookConfigurations",
        "validatingAdmissionPolicies",
        "validatingAdmissionPolicyBindings",
        "validatingWebhookConfigurations",
      ],
      apiextensionsV1: ["customResourceDefinitions"],
      apiregistrationV1: ["apiServices"],
      appsV1: ["controllerRevisions", "daemonSets", "deployments", "replicaSets", "statefulSets"],
      authenticationV1: ["selfSubjectReviews", "tokenReviews"],
      authorizationV1: ["localSubjectAccessReviews", "selfSubjectAccessReviews", "selfSubjectRulesReviews", "subjectAccessReviews"],
      autoscalingV1: ["horizontalPodAutoscalers"],
      autoscalingV2: ["horizontalPodAutoscalers"],
      batchV1: ["cronJobs", "jobs"],
      certificatesV1: ["certificateSigningRequests"],
      coordinationV1: ["leases"],
      coreV1: [
        "bindings",
        "componentStatuses",
        "configMaps",
        "endpoints",
        "events",
        "limitRanges",
        "namespaces",
        "nodes",
        "persistentVolumes",
        "persistentVolumeClaims",
        "pods",
        "podTemplates",
        "replicationControllers",
        "resourceQuotas",
        "secrets",
        "services",
        "serviceAccounts",
      ],
      discoveryV1: ["endpointSlices"],
      eventsV1: ["events"],
      flowcontrolV1: ["flowSchemas", "priorityLevelConfigurations"],
      networkingV1: ["ingresses", "ingressClasses", "ipAddresses", "networkPolicies", "serviceCIDRs"],
      nodeV1: ["runtimeClasses"],
      policyV1: ["podDisruptionBudgets"],
      rbacV1: ["clusterRoles", "clusterRoleBindings", "roles", "roleBindings"],
      resourceV1: ["deviceClasses", "resourceClaims", "resourceClaimTemplates", "resourceSlices"],
      schedulingV1: ["priorityClasses"],
      storageV1: ["csiDrivers", "csiNodes", "csiStorageCapacities", "storageClasses", "volumeAttachments", "volumeAttributesClasses"],
    });
    const core = groups.find((g) => g.accessor === "coreV1")!;
    expect(core.resources.every((r) => r.protobuf)).toBe(true);
    expect(core.resources.find((r) => r.kind === "Namespace")!.notFound).toEqual({ group: "", resource: "namespace" });
  });

  it("emits nothing for a model without +genclient kinds", () => {
    const empty: Model = {
      root: "/",
      packages: fixture.packages.map((p) => ({ ...p, types: p.types.filter((t) => t.kind !== "struct" || !t.client) })),
    };
    expect(emitAll(empty).size).toBe(0);
  });
});

describe("typed client methods per tag combination", () => {
  it.each([
    // every verb, with a status subresource
    [
      "gadget",
      "Gadget",
      ["create", "update", "updateStatus", "delete", "deleteCollection", "get", "list", "watch", "patch", "apply", "applyStatus"],
    ],
    // nonNamespaced, noStatus, skipVerbs=deleteCollection, method=Finalize
    ["realm", "Realm", ["create", "update", "delete", "get", "list", "watch", "patch", "apply", "finalize"]],
    // onlyVerbs=get,list,watch
    ["policy", "Policy", ["get", "list", "watch"]],
  ])("%s", (f, kind, methods) => {
    const content = file(`clientset/typed/example/v1/${f}.ts`);
    expect(interfaceMethods(content, `${kind}Interface`)).toEqual(methods);
    expect(content).toContain(`export interface ${kind}Interface extends ${kind}Expansion {`);
    expect(content).toContain(`export class ${kind}Client implements ${kind}Interface {`);
  });

  it("the custom verb takes the object, PUTs its finalize subresource and sets its kind", () => {
    const realm = file("clientset/typed/example/v1/realm.ts");
    expect(realm).toContain("finalize(realm: Realm, opts?: gentype.UpdateOptions): Promise<Realm>;");
    expect(realm).toMatch(/customUpdate<Realm, Realm>\(\s*\{ subresource: "finalize", input: realm, inputKind: "Realm" \}/);
  });

  it("group clients take a namespace only for namespaced kinds", () => {
    const group = file("clientset/typed/example/v1/example-v1-client.ts");
    expect(group).toContain("gadgets(namespace?: string): GadgetInterface;");
    expect(group).toContain("realms(): RealmInterface;");
    expect(group).toContain('gentype.contentConfig("example.com", "v1")');
  });

  it("the Clientset has one accessor per group-version and the protobuf codec of the generated scheme", () => {
    const cs = file("clientset/clientset.ts");
    expect(interfaceMethods(cs, "ClientsetInterface")).toEqual(["exampleV1"]);
    expect(cs).toContain('import { scheme } from "../apis/register.js";');
    expect(cs).toContain("static fromKubeconfig(");
  });
});

describe("custom verbs (+genclient:method)", () => {
  const [g] = clientGroups(fixture);
  const gadget = g!.resources.find((r) => r.kind === "Gadget")!;
  const names = { kind: "Gadget", list: "GadgetList", gentype: "gentype", rest: "rest", importType: (d: { name: string }) => d.name };
  const custom = (m: { name: string; verb: string; subresource?: string; input?: string; result?: string }) =>
    clientMethods({ ...gadget, client: { ...gadget.client, verbs: [], methods: [m] } }, g!, names)[0]!;

  it.each([
    [
      { name: "GetSpec", verb: "get", subresource: "spec", result: "GadgetSpec" },
      "getSpec(name: string, opts?: gentype.GetOptions): Promise<GadgetSpec>",
      'customGet<GadgetSpec>({ name, subresource: "spec" }, opts)',
    ],
    [{ name: "ListAll", verb: "list" }, "listAll(opts?: gentype.ListOptions): Promise<GadgetList>", "customList<GadgetList>({}, opts)"],
    [
      { name: "Tune", verb: "create", subresource: "tune", input: "GadgetSpec" },
      "tune(gadgetName: string, gadgetSpec: GadgetSpec, opts?: gentype.CreateOptions): Promise<Gadget>",
      'customCreate<GadgetSpec, Gadget>({ name: gadgetName, subresource: "tune", input: gadgetSpec }, opts)',
    ],
    [
      { name: "Resize", verb: "update", subresource: "size", input: "GadgetSpec" },
      "resize(gadgetName: string, gadgetSpec: GadgetSpec, opts?: gentype.UpdateOptions): Promise<Gadget>",
      'customUpdate<GadgetSpec, Gadget>({ name: gadgetName, subresource: "size", input: gadgetSpec }, opts)',
    ],
    [
      { name: "Replace", verb: "update" },
      "replace(gadget: Gadget, opts?: gentype.UpdateOptions): Promise<Gadget>",
      'customUpdate<Gadget, Gadget>({ input: gadget, inputKind: "Gadget" }, opts)',
    ],
    [
      { name: "ApplySize", verb: "apply", subresource: "size", input: "GadgetSpec" },
      "applySize(gadgetName: string, gadgetSpec: gentype.ApplyConfiguration<GadgetSpec>, opts: gentype.ApplyOptions): Promise<Gadget>",
      'customApply<gentype.ApplyConfiguration<GadgetSpec>, Gadget>({ name: gadgetName, subresource: "size", input: gadgetSpec }, opts)',
    ],
    [
      { name: "PatchSize", verb: "patch", subresource: "size" },
      "patchSize(name: string, patchType: rest.PatchType, data: gentype.PatchData, opts?: gentype.PatchOptions): Promise<Gadget>",
      'patch(name, patchType, data, opts, "size")',
    ],
    [{ name: "Remove", verb: "delete" }, "remove(name: string, opts?: gentype.DeleteOptions): Promise<void>", "delete(name, opts)"],
  ])("%o", (m, signature, call) => {
    const spec = custom(m);
    expect(`${spec.name}(${spec.params}): ${spec.returns}`).toBe(signature);
    expect(spec.call).toBe(call);
  });

  it("refuses input types the package does not declare", () => {
    expect(() => custom({ name: "Bad", verb: "update", input: "Missing" })).toThrow(/Missing/);
  });
});

describe("fakes, listers and informers", () => {
  it("fake typed clients extend the real ones; the fake clientset implements ClientsetInterface", () => {
    expect(file("clientset/typed/example/v1/fake/fake-realm.ts")).toContain("export class FakeRealmClient extends RealmClient {");
    expect(file("clientset/typed/example/v1/fake/fake-example-v1-client.ts")).toContain(
      "export class FakeExampleV1Client implements ExampleV1Interface {",
    );
    expect(file("clientset/fake/clientset.ts")).toContain("export class FakeClientset implements ClientsetInterface {");
  });

  it("cluster-scoped listers get by name; namespaced ones go through a namespace lister", () => {
    const realm = file("listers/example/v1/realm.ts");
    expect(interfaceMethods(realm, "RealmLister")).toEqual(["list", "get"]);
    const gadget = file("listers/example/v1/gadget.ts");
    expect(interfaceMethods(gadget, "GadgetLister")).toEqual(["list", "gadgets"]);
    expect(interfaceMethods(gadget, "GadgetNamespaceLister")).toEqual(["list", "get"]);
    expect(gadget).toContain('{ group: "example.com", resource: "gadget" }');
    const expansion = file("listers/example/v1/expansion-generated.ts");
    expect([...expansion.matchAll(/export interface (\w+) \{\}/g)].map((m) => m[1])).toEqual([
      "GadgetListerExpansion",
      "GadgetNamespaceListerExpansion",
      "PolicyListerExpansion",
      "PolicyNamespaceListerExpansion",
      "RealmListerExpansion",
    ]);
  });

  it("informers have informer() and lister(), keyed by apiVersion/Kind in the factory", () => {
    const gadget = file("informers/example/v1/gadget.ts");
    expect(interfaceMethods(gadget, "GadgetInformer")).toEqual(["informer", "lister"]);
    expect(gadget).toContain('"example.com/v1/Gadget"');
    expect(gadget).toContain('client.exampleV1().gadgets(options.namespace ?? "")');
    expect(file("informers/example/v1/realm.ts")).toContain("client.exampleV1().realms()");
    expect(interfaceMethods(file("informers/example/v1/interface.ts"), "ExampleV1Informers")).toEqual(["gadgets", "policies", "realms"]);
    expect(file("informers/factory.ts")).toContain("exampleV1(): ExampleV1Informers {");
  });

  it("every file carries the generated header and index files export each group as a namespace", () => {
    for (const [p, content] of out) expect(isGenerated(content), p).toBe(true);
    expect(file("clientset/index.ts")).toContain('export * as exampleV1 from "./typed/example/v1/index.js";');
    expect(file("clientset/fake/index.ts")).toContain('export * as exampleV1 from "../typed/example/v1/fake/index.js";');
    expect(file("listers/index.ts")).toContain('export * as exampleV1 from "./example/v1/index.js";');
    expect(file("informers/index.ts")).toContain('export * from "./factory.js";');
  });
});
