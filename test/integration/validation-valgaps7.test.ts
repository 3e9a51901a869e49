/**
 * Issue #16, session 13, through a running apiserver: a PersistentVolume's spec errors as a 422
 * with upstream's message and causes, its Recycle warning in a `Warning` header, a Node's taints
 * annotation that does not decode, and a VolumeAttachment's inline spec without CSI.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRunningServer, type TestAPIServer } from "../support/running-server.js";

const pv = (spec: Record<string, unknown>) => ({
  apiVersion: "v1",
  kind: "PersistentVolume",
  metadata: { name: "pv" },
  spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], ...spec },
});

describe("through the apiserver", () => {
  let server: TestAPIServer;
  beforeAll(async () => {
    server = await startRunningServer();
  }, 60_000);
  afterAll(async () => server?.stop());

  it("refuses a bad PersistentVolume with upstream's 422 and warns of Recycle", async () => {
    const bad = await server.call("POST", "/api/v1/persistentvolumes", pv({ csi: { driver: "csi.example.com", volumeHandle: "" } }));
    expect(bad.status).toBe(422);
    expect(bad.body.message).toBe('PersistentVolume "pv" is invalid: spec.csi.volumeHandle: Required value');
    expect(bad.body.details.causes).toEqual([{ reason: "FieldValueRequired", message: "Required value", field: "spec.csi.volumeHandle" }]);
    const recycled = await server.call("POST", "/api/v1/persistentvolumes", {
      ...pv({ nfs: { server: "s", path: "/p" }, persistentVolumeReclaimPolicy: "Recycle" }),
      metadata: { name: "pv2" },
    });
    expect(recycled.status).toBe(201);
    expect(String(recycled.headers.warning)).toContain(
      '299 - "spec.persistentVolumeReclaimPolicy: The Recycle reclaim policy is deprecated. Instead, the recommended approach is to use dynamic provisioning."',
    );
  });

  it("refuses a Node whose taints annotation does not decode, and a VolumeAttachment's bad inline spec", async () => {
    const node = await server.call("POST", "/api/v1/nodes", {
      apiVersion: "v1",
      kind: "Node",
      metadata: { name: "n1", annotations: { "scheduler.alpha.kubernetes.io/taints": "[" } },
    });
    expect(node.status).toBe(422);
    expect(node.body.message).toBe(
      'Node "n1" is invalid: metadata.annotations: Invalid value: "scheduler.alpha.kubernetes.io/taints": unexpected end of JSON input',
    );
    const va = await server.call("POST", "/apis/storage.k8s.io/v1/volumeattachments", {
      apiVersion: "storage.k8s.io/v1",
      kind: "VolumeAttachment",
      metadata: { name: "va" },
      spec: {
        attacher: "csi.example.com",
        nodeName: "n1",
        source: { inlineVolumeSpec: { accessModes: ["ReadWriteOnce"], nfs: { server: "s", path: "/p" } } },
      },
    });
    expect(va.status).toBe(422);
    expect(va.body.message).toBe(
      'VolumeAttachment.storage.k8s.io "va" is invalid: spec.source.inlineVolumeSpec.csi: Required value: has to be specified in the context of inline volumes',
    );
  });
});
