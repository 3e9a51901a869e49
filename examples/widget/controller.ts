/**
 * The Widget operator of docs/controllers.md, on the controller framework: each Widget gets a
 * ConfigMap it controls holding `spec.message`; a finalizer deletes the ConfigMap before the
 * Widget goes; the `Ready` condition (with observedGeneration) says how it went, and events
 * record what was done.
 *
 *   npx tsx examples/widget/controller.ts [--kubeconfig PATH]
 */
import {
  AlreadyOwnedError,
  ConfigMapKind,
  controllerManagedBy,
  createOrUpdate,
  defineAPISet,
  defineKind,
  generationChanged,
  handleFinalizer,
  isControlledBy,
  Manager,
  setControllerReference,
  setStatusCondition,
  type ConditionInput,
  type Controller,
  type ReconcileContext,
  type Request,
  type Result,
} from "../../framework/index.js";
import { deepCopyWidget } from "./generated/apis/widgets/v1/zz_generated.deepcopy.js";
import { rest } from "kubegen/runtime";
import type { Widget } from "./api/widgets/v1/types.js";
import { Clientset } from "./generated/clientset/index.js";
import { SharedInformerFactory } from "./generated/informers/index.js";

/** The example's generated SDK, as the framework addresses it. */
export const widgetsAPI = defineAPISet("widgets.example.com", Clientset, SharedInformerFactory);

export const WidgetKind = defineKind(widgetsAPI, {
  apiVersion: "widgets.example.com/v1",
  kind: "Widget",
  namespaced: true,
  client: (cs, ns) => cs.widgetsV1().widgets(ns),
  informer: (f) => f.widgetsV1().widgets().informer(),
});

/** Held by every Widget until its ConfigMap is gone. */
export const FINALIZER = "widgets.example.com/configmap";
/** The field manager and event reporter of the operator. */
export const CONTROLLER_NAME = "widget-controller";

/** The ConfigMap a Widget asks for. */
export function configMapNameOf(w: Widget): string {
  return w.spec?.configMapName || (w.metadata?.name ?? "");
}

/** Registers the Widget controller with `mgr`. */
export function setupWidgetController(mgr: Manager, options: { workers?: number } = {}): Controller {
  const widgets = mgr.cache(WidgetKind);
  const configMaps = mgr.cache(ConfigMapKind);
  const events = mgr.eventRecorder(CONTROLLER_NAME);

  async function reconcile({ namespace, name }: Request, { signal }: ReconcileContext): Promise<Result | void> {
    const cached = widgets.get(namespace, name);
    if (!cached) return; // gone: the ConfigMap went first (finalizer), or with it (owner reference)
    const widgetClient = mgr.client(WidgetKind, namespace);
    const cmClient = mgr.client(ConfigMapKind, namespace);
    const cmName = configMapNameOf(cached);

    // Deleting: remove our ConfigMap, then let the Widget go.
    const { outcome, object: widget } = await handleFinalizer(
      widgetClient,
      deepCopyWidget(cached),
      FINALIZER,
      async (w) => {
        const cm = configMaps.get(namespace, cmName);
        if (cm && isControlledBy(cm, w)) {
          await cmClient.delete(cmName, { signal }).catch((err: unknown) => {
            if (!rest.isNotFound(err)) throw err;
          });
          events.event(w, "Normal", "ConfigMapDeleted", "Delete", `Deleted ConfigMap ${cmName}`, { kind: WidgetKind });
        }
      },
      { signal },
    );
    if (outcome === "finalized" || outcome === "deleting") return;

    const generation = widget.metadata?.generation;
    const status = widget.status ? deepCopyWidget(widget).status! : {};
    let ready: ConditionInput;
    try {
      const { result } = await createOrUpdate(
        cmClient,
        { metadata: { name: cmName, namespace } },
        (cm) => {
          cm.data = { ...cm.data, message: widget.spec?.message ?? "" };
          setControllerReference(widget, cm, { kind: WidgetKind });
        },
        { signal, fieldManager: CONTROLLER_NAME },
      );
      if (result !== "unchanged") {
        const verb = result === "created" ? "Created" : "Updated";
        events.event(widget, "Normal", `ConfigMap${verb}`, verb === "Created" ? "Create" : "Update", `${verb} ConfigMap ${cmName}`, {
          kind: WidgetKind,
        });
      }
      ready = {
        type: "Ready",
        status: "True",
        reason: "ConfigMapReady",
        message: `ConfigMap ${cmName} holds the message`,
        observedGeneration: generation,
      };
    } catch (err) {
      // Someone else's ConfigMap has the name: say so, and wait for a change instead of retrying.
      if (!(err instanceof AlreadyOwnedError)) throw err;
      events.event(widget, "Warning", "ConfigMapConflict", "Create", `ConfigMap ${cmName} exists and is not controlled by this Widget`, {
        kind: WidgetKind,
      });
      ready = { type: "Ready", status: "False", reason: "ConfigMapConflict", message: err.message, observedGeneration: generation };
    }
    let changed = setStatusCondition(status, ready);
    if (status.observedGeneration !== generation || status.configMapName !== cmName) {
      status.observedGeneration = generation;
      status.configMapName = cmName;
      changed = true;
    }
    if (changed) await widgetClient.updateStatus!({ ...widget, status }, { signal });
  }

  return (
    controllerManagedBy(mgr)
      .named(CONTROLLER_NAME)
      // Spec changes and deletions move the generation; status and finalizer writes do not.
      .for(WidgetKind, generationChanged())
      // A ConfigMap changed or deleted behind the operator's back wakes its Widget.
      .owns(ConfigMapKind)
      .withOptions({ maxConcurrentReconciles: options.workers ?? 2 })
      .complete(reconcile)
  );
}

async function main(): Promise<void> {
  const i = process.argv.indexOf("--kubeconfig");
  const kubeconfig = i >= 0 ? process.argv[i + 1] : undefined;
  const mgr = new Manager({
    restConfig: rest.loadKubeconfig(kubeconfig ? { path: kubeconfig } : {}),
    healthProbeBindAddress: "127.0.0.1:8081",
    metricsBindAddress: "127.0.0.1:8080",
    log: (l) => console.error(l),
  });
  setupWidgetController(mgr);
  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  process.once("SIGTERM", () => stop.abort());
  console.error("widget operator running (probes on :8081, metrics on :8080); Ctrl-C stops it");
  await mgr.start(stop.signal);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
