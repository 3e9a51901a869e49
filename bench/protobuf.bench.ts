/**
 * Protobuf: our generated codec (through the `k8s\0` envelope) against JSON.stringify/JSON.parse
 * and against a protobufjs reflection codec loaded from the same generated .proto files, on the
 * deepcopy benchmark's five objects and a stored Pod (`storedPod`, ~2 KB of JSON: what the
 * apiserver encodes on every Pod create and the watch cache decodes): encode and decode ops/s,
 * and bytes.
 *
 * The reflection codec works on its own object shape (int64 as numbers, bytes as base64, the
 * special types as their messages: Time {seconds, nanos}, IntOrString {type, intVal, strVal}),
 * obtained once by decoding our bytes with it. It is timed two ways:
 *   - "reflection": `Type.encode(Type.fromObject(obj)).finish()` and
 *     `Type.toObject(Type.decode(bytes), {longs: Number, bytes: String})`, what a user does to go
 *     from plain objects to bytes and back, as ours does; the target is checked against this;
 *   - "reflection, messages": `Type.encode(message)` / `Type.decode(bytes)` on protobufjs Message
 *     instances, for context (its output is not a plain object).
 * Ours does more than either: the JSON forms of the special types (RFC 3339 times, Go durations,
 * base64) on every call. It is timed on the bare message (what the speed target compares) and
 * through encodeObject/decodeObject with the `k8s\0` envelope (what the size target counts).
 *
 * Targets (TARGETS.md): ours/reflection >= 2x on encode+decode (1 / (1/encode + 1/decode) ops/s),
 * and decode >= JSON.parse where the bytes allow: where our message is at most 90% of JSON's bytes.
 * Above that (a ConfigMap's data) both read the same text, JSON.parse in one native pass and ours
 * entry by entry in JavaScript: printed as a limit, not checked. Issue #3 also asked for a payload
 * <= 60% of JSON's bytes; the bytes are upstream's (byte-identical to Go's, and any encoder of the
 * same .proto writes as many: the reflection codec's are checked to be the same length), so that
 * size is fixed by the wire format and printed as a limit where it is above 60%, with the share of
 * the message that is string text (map keys, values), which protobuf carries as JSON does.
 */
import assert from "node:assert/strict";
import path from "node:path";
import { fileURLToPath } from "node:url";
import protobuf from "protobufjs";
import { Bench } from "tinybench";
import { scheme } from "../generated/apis/register.js";
import { Reader, Writer, decodeObject, encodeObject, protobufCodecFor } from "../runtime/index.js";
import type { Pod } from "../generated/apis/core/v1/index.js";
import { benchObjects, type BenchObjects } from "./fixtures/objects.js";
import {
  type BenchModule,
  checkTarget,
  formatDuration,
  formatOps,
  formatRatio,
  formatTarget,
  median,
  printNote,
  printTable,
  runIfMain,
  type Target,
} from "./support/table.js";

const ROUNDS = 7;
const ROUND_MS = 60;
const WARMUP_MS = 80;
/** Each tinybench sample runs this long (ms), so timer overhead stays far below 1%. */
const SAMPLE_MS = 0.25;

const PROTO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../generated/proto");
const PROTO_FILES = ["k8s.io/api/core/v1/generated.proto", "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1/generated.proto"];

/** Upstream's protobuf message of each fixture. */
type Fixture = keyof BenchObjects | "Pod";

const MESSAGE_OF: Record<Fixture, string> = {
  Namespace: "k8s.io.api.core.v1.Namespace",
  Service: "k8s.io.api.core.v1.Service",
  Endpoints: "k8s.io.api.core.v1.Endpoints",
  ConfigMap: "k8s.io.api.core.v1.ConfigMap",
  CustomResourceDefinition: "k8s.io.apiextensions_apiserver.pkg.apis.apiextensions.v1.CustomResourceDefinition",
  Pod: "k8s.io.api.core.v1.Pod",
};

/**
 * A Pod as the apiserver stores it once scheduled and running: a Deployment's template (two
 * containers with ports, env, resources, probes and mounts; volumes), defaulted as SetDefaults_Pod
 * does, with an owner reference, a projected service-account token volume and a running status.
 */
