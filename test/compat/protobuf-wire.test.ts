/**
 * Wire compatibility with upstream Kubernetes, shown on bytes derived by hand: for a Namespace
 * (and its list), a Service and an Endpoints, every byte below follows from upstream's
 * generated.proto field numbers (k8s.io/api core/v1, apimachinery meta/v1, intstr) and from
 * what gogo's generated marshallers write:
 *   - fields in field-number order (ServiceSpec's clusterIPs = 18 comes after type = 4);
 *   - non-pointer scalars always, zero or not (ObjectMeta's six strings and generation, a
 *     ServiceSpec's healthCheckNodePort and publishNotReadyAddresses);
 *   - pointers (deletionGracePeriodSeconds, ipFamilyPolicy, nodeName, appProtocol) only when set,
 *     and then even when zero;
 *   - non-pointer structs always, an empty one as tag + 00 (a missing creationTimestamp is 42 00,
 *     an empty status.loadBalancer 0a 00);
 *   - map entries as {key = 1, value = 2}, both always, sorted by key bytes (UTF-8 order);
 *   - metav1.Time as {seconds = 1, nanos = 2}, IntOrString as {type = 1, intVal = 2, strVal = 3};
 *   - the envelope: "k8s\0", then runtime.Unknown {typeMeta = 1, raw = 2, contentEncoding = 3,
 *     contentType = 4}, the last two empty but written.
 * A tag byte is (field number << 3) | wire type: 2 for strings, bytes and messages, 0 for varints,
 * 1 for doubles; a tag of 128 or more is a two-byte varint (field 17, bytes: 8a 01).
 * Both directions are checked: our encoder must produce these bytes, and our decoder must read
 * them back as the object.
 */
import { describe, expect, it } from "vitest";
import { decodeJSONSchemaProps, encodeJSONSchemaProps } from "../../generated/apis/apiextensions/v1/zz_generated.protobuf.js";
import { scheme } from "../../generated/apis/register.js";
import { decodeObject, decodeWatchStream, encodeObject, encodeWatchFrame, newReader, newWriter } from "../../runtime/index.js";

/** The UTF-8 bytes of a string, so the arrays below read as tag, length, value. */
const s = (text: string): number[] => [...Buffer.from(text, "utf8")];
const MAGIC = [0x6b, 0x38, 0x73, 0x00]; // "k8s\0"

/** Envelope bytes around `raw`, for the given apiVersion and kind (all lengths below 128). */
function envelope(apiVersion: string, kind: string, raw: number[]): number[] {
  const typeMeta = [0x0a, apiVersion.length, ...s(apiVersion), 0x12, kind.length, ...s(kind)];
  return [...MAGIC, 0x0a, typeMeta.length, ...typeMeta, 0x12, ...varint(raw.length), ...raw, 0x1a, 0x00, 0x22, 0x00];
}

function varint(n: number): number[] {
  const out: number[] = [];
  while (n >= 0x80) {
    out.push((n & 0x7f) | 0x80);
    n >>>= 7;
  }
  out.push(n);
  return out;
}

function hex(bytes: ArrayLike<number>): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join(" ");
}

/** Our bytes must equal the hand-derived ones; compared as hex so a mismatch shows where. */
function expectBytes(actual: Uint8Array, expected: number[]): void {
  expect(hex(actual)).toBe(hex(expected));
}

// 2024-01-02T03:04:05Z = 1704164645 s since the epoch = varint a5 fa cd ac 06.
const T0 = "2024-01-02T03:04:05Z";
const T0_TIME = [0x08, 0xa5, 0xfa, 0xcd, 0xac, 0x06, 0x10, 0x00]; // seconds, nanos 0
// 2024-01-02T03:04:06Z = 1704164646 = varint a6 fa cd ac 06.
const T1 = "2024-01-02T03:04:06Z";
const T1_TIME = [0x08, 0xa6, 0xfa, 0xcd, 0xac, 0x06, 0x10, 0x00];

