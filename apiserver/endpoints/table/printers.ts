/**
 * The columns kubectl shows for each built-in resource, as upstream's internal printers define
 * them (server-side printing always fills the wide columns; kubectl hides priority > 0), and
 * the generic printers: printer columns declared on the resource, or Name and Created At.
 */
import type { PrinterColumn, ResourceInfo } from "../../../runtime/scheme.js";
import type { KubeObject } from "../../registry/rest.js";
import { swaggerDoc as coreDocs } from "../../../generated/apis/core/v1/zz_generated.swagger-doc.js";
import { swaggerDoc as metaDocs } from "../../../generated/apis/meta/v1/zz_generated.swagger-doc.js";
import { text } from "../../registry/validation/shape.js";
import { ageOf } from "./human-duration.js";
import { ageColumn, column, nameColumn, type ColumnDefinition, type TablePrinter } from "./table.js";
import { admissionRegistrationPrinters } from "./kinds/admissionregistration.js";
import { certificatePrinters } from "./kinds/certificates.js";
import { clusterPrinters } from "./kinds/cluster.js";
import { flowControlPrinters } from "./kinds/flowcontrol.js";
import { resourcePrinters } from "./kinds/resource.js";
import { workloadPrinters } from "./kinds/workloads.js";
import { age, arr, formatLabels, get, name, str } from "./kinds/shared.js";
import { parseJSONPath, type JSONPath } from "../../../runtime/jsonpath.js";
import { boundedMemo } from "../../../runtime/bounded-memo.js";
import { eventToCore } from "../../registry/resources/events/conversion.js";

const doc = (type: string, field: string): string => coreDocs[type]?.[field] ?? "";
const metaDoc = (field: string): string => metaDocs.ObjectMeta?.[field] ?? "";

const count = (v: unknown): number => (v && typeof v === "object" ? Object.keys(v).length : 0);

export { formatLabels };

function servicePorts(ports: unknown): string {
  const pieces = arr(ports).map((p) => {
    const port = get(p, "port");
    const protocol = str(get(p, "protocol"));
    const nodePort = get(p, "nodePort");
    return typeof nodePort === "number" && nodePort > 0 ? `${text(port)}:${nodePort}/${protocol}` : `${text(port)}/${protocol}`;
  });
  return pieces.length === 0 ? "<none>" : pieces.join(",");
}

function loadBalancerIPs(svc: KubeObject): string[] {
  return arr(get(svc, "status", "loadBalancer", "ingress"))
    .map((i) => str(get(i, "ip")) || str(get(i, "hostname")))
    .filter((s) => s !== "");
}

function serviceExternalIP(svc: KubeObject): string {
  const externalIPs = arr(get(svc, "spec", "externalIPs")).map(String);
  switch (str(get(svc, "spec", "type"))) {
    case "ClusterIP":
    case "NodePort":
      return externalIPs.length > 0 ? externalIPs.join(",") : "<none>";
    case "LoadBalancer": {
      const all = [...loadBalancerIPs(svc), ...externalIPs];
      return all.length > 0 ? all.join(",") : "<pending>";
    }
    case "ExternalName":
      return str(get(svc, "spec", "externalName"));
    default:
      return "<unknown>";
  }
}

/** Upstream's formatEndpoints: up to three host:port pairs, then "+ N more...". */
export function formatEndpoints(ep: KubeObject): string {
  const subsets = arr(get(ep, "subsets"));
  if (subsets.length === 0) return "<none>";
  const max = 3;
  const list: string[] = [];
  let total = 0;
  for (const ss of subsets) {
    for (const port of arr(get(ss, "ports"))) {
      for (const addr of arr(get(ss, "addresses"))) {
        const ip = str(get(addr, "ip"));
        if (list.length < max) list.push(`${ip.includes(":") ? `[${ip}]` : ip}:${text(get(port, "port"))}`);
        total++;
      }
    }
  }
  const joined = list.join(",");
  return total > max ? `${joined} + ${total - max} more...` : joined;
}

function eventCells(ev: KubeObject, now: number): unknown[] {
  const eventTime = get(ev, "eventTime");
  let first = ageOf(get(ev, "firstTimestamp"), now);
  if (!get(ev, "firstTimestamp")) first = ageOf(eventTime, now);
  let last = get(ev, "lastTimestamp") ? ageOf(get(ev, "lastTimestamp"), now) : first;
  let n = get(ev, "count");
  const series = get(ev, "series");
  if (series && typeof series === "object") {
    last = ageOf(get(series, "lastObservedTime"), now);
    n = get(series, "count");
  } else if (typeof n !== "number" || n === 0) {
    n = 1;
  }
  const kind = str(get(ev, "involvedObject", "kind")).toLowerCase();
  const objName = str(get(ev, "involvedObject", "name"));
  const target = objName ? `${kind}/${objName}` : kind;
  const component = str(get(ev, "source", "component")) || str(get(ev, "reportingComponent"));
  const host = str(get(ev, "source", "host")) || str(get(ev, "reportingInstance"));
  const source = host ? `${component}, ${host}` : component;
  return [
    last,
    str(get(ev, "type")),
    str(get(ev, "reason")),
    target,
    str(get(ev, "involvedObject", "fieldPath")),
    source,
    str(get(ev, "message")).trim(),
    first,
    n,
    name(ev),
  ];
}