export function storedPod(): Pod {
  const T0 = "2024-05-14T09:21:07Z";
  const T1 = "2024-05-14T09:21:12Z";
  const probe = {
    httpGet: { path: "/healthz", port: "http", scheme: "HTTP" as const },
    initialDelaySeconds: 5,
    timeoutSeconds: 1,
    periodSeconds: 10,
    successThreshold: 1,
    failureThreshold: 3,
  };
  const container = {
    terminationMessagePath: "/dev/termination-log",
    terminationMessagePolicy: "File",
    imagePullPolicy: "IfNotPresent",
  } as const;
  const tokenMount = { name: "kube-api-access-7xk2p", readOnly: true, mountPath: "/var/run/secrets/kubernetes.io/serviceaccount" };
  const condition = (type: string, at: string) => ({ type, status: "True", lastTransitionTime: at });
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata: {
      name: "web-frontend-7c9f8d6b5-x2k9q",
      generateName: "web-frontend-7c9f8d6b5-",
      namespace: "payments-prod",
      uid: "5f0c2a1e-5b1e-4c2a-9d3f-2b7e0c1d9a44",
      resourceVersion: "184902",
      creationTimestamp: T0,
      labels: { app: "web-frontend", tier: "web", "pod-template-hash": "7c9f8d6b5", "app.kubernetes.io/version": "1.2.3" },
      annotations: { "prometheus.io/scrape": "true", "prometheus.io/port": "9090" },
      ownerReferences: [
        {
          apiVersion: "apps/v1",
          kind: "ReplicaSet",
          name: "web-frontend-7c9f8d6b5",
          uid: "0b3d1f6a-2c4e-4f8a-b1d2-9e8f7a6b5c4d",
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    },
    spec: {
      volumes: [
        { name: "config", configMap: { name: "web-config", defaultMode: 420 } },
        { name: "cache", emptyDir: {} },
        {
          name: "kube-api-access-7xk2p",
          projected: {
            sources: [
              { serviceAccountToken: { expirationSeconds: 3607, path: "token" } },
              { configMap: { name: "kube-root-ca.crt", items: [{ key: "ca.crt", path: "ca.crt" }] } },
              { downwardAPI: { items: [{ path: "namespace", fieldRef: { apiVersion: "v1", fieldPath: "metadata.namespace" } }] } },
            ],
            defaultMode: 420,
          },
        },
      ],
      containers: [
        {
          name: "web",
          image: "registry.example.com/team/web-frontend:1.2.3",
          args: ["--listen=:8080", "--metrics=:9090", "--log-level=info"],
          ports: [
            { name: "http", containerPort: 8080, protocol: "TCP" },
            { name: "metrics", containerPort: 9090, protocol: "TCP" },
          ],
          env: [
            { name: "MODE", value: "production" },
            { name: "POD_NAME", valueFrom: { fieldRef: { apiVersion: "v1", fieldPath: "metadata.name" } } },
            { name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } },
          ],
          resources: { limits: { cpu: "1", memory: "512Mi" }, requests: { cpu: "250m", memory: "256Mi" } },
          volumeMounts: [{ name: "config", mountPath: "/etc/web" }, { name: "cache", mountPath: "/var/cache/web" }, tokenMount],
          livenessProbe: probe,
          readinessProbe: probe,
          ...container,
        },
        {
          name: "sidecar",
          image: "registry.example.com/platform/log-shipper:4.5",
          resources: { limits: { cpu: "100m", memory: "128Mi" }, requests: { cpu: "50m", memory: "64Mi" } },
          volumeMounts: [{ name: "cache", readOnly: true, mountPath: "/var/cache/web" }, tokenMount],
          ...container,
        },
      ],
      restartPolicy: "Always",
      terminationGracePeriodSeconds: 30,
      dnsPolicy: "ClusterFirst",
      nodeSelector: { "kubernetes.io/os": "linux" },
      serviceAccountName: "default",
      serviceAccount: "default",
      nodeName: "ip-10-0-3-21.eu-west-1.compute.internal",
      securityContext: {},
      schedulerName: "default-scheduler",
      tolerations: [
        { key: "dedicated", operator: "Equal", value: "web", effect: "NoSchedule" },
        { key: "node.kubernetes.io/not-ready", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
        { key: "node.kubernetes.io/unreachable", operator: "Exists", effect: "NoExecute", tolerationSeconds: 300 },
      ],
      priority: 0,
      enableServiceLinks: true,
      preemptionPolicy: "PreemptLowerPriority",
    },
    status: {
      phase: "Running",
      conditions: [
        condition("PodReadyToStartContainers", T1),
        condition("Initialized", T0),
        condition("Ready", T1),
        condition("ContainersReady", T1),
        condition("PodScheduled", T0),
      ],
      hostIP: "10.0.3.21",
      hostIPs: [{ ip: "10.0.3.21" }],
      podIP: "10.244.3.17",
      podIPs: [{ ip: "10.244.3.17" }],
      startTime: T0,
      containerStatuses: ["web", "sidecar"].map((name, i) => ({
        name,
        state: { running: { startedAt: T1 } },
        lastState: {},
        ready: true,
        restartCount: 0,
        image: i ? "registry.example.com/platform/log-shipper:4.5" : "registry.example.com/team/web-frontend:1.2.3",
        imageID: `registry.example.com/${i ? "platform/log-shipper" : "team/web-frontend"}@sha256:${"9f2c4e1a7b3d5f60".repeat(4)}`,
        containerID: `containerd://${(i ? "4e1a7b3d5f609f2c" : "7b3d5f609f2c4e1a").repeat(4)}`,
        started: true,
      })),
      qosClass: "Burstable",
    },
  };
}

const TO_OBJECT: protobuf.IConversionOptions = { longs: Number, bytes: String };

const OURS = "ours (generated)";
const OURS_ENVELOPED = "ours + k8s\\0 envelope";
const JSON_PEER = "JSON.stringify/parse";
const REFLECTION = "protobufjs reflection";
const REFLECTION_MESSAGES = "protobufjs reflection, messages";
const CODECS = [OURS, OURS_ENVELOPED, JSON_PEER, REFLECTION, REFLECTION_MESSAGES] as const;
type CodecName = (typeof CODECS)[number];

const TARGET_SPEED: Target = { min: 2 };
const TARGET_DECODE: Target = { min: 1 };
/** Decode is held to JSON.parse's speed only where our message is at most this share of JSON's bytes. */
const DECODE_BYTES_MAX = 0.9;
/** Issue #3's size, which the wire format fixes (see above): printed, not checked. */
const SIZE_WISH = 0.6;
/** Our bytes against the reflection codec's: the same message, so the same length. */
const TARGET_SIZE_SAME: Target = { max: 1 };

/**
 * Bytes of string text in a message as protobufjs decoded it: string and bytes values and map
 * keys, which protobuf carries as they are (JSON adds only quotes and escapes).
 */
function textBytes(type: protobuf.Type, msg: Record<string, unknown>): number {
  let n = 0;
  const value = (field: protobuf.Field, v: unknown): number => {
    if (typeof v === "string") return Buffer.byteLength(v);
    if (v instanceof Uint8Array) return v.length;
    if (field.resolvedType instanceof protobuf.Type && v !== null && typeof v === "object") {
      return textBytes(field.resolvedType, v as Record<string, unknown>);
    }
    return 0;
  };
  for (const field of type.fieldsArray) {
    const v = msg[field.name];
    if (v == null) continue;
    if (field.map) {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) n += Buffer.byteLength(k) + value(field, x);
    } else if (field.repeated) for (const x of v as unknown[]) n += value(field, x);
    else n += value(field, v);
  }
  return n;
}