describe("Namespace", () => {
  const namespace = {
    kind: "Namespace",
    apiVersion: "v1",
    metadata: {
      name: "demo",
      uid: "u1",
      resourceVersion: "7",
      creationTimestamp: T0,
      deletionTimestamp: T1,
      deletionGracePeriodSeconds: 0,
      labels: { b: "2", a: "1" },
    },
    spec: { finalizers: ["kubernetes"] },
    status: { phase: "Active" },
  };

  // meta/v1 ObjectMeta
  const objectMeta = [
    0x0a,
    0x04,
    ...s("demo"), //              name = 1
    0x12,
    0x00, //                            generateName = 2, "" (always written)
    0x1a,
    0x00, //                            namespace = 3, ""
    0x22,
    0x00, //                            selfLink = 4, ""
    0x2a,
    0x02,
    ...s("u1"), //                uid = 5
    0x32,
    0x01,
    ...s("7"), //                 resourceVersion = 6
    0x38,
    0x00, //                            generation = 7 (varint), 0
    0x42,
    0x08,
    ...T0_TIME, //                creationTimestamp = 8, Time
    0x4a,
    0x08,
    ...T1_TIME, //                deletionTimestamp = 9 (pointer, set)
    0x50,
    0x00, //                            deletionGracePeriodSeconds = 10 (pointer to 0)
    0x5a,
    0x06,
    0x0a,
    0x01,
    ...s("a"),
    0x12,
    0x01,
    ...s("1"), // labels = 11, entry "a" first
    0x5a,
    0x06,
    0x0a,
    0x01,
    ...s("b"),
    0x12,
    0x01,
    ...s("2"), //           then "b"
  ];
  const namespaceBody = [
    0x0a,
    objectMeta.length,
    ...objectMeta, //                         metadata = 1
    0x12,
    0x0c,
    0x0a,
    0x0a,
    ...s("kubernetes"), //                     spec = 2 { finalizers = 1 }
    0x1a,
    0x08,
    0x0a,
    0x06,
    ...s("Active"), //                         status = 3 { phase = 1 }
  ];
  const wire = envelope("v1", "Namespace", namespaceBody);

  it("derives the lengths right (self-check of the hand bytes)", () => {
    expect(objectMeta.length).toBe(0x3b);
    expect(wire.slice(0, 6 + 15 + 2)).toEqual([...MAGIC, 0x0a, 0x0f, 0x0a, 0x02, ...s("v1"), 0x12, 0x09, ...s("Namespace"), 0x12, 0x55]);
  });

  it("encodes to upstream's bytes", () => {
    expectBytes(encodeObject(scheme, namespace), wire);
  });

  it("decodes upstream's bytes to the object", () => {
    expect(decodeObject(scheme, Uint8Array.from(wire))).toEqual(namespace);
  });

  it("frames a watch event as upstream's protobuf watch stream does", async () => {
    // WatchEvent {type = 1; object = 2: RawExtension {raw = 1: the enveloped Namespace}}, written by
    // the raw (envelope-less) serializer, behind a 4-byte big-endian length.
    const rawExtension = [0x0a, ...varint(wire.length), ...wire];
    const event = [0x0a, 0x05, ...s("ADDED"), 0x12, ...varint(rawExtension.length), ...rawExtension];
    const framed = [0x00, 0x00, 0x00, event.length, ...event];
    expect(wire.length).toBe(0x70); // 4 magic + 2 + 15 typeMeta + 2 + 85 raw + 4
    expect(event.length).toBe(0x7b); // 7 type + 2 + 114 object
    expectBytes(encodeWatchFrame(scheme, { type: "ADDED", object: namespace }), framed);
    const events = [];
    for await (const e of decodeWatchStream(scheme, [Uint8Array.from(framed)])) events.push(e);
    expect(events).toEqual([{ type: "ADDED", object: namespace }]);
  });

  const list = {
    kind: "NamespaceList",
    apiVersion: "v1",
    metadata: { resourceVersion: "9" },
    items: [{ metadata: namespace.metadata, spec: namespace.spec, status: namespace.status }],
  };
  const listBody = [
    0x0a,
    0x07,
    0x0a,
    0x00,
    0x12,
    0x01,
    ...s("9"),
    0x1a,
    0x00, // metadata = 1: ListMeta {selfLink, resourceVersion, continue}
    0x12,
    namespaceBody.length,
    ...namespaceBody, //               items = 2: the Namespace message, no apiVersion/kind
  ];

  it("encodes and decodes a list (items carry no apiVersion or kind on the wire)", () => {
    expectBytes(encodeObject(scheme, list), envelope("v1", "NamespaceList", listBody));
    expect(decodeObject(scheme, Uint8Array.from(envelope("v1", "NamespaceList", listBody)))).toEqual(list);
  });
});

