/**
 * Issue #16 against upstream 1.34, session 12: CertificateSigningRequest update, /status and
 * /approval validation (pkg/apis/certificates/validation), condition timestamps, the
 * spec.signerName field selector and upstream's printer columns.
 */
import { describe, expect, it } from "vitest";
import {
  csrApprovalStrategy,
  csrStatusStrategy,
  csrStrategy,
} from "../../../apiserver/registry/resources/certificatesigningrequests/strategy.js";
import { errorText } from "../../../apiserver/registry/validation/field.js";
import { checkIssuedCertificate } from "../../../apiserver/registry/validation/certificates-pem.js";
import { certificatePrinters } from "../../../apiserver/endpoints/table/kinds/certificates.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import type { UpdateStrategy } from "../../../apiserver/registry/strategy.js";
import { CSR_REQUEST, ISSUED_CERTIFICATE } from "../../support/csr-fixture.js";

const CERT = ISSUED_CERTIFICATE;
const pem = (text: string) => Buffer.from(text).toString("base64");

const csr = (status: Record<string, unknown> = {}, spec: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: "certificates.k8s.io/v1",
  kind: "CertificateSigningRequest",
  metadata: { name: "c", resourceVersion: "1", creationTimestamp: "2026-01-01T00:00:00Z" },
  spec: { request: CSR_REQUEST, signerName: "example.com/signer", usages: ["client auth"], username: "alice", ...spec },
  status,
});

function update(strategy: UpdateStrategy, obj: KubeObject, old: KubeObject): string[] {
  strategy.prepareForUpdate?.(obj, old);
  return (strategy.validateUpdate?.(obj, old) ?? []).map(errorText);
}

// A fresh object each time: the strategies fill timestamps in place.
const approved = () => ({ type: "Approved", status: "True", reason: "OK" });

