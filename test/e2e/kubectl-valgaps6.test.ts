/**
 * The real kubectl against `kubegen apiserver` (spawned as a process on embedded SQLite) for the
 * storage.k8s.io and certificates.k8s.io rules of issue #16 closed in session 12: CSIDriver,
 * CSINode, CSIStorageCapacity and VolumeAttachment validation and update rules, and a
 * CertificateSigningRequest's status checks, field selector and columns, each with upstream's
 * message.
 */
import { expect, it } from "vitest";
import { CSR_REQUEST, ISSUED_CERTIFICATE } from "../support/csr-fixture.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["kubectl"], "kubectl: the storage and certificates validation gaps of issue #16 closed in session 12", () => {
  const { kubectl, ok, file } = kubectlServer("kubegen-e2e-valgaps6-");
  const manifest = (name: string, obj: unknown): string => file(`${name}.json`, JSON.stringify(obj));
  const storage = (kind: string, name: string, more: Record<string, unknown>) => ({
    apiVersion: "storage.k8s.io/v1",
    kind,
    metadata: { name },
    ...more,
  });

  it("a CSIDriver's fsGroupPolicy is known and attachRequired fixed", async () => {
    const bad = await kubectl("create", "-f", manifest("d1", storage("CSIDriver", "d1.example.com", { spec: { fsGroupPolicy: "Some" } })));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The CSIDriver "d1.example.com" is invalid: spec.fsGroupPolicy: Unsupported value: "Some": supported values: "File", "None", "ReadWriteOnceWithFSType"',
    );
    await ok("create", "-f", manifest("d2", storage("CSIDriver", "d2.example.com", { spec: {} })));
    const flip = await kubectl("patch", "csidriver", "d2.example.com", "--type=merge", "-p", '{"spec":{"attachRequired":false}}');
    expect(flip.code).not.toBe(0);
    expect(flip.stderr).toContain(
      'The CSIDriver "d2.example.com" is invalid: spec.attachedRequired: Invalid value: false: field is immutable',
    );
  });

  it("a CSINode names each driver once, with a node ID", async () => {
    const drivers = [
      { name: "d.example.com", nodeID: "n1" },
      { name: "d.example.com", nodeID: "" },
    ];
    const bad = await kubectl("create", "-f", manifest("n1", storage("CSINode", "node-1", { spec: { drivers } })));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain("spec.drivers[1].nodeID: Required value");
    expect(bad.stderr).toContain('spec.drivers[1].name: Duplicate value: "d.example.com"');
  });

  it("a CSIStorageCapacity's capacity is not negative", async () => {
    const cap = {
      ...storage("CSIStorageCapacity", "c1", { storageClassName: "fast", capacity: "-1Gi" }),
      metadata: { name: "c1", namespace: "default" },
    };
    const bad = await kubectl("create", "-f", manifest("c1", cap));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The CSIStorageCapacity "c1" is invalid: capacity: Invalid value: "-1Gi": must be greater than or equal to 0',
    );
  });

  it("a VolumeAttachment has exactly one source and a fixed spec", async () => {
    const va = (name: string, source: Record<string, unknown>) =>
      storage("VolumeAttachment", name, { spec: { attacher: "d.example.com", nodeName: "node-1", source } });
    const bad = await kubectl("create", "-f", manifest("va1", va("va1", {})));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The VolumeAttachment "va1" is invalid: spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName',
    );
    await ok("create", "-f", manifest("va2", va("va2", { persistentVolumeName: "pv1" })));
    const move = await kubectl("patch", "volumeattachment", "va2", "--type=merge", "-p", '{"spec":{"nodeName":"node-2"}}');
    expect(move.code).not.toBe(0);
    expect(move.stderr).toContain('spec: Invalid value: storage.VolumeAttachmentSpec{Attacher:"d.example.com"');
    expect(move.stderr).toContain("field is immutable");
  });

  it("a CSR's certificate is checked on /status, selected by signer, printed with upstream's columns", async () => {
    const csr = (name: string, signerName: string) => ({
      apiVersion: "certificates.k8s.io/v1",
      kind: "CertificateSigningRequest",
      metadata: { name },
      spec: { request: CSR_REQUEST, signerName, usages: ["client auth"], expirationSeconds: 3600 },
    });
    await ok("create", "-f", manifest("csr1", csr("csr1", "example.com/one")));
    await ok("create", "-f", manifest("csr2", csr("csr2", "example.com/two")));
    const bad = await kubectl(
      "patch",
      "csr",
      "csr1",
      "--subresource=status",
      "--type=merge",
      "-p",
      JSON.stringify({ status: { certificate: CSR_REQUEST } }),
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'status.certificate: Invalid value: "<certificate data>": only CERTIFICATE PEM blocks are allowed, found "CERTIFICATE REQUEST"',
    );
    await ok("certificate", "approve", "csr1");
    await ok(
      "patch",
      "csr",
      "csr1",
      "--subresource=status",
      "--type=merge",
      "-p",
      JSON.stringify({ status: { certificate: ISSUED_CERTIFICATE } }),
    );
    const table = await ok("get", "csr", "--field-selector", "spec.signerName=example.com/one");
    const [header, row, more] = table.trim().split("\n");
    expect(header!.split(/\s+/)).toEqual(["NAME", "AGE", "SIGNERNAME", "REQUESTOR", "REQUESTEDDURATION", "CONDITION"]);
    expect(row!.split(/\s+/)).toEqual(["csr1", expect.any(String), "example.com/one", expect.any(String), "60m", "Approved,Issued"]);
    expect(more).toBeUndefined();
  });
});