describe("Service", () => {
  const service = {
    kind: "Service",
    apiVersion: "v1",
    metadata: { name: "web", namespace: "default" },
    spec: {
      ports: [{ name: "http", protocol: "TCP", port: 80, targetPort: 8080 }],
      selector: { app: "web" },
      clusterIP: "10.0.0.10",
      clusterIPs: ["10.0.0.10"],
      type: "ClusterIP",
      sessionAffinity: "None",
      ipFamilies: ["IPv4"],
      ipFamilyPolicy: "SingleStack",
      internalTrafficPolicy: "Cluster",
    },
    status: { loadBalancer: {} },
  };

  const objectMeta = [
    0x0a,
    0x03,
    ...s("web"), //     name = 1
    0x12,
    0x00, //                  generateName = 2
    0x1a,
    0x07,
    ...s("default"), // namespace = 3
    0x22,
    0x00, //                  selfLink = 4
    0x2a,
    0x00, //                  uid = 5
    0x32,
    0x00, //                  resourceVersion = 6
    0x38,
    0x00, //                  generation = 7
    0x42,
    0x00, //                  creationTimestamp = 8: Go's zero Time, an empty message
  ];
  const servicePort = [
    0x0a,
    0x04,
    ...s("http"), //    name = 1
    0x12,
    0x03,
    ...s("TCP"), //     protocol = 2
    0x18,
    0x50, //                  port = 3 (varint 80)
    0x22,
    0x07,
    0x08,
    0x00,
    0x10,
    0x90,
    0x3f,
    0x1a,
    0x00, // targetPort = 4: IntOrString {type 0, intVal 8080, strVal ""}
    0x28,
    0x00, //                  nodePort = 5, 0 (always written)
    //                              appProtocol = 6 is a pointer: absent
  ];
  const serviceSpec = [
    0x0a,
    servicePort.length,
    ...servicePort, //                              ports = 1
    0x12,
    0x0a,
    0x0a,
    0x03,
    ...s("app"),
    0x12,
    0x03,
    ...s("web"), //         selector = 2: map entry
    0x1a,
    0x09,
    ...s("10.0.0.10"), //                                         clusterIP = 3
    0x22,
    0x09,
    ...s("ClusterIP"), //                                         type = 4
    0x3a,
    0x04,
    ...s("None"), //                                              sessionAffinity = 7
    0x42,
    0x00, //                                                            loadBalancerIP = 8
    0x52,
    0x00, //                                                            externalName = 10
    0x5a,
    0x00, //                                                            externalTrafficPolicy = 11
    0x60,
    0x00, //                                                            healthCheckNodePort = 12
    0x68,
    0x00, //                                                            publishNotReadyAddresses = 13, false
    0x8a,
    0x01,
    0x0b,
    ...s("SingleStack"), //                                 ipFamilyPolicy = 17: tag 138 = 8a 01
    0x92,
    0x01,
    0x09,
    ...s("10.0.0.10"), //                                   clusterIPs = 18: tag 146 = 92 01
    0x9a,
    0x01,
    0x04,
    ...s("IPv4"), //                                        ipFamilies = 19: tag 154 = 9a 01
    0xb2,
    0x01,
    0x07,
    ...s("Cluster"), //                                     internalTrafficPolicy = 22: tag 178 = b2 01
  ];
  const serviceBody = [
    0x0a,
    objectMeta.length,
    ...objectMeta, //   metadata = 1
    0x12,
    serviceSpec.length,
    ...serviceSpec, // spec = 2
    0x1a,
    0x02,
    0x0a,
    0x00, //                  status = 3 { loadBalancer = 1: empty LoadBalancerStatus }
  ];
  const wire = envelope("v1", "Service", serviceBody);

  it("derives the lengths right (self-check of the hand bytes)", () => {
    expect(objectMeta.length).toBe(0x1a);
    expect(servicePort.length).toBe(0x18);
    expect(serviceSpec.length).toBe(0x77);
    // 153 bytes of raw: the envelope's raw length is the two-byte varint 99 01.
    expect(serviceBody.length).toBe(153);
    expect(wire.slice(4 + 2 + 13, 4 + 2 + 13 + 3)).toEqual([0x12, 0x99, 0x01]);
  });

  it("encodes to upstream's bytes", () => {
    expectBytes(encodeObject(scheme, service), wire);
  });

  it("decodes upstream's bytes to the object", () => {
    expect(decodeObject(scheme, Uint8Array.from(wire))).toEqual(service);
  });
});