describe("CSR /approval", () => {
  it("checks condition types and statuses as upstream", () => {
    expect(
      update(
        csrApprovalStrategy,
        csr({
          conditions: [
            { type: "", status: "True" },
            { type: "Approved", status: "False" },
            { type: "Custom" },
            { type: "Custom", status: "Maybe" },
          ],
        }),
        csr(),
      ),
    ).toEqual([
      "status.conditions[0].type: Required value",
      'status.conditions[1].status: Unsupported value: "False": supported values: "True"',
      "status.conditions[2].status: Required value",
      'status.conditions[3].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
      'status.conditions[3].type: Duplicate value: "Custom"',
    ]);
  });

  it("refuses Approved with Denied, naming the later type, and removing a final condition", () => {
    expect(update(csrApprovalStrategy, csr({ conditions: [approved(), { type: "Denied", status: "True" }] }), csr())).toEqual([
      'status.conditions: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive',
    ]);
    expect(update(csrApprovalStrategy, csr({ conditions: [] }), csr({ conditions: [approved()] }))).toEqual([
      'status.conditions: Forbidden: updates may not remove a condition of type "Approved"',
    ]);
  });

  it("tolerates what the stored object already breaks", () => {
    const both = { conditions: [approved(), { type: "Denied", status: "True" }] };
    expect(update(csrApprovalStrategy, csr(both), csr(both))).toEqual([]);
  });

  it("fills condition timestamps, keeping a stored transition time", () => {
    const old = csr({
      conditions: [{ ...approved(), lastTransitionTime: "2026-01-01T00:00:00Z", lastUpdateTime: "2026-01-01T00:00:00Z" }],
    });
    const obj = csr({ conditions: [approved(), { type: "Failed", status: "True" }] });
    expect(update(csrApprovalStrategy, obj, old)).toEqual([]);
    const [a, f] = (obj.status as { conditions: Record<string, string>[] }).conditions;
    expect(a!.lastTransitionTime).toBe("2026-01-01T00:00:00Z");
    expect(a!.lastUpdateTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(f!.lastTransitionTime).toBe(f!.lastUpdateTime);
  });
});

describe("CSR /status", () => {
  it("accepts a certificate once, and checks it", () => {
    expect(update(csrStatusStrategy, csr({ certificate: CERT }), csr())).toEqual([]);
    expect(update(csrStatusStrategy, csr({ certificate: CERT }), csr({ certificate: CERT }))).toEqual([]);
    expect(update(csrStatusStrategy, csr({ certificate: pem("garbage") }), csr())).toEqual([
      'status.certificate: Invalid value: "<certificate data>": must contain at least one CERTIFICATE PEM block',
    ]);
    expect(update(csrStatusStrategy, csr({ certificate: pem("x") }), csr({ certificate: CERT }))).toEqual([
      'status.certificate: Invalid value: "<certificate data>": must contain at least one CERTIFICATE PEM block',
      "status.certificate: Forbidden: updates may not modify existing certificate content",
    ]);
  });

  it("keeps the stored approval conditions and refuses adding one", () => {
    const old = csr({ conditions: [approved()] });
    const obj = csr({ conditions: [{ type: "Approved", status: "True", reason: "Changed" }] });
    expect(update(csrStatusStrategy, obj, old)).toEqual([]);
    expect((obj.status as { conditions: Record<string, string>[] }).conditions[0]!.reason).toBe("OK");
    expect(update(csrStatusStrategy, csr({ conditions: [{ type: "Denied", status: "True" }] }), csr())).toEqual([
      'status.conditions: Forbidden: updates may not add a condition of type "Denied"',
    ]);
  });

  it("keeps the spec", () => {
    const obj = csr({}, { signerName: "other.example.com/x" });
    update(csrStatusStrategy, obj, csr());
    expect((obj.spec as Record<string, unknown>).signerName).toBe("example.com/signer");
  });
});

describe("CSR certificate PEM", () => {
  it("reports upstream's messages", () => {
    const block = (type: string, body: string, headers = "") =>
      Buffer.from(`-----BEGIN ${type}-----\n${headers}${body}\n-----END ${type}-----\n`);
    expect(checkIssuedCertificate(Buffer.alloc(0))).toBeUndefined();
    expect(checkIssuedCertificate(block("PRIVATE KEY", "AAAA"))).toBe('only CERTIFICATE PEM blocks are allowed, found "PRIVATE KEY"');
    expect(checkIssuedCertificate(block("CERTIFICATE", "AAAA", "Proc-Type: 4,ENCRYPTED\n\n"))).toBe("no PEM block headers are permitted");
    expect(checkIssuedCertificate(block("CERTIFICATE", "AAAA"))).toBe("x509: malformed certificate");
    expect(checkIssuedCertificate(Buffer.from(CERT, "base64"))).toBeUndefined();
  });
});

describe("CSR main update", () => {
  it("keeps spec and status, so a body's status changes nothing", () => {
    const obj = csr({ certificate: CERT, conditions: [approved()] });
    const old = csr();
    csrStrategy.prepareForUpdate?.(obj, old);
    expect(obj.status).toEqual({});
    expect(csrStrategy.validateUpdate?.(obj, old)).toEqual([]);
  });

  it("selects on spec.signerName", () => {
    expect(csrStrategy.fieldLabels).toContain("spec.signerName");
    expect(csrStrategy.selectableFields?.(csr())).toMatchObject({ "spec.signerName": "example.com/signer" });
  });
});

describe("CSR printer", () => {
  const printer = certificatePrinters().get("certificates.k8s.io/certificatesigningrequests")!;
  const now = Date.parse("2026-01-01T01:00:00Z");

  it("has upstream's columns", () => {
    expect(printer.columns.map((c) => c.name)).toEqual(["Name", "Age", "SignerName", "Requestor", "RequestedDuration", "Condition"]);
  });

  it("prints signer, requestor, duration and condition", () => {
    expect(printer.cells(csr(), now)).toEqual(["c", "60m", "example.com/signer", "alice", "<none>", "Pending"]);
    expect(
      printer.cells(csr({ conditions: [approved(), { type: "Failed" }], certificate: CERT }, { expirationSeconds: 3600 }), now),
    ).toEqual(["c", "60m", "example.com/signer", "alice", "60m", "Approved,Failed,Issued"]);
    expect(printer.cells(csr({ conditions: [approved(), { type: "Denied" }] }, { signerName: "" }), now)[2]).toBe("<none>");
    expect(printer.cells(csr({ conditions: [approved(), { type: "Denied" }] }), now)[5]).toBe("Denied");
  });
});
