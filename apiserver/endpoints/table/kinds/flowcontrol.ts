/**
 * The columns upstream's printers give FlowSchemas and PriorityLevelConfigurations: a schema's
 * priority level, precedence, distinguisher and whether its level is missing (the `Dangling`
 * condition's status, `?` before anything set it); a level's type, shares and queuing.
 */
import { swaggerDoc } from "../../../../generated/apis/flowcontrol/v1/zz_generated.swagger-doc.js";
import { ageColumn, column, nameColumn, type TablePrinter } from "../table.js";
import { age, arr, get, name, str } from "./shared.js";

const doc = (type: string, field: string): string => swaggerDoc[type]?.[field] ?? "";
const NONE = "<none>";
const numOr = (v: unknown): unknown => (typeof v === "number" ? v : 0);

export function flowControlPrinters(): Map<string, TablePrinter> {
  const m = new Map<string, TablePrinter>();
  m.set("flowcontrol.apiserver.k8s.io/flowschemas", {
    columns: [
      nameColumn(),
      column("PriorityLevel", "string", doc("PriorityLevelConfigurationReference", "name")),
      column("MatchingPrecedence", "string", doc("FlowSchemaSpec", "matchingPrecedence")),
      column("DistinguisherMethod", "string", doc("FlowSchemaSpec", "distinguisherMethod")),
      ageColumn(),
      column("MissingPL", "string", "references a broken or non-existent PriorityLevelConfiguration"),
    ],
    cells: (o, now) => {
      const dangling = arr(get(o, "status", "conditions")).find((c) => get(c, "type") === "Dangling");
      return [
        name(o),
        str(get(o, "spec", "priorityLevelConfiguration", "name")),
        numOr(get(o, "spec", "matchingPrecedence")),
        str(get(o, "spec", "distinguisherMethod", "type")) || NONE,
        age(o, now),
        dangling === undefined ? "?" : str(get(dangling, "status")),
      ];
    },
  });
  m.set("flowcontrol.apiserver.k8s.io/prioritylevelconfigurations", {
    columns: [
      nameColumn(),
      column("Type", "string", doc("PriorityLevelConfigurationSpec", "type")),
      column("NominalConcurrencyShares", "string", doc("LimitedPriorityLevelConfiguration", "nominalConcurrencyShares")),
      column("Queues", "string", doc("QueuingConfiguration", "queues")),
      column("HandSize", "string", doc("QueuingConfiguration", "handSize")),
      column("QueueLengthLimit", "string", doc("QueuingConfiguration", "queueLengthLimit")),
      ageColumn(),
    ],
    cells: (o, now) => {
      const limited = get(o, "spec", "limited");
      const queuing = get(limited, "limitResponse", "queuing");
      const hasLimited = typeof limited === "object" && limited !== null;
      const hasQueuing = hasLimited && typeof queuing === "object" && queuing !== null;
      return [
        name(o),
        str(get(o, "spec", "type")),
        hasLimited ? numOr(get(limited, "nominalConcurrencyShares")) : NONE,
        hasQueuing ? numOr(get(queuing, "queues")) : NONE,
        hasQueuing ? numOr(get(queuing, "handSize")) : NONE,
        hasQueuing ? numOr(get(queuing, "queueLengthLimit")) : NONE,
        age(o, now),
      ];
    },
  });
  return m;
}
