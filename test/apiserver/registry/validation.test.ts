/**
 * Validation messages through the stores, as upstream words them: 422 Invalid with
 * `<Kind> "<name>" is invalid: <field>: <summary>` and one cause per field error.
 */
import { describe, expect, it } from "vitest";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import { fieldErrors, FieldPath, errorText } from "../../../apiserver/registry/validation/field.js";
import { isDNS1123Label, isQualifiedName, isValidIP } from "../../../runtime/validation/strings.js";
import { ctx, statusOf, storeFor } from "./helpers.js";

const LABEL_MSG =
  "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
const SUBDOMAIN_MSG =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
const DNS1035_MSG =
  "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";
const QNAME_MSG =
  "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
const LABEL_VALUE_MSG =
  "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
const CONFIG_KEY_MSG =
  "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

interface Case {
  name: string;
  group: string;
  plural: string;
  namespace?: string;
  obj: KubeObject;
  message: string;
}

const cases: Case[] = [
  {
    name: "namespace name",
    group: "",
    plural: "namespaces",
    obj: { metadata: { name: "Bad_Name" } },
    message: `Namespace "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": ${LABEL_MSG}`,
  },
  {
    name: "missing name",
    group: "",
    plural: "configmaps",
    namespace: "default",
    obj: { metadata: {} },
    message: 'ConfigMap "" is invalid: metadata.name: Required value: name or generateName is required',
  },
  {
    name: "configmap name",
    group: "",
    plural: "configmaps",
    namespace: "default",
    obj: { metadata: { name: "Bad_Name" } },
    message: `ConfigMap "Bad_Name" is invalid: metadata.name: Invalid value: "Bad_Name": ${SUBDOMAIN_MSG}`,
  },
  {
    name: "service name",
    group: "",
    plural: "services",
    namespace: "default",
    obj: { metadata: { name: "1web" }, spec: { ports: [{ port: 80 }] } },
    message: `Service "1web" is invalid: metadata.name: Invalid value: "1web": ${DNS1035_MSG}`,
  },
  {
    name: "generateName",
    group: "",
    plural: "configmaps",
    namespace: "default",
    obj: { metadata: { generateName: "Bad-" } },
    message: `ConfigMap "Bad-ʼ" is invalid: metadata.generateName: Invalid value: "Bad-": ${SUBDOMAIN_MSG}`,
  },
  {
    name: "label key and value",
    group: "",
    plural: "configmaps",
    namespace: "default",
    obj: { metadata: { name: "c", labels: { "-bad": "ok", good: "-bad-" } } },
    message: `ConfigMap "c" is invalid: [metadata.labels: Invalid value: "-bad": ${QNAME_MSG}, metadata.labels: Invalid value: "-bad-": ${LABEL_VALUE_MSG}]`,
  },
  {
    name: "annotation key prefix",
    group: "",
    plural: "configmaps",
    namespace: "default",
    obj: { metadata: { name: "c", annotations: { "Example.com/a": "x", "a/b/c": "y" } } },
    message:
      "ConfigMap \"c\" is invalid: metadata.annotations: Invalid value: \"a/b/c\": a qualified name must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
  },
  {
    name: "configmap data key",
    group: "",
    plural: "configmaps",
    namespace: "default",
    obj: { metadata: { name: "c" }, data: { "bad key": "v" } },
    message: `ConfigMap "c" is invalid: data[bad key]: Invalid value: "bad key": ${CONFIG_KEY_MSG}`,
  },
  {
    name: "secret data key",
    group: "",
    plural: "secrets",
    namespace: "default",
    obj: { metadata: { name: "s" }, data: { "..x": "eA==" } },
    message: 'Secret "s" is invalid: data[..x]: Invalid value: "..x": must not start with \'..\'',
  },
  {
    name: "tls secret keys",
    group: "",
    plural: "secrets",
    namespace: "default",
    obj: { metadata: { name: "s" }, type: "kubernetes.io/tls", data: {} },
    message: 'Secret "s" is invalid: [data[tls.crt]: Required value, data[tls.key]: Required value]',
  },
  {
    name: "service ports",
    group: "",
    plural: "services",
    namespace: "default",
    obj: {
      metadata: { name: "web" },
      spec: {
        ports: [
          { name: "http", port: 70000 },
          { name: "http", port: 81, protocol: "HTTP" },
        ],
      },
    },
    message:
      'Service "web" is invalid: [spec.ports[0].port: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.ports[0].targetPort: Invalid value: 70000: must be between 1 and 65535, inclusive, spec.ports[1].name: Duplicate value: "http", spec.ports[1].protocol: Unsupported value: "HTTP": supported values: "SCTP", "TCP", "UDP"]',
  },
  {
    name: "service port names required when several",
    group: "",
    plural: "services",
    namespace: "default",
    obj: { metadata: { name: "web" }, spec: { ports: [{ port: 80 }, { port: 80 }] } },
    message:
      'Service "web" is invalid: [spec.ports[0].name: Required value, spec.ports[1].name: Required value, spec.ports[1]: Duplicate value: {"Name":"","Protocol":"TCP","AppProtocol":null,"Port":80,"TargetPort":0,"NodePort":0}]',
  },
  {
    name: "service clusterIP",
    group: "",
    plural: "services",
    namespace: "default",
    obj: { metadata: { name: "web" }, spec: { clusterIP: "10.0.0.300", ports: [{ port: 80 }] } },
    message:
      'Service "web" is invalid: spec.clusterIPs[0]: Invalid value: "10.0.0.300": must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)',
  },
  {
    name: "service type",
    group: "",
    plural: "services",
    namespace: "default",
    obj: { metadata: { name: "web" }, spec: { type: "Bogus", ports: [{ port: 80 }] } },
    message:
      'Service "web" is invalid: spec.type: Unsupported value: "Bogus": supported values: "ClusterIP", "ExternalName", "LoadBalancer", "NodePort"',
  },
  {
    name: "endpoints loopback",
    group: "",
    plural: "endpoints",
    namespace: "default",
    obj: { metadata: { name: "e" }, subsets: [{ addresses: [{ ip: "127.0.0.1" }], ports: [{ port: 80 }] }] },
    message:
      'Endpoints "e" is invalid: subsets[0].addresses[0].ip: Invalid value: "127.0.0.1": may not be in the loopback range (127.0.0.0/8, ::1/128)',
  },
  {
    name: "metadata finalizer",
    group: "",
    plural: "configmaps",
    namespace: "default",
    obj: { metadata: { name: "c", finalizers: ["mine"] } },
    message:
      'ConfigMap "c" is invalid: metadata.finalizers[0]: Invalid value: "mine": name is neither a standard finalizer name nor is it fully qualified',
  },
  {
    name: "owner reference",
    group: "",
    plural: "configmaps",
    namespace: "default",
    obj: { metadata: { name: "c", ownerReferences: [{ apiVersion: "v1", kind: "Pod", name: "p" }] } },
    message: 'ConfigMap "c" is invalid: metadata.ownerReferences.uid: Invalid value: "": must not be empty',
  },
  {
    name: "lease durations",
    group: "coordination.k8s.io",
    plural: "leases",
    namespace: "default",
    obj: { metadata: { name: "l" }, spec: { leaseDurationSeconds: 0, leaseTransitions: -1 } },
    message:
      'Lease.coordination.k8s.io "l" is invalid: [spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0, spec.leaseTransitions: Invalid value: -1: must be greater than or equal to 0]',
  },
  {
    name: "role rules",
    group: "rbac.authorization.k8s.io",
    plural: "roles",
    namespace: "default",
    obj: { metadata: { name: "r" }, rules: [{ apiGroups: [""], resources: ["pods"] }] },
    message: 'Role.rbac.authorization.k8s.io "r" is invalid: rules[0].verbs: Required value: verbs must contain at least one value',
  },
  {
    name: "role binding roleRef",
    group: "rbac.authorization.k8s.io",
    plural: "rolebindings",
    namespace: "default",
    obj: {
      metadata: { name: "b" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "Pod", name: "r" },
      subjects: [{ kind: "User", name: "u" }],
    },
    message:
      'RoleBinding.rbac.authorization.k8s.io "b" is invalid: roleRef.kind: Unsupported value: "Pod": supported values: "Role", "ClusterRole"',
  },
  {
    name: "cluster role name",
    group: "rbac.authorization.k8s.io",
    plural: "clusterroles",
    obj: { metadata: { name: "a/b" }, rules: [] },
    message: 'ClusterRole.rbac.authorization.k8s.io "a/b" is invalid: metadata.name: Invalid value: "a/b": may not contain \'/\'',
  },
  {
    name: "crd name and group",
    group: "apiextensions.k8s.io",
    plural: "customresourcedefinitions",
    obj: {
      metadata: { name: "widgets.example" },
      spec: {
        group: "example",
        scope: "Namespaced",
        names: { plural: "widgets", kind: "Widget" },
        versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } }],
      },
    },
    message:
      'CustomResourceDefinition.apiextensions.k8s.io "widgets.example" is invalid: spec.group: Invalid value: "example": should be a domain with at least one dot',
  },
  {
    name: "crd protected group",
    group: "apiextensions.k8s.io",
    plural: "customresourcedefinitions",
    obj: {
      metadata: { name: "widgets.x.k8s.io" },
      spec: {
        group: "x.k8s.io",
        scope: "Cluster",
        names: { plural: "widgets", kind: "Widget" },
        versions: [{ name: "v1", served: true, storage: true, schema: { openAPIV3Schema: { type: "object" } } }],
      },
    },
    message:
      'CustomResourceDefinition.apiextensions.k8s.io "widgets.x.k8s.io" is invalid: metadata.annotations[api-approved.kubernetes.io]: Required value: protected groups must have approval annotation "api-approved.kubernetes.io", see https://github.com/kubernetes/enhancements/pull/1111',
  },
];