/** The built-in printers, by "group/resource". */
function builtinPrinters(): Map<string, TablePrinter> {
  const m = new Map<string, TablePrinter>();
  m.set("/namespaces", {
    columns: [nameColumn(), column("Status", "string", "The status of the namespace"), ageColumn()],
    cells: (o, now) => [name(o), str(get(o, "status", "phase")), age(o, now)],
  });
  m.set("/services", {
    columns: [
      nameColumn(),
      column("Type", "string", doc("ServiceSpec", "type")),
      column("Cluster-IP", "string", doc("ServiceSpec", "clusterIP")),
      column("External-IP", "string", doc("ServiceSpec", "externalIPs")),
      column("Port(s)", "string", doc("ServiceSpec", "ports")),
      ageColumn(),
      column("Selector", "string", doc("ServiceSpec", "selector"), { priority: 1 }),
    ],
    cells: (o, now) => {
      const ips = arr(get(o, "spec", "clusterIPs"));
      const clusterIP = ips.length > 0 ? String(ips[0]) : str(get(o, "spec", "clusterIP")) || "<none>";
      return [
        name(o),
        str(get(o, "spec", "type")),
        clusterIP,
        serviceExternalIP(o),
        servicePorts(get(o, "spec", "ports")),
        age(o, now),
        formatLabels(get(o, "spec", "selector")),
      ];
    },
  });
  m.set("/endpoints", {
    columns: [nameColumn(), column("Endpoints", "string", doc("Endpoints", "subsets")), ageColumn()],
    cells: (o, now) => [name(o), formatEndpoints(o), age(o, now)],
  });
  m.set("/configmaps", {
    columns: [nameColumn(), column("Data", "string", doc("ConfigMap", "data")), ageColumn()],
    cells: (o, now) => [name(o), count(get(o, "data")) + count(get(o, "binaryData")), age(o, now)],
  });
  m.set("/secrets", {
    columns: [nameColumn(), column("Type", "string", doc("Secret", "type")), column("Data", "string", doc("Secret", "data")), ageColumn()],
    cells: (o, now) => [name(o), str(get(o, "type")), count(get(o, "data")), age(o, now)],
  });
  m.set("/serviceaccounts", {
    columns: [nameColumn(), column("Secrets", "string", doc("ServiceAccount", "secrets")), ageColumn()],
    cells: (o, now) => [name(o), arr(get(o, "secrets")).length, age(o, now)],
  });
  m.set("/events", {
    columns: [
      column("Last Seen", "string", doc("Event", "lastTimestamp")),
      column("Type", "string", doc("Event", "type")),
      column("Reason", "string", doc("Event", "reason")),
      column("Object", "string", doc("Event", "involvedObject")),
      column("Subobject", "string", doc("ObjectReference", "fieldPath"), { priority: 1 }),
      column("Source", "string", doc("Event", "source"), { priority: 1 }),
      column("Message", "string", doc("Event", "message")),
      column("First Seen", "string", doc("Event", "firstTimestamp"), { priority: 1 }),
      column("Count", "string", doc("Event", "count"), { priority: 1 }),
      column("Name", "string", metaDoc("name"), { priority: 1, format: "name" }),
    ],
    cells: eventCells,
  });
  // events.k8s.io Events are core Events under other names: upstream prints both from one type.
  m.set("events.k8s.io/events", { columns: m.get("/events")!.columns, cells: (o, now) => eventCells(eventToCore(o), now) });
  m.set("coordination.k8s.io/leases", {
    columns: [nameColumn(), column("Holder", "string", "The holder of the lease"), ageColumn()],
    cells: (o, now) => [name(o), str(get(o, "spec", "holderIdentity")), age(o, now)],
  });
  const createdAt: TablePrinter = {
    columns: [nameColumn(), column("Created At", "date", metaDoc("creationTimestamp"))],
    cells: (o) => [name(o), createdAtCell(o)],
  };
  m.set("rbac.authorization.k8s.io/roles", createdAt);
  m.set("rbac.authorization.k8s.io/clusterroles", createdAt);
  const binding: TablePrinter = {
    columns: [
      nameColumn(),
      column("Role", "string", "Role referenced by this binding"),
      ageColumn(),
      column("Users", "string", "Users in the binding", { priority: 1 }),
      column("Groups", "string", "Groups in the binding", { priority: 1 }),
      column("ServiceAccounts", "string", "ServiceAccounts in the binding", { priority: 1 }),
    ],
    cells: (o, now) => {
      const subjects = arr(get(o, "subjects"));
      const of = (kind: string): string =>
        subjects
          .filter((s) => get(s, "kind") === kind)
          .map((s) => (kind === "ServiceAccount" ? `${str(get(s, "namespace"))}/${str(get(s, "name"))}` : str(get(s, "name"))))
          .join(", ");
      return [
        name(o),
        `${str(get(o, "roleRef", "kind"))}/${str(get(o, "roleRef", "name"))}`,
        age(o, now),
        of("User"),
        of("Group"),
        of("ServiceAccount"),
      ];
    },
  };
  m.set("rbac.authorization.k8s.io/rolebindings", binding);
  m.set("rbac.authorization.k8s.io/clusterrolebindings", binding);
  for (const more of [
    workloadPrinters(),
    clusterPrinters(),
    flowControlPrinters(),
    certificatePrinters(),
    admissionRegistrationPrinters(),
    resourcePrinters(),
  ])
    for (const [k, p] of more) m.set(k, p);
  return m;
}

