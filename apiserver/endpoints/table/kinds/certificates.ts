/** The columns upstream's printer gives CertificateSigningRequests: signer, requestor, requested duration and condition. */
import type { KubeObject } from "../../../registry/rest.js";
import { humanDuration } from "../human-duration.js";
import { ageColumn, column, nameColumn, type TablePrinter } from "../table.js";
import { age, arr, get, name, str } from "./shared.js";

/** Denied over Approved over Pending, then Failed and Issued added, as upstream's extractCSRStatus. */
export function csrCondition(csr: KubeObject): string {
  const types = new Set(arr(get(csr, "status", "conditions")).map((c) => str(get(c, "type"))));
  let status = types.has("Denied") ? "Denied" : types.has("Approved") ? "Approved" : "Pending";
  if (types.has("Failed")) status += ",Failed";
  if (str(get(csr, "status", "certificate")) !== "") status += ",Issued";
  return status;
}

export function certificatePrinters(): Map<string, TablePrinter> {
  const m = new Map<string, TablePrinter>();
  m.set("certificates.k8s.io/certificatesigningrequests", {
    columns: [
      nameColumn(),
      ageColumn(),
      column("SignerName", "string", "The signer that should sign the request."),
      column("Requestor", "string", "Name of requestor"),
      column("RequestedDuration", "string", "The validity the requester asked for."),
      column("Condition", "string", "State of the signing request"),
    ],
    cells: (o, now) => {
      const seconds = get(o, "spec", "expirationSeconds");
      return [
        name(o),
        age(o, now),
        str(get(o, "spec", "signerName")) || "<none>",
        str(get(o, "spec", "username")),
        typeof seconds === "number" ? humanDuration(seconds * 1000) : "<none>",
        csrCondition(o),
      ];
    },
  });
  return m;
}
