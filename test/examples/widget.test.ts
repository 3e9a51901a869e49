/**
 * The Widget operator (examples/widget) on the framework, against the test control plane
 * started once for this file from the example's generated CRD: it creates the ConfigMap it
 * controls, follows spec changes, puts back a deleted ConfigMap, reports a name clash in the
 * Ready condition with a Warning event, cleans up through its finalizer, and a namespace holding
 * a Widget is emptied and finalized by the control plane's namespace controller.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Widget } from "../../examples/widget/api/widgets/v1/types.js";
import { CONTROLLER_NAME, FINALIZER, setupWidgetController, widgetsAPI } from "../../examples/widget/controller.js";
import { Manager, findStatusCondition } from "../../framework/index.js";
import { startControlPlane, type ControlPlane } from "../../framework/testing/index.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import { eventually as waitUntilValue } from "../support/wait.js";
import type { ClientsetInterface } from "../../examples/widget/generated/clientset/index.js";

let cp: ControlPlane;
let mgr: Manager;
let widgets: ClientsetInterface;
const stop = new AbortController();
let running: Promise<void>;

beforeAll(async () => {
  cp = await startControlPlane({ crds: "examples/widget/generated/crds" });
  mgr = new Manager({ restConfig: cp.restConfig, gracefulShutdownTimeoutMs: 5_000 });
  setupWidgetController(mgr);
  running = mgr.start(stop.signal);
  await mgr.elected();
  widgets = mgr.clientset(widgetsAPI);
});

afterAll(async () => {
  stop.abort();
  await running;
  await cp?.stop();
});

/** `fn()`'s first value, a NotFound counting as none yet (test/support/wait.ts). */
const eventually = <T>(what: string, fn: () => Promise<T | undefined>, ms = 20_000): Promise<T> =>
  waitUntilValue(what, () => fn().catch((err: unknown) => (isNotFound(err) ? undefined : Promise.reject(err))), ms);

const widget = (name: string, message: string, namespace = "default", configMapName?: string): Widget => ({
  metadata: { name, namespace },
  spec: { message, ...(configMapName && { configMapName }) },
});