describe("Endpoints", () => {
  const endpoints = {
    kind: "Endpoints",
    apiVersion: "v1",
    metadata: {
      name: "web",
      namespace: "default",
      // U+FF61 (ef bd a1) sorts before U+1F600 (f0 9f 98 80) by UTF-8 bytes, as Go sorts; by
      // UTF-16 code units (JavaScript's default sort) it would sort after.
      labels: { "\u{1F600}": "x", "\uff61": "y" },
    },
    subsets: [
      {
        addresses: [
          {
            ip: "10.1.0.5",
            nodeName: "node-1",
            targetRef: { kind: "Pod", namespace: "default", name: "web-1", uid: "p1" },
          },
        ],
        notReadyAddresses: [{ ip: "10.1.0.6" }],
        ports: [{ name: "http", port: 8080, protocol: "TCP" }],
      },
    ],
  };

  const objectMeta = [
    0x0a,
    0x03,
    ...s("web"),
    0x12,
    0x00,
    0x1a,
    0x07,
    ...s("default"), // name, generateName, namespace
    0x22,
    0x00,
    0x2a,
    0x00,
    0x32,
    0x00,
    0x38,
    0x00,
    0x42,
    0x00, //        selfLink, uid, resourceVersion, generation, creationTimestamp
    0x5a,
    0x08,
    0x0a,
    0x03,
    0xef,
    0xbd,
    0xa1,
    0x12,
    0x01,
    ...s("y"), //   labels: "\uff61" first
    0x5a,
    0x09,
    0x0a,
    0x04,
    0xf0,
    0x9f,
    0x98,
    0x80,
    0x12,
    0x01,
    ...s("x"), // then "\u{1F600}"
  ];
  const targetRef = [
    0x0a,
    0x03,
    ...s("Pod"), //      kind = 1
    0x12,
    0x07,
    ...s("default"), //  namespace = 2
    0x1a,
    0x05,
    ...s("web-1"), //    name = 3
    0x22,
    0x02,
    ...s("p1"), //       uid = 4
    0x2a,
    0x00, //                   apiVersion = 5
    0x32,
    0x00, //                   resourceVersion = 6
    0x3a,
    0x00, //                   fieldPath = 7
  ];
  const ready = [
    0x0a,
    0x08,
    ...s("10.1.0.5"), //               ip = 1
    0x12,
    targetRef.length,
    ...targetRef, //        targetRef = 2 (pointer, set)
    0x1a,
    0x00, //                                  hostname = 3
    0x22,
    0x06,
    ...s("node-1"), //                  nodeName = 4 (pointer, set)
  ];
  const notReady = [0x0a, 0x08, ...s("10.1.0.6"), 0x1a, 0x00]; // ip, hostname; no targetRef, no nodeName
  const port = [0x0a, 0x04, ...s("http"), 0x10, 0x90, 0x3f, 0x1a, 0x03, ...s("TCP")]; // name, port 8080, protocol
  const subset = [
    0x0a,
    ready.length,
    ...ready, //       addresses = 1
    0x12,
    notReady.length,
    ...notReady, // notReadyAddresses = 2
    0x1a,
    port.length,
    ...port, //         ports = 3
  ];
  const endpointsBody = [0x0a, objectMeta.length, ...objectMeta, 0x12, subset.length, ...subset];
  const wire = envelope("v1", "Endpoints", endpointsBody);

  it("derives the lengths right (self-check of the hand bytes)", () => {
    expect([objectMeta.length, targetRef.length, ready.length, notReady.length, port.length, subset.length]).toEqual([
      0x2f, 0x1f, 0x35, 0x0c, 0x0e, 0x55,
    ]);
    expect(endpointsBody.length).toBe(136); // raw length varint 88 01
  });

  it("encodes to upstream's bytes", () => {
    expectBytes(encodeObject(scheme, endpoints), wire);
  });

  it("decodes upstream's bytes to the object", () => {
    expect(decodeObject(scheme, Uint8Array.from(wire))).toEqual(endpoints);
  });
});