interface Codec {
  /** The value `encode` takes. */
  input: unknown;
  encode: (v: unknown) => unknown;
  /** What `encode` produced, which `decode` takes. */
  encoded: unknown;
  decode: (b: unknown) => unknown;
  bytes: number;
}

/** The reflection types, loaded from the generated .proto files as a user would. */
function loadReflection(): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(PROTO_ROOT, target));
  root.loadSync(PROTO_FILES);
  root.resolveAll();
  return root;
}

function codecsFor(name: Fixture, obj: object, root: protobuf.Root): { codecs: Record<CodecName, Codec>; text: number } {
  const ours = encodeObject(scheme, obj);
  const json = JSON.stringify(obj);
  const type = root.lookupType(MESSAGE_OF[name]);
  // The envelope's raw field is the message itself: read it with the reflection type.
  const raw = rawOf(ours);
  const reflMessage = type.decode(raw);
  const reflObject = type.toObject(reflMessage, TO_OBJECT);
  const reflBytes = type.encode(type.fromObject(reflObject)).finish();

  // Sanity: every codec's output means the same object.
  const canonical = decodeObject(scheme, ours);
  assert.deepStrictEqual(JSON.parse(json), obj, `${name}: JSON round trip`);
  assert.deepStrictEqual(
    decodeObject(scheme, rewrap(ours, reflBytes)),
    canonical,
    `${name}: the reflection codec's bytes decode to a different object`,
  );

  const codec = protobufCodecFor(scheme, (obj as { apiVersion: string }).apiVersion, name);
  const codecs: Record<CodecName, Codec> = {
    [OURS]: {
      input: obj,
      encode: (v) => {
        const w = Writer.create();
        codec.encode(v as never, w);
        return w.finish();
      },
      encoded: raw,
      decode: (b) => codec.decode(Reader.create(b as Uint8Array), (b as Uint8Array).length),
      bytes: raw.length,
    },
    [OURS_ENVELOPED]: {
      input: obj,
      encode: (v) => encodeObject(scheme, v as object),
      encoded: ours,
      decode: (b) => decodeObject(scheme, b as Uint8Array),
      bytes: ours.length,
    },
    [JSON_PEER]: {
      input: obj,
      encode: (v) => JSON.stringify(v),
      encoded: json,
      decode: (b) => JSON.parse(b as string),
      bytes: Buffer.byteLength(json),
    },
    [REFLECTION]: {
      input: reflObject,
      encode: (v) => type.encode(type.fromObject(v as Record<string, unknown>)).finish(),
      encoded: reflBytes,
      decode: (b) => type.toObject(type.decode(b as Uint8Array), TO_OBJECT),
      bytes: reflBytes.length,
    },
    [REFLECTION_MESSAGES]: {
      input: reflMessage,
      encode: (v) => type.encode(v as protobuf.Message).finish(),
      encoded: type.encode(reflMessage).finish(),
      decode: (b) => type.decode(b as Uint8Array),
      bytes: type.encode(reflMessage).finish().length,
    },
  };
  return { codecs, text: textBytes(type, reflMessage) };
}