function createdAtCell(o: KubeObject): string {
  const ts = o.metadata?.creationTimestamp;
  if (!ts) return "0001-01-01T00:00:00Z";
  const t = new Date(ts);
  return Number.isNaN(t.getTime()) ? ts : t.toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** Upstream's default table convertor: Name and Created At. */
export const defaultPrinter: TablePrinter = {
  columns: [nameColumn(), column("Created At", "date", metaDoc("creationTimestamp"))],
  cells: (o) => [name(o), createdAtCell(o)],
};

const parsedPath = boundedMemo((path: string): JSONPath | undefined => {
  try {
    return parseJSONPath(path);
  } catch {
    return undefined;
  }
}, 10_000);

/** The first value a Kubernetes JSONPath selects (upstream's table convertor prints only the first); parsed paths are cached. */
export function readJSONPath(obj: unknown, path: string): unknown {
  return parsedPath(path)?.find(obj)[0];
}

/** A cell from a declared printer column, typed as the CRD table convertor types it. */
function printerCell(col: PrinterColumn, obj: KubeObject, now: number): unknown {
  const value = readJSONPath(obj, col.jsonPath);
  if (value === undefined || value === null) return null;
  switch (col.type) {
    case "integer":
      return typeof value === "number" ? Math.trunc(value) : null;
    case "number":
      return typeof value === "number" ? value : null;
    case "boolean":
      return typeof value === "boolean" ? value : null;
    case "date":
      return typeof value === "string" ? ageOf(value, now) : null;
    default:
      return text(value);
  }
}

/** A printer for declared printer columns: Name, the columns, then Age unless one is declared. */
export function printerColumnsPrinter(columns: readonly PrinterColumn[]): TablePrinter {
  const defs: ColumnDefinition[] = [nameColumn()];
  for (const c of columns) {
    const def = column(c.name, c.type, c.description ?? "", { priority: c.priority ?? 0 });
    if (c.format) def.format = c.format;
    defs.push(def);
  }
  const withAge = !columns.some((c) => c.jsonPath.replace(/^\./, "") === "metadata.creationTimestamp");
  if (withAge) defs.push(ageColumn());
  return {
    columns: defs,
    cells: (o, now) => {
      const cells: unknown[] = [name(o), ...columns.map((c) => printerCell(c, o, now))];
      if (withAge) cells.push(age(o, now));
      return cells;
    },
  };
}

let builtins: Map<string, TablePrinter> | undefined;

/** The printer for a resource: built-in columns, declared printer columns, or the default. */
export function printerFor(group: string, info: ResourceInfo): TablePrinter {
  builtins ??= builtinPrinters();
  const builtin = builtins.get(`${group}/${info.plural}`);
  if (builtin) return builtin;
  if (info.printerColumns.length > 0) return printerColumnsPrinter(info.printerColumns);
  return defaultPrinter;
}

/** The column a CRD version gets when it declares none (upstream's default Age column). */
const CRD_AGE_COLUMN: PrinterColumn = {
  name: "Age",
  type: "date",
  jsonPath: ".metadata.creationTimestamp",
  description: metaDoc("creationTimestamp"),
};

/**
 * The printer of a custom resource version, as upstream's CRD table convertor: Name, then the
 * version's additionalPrinterColumns (Age when there are none), each described by its JSONPath
 * unless it has a description.
 */
export function customResourcePrinter(columns: readonly PrinterColumn[]): TablePrinter {
  const cols = columns.length > 0 ? columns : [CRD_AGE_COLUMN];
  const defs: ColumnDefinition[] = [nameColumn()];
  for (const c of cols) {
    const def = column(c.name, c.type, c.description || `Custom resource definition column (in JSONPath format): ${c.jsonPath}`, {
      priority: c.priority ?? 0,
    });
    if (c.format) def.format = c.format;
    defs.push(def);
  }
  return {
    columns: defs,
    cells: (o, now) => [name(o), ...cols.map((c) => customCell(c, o, now))],
  };
}

/** A CRD column's cell: strings printed as kubectl's JSONPath prints them, other types as JSON values. */
function customCell(col: PrinterColumn, obj: KubeObject, now: number): unknown {
  const value = readJSONPath(obj, col.jsonPath);
  if (value === undefined || value === null) return null;
  switch (col.type) {
    case "string":
      return text(value);
    case "date":
      if (typeof value !== "string") return null;
      return Number.isNaN(Date.parse(value)) ? "<invalid>" : ageOf(value, now);
    default:
      return printerCell(col, obj, now);
  }
}