describe("Widget operator on the test control plane", () => {
  it("creates the ConfigMap it controls, adds its finalizer, and reports Ready with the observed generation", async () => {
    const created = await widgets.widgetsV1().widgets("default").create(widget("hello", "hi there"));
    const cm = await eventually("ConfigMap", () => cp.clientset.coreV1().configMaps("default").get("hello"));
    expect(cm.data).toEqual({ message: "hi there" });
    expect(cm.metadata?.ownerReferences).toEqual([
      {
        apiVersion: "widgets.example.com/v1",
        kind: "Widget",
        name: "hello",
        uid: created.metadata!.uid,
        controller: true,
        blockOwnerDeletion: true,
      },
    ]);
    const ready = await eventually("Ready", async () => {
      const w = await widgets.widgetsV1().widgets("default").get("hello");
      return findStatusCondition(w.status?.conditions, "Ready")?.status === "True" ? w : undefined;
    });
    expect(ready.metadata?.finalizers).toEqual([FINALIZER]);
    expect(ready.status?.observedGeneration).toBe(ready.metadata?.generation);
    expect(findStatusCondition(ready.status?.conditions, "Ready")).toMatchObject({
      reason: "ConfigMapReady",
      observedGeneration: ready.metadata?.generation,
    });
    await mgr.flushEvents();
    const events = await cp.clientset.eventsV1().events("default").list();
    const mine = events.items.filter((e) => e.regarding?.name === "hello");
    expect(mine.map((e) => [e.type, e.reason, e.reportingController, e.regarding?.kind])).toContainEqual([
      "Normal",
      "ConfigMapCreated",
      CONTROLLER_NAME,
      "Widget",
    ]);
  });

  it("follows a spec change, and puts back a ConfigMap deleted behind its back", async () => {
    const w = await widgets.widgetsV1().widgets("default").get("hello");
    await widgets
      .widgetsV1()
      .widgets("default")
      .update({ ...w, spec: { message: "changed" } });
    await eventually("updated ConfigMap", async () => {
      const cm = await cp.clientset.coreV1().configMaps("default").get("hello");
      return cm.data?.["message"] === "changed" ? cm : undefined;
    });
    const after = await eventually("observedGeneration", async () => {
      const got = await widgets.widgetsV1().widgets("default").get("hello");
      return got.status?.observedGeneration === got.metadata?.generation ? got : undefined;
    });
    expect(after.metadata!.generation).toBeGreaterThan(w.metadata!.generation!);

    const before = await cp.clientset.coreV1().configMaps("default").get("hello");
    await cp.clientset.coreV1().configMaps("default").delete("hello");
    const again = await eventually("recreated ConfigMap", async () => {
      const cm = await cp.clientset.coreV1().configMaps("default").get("hello");
      return cm.metadata?.uid !== before.metadata?.uid ? cm : undefined;
    });
    expect(again.data).toEqual({ message: "changed" });
  });

  it("refuses a change of configMapName once set, by the CEL rule its XValidation marker put in the CRD", async () => {
    await widgets
      .widgetsV1()
      .widgets("default")
      .create(widget("named", "m", "default", "named-cm"));
    // The operator writes the Widget too (finalizer, status): retry on a conflict until the rule answers.
    const err = await eventually("a refusal other than a conflict", async () => {
      const w = await widgets.widgetsV1().widgets("default").get("named");
      const e = await widgets
        .widgetsV1()
        .widgets("default")
        .update({ ...w, spec: { message: "m", configMapName: "other-cm" } })
        .then(
          () => new Error("accepted"),
          (x: unknown) => x as Error,
        );
      return /the object has been modified/.test(e.message) ? undefined : e;
    });
    expect(err.message).toContain('spec.configMapName: Invalid value: "string": configMapName is immutable');
  });

  it("reports a clash with a ConfigMap another controller controls as Ready=False and a Warning event", async () => {
    // Controlled by a live object, so that a garbage collector leaves it alone.
    const owner = await cp.clientset
      .coreV1()
      .configMaps("default")
      .create({ metadata: { name: "owner", namespace: "default" } });
    const controllerRef = { apiVersion: "v1", kind: "ConfigMap", name: "owner", uid: owner.metadata!.uid!, controller: true };
    await cp.clientset
      .coreV1()
      .configMaps("default")
      .create({ metadata: { name: "taken", namespace: "default", ownerReferences: [controllerRef] }, data: { mine: "yes" } });
    await widgets
      .widgetsV1()
      .widgets("default")
      .create(widget("clash", "x", "default", "taken"));
    const w = await eventually("Ready=False", async () => {
      const got = await widgets.widgetsV1().widgets("default").get("clash");
      return findStatusCondition(got.status?.conditions, "Ready")?.status === "False" ? got : undefined;
    });
    expect(findStatusCondition(w.status?.conditions, "Ready")?.reason).toBe("ConfigMapConflict");
    const cm = await cp.clientset.coreV1().configMaps("default").get("taken");
    expect(cm.data).toEqual({ mine: "yes" });
    expect(cm.metadata?.ownerReferences).toEqual([controllerRef]);
    await mgr.flushEvents();
    const events = await cp.clientset.eventsV1().events("default").list();
    expect(events.items.some((e) => e.regarding?.name === "clash" && e.type === "Warning" && e.reason === "ConfigMapConflict")).toBe(true);
  });

  it("deletes the ConfigMap through its finalizer before the Widget goes", async () => {
    await widgets.widgetsV1().widgets("default").delete("hello");
    await eventually("Widget gone", async () => {
      try {
        await widgets.widgetsV1().widgets("default").get("hello");
        return undefined;
      } catch (err) {
        if (isNotFound(err)) return true;
        throw err;
      }
    });
    await expect(cp.clientset.coreV1().configMaps("default").get("hello")).rejects.toSatisfy(isNotFound);
    // The clashing Widget's finalizer leaves the ConfigMap it does not control alone.
    await widgets.widgetsV1().widgets("default").delete("clash");
    await eventually("clash gone", async () => {
      const list = await widgets.widgetsV1().widgets("default").list();
      return list.items.some((x) => x.metadata?.name === "clash") ? undefined : true;
    });
    expect((await cp.clientset.coreV1().configMaps("default").get("taken")).data).toEqual({ mine: "yes" });
  });

  it("lets a namespace holding a Widget finalize: the namespace controller deletes it, the operator's finalizer runs", async () => {
    await cp.clientset
      .coreV1()
      .namespaces()
      .create({ metadata: { name: "doomed" } });
    await widgets
      .widgetsV1()
      .widgets("doomed")
      .create(widget("w", "bye", "doomed"));
    await eventually("ConfigMap in doomed", () => cp.clientset.coreV1().configMaps("doomed").get("w"));
    await cp.clientset.coreV1().namespaces().delete("doomed");
    await eventually(
      "namespace gone",
      async () => {
        try {
          await cp.clientset.coreV1().namespaces().get("doomed");
          return undefined;
        } catch (err) {
          if (isNotFound(err)) return true;
          throw err;
        }
      },
      30_000,
    );
  });
});