/** The raw message inside an envelope (field 2 of the Unknown after the 4-byte magic). */
function rawOf(enveloped: Uint8Array): Uint8Array {
  const r = protobuf.Reader.create(enveloped);
  r.pos = 4;
  while (r.pos < r.len) {
    const tag = r.uint32();
    if (tag === 0x12) return r.bytes();
    r.skipType(tag & 7);
  }
  throw new Error("envelope has no raw field");
}

/** The envelope of `enveloped` around another raw message. */
function rewrap(enveloped: Uint8Array, raw: Uint8Array): Uint8Array {
  const w = protobuf.Writer.create();
  const r = protobuf.Reader.create(enveloped);
  w.uint32(0x6b).uint32(0x38).uint32(0x73).uint32(0x00); // "k8s\0" (all below 0x80: one byte each)
  r.pos = 4;
  while (r.pos < r.len) {
    const tag = r.uint32();
    const value = r.bytes();
    w.uint32(tag).bytes(tag === 0x12 ? raw : value);
  }
  return w.finish();
}

type Loop = (fn: (x: unknown) => unknown, input: unknown, n: number) => unknown;
/** A loop compiled per task, so call-site feedback from one codec never slows another. */
const makeLoop = (): Loop => new Function("fn", "input", "n", "let out; for (let i = 0; i < n; i++) out = fn(input); return out;") as Loop;

let sink: unknown;

