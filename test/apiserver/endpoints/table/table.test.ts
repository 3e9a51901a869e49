import { describe, expect, it } from "vitest";
import { humanDuration } from "../../../../apiserver/endpoints/table/human-duration.js";
import { formatEndpoints, formatLabels, printerColumnsPrinter, printerFor } from "../../../../apiserver/endpoints/table/printers.js";
import { toTable } from "../../../../apiserver/endpoints/table/table.js";
import { scheme } from "../../../../generated/apis/register.js";

const S = 1000;
const M = 60 * S;
const H = 60 * M;
const D = 24 * H;

describe("humanDuration", () => {
  it.each([
    [-5 * S, "<invalid>"],
    [-1 * S, "0s"],
    [0, "0s"],
    [119 * S, "119s"],
    [2 * M, "2m"],
    [5 * M + 30 * S, "5m30s"],
    [10 * M, "10m"],
    [179 * M, "179m"],
    [3 * H, "3h"],
    [7 * H + 59 * M, "7h59m"],
    [8 * H, "8h"],
    [47 * H, "47h"],
    [2 * D, "2d"],
    [3 * D + 5 * H, "3d5h"],
    [8 * D, "8d"],
    [729 * D, "729d"],
    [2 * 365 * D, "2y"],
    [3 * 365 * D + 10 * D, "3y10d"],
    [9 * 365 * D, "9y"],
  ])("%d ms is %s", (ms, want) => expect(humanDuration(ms)).toBe(want));
});

const info = (plural: string, group = "") => scheme.resourcesFor({ group, version: "v1" }).find((r) => r.plural === plural)!;
const created = new Date(Date.now() - 5 * M).toISOString();

describe("printers", () => {
  it("namespaces: NAME, STATUS, AGE with a PartialObjectMetadata per row", () => {
    const t = toTable(
      printerFor("", info("namespaces")),
      {
        apiVersion: "v1",
        kind: "NamespaceList",
        metadata: { resourceVersion: "7" },
        items: [{ metadata: { name: "a", creationTimestamp: created }, status: { phase: "Active" } }],
      },
      { includeObject: "Metadata", noHeaders: false },
    );
    expect(t.columnDefinitions.map((c) => c.name)).toEqual(["Name", "Status", "Age"]);
    expect(t.columnDefinitions[0]).toMatchObject({ type: "string", format: "name", priority: 0 });
    expect(t.rows[0]!.cells).toEqual(["a", "Active", "5m"]);
    expect(t.rows[0]!.object).toEqual({
      kind: "PartialObjectMetadata",
      apiVersion: "meta.k8s.io/v1",
      metadata: { name: "a", creationTimestamp: created },
    });
    expect(t.metadata.resourceVersion).toBe("7");
  });

  it("services: type, cluster IP, external IP, ports and a wide selector", () => {
    const p = printerFor("", info("services"));
    expect(p.columns.map((c) => [c.name, c.priority])).toEqual([
      ["Name", 0],
      ["Type", 0],
      ["Cluster-IP", 0],
      ["External-IP", 0],
      ["Port(s)", 0],
      ["Age", 0],
      ["Selector", 1],
    ]);
    const svc = {
      metadata: { name: "s", creationTimestamp: created },
      spec: {
        type: "NodePort",
        clusterIPs: ["10.0.0.1"],
        ports: [
          { port: 80, protocol: "TCP", nodePort: 30080 },
          { port: 53, protocol: "UDP" },
        ],
        selector: { b: "2", a: "1" },
      },
    };
    expect(p.cells(svc, Date.now())).toEqual(["s", "NodePort", "10.0.0.1", "<none>", "80:30080/TCP,53/UDP", "5m", "a=1,b=2"]);
    expect(p.cells({ metadata: { name: "lb" }, spec: { type: "LoadBalancer" } }, Date.now()).slice(2, 5)).toEqual([
      "<none>",
      "<pending>",
      "<none>",
    ]);
  });

  it("endpoints, configmaps, secrets, serviceaccounts", () => {
    const ep = {
      subsets: [{ addresses: [{ ip: "1.1.1.1" }, { ip: "2.2.2.2" }, { ip: "3.3.3.3" }, { ip: "4.4.4.4" }], ports: [{ port: 80 }] }],
    };
    expect(formatEndpoints(ep)).toBe("1.1.1.1:80,2.2.2.2:80,3.3.3.3:80 + 1 more...");
    expect(formatEndpoints({})).toBe("<none>");
    expect(printerFor("", info("configmaps")).cells({ metadata: { name: "c" }, data: { a: "1" }, binaryData: { b: "" } }, 0)).toEqual([
      "c",
      2,
      "<unknown>",
    ]);
    expect(printerFor("", info("secrets")).columns.map((c) => c.name)).toEqual(["Name", "Type", "Data", "Age"]);
    expect(printerFor("", info("serviceaccounts")).cells({ metadata: { name: "sa" }, secrets: [{}] }, 0)).toEqual(["sa", 1, "<unknown>"]);
    expect(formatLabels({})).toBe("<none>");
  });

  it("events print their object and message", () => {
    const ev = {
      metadata: { name: "e1" },
      involvedObject: { kind: "Pod", name: "p" },
      type: "Normal",
      reason: "Started",
      message: " hi ",
      count: 3,
      lastTimestamp: created,
      firstTimestamp: created,
    };
    expect(printerFor("", info("events")).cells(ev, Date.now())).toEqual(["5m", "Normal", "Started", "pod/p", "", "", "hi", "5m", 3, "e1"]);
  });

  it("resources without printers: Name and Created At; declared printer columns otherwise", () => {
    const crd = printerFor("apiextensions.k8s.io", info("customresourcedefinitions", "apiextensions.k8s.io"));
    expect(crd.columns.map((c) => c.name)).toEqual(["Name", "Created At"]);
    expect(crd.cells({ metadata: { name: "x", creationTimestamp: "2024-01-02T03:04:05Z" } }, 0)).toEqual(["x", "2024-01-02T03:04:05Z"]);
    const p = printerColumnsPrinter([
      { name: "Replicas", type: "integer", jsonPath: ".spec.replicas" },
      { name: "Phase", type: "string", jsonPath: ".status.phase", priority: 1 },
    ]);
    expect(p.columns.map((c) => c.name)).toEqual(["Name", "Replicas", "Phase", "Age"]);
    expect(p.cells({ metadata: { name: "w" }, spec: { replicas: 3 } }, 0)).toEqual(["w", 3, null, "<unknown>"]);
  });

  it("omits column definitions when asked (later watch events) and objects with includeObject=None", () => {
    const t = toTable(printerFor("", info("namespaces")), { metadata: { name: "a" } }, { includeObject: "None", noHeaders: true });
    expect(t.columnDefinitions).toEqual([]);
    expect(t.rows[0]!.object).toBeUndefined();
  });
});
