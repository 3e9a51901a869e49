/** The columns upstream's printers give resource.k8s.io: DeviceClasses and templates by name and age, ResourceClaims with their state, ResourceSlices with node, driver and pool. */
import { swaggerDoc as resourceDocs } from "../../../../generated/apis/resource/v1/zz_generated.swagger-doc.js";
import type { KubeObject } from "../../../registry/rest.js";
import { ageColumn, column, nameColumn, type TablePrinter } from "../table.js";
import { age, arr, get, name, str } from "./shared.js";

const doc = (type: string, field: string): string => resourceDocs[type]?.[field] ?? "";

/** deleted, pending, allocated, reserved: upstream's resourceClaimState. */
export function resourceClaimState(claim: KubeObject): string {
  const states: string[] = [];
  const deleted = Boolean(claim.metadata?.deletionTimestamp);
  if (deleted) states.push("deleted");
  const allocation = get(claim, "status", "allocation");
  if (allocation === undefined || allocation === null) {
    if (!deleted) states.push("pending");
  } else {
    states.push("allocated");
    if (arr(get(claim, "status", "reservedFor")).length > 0) states.push("reserved");
  }
  return states.join(",");
}

export function resourcePrinters(): Map<string, TablePrinter> {
  const m = new Map<string, TablePrinter>();
  const plain: TablePrinter = { columns: [nameColumn(), ageColumn()], cells: (o, now) => [name(o), age(o, now)] };
  m.set("resource.k8s.io/deviceclasses", plain);
  m.set("resource.k8s.io/resourceclaimtemplates", plain);
  m.set("resource.k8s.io/resourceclaims", {
    columns: [nameColumn(), column("State", "string", "A summary of the current state (allocated, pending, reserved, etc.)."), ageColumn()],
    cells: (o, now) => [name(o), resourceClaimState(o), age(o, now)],
  });
  m.set("resource.k8s.io/resourceslices", {
    columns: [
      nameColumn(),
      column("Node", "string", doc("ResourceSliceSpec", "nodeName")),
      column("Driver", "string", doc("ResourceSliceSpec", "driver")),
      column("Pool", "string", doc("ResourcePool", "name")),
      ageColumn(),
    ],
    cells: (o, now) => [
      name(o),
      str(get(o, "spec", "nodeName")),
      str(get(o, "spec", "driver")),
      str(get(o, "spec", "pool", "name")),
      age(o, now),
    ],
  });
  return m;
}