function batchSize(loop: Loop, fn: (x: unknown) => unknown, input: unknown): number {
  let n = 1;
  for (;;) {
    const t0 = performance.now();
    sink = loop(fn, input, n);
    const dt = performance.now() - t0;
    if (dt >= 5) return Math.max(1, Math.round((n * SAMPLE_MS) / dt));
    n *= 2;
  }
}

interface Task {
  key: string;
  fn: (x: unknown) => unknown;
  input: unknown;
}

/**
 * Median ops per CPU-second over interleaved rounds, per task key. CPU time (process.cpuUsage
 * around each batch, garbage collection included) rather than wall time: on a shared machine
 * the time a task waits for a core is not the codec's.
 */
async function measure(label: string, tasks: Task[]): Promise<Map<string, number>> {
  const runs = tasks.map((t) => {
    const loop = makeLoop();
    return { ...t, loop, n: batchSize(loop, t.fn, t.input), rounds: [] as number[], cpuMicros: 0, ops: 0 };
  });
  // Warm-up, outside the counts: each task's loop for a while, so the JIT has settled.
  for (const t of runs) {
    const until = performance.now() + WARMUP_MS;
    while (performance.now() < until) sink = t.loop(t.fn, t.input, t.n);
  }
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ name: `${label} round ${round + 1}`, time: ROUND_MS, iterations: 8, warmup: false, throws: true });
    for (let i = 0; i < runs.length; i++) {
      const t = runs[(i + round) % runs.length]!;
      t.cpuMicros = 0;
      t.ops = 0;
      bench.add(t.key, () => {
        const c0 = process.cpuUsage();
        sink = t.loop(t.fn, t.input, t.n);
        const c = process.cpuUsage(c0);
        t.cpuMicros += c.user + c.system;
        t.ops += t.n;
      });
    }
    await bench.run();
    for (const task of bench.tasks) {
      const r = task.result;
      if (r.state !== "completed") throw new Error(`${label}/${task.name}: ${r.state}`);
      const t = runs.find((x) => x.key === task.name)!;
      t.rounds.push((t.ops * 1e6) / Math.max(1, t.cpuMicros));
    }
  }
  return new Map(runs.map((t) => [t.key, median(t.rounds)]));
}

const roundTrip = (enc: number, dec: number): number => 1 / (1 / enc + 1 / dec);

