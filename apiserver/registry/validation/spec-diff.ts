/**
 * A difference between two JSON values printed the way go-cmp's `cmp.Diff` reports Go values,
 * as upstream's Pod update error carries it after `pod updates may not change fields other
 * than ...`: one line per field, `-` for the old value, `+` for the new, tab-indented, runs of
 * equal fields and elements folded into `... // N identical fields`. Field names are the Go
 * ones (`nodeName` -> `NodeName`); Go types are named where the JSON cannot tell them apart
 * (`[]core.Container`). go-cmp itself varies its whitespace on purpose, so no tool matches its
 * text byte for byte; this keeps its shape so a reader finds the changed field.
 */

type JSON = null | boolean | number | string | JSON[] | { [key: string]: JSON };
type Obj = { [key: string]: JSON };

/** JSON names whose Go field name is not the name capitalized (initialisms, as in the Go types). */
const GO_NAMES: Record<string, string> = {
  dnsPolicy: "DNSPolicy",
  dnsConfig: "DNSConfig",
  hostPID: "HostPID",
  hostIPC: "HostIPC",
  hostIP: "HostIP",
  podIP: "PodIP",
  tty: "TTY",
  httpGet: "HTTPGet",
  tcpSocket: "TCPSocket",
  grpc: "GRPC",
  seLinuxOptions: "SELinuxOptions",
  fsGroup: "FSGroup",
  fsGroupChangePolicy: "FSGroupChangePolicy",
  uid: "UID",
  hostAliases: "HostAliases",
  ip: "IP",
  nfs: "NFS",
  iscsi: "ISCSI",
  csi: "CSI",
  fc: "FC",
  rbd: "RBD",
  cephfs: "CephFS",
};

/** Go types of the fields a Pod spec update most often touches (the rest print without one, as `{...}`). */
const GO_TYPES: Record<string, string> = {
  containers: "[]core.Container",
  initContainers: "[]core.Container",
  ephemeralContainers: "[]core.EphemeralContainer",
  volumes: "[]core.Volume",
  volumeMounts: "[]core.VolumeMount",
  ports: "[]core.ContainerPort",
  env: "[]core.EnvVar",
  envFrom: "[]core.EnvFromSource",
  tolerations: "[]core.Toleration",
  resources: "core.ResourceRequirements",
  limits: "core.ResourceList",
  requests: "core.ResourceList",
  nodeSelector: "map[string]string",
  securityContext: "&core.PodSecurityContext",
  affinity: "&core.Affinity",
  livenessProbe: "&core.Probe",
  readinessProbe: "&core.Probe",
  startupProbe: "&core.Probe",
  args: "[]string",
  command: "[]string",
  imagePullSecrets: "[]core.LocalObjectReference",
  hostAliases: "[]core.HostAlias",
  schedulingGates: "[]core.PodSchedulingGate",
};

/** Fields that are Go maps: their keys print quoted, not as field names. */
const MAPS = new Set(["nodeSelector", "limits", "requests", "overhead", "matchLabels", "labels", "annotations", "volumeAttributes"]);

export function goFieldName(json: string): string {
  return GO_NAMES[json] ?? json.charAt(0).toUpperCase() + json.slice(1);
}

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function equal(a: JSON | undefined, b: JSON | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as JSON[];
    return a.length === bb.length && a.every((x, i) => equal(x, bb[i]));
  }
  const ao = a;
  const bo = b as Obj;
  const keys = Object.keys(ao);
  return keys.length === Object.keys(bo).length && keys.every((k) => k in bo && equal(ao[k], bo[k]));
}

/** A value as a one-line Go literal: `nil`, `"x"`, `{Name: "c", Image: "x"}`, `{"a", "b"}`. */
export function goLiteral(v: JSON | undefined, map = false): string {
  if (v === undefined || v === null) return "nil";
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v !== "object") return String(v);
  if (Array.isArray(v)) return `{${v.map((x) => goLiteral(x)).join(", ")}}`;
  const parts = Object.keys(v).map((k) => `${map ? JSON.stringify(k) : goFieldName(k)}: ${goLiteral(v[k], MAPS.has(k))}`);
  return `{${parts.join(", ")}}`;
}

/** What an absent field is in Go: the empty string for strings, nil for pointers, slices and maps. */
function zeroLike(other: JSON | undefined): string {
  return typeof other === "string" ? '""' : "nil";
}

class Printer {
  readonly lines: string[] = [];
  line(mark: " " | "-" | "+", depth: number, text: string): void {
    this.lines.push(`${mark} ${"\t".repeat(depth)}${text}`);
  }
  folded(depth: number, n: number, what: "field" | "element"): void {
    if (n > 0) this.line(" ", depth, `... // ${n} identical ${what}${n === 1 ? "" : "s"}`);
  }
}

function diffFields(p: Printer, a: Obj, b: Obj, depth: number, map: boolean): void {
  const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
  if (map) keys.sort();
  let same = 0;
  for (const k of keys) {
    const x = a[k];
    const y = b[k];
    if (equal(x, y)) {
      same++;
      continue;
    }
    p.folded(depth, same, "field");
    same = 0;
    diffNamed(p, map ? JSON.stringify(k) : goFieldName(k), k, x, y, depth);
  }
  p.folded(depth, same, "field");
}

function diffNamed(p: Printer, label: string, key: string, x: JSON | undefined, y: JSON | undefined, depth: number): void {
  const type = GO_TYPES[key] ?? "";
  if (isObj(x) && isObj(y)) {
    p.line(" ", depth, `${label}: ${type}{`);
    diffFields(p, x, y, depth + 1, MAPS.has(key));
    p.line(" ", depth, "},");
  } else if (Array.isArray(x) && Array.isArray(y)) {
    p.line(" ", depth, `${label}: ${type}{`);
    diffElements(p, x, y, depth + 1);
    p.line(" ", depth, "},");
  } else {
    const map = MAPS.has(key);
    p.line("-", depth, `${label}: ${x === undefined ? zeroLike(y) : `${typePrefix(type, x)}${goLiteral(x, map)}`},`);
    p.line("+", depth, `${label}: ${y === undefined ? zeroLike(x) : `${typePrefix(type, y)}${goLiteral(y, map)}`},`);
  }
}

/** go-cmp names the type of a composite literal that stands alone on a changed line. */
function typePrefix(type: string, v: JSON): string {
  return type !== "" && typeof v === "object" && v !== null ? type : "";
}

function diffElements(p: Printer, a: JSON[], b: JSON[], depth: number): void {
  let same = 0;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (equal(x, y)) {
      same++;
      continue;
    }
    p.folded(depth, same, "element");
    same = 0;
    if (isObj(x) && isObj(y)) {
      p.line(" ", depth, "{");
      diffFields(p, x, y, depth + 1, false);
      p.line(" ", depth, "},");
    } else {
      if (x !== undefined) p.line("-", depth, `${goLiteral(x)},`);
      if (y !== undefined) p.line("+", depth, `${goLiteral(y)},`);
    }
  }
  p.folded(depth, same, "element");
}

/** The diff of two objects of Go type `typeName` (`core.PodSpec`), one line each, as go-cmp prints it. */
export function goStyleDiff(typeName: string, before: unknown, after: unknown): string {
  const p = new Printer();
  p.line(" ", 0, `${typeName}{`);
  diffFields(p, isObj(before) ? before : {}, isObj(after) ? after : {}, 1, false);
  p.line(" ", 0, "}");
  return p.lines.join("\n");
}
