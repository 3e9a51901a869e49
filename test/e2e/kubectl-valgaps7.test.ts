/**
 * The real kubectl against `kubegen apiserver` (spawned as a process on embedded SQLite) for the
 * rules of issue #16 closed in session 13: `kubectl apply` of an invalid PersistentVolume shows
 * upstream's message, a Recycle volume's warning reaches kubectl, and a Node's avoid-pods
 * annotation must name a controller.
 */
import { expect, it } from "vitest";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

describeWithTools(["kubectl"], "kubectl: the validation gaps of issue #16 closed in session 13", () => {
  const { kubectl, file } = kubectlServer("kubegen-e2e-valgaps7-");
  const manifest = (name: string, obj: unknown): string => file(`${name}.json`, JSON.stringify(obj));
  const pv = (name: string, spec: Record<string, unknown>) => ({
    apiVersion: "v1",
    kind: "PersistentVolume",
    metadata: { name },
    spec: { capacity: { storage: "1Gi" }, accessModes: ["ReadWriteOnce"], ...spec },
  });

  it("kubectl apply of an invalid PersistentVolume shows upstream's message", async () => {
    const bad = await kubectl("apply", "-f", manifest("pv1", pv("pv1", { nfs: { server: "", path: "exports" } })));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The PersistentVolume "pv1" is invalid: \n* spec.nfs.server: Required value\n* spec.nfs.path: Invalid value: "exports": must be an absolute path',
    );
    const csi = await kubectl("apply", "-f", manifest("pv2", pv("pv2", { csi: { driver: "csi.example.com", volumeHandle: "" } })));
    expect(csi.stderr).toContain('The PersistentVolume "pv2" is invalid: spec.csi.volumeHandle: Required value');
    const mount = await kubectl(
      "apply",
      "-f",
      manifest("pv3", {
        ...pv("pv3", { hostPath: { path: "/data" } }),
        metadata: { name: "pv3", annotations: { "volume.beta.kubernetes.io/mount-options": "ro" } },
      }),
    );
    expect(mount.stderr).toContain(
      "metadata.annotations.volume.beta.kubernetes.io/mount-options: Forbidden: may not specify mount options for this volume type",
    );
  });

  it("a Recycle volume's warning reaches kubectl; its node affinity is fixed once set", async () => {
    const affinity = (key: string) => ({
      required: { nodeSelectorTerms: [{ matchExpressions: [{ key, operator: "In", values: ["a"] }] }] },
    });
    const made = await kubectl(
      "apply",
      "-f",
      manifest(
        "pv4",
        pv("pv4", {
          nfs: { server: "s", path: "/e" },
          persistentVolumeReclaimPolicy: "Recycle",
          nodeAffinity: affinity("failure-domain.beta.kubernetes.io/zone"),
        }),
      ),
    );
    expect(made.code).toBe(0);
    expect(made.stderr).toContain(
      "Warning: spec.persistentVolumeReclaimPolicy: The Recycle reclaim policy is deprecated. Instead, the recommended approach is to use dynamic provisioning.",
    );
    const ga = await kubectl(
      "apply",
      "-f",
      manifest(
        "pv4b",
        pv("pv4", {
          nfs: { server: "s", path: "/e" },
          persistentVolumeReclaimPolicy: "Recycle",
          nodeAffinity: affinity("topology.kubernetes.io/zone"),
        }),
      ),
    );
    expect(ga.code).toBe(0);
    const other = await kubectl(
      "apply",
      "-f",
      manifest(
        "pv4c",
        pv("pv4", {
          nfs: { server: "s", path: "/e" },
          persistentVolumeReclaimPolicy: "Recycle",
          nodeAffinity: affinity("kubernetes.io/hostname"),
        }),
      ),
    );
    expect(other.code).not.toBe(0);
    expect(other.stderr).toContain("field is immutable, except for updating from beta label to GA");
  });

  it("a Node's avoid-pods annotation must name a controller", async () => {
    const avoid = JSON.stringify({
      preferAvoidPods: [
        { podSignature: { podController: { apiVersion: "v1", kind: "ReplicationController", name: "r", uid: "u", controller: false } } },
      ],
    });
    const node = {
      apiVersion: "v1",
      kind: "Node",
      metadata: { name: "n1", annotations: { "scheduler.alpha.kubernetes.io/preferAvoidPods": avoid } },
    };
    const bad = await kubectl("create", "-f", manifest("n1", node));
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain(
      'The Node "n1" is invalid: metadata.annotations.scheduler.alpha.kubernetes.io/preferAvoidPods[0].PodSignature.PodController.Controller: Invalid value: false: must point to a controller',
    );
  });
});