describe("ConfigMap and Lease: bytes maps, bool and int32 pointers, MicroTime", () => {
  const configMap = {
    kind: "ConfigMap",
    apiVersion: "v1",
    metadata: { name: "c" },
    data: { k: "v" },
    binaryData: { bin: "AAH/" }, // bytes 00 01 ff
    immutable: true,
  };
  const configMapBody = [
    0x0a,
    0x11,
    0x0a,
    0x01,
    ...s("c"),
    0x12,
    0x00,
    0x1a,
    0x00,
    0x22,
    0x00,
    0x2a,
    0x00,
    0x32,
    0x00,
    0x38,
    0x00,
    0x42,
    0x00, // metadata = 1
    0x12,
    0x06,
    0x0a,
    0x01,
    ...s("k"),
    0x12,
    0x01,
    ...s("v"), //                  data = 2: entry {key, value}
    0x1a,
    0x0a,
    0x0a,
    0x03,
    ...s("bin"),
    0x12,
    0x03,
    0x00,
    0x01,
    0xff, //          binaryData = 3: the value as raw bytes
    0x20,
    0x01, //                                                                immutable = 4 (pointer): true
  ];

  const lease = {
    kind: "Lease",
    apiVersion: "coordination.k8s.io/v1",
    metadata: { name: "l", namespace: "kube-system" },
    spec: {
      holderIdentity: "n1",
      leaseDurationSeconds: -1,
      acquireTime: "2024-01-02T03:04:05.123456Z",
      leaseTransitions: 0,
    },
  };
  const leaseSpec = [
    0x0a,
    0x02,
    ...s("n1"), //                                          holderIdentity = 1 (pointer)
    0x10,
    0xff,
    0xff,
    0xff,
    0xff,
    0xff,
    0xff,
    0xff,
    0xff,
    0xff,
    0x01, // leaseDurationSeconds = 2: int32 -1, sign-extended to 10 bytes
    0x1a,
    0x0b,
    0x08,
    0xa5,
    0xfa,
    0xcd,
    0xac,
    0x06,
    0x10,
    0x80,
    0x94,
    0xef,
    0x3a, // acquireTime = 3: MicroTime, nanos 123456000
    //                                                                  renewTime = 4: unset pointer, absent
    0x28,
    0x00, //                                                      leaseTransitions = 5 (pointer to 0): written
  ];
  const leaseBody = [
    0x0a,
    0x1c,
    0x0a,
    0x01,
    ...s("l"),
    0x12,
    0x00,
    0x1a,
    0x0b,
    ...s("kube-system"),
    0x22,
    0x00,
    0x2a,
    0x00,
    0x32,
    0x00,
    0x38,
    0x00,
    0x42,
    0x00,
    0x12,
    leaseSpec.length,
    ...leaseSpec,
  ];

  it("derives the lengths right (self-check of the hand bytes)", () => {
    expect([configMapBody.length, leaseSpec.length, leaseBody.length]).toEqual([41, 30, 62]);
  });

  it("encodes to upstream's bytes", () => {
    expectBytes(encodeObject(scheme, configMap), envelope("v1", "ConfigMap", configMapBody));
    expectBytes(encodeObject(scheme, lease), envelope("coordination.k8s.io/v1", "Lease", leaseBody));
  });

  it("decodes upstream's bytes to the objects", () => {
    expect(decodeObject(scheme, Uint8Array.from(envelope("v1", "ConfigMap", configMapBody)))).toEqual(configMap);
    expect(decodeObject(scheme, Uint8Array.from(envelope("coordination.k8s.io/v1", "Lease", leaseBody)))).toEqual(lease);
  });
});

