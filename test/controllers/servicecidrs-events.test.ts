/**
 * The service-cidr-controller's one event (against the fake clientset): when the Ready=True
 * status cannot be applied, upstream's KubernetesServiceCIDRError Warning on the ServiceCIDR.
 */
import { afterEach, describe, expect, it } from "vitest";
import { ServiceCIDRController } from "../../controllers/servicecidrs/servicecidrs-controller.js";
import type { ServiceCIDR } from "../../generated/apis/networking/v1/index.js";
import { FakeClientset } from "../../generated/clientset/fake/index.js";
import { SharedInformerFactory } from "../../generated/informers/index.js";
import { StatusError } from "../../runtime/rest/errors.js";
import { until } from "../support/wait.js";
import { recordedEvents } from "./support/events.js";
import { runController } from "./support/run.js";

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

describe("service-cidr-controller events", () => {
  it("records KubernetesServiceCIDRError when the Ready status cannot be set", async () => {
    const cidr: ServiceCIDR = {
      apiVersion: "networking.k8s.io/v1",
      kind: "ServiceCIDR",
      metadata: { name: "extra", uid: "sc-1", finalizers: ["networking.k8s.io/service-cidr-finalizer"] },
      spec: { cidrs: ["10.1.0.0/24"] },
    };
    const cs = new FakeClientset(cidr);
    cs.prependReactor("patch", "servicecidrs/status", () => ({
      handled: true,
      err: new StatusError({ status: "Failure", reason: "InternalError", code: 500, message: "etcd is down" }),
    }));
    const factory = new SharedInformerFactory(cs, { reflector: { onError: () => {} } });
    const events = recordedEvents();
    const errors: unknown[] = [];
    const controller = new ServiceCIDRController({
      serviceCIDRs: factory.networkingV1().serviceCIDRs(),
      ipAddresses: factory.networkingV1().ipAddresses(),
      client: cs,
      controllerName: "service-cidr-controller",
      onError: (e) => errors.push(e),
      recorder: events.recorder("service-cidr-controller"),
    });
    stop = runController(controller, factory);
    await until(() => events.created.length > 0);
    expect(events.created[0]).toMatchObject({
      metadata: { namespace: "default" },
      involvedObject: { kind: "ServiceCIDR", apiVersion: "networking.k8s.io/v1", name: "extra", uid: "sc-1" },
      type: "Warning",
      reason: "KubernetesServiceCIDRError",
      message: "The ServiceCIDR Status can not be set to Ready=True",
      source: { component: "service-cidr-controller" },
    });
    expect(events.created[0]!.involvedObject.namespace).toBeUndefined();
  });
});