describe("validation messages", () => {
  it.each(cases)("$name", async ({ group, plural, namespace, obj, message }) => {
    const store = storeFor(new MemoryStorage(), group, plural);
    const status = await statusOf(store.create(ctx(namespace), structuredClone(obj)));
    expect(status.code).toBe(422);
    expect(status.reason).toBe("Invalid");
    // A generated name is random; compare up to it.
    if (message.includes("ʼ"))
      expect(status.message).toMatch(new RegExp(`^${message.split("ʼ")[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    else expect(status.message).toBe(message);
  });

  it("carries one cause per error with the field and the error body", async () => {
    const store = storeFor(new MemoryStorage(), "", "namespaces");
    const status = await statusOf(store.create(ctx(), { metadata: { name: "Bad_Name", labels: { "a/b/c": "x" } } }));
    expect(status.details).toMatchObject({ name: "Bad_Name", kind: "Namespace" });
    expect(status.details?.group).toBeUndefined();
    expect(status.details?.causes?.map((c) => [c.reason, c.field])).toEqual([
      ["FieldValueInvalid", "metadata.name"],
      ["FieldValueInvalid", "metadata.labels"],
    ]);
    expect(status.details?.causes?.[0]?.message).toBe(`Invalid value: "Bad_Name": ${LABEL_MSG}`);
  });

  it("validates updates: immutable fields and secret type", async () => {
    const storage = new MemoryStorage();
    const secrets = storeFor(storage, "", "secrets");
    const s = await secrets.create(ctx("default"), { metadata: { name: "s" }, stringData: { user: "me" } });
    expect(s).toMatchObject({ type: "Opaque", data: { user: Buffer.from("me").toString("base64") } });
    expect(s.stringData).toBeUndefined();
    const status = await statusOf(secrets.update(ctx("default"), "s", { ...s, type: "example.com/other" }));
    expect(status.message).toBe('Secret "s" is invalid: type: Invalid value: "example.com/other": field is immutable');
    const cms = storeFor(storage, "", "configmaps");
    const c = await cms.create(ctx("default"), { metadata: { name: "c" }, data: { a: "1" }, immutable: true });
    expect((await statusOf(cms.update(ctx("default"), "c", { ...c, data: { a: "2" } }))).message).toBe(
      'ConfigMap "c" is invalid: data: Forbidden: field is immutable when `immutable` is set',
    );
  });

  it("renders field errors as upstream", () => {
    expect(errorText(fieldErrors.required(FieldPath.of("spec", "x")))).toBe("spec.x: Required value");
    expect(errorText(fieldErrors.forbidden(FieldPath.of("a").index(2).key("k"), "no"))).toBe("a[2][k]: Forbidden: no");
    expect(errorText(fieldErrors.invalid(FieldPath.of("v"), ["a", "<b>"], "bad"))).toBe('v: Invalid value: ["a","\\u003cb\\u003e"]: bad');
    expect(errorText(fieldErrors.tooLong(FieldPath.root(), 1048576))).toBe(": Too long: may not be more than 1048576 bytes");
    expect(errorText(fieldErrors.tooMany(FieldPath.of("items"), 3, 1))).toBe("items: Too many: 3: must have at most 1 item");
    expect(isDNS1123Label("a".repeat(64))).toEqual(["must be no more than 63 characters"]);
    expect(isQualifiedName("/a")).toEqual(["prefix part must be non-empty"]);
    expect(isValidIP("010.1.1.1")).toEqual(["must not have leading 0s"]);
    expect(isValidIP("2001:DB8::1")).toEqual(['must be in canonical form ("2001:db8::1")']);
    expect(isValidIP("::ffff:1.2.3.4")).toEqual(["must not be an IPv4-mapped IPv6 address"]);
    expect(isValidIP("fe80::1")).toEqual([]);
  });
});