describe("JSONSchemaProps: doubles, JSON values, bool-or-schema, two-byte tags", () => {
  const props = {
    type: "object",
    default: { a: 1 },
    maximum: 1.5,
    enum: ["x", 1],
    additionalProperties: false,
    "x-kubernetes-int-or-string": true,
  };
  const body = [
    0x0a,
    0x00, //                         id = 1
    0x12,
    0x00, //                         schema = 2 ($schema); ref = 3 is a pointer: absent
    0x22,
    0x00, //                         description = 4
    0x2a,
    0x06,
    ...s("object"), //         type = 5
    0x32,
    0x00, //                         format = 6
    0x3a,
    0x00, //                         title = 7
    0x42,
    0x09,
    0x0a,
    0x07,
    ...s('{"a":1}'), // default = 8: JSON {raw = 1} with the JSON text
    0x49,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0x00,
    0xf8,
    0x3f, // maximum = 9, wire type 1: 1.5 as a little-endian double
    0x50,
    0x00, //                         exclusiveMaximum = 10: false, always written
    0x60,
    0x00, //                         exclusiveMinimum = 12
    0x7a,
    0x00, //                         pattern = 15
    0x90,
    0x01,
    0x00, //                   uniqueItems = 18: tag 144
    0xa2,
    0x01,
    0x05,
    0x0a,
    0x03,
    ...s('"x"'), // enum = 20: one JSON message per value
    0xa2,
    0x01,
    0x03,
    0x0a,
    0x01,
    ...s("1"),
    0xf2,
    0x01,
    0x02,
    0x08,
    0x00, //       additionalProperties = 30: JSONSchemaPropsOrBool {allows = 1: false}
    0xa8,
    0x02,
    0x00, //                   nullable = 37: tag 296
    0xb8,
    0x02,
    0x00, //                   x-kubernetes-embedded-resource = 39
    0xc0,
    0x02,
    0x01, //                   x-kubernetes-int-or-string = 40: true
  ];

  it("encodes to upstream's bytes", () => {
    const w = newWriter();
    encodeJSONSchemaProps(props, w);
    expectBytes(w.finish(), body);
  });

  it("decodes upstream's bytes to the value", () => {
    const bytes = Uint8Array.from(body);
    expect(decodeJSONSchemaProps(newReader(bytes), bytes.length)).toEqual(props);
  });
});