async function run(): Promise<void> {
  const root = loadReflection();
  // As the other objects: passed through JSON.parse, as an apiserver holds it after decoding.
  const objects: Record<Fixture, object> = { ...benchObjects(), Pod: JSON.parse(JSON.stringify(storedPod())) as Pod };
  const summary: string[][] = [];
  let oursBytes = 0;
  let jsonBytes = 0;
  for (const name of Object.keys(MESSAGE_OF) as Fixture[]) {
    const { codecs, text } = codecsFor(name, objects[name], root);
    const tasks: Task[] = CODECS.flatMap((c) => [
      { key: `${c} encode`, fn: codecs[c].encode, input: codecs[c].input },
      { key: `${c} decode`, fn: codecs[c].decode, input: codecs[c].encoded },
    ]);
    const ops = await measure(name, tasks);
    const enc = (c: CodecName): number => ops.get(`${c} encode`)!;
    const dec = (c: CodecName): number => ops.get(`${c} decode`)!;
    const both = (c: CodecName): number => roundTrip(enc(c), dec(c));
    const json = codecs[JSON_PEER].bytes;
    printTable(
      `protobuf: ${name} (${json.toLocaleString("en-US")} bytes of JSON)`,
      ["codec", "encode ops/s", "decode ops/s", "enc+dec ops/s", "time/trip", "ours/this", "bytes", "bytes/JSON"],
      CODECS.map((c) => [
        c,
        formatOps(enc(c)),
        formatOps(dec(c)),
        formatOps(both(c)),
        formatDuration(1000 / both(c)),
        formatRatio(both(OURS) / both(c)),
        codecs[c].bytes.toLocaleString("en-US"),
        `${((codecs[c].bytes / json) * 100).toFixed(0)}%`,
      ]),
    );
    oursBytes += codecs[OURS_ENVELOPED].bytes;
    jsonBytes += json;
    const speed = both(OURS) / both(REFLECTION);
    const decode = dec(OURS) / dec(JSON_PEER);
    const raw = codecs[OURS].bytes / json;
    const size = codecs[OURS_ENVELOPED].bytes / json;
    const same = checkTarget(codecs[OURS].bytes / codecs[REFLECTION].bytes, TARGET_SIZE_SAME, `${name} bytes = reflection's`);
    summary.push([
      name,
      `${formatRatio(enc(OURS) / enc(REFLECTION))} / ${formatRatio(dec(OURS) / dec(REFLECTION))}`,
      `${formatRatio(speed)} ${checkTarget(speed, TARGET_SPEED, `${name} ours/reflection encode+decode`).verdict}`,
      `${formatRatio(decode)} ${raw <= DECODE_BYTES_MAX ? checkTarget(decode, TARGET_DECODE, `${name} decode/JSON.parse`).verdict : "LIMIT"}`,
      `${(size * 100).toFixed(0)}% ${size <= SIZE_WISH ? "PASS" : "LIMIT"}`,
      `${((text / codecs[OURS].bytes) * 100).toFixed(0)}%`,
      same.pass ? "yes PASS" : `no (${codecs[OURS].bytes} vs ${codecs[REFLECTION].bytes}) MISS`,
    ]);
  }
  printTable(
    "protobuf: targets",
    [
      "object",
      { header: "ours/reflection encode / decode", align: "right" },
      { header: `ours/reflection enc+dec ${formatTarget(TARGET_SPEED)}`, align: "right" },
      { header: `decode ours/JSON.parse ${formatTarget(TARGET_DECODE)}`, align: "right" },
      { header: `enveloped bytes/JSON (#3: <= ${SIZE_WISH * 100}%)`, align: "right" },
      { header: "string text/bytes", align: "right" },
      { header: "bytes = reflection's", align: "right" },
    ],
    summary,
  );
  printNote(
    `decode/JSON.parse is checked where our message is at most ${DECODE_BYTES_MAX * 100}% of JSON's bytes; above (LIMIT), both read the same`,
  );
  printNote("  text, JSON.parse in one native pass and ours field by field in JavaScript (a ConfigMap: map entries, each a nested");
  printNote("  message of two strings, its key found in the reader's key cache by a hash of its bytes).");
  printNote(
    `bytes/JSON: the size upstream's .proto fixes (Go's bytes, byte for byte; "bytes = reflection's": any encoder writes as many).`,
  );
  printNote(
    `  Issue #3 asked <= ${SIZE_WISH * 100}%; LIMIT where above: "string text/bytes" is the share of the message that is strings (map keys,`,
  );
  printNote("  values, names, messages), carried as they are in both encodings; protobuf saves only JSON's field names and punctuation.");
  printNote(
    `all six objects: ${oursBytes.toLocaleString("en-US")} bytes of protobuf (enveloped) for ${jsonBytes.toLocaleString("en-US")} of JSON (${((oursBytes / jsonBytes) * 100).toFixed(0)}%).`,
  );
  printNote('ours: the kind\'s generated encode/decode on the message (what the speed target compares); "+ envelope":');
  printNote(
    "  encodeObject/decodeObject, as the apiserver calls them (scheme lookup, k8s\\0 + runtime.Unknown; what the size target counts).",
  );
  printNote("reflection: a protobufjs Type loaded from generated/proto, timed with fromObject/toObject around encode/decode");
  printNote('  (plain objects both ways, like ours); "messages": encode/decode of protobufjs Message instances alone, for context.');
  printNote(`tinybench; ${WARMUP_MS} ms warm-up, ${ROUNDS} interleaved rounds of ${ROUND_MS} ms, median round; ops/s are per CPU-second`);
  printNote(
    "  (process.cpuUsage around each batch, GC included; the wait for a core on a busy machine left out); enc+dec = 1/(1/enc + 1/dec).",
  );
  if (sink === Symbol.for("never")) console.log(sink);
}

export const bench: BenchModule = {
  name: "protobuf",
  description: "generated protobuf codec vs JSON.stringify/parse and protobufjs reflection: ops/s and bytes",
  run,
};

await runIfMain(import.meta.url, bench);
