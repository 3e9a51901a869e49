/**
 * The resourcequota controller's recount (usage over the namespace's objects, through upstream's
 * evaluators): scopes leave out the Pods they do not match, init containers and overhead count,
 * terminal Pods keep only their object count, Services' node ports and load balancers, claims'
 * storage in the units they were written in, and every limited name a kind answers to is present.
 */
import { describe, expect, it } from "vitest";
import { usage } from "../../controllers/resourcequota/descriptor.js";
import type { QuotaObject } from "../../runtime/quota/evaluators.js";

const objects: Record<string, QuotaObject[]> = {
  pods: [
    { spec: { containers: [{ name: "a" }] } },
    {
      spec: {
        containers: [{ name: "a", resources: { requests: { cpu: "200m", memory: "256Mi" }, limits: { cpu: "400m" } } }],
        initContainers: [{ name: "i", resources: { requests: { cpu: "1", memory: "128Mi" } } }],
        overhead: { cpu: "100m" },
      },
    },
    { spec: { containers: [{ name: "a", resources: { requests: { cpu: "5" } } }] }, status: { phase: "Succeeded" } },
  ],
  services: [
    { spec: { type: "NodePort", ports: [{ port: 80 }, { port: 81 }] } },
    { spec: { type: "LoadBalancer", ports: [{ port: 443 }] } },
  ],
  persistentvolumeclaims: [
    { spec: { storageClassName: "fast", resources: { requests: { storage: "1Gi" } } } },
    { spec: { resources: { requests: { storage: "512Mi" } } } },
  ],
  configmaps: [{}, {}],
};
const list = (r: string) => Promise.resolve(objects[r] ?? []);

describe("the resourcequota controller's usage", () => {
  it("counts what upstream's evaluators count, scopes applied", async () => {
    const all = await usage(list, {
      spec: {
        hard: {
          pods: "10",
          "count/pods": "10",
          "requests.cpu": "10",
          "limits.cpu": "10",
          "requests.memory": "10Gi",
          "services.nodeports": "10",
          "services.loadbalancers": "2",
          "requests.storage": "10Gi",
          "fast.storageclass.storage.k8s.io/requests.storage": "5Gi",
          configmaps: "5",
          "requests.example.com/gpu": "1",
          "count/deployments.apps": "3",
        },
      },
    });
    expect(all).toEqual({
      pods: "2",
      "count/pods": "3",
      "requests.cpu": "1100m",
      "limits.cpu": "500m",
      "requests.memory": "256Mi",
      "requests.example.com/gpu": "0",
      "services.nodeports": "3",
      "services.loadbalancers": "1",
      "requests.storage": "1536Mi",
      "fast.storageclass.storage.k8s.io/requests.storage": "1Gi",
      configmaps: "2",
    });
    const scoped = await usage(list, { spec: { hard: { pods: "10", "requests.cpu": "1" }, scopes: ["BestEffort"] } });
    expect(scoped).toEqual({ pods: "1", "requests.cpu": "0" });
    // A scope no Service can match: nothing counted, but the name is there.
    expect(await usage(list, { spec: { hard: { "services.nodeports": "1" }, scopes: ["NotTerminating"] } })).toEqual({
      "services.nodeports": "0",
    });
  });
});
