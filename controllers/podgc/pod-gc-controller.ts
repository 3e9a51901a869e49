/**
 * The pod garbage collector (upstream's pod-garbage-collector-controller): every period it
 * force-deletes (grace 0) terminated Pods beyond `--terminated-pod-gc-threshold`, terminating
 * Pods on Nodes that are not ready and tainted out-of-service, Pods bound to Nodes that are gone
 * (after a quarantine and a live GET), and terminating Pods never scheduled. A Pod not yet
 * terminal is patched to phase Failed first (with a DisruptionTarget condition when orphaned),
 * as no kubelet will ever say how it ended.
 */
import type { Node, Pod, PodCondition } from "../../generated/apis/core/v1/index.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import type { NodeInformer } from "../../generated/informers/core/v1/node.js";
import type { PodInformer } from "../../generated/informers/core/v1/pod.js";
import { isNotFound } from "../../runtime/rest/errors.js";
import { DelayingQueue } from "../../runtime/workqueue/delaying-queue.js";
import { sleep } from "../../runtime/cache/backoff.js";

/** How often the collector runs (upstream's gcCheckPeriod). */
export const GC_CHECK_PERIOD_MS = 20_000;
/** How long a Node missing from the cache may take to show up before it is looked up (upstream's quarantineTime). */
export const QUARANTINE_MS = 40_000;
/** `--terminated-pod-gc-threshold`'s default. */
export const DEFAULT_TERMINATED_POD_GC_THRESHOLD = 12_500;
/** The taint that lets terminating Pods on a not-ready Node go (v1.TaintNodeOutOfService). */
export const TAINT_NODE_OUT_OF_SERVICE = "node.kubernetes.io/out-of-service";

export interface PodGCOptions {
  pods: PodInformer;
  nodes: NodeInformer;
  client: ClientsetInterface;
  /** Terminated Pods kept before the oldest go; 0 or less: never collected for their number. */
  terminatedPodThreshold: number;
  /** Tests shorten these (upstream's NewPodGCInternal). */
  gcCheckPeriodMs?: number;
  quarantineMs?: number;
  onError: (err: unknown) => void;
  log?: (line: string, level?: number) => void;
  /** The clock of condition transition times (tests). */
  now?: () => Date;
}

const isTerminated = (pod: Pod): boolean => {
  const phase = pod.status?.phase;
  return phase !== "Pending" && phase !== "Running" && phase !== "Unknown";
};
const isTerminating = (pod: Pod): boolean => pod.metadata?.deletionTimestamp !== undefined;
const isEvicted = (pod: Pod): boolean => pod.status?.phase === "Failed" && pod.status.reason === "Evicted";
const isNodeReady = (node: Node): boolean => (node.status?.conditions ?? []).some((c) => c.type === "Ready" && c.status === "True");
const podRef = (pod: Pod): string => `${pod.metadata?.namespace ?? ""}/${pod.metadata?.name ?? ""}`;

/** Evicted Pods first, then the oldest, names breaking ties (upstream's byEvictionAndCreationTimestamp). */
export function byEvictionAndCreation(a: Pod, b: Pod): number {
  const ea = isEvicted(a);
  const eb = isEvicted(b);
  if (ea !== eb) return ea ? -1 : 1;
  const ta = a.metadata?.creationTimestamp ?? "";
  const tb = b.metadata?.creationTimestamp ?? "";
  if (ta !== tb) return ta < tb ? -1 : 1;
  const na = a.metadata?.name ?? "";
  const nb = b.metadata?.name ?? "";
  return na < nb ? -1 : na > nb ? 1 : 0;
}

/**
 * The status patch upstream's PatchPodStatus sends (a strategic merge patch from the old status
 * to the new, with the uid as a precondition): phase Failed, and `condition` merged by type.
 */
export function failedStatusPatch(pod: Pod, condition: PodCondition | undefined): Record<string, unknown> {
  const status: Record<string, unknown> = {};
  if (condition) {
    const conditions = [...(pod.status?.conditions ?? [])];
    const i = conditions.findIndex((c) => c.type === condition.type);
    const old = i >= 0 ? conditions[i] : undefined;
    // An unchanged status keeps its transition time (upstream's UpdatePodCondition).
    const next: PodCondition = { ...condition, ...(old?.status === condition.status && { lastTransitionTime: old.lastTransitionTime }) };
    const changed =
      !old ||
      old.status !== next.status ||
      old.reason !== next.reason ||
      old.message !== next.message ||
      old.lastProbeTime !== next.lastProbeTime ||
      old.lastTransitionTime !== next.lastTransitionTime;
    if (changed) {
      if (i >= 0) conditions[i] = next;
      else conditions.push(next);
      status["$setElementOrder/conditions"] = conditions.map((c) => ({ type: c.type }));
      status.conditions = [{ lastProbeTime: null, ...next }];
    }
  }
  status.phase = "Failed";
  return { metadata: { uid: pod.metadata?.uid }, status };
}

export class PodGCController {
  /** Names of Nodes seen missing, each ready for a live lookup once its quarantine has passed. */
  readonly nodeQueue = new DelayingQueue<string>();
  readonly #synced: () => boolean;
  readonly #period: number;
  readonly #quarantine: number;
  readonly #now: () => Date;

  constructor(private readonly options: PodGCOptions) {
    const pods = options.pods.informer();
    const nodes = options.nodes.informer();
    this.#synced = () => pods.hasSynced() && nodes.hasSynced();
    this.#period = options.gcCheckPeriodMs ?? GC_CHECK_PERIOD_MS;
    this.#quarantine = options.quarantineMs ?? QUARANTINE_MS;
    this.#now = options.now ?? (() => new Date());
  }

  /** Runs a pass every period (measured from the end of the last) until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    this.options.log?.("Starting pod-garbage-collector-controller", 2);
    try {
      while (!this.#synced()) {
        await sleep(100, signal);
        if (signal.aborted) return;
      }
      for (;;) {
        try {
          await this.gc(signal);
        } catch (err) {
          if (!signal.aborted) this.options.onError(err);
        }
        await sleep(this.#period, signal);
        if (signal.aborted) return;
      }
    } finally {
      this.nodeQueue.shutDown();
    }
  }

  /** One pass over the cached Pods and Nodes. */
  async gc(signal?: AbortSignal): Promise<void> {
    const pods = this.options.pods.lister().list();
    const nodes = this.options.nodes.lister().list();
    if (this.options.terminatedPodThreshold > 0) await this.#gcTerminated(pods, signal);
    await this.#gcTerminating(pods, signal);
    await this.#gcOrphaned(pods, nodes, signal);
    await this.#gcUnscheduledTerminating(pods, signal);
  }

  async #gcTerminated(pods: Pod[], signal?: AbortSignal): Promise<void> {
    const terminated = pods.filter(isTerminated);
    const count = terminated.length - this.options.terminatedPodThreshold;
    if (count <= 0) return;
    this.options.log?.(`Garbage collecting pods numPods=${count}`);
    terminated.sort(byEvictionAndCreation);
    await Promise.all(terminated.slice(0, count).map((pod) => this.#collect(pod, undefined, signal)));
  }

  async #gcTerminating(pods: Pod[], signal?: AbortSignal): Promise<void> {
    const lister = this.options.nodes.lister();
    const terminating: Pod[] = [];
    for (const pod of pods) {
      if (!isTerminating(pod)) continue;
      let node: Node;
      try {
        node = lister.get(pod.spec?.nodeName ?? "");
      } catch {
        // Unscheduled or orphaned: the other two rules deal with it.
        this.options.log?.(`Failed to get node node=${JSON.stringify(pod.spec?.nodeName ?? "")}`, 4);
        continue;
      }
      if (!isNodeReady(node) && (node.spec?.taints ?? []).some((t) => t.key === TAINT_NODE_OUT_OF_SERVICE)) terminating.push(pod);
    }
    if (terminating.length === 0) return;
    terminating.sort(byEvictionAndCreation);
    await Promise.all(terminating.map((pod) => this.#collect(pod, undefined, signal)));
  }

  /** Pods bound to Nodes missing from the cache past their quarantine and from the apiserver. */
  async #gcOrphaned(pods: Pod[], nodes: Node[], signal?: AbortSignal): Promise<void> {
    const existing = new Set(nodes.map((n) => n.metadata?.name ?? ""));
    for (const pod of pods) {
      const nodeName = pod.spec?.nodeName ?? "";
      if (nodeName !== "" && !existing.has(nodeName)) this.nodeQueue.addAfter(nodeName, this.#quarantine);
    }
    const deleted = new Set<string>();
    while (this.nodeQueue.len() > 0) {
      const { item, shutdown } = await this.nodeQueue.get();
      if (shutdown) return;
      try {
        if (!existing.has(item) && !(await this.#nodeExists(item, signal))) deleted.add(item);
      } catch (err) {
        // Queued again by the next pass if still needed.
        this.options.onError(new Error(`Error while getting node ${item}: ${message(err)}`, { cause: err }));
      } finally {
        this.nodeQueue.done(item);
      }
    }
    for (const pod of pods) {
      if (!deleted.has(pod.spec?.nodeName ?? "")) continue;
      this.options.log?.(`Found orphaned Pod assigned to the Node, deleting pod=${podRef(pod)} node=${pod.spec?.nodeName}`, 2);
      const condition: PodCondition = {
        type: "DisruptionTarget",
        status: "True",
        reason: "DeletionByPodGC",
        message: "PodGC: node no longer exists",
        lastTransitionTime: formatTime(this.#now()),
      };
      if (await this.#collect(pod, condition, signal)) this.options.log?.(`Forced deletion of orphaned Pod succeeded pod=${podRef(pod)}`);
    }
  }

  async #gcUnscheduledTerminating(pods: Pod[], signal?: AbortSignal): Promise<void> {
    for (const pod of pods) {
      if (!isTerminating(pod) || (pod.spec?.nodeName ?? "") !== "") continue;
      this.options.log?.(`Found unscheduled terminating Pod not assigned to any Node, deleting pod=${podRef(pod)}`, 2);
      if (await this.#collect(pod, undefined, signal))
        this.options.log?.(`Forced deletion of unscheduled terminating Pod succeeded pod=${podRef(pod)}`);
    }
  }

  async #nodeExists(name: string, signal?: AbortSignal): Promise<boolean> {
    try {
      await this.options.client
        .coreV1()
        .nodes()
        .get(name, { ...(signal && { signal }) });
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  }

  /** Marks a Pod not yet terminal Failed, then deletes it with grace 0; false (reported) when that failed. */
  async #collect(pod: Pod, condition: PodCondition | undefined, signal?: AbortSignal): Promise<boolean> {
    const ns = pod.metadata?.namespace ?? "";
    const name = pod.metadata?.name ?? "";
    this.options.log?.(`PodGC is force deleting Pod pod=${ns}/${name}`);
    const pods = this.options.client.coreV1().pods(ns);
    try {
      const phase = pod.status?.phase;
      if (phase !== "Succeeded" && phase !== "Failed") {
        await pods.patch(
          name,
          "application/strategic-merge-patch+json",
          failedStatusPatch(pod, condition),
          { ...(signal && { signal }) },
          "status",
        );
      }
      await pods.delete(name, { gracePeriodSeconds: 0, ...(signal && { signal }) });
      return true;
    } catch (err) {
      // Gone already: someone else finished the job.
      if (!isNotFound(err) && !signal?.aborted) this.options.onError(new Error(`pod ${ns}/${name}: ${message(err)}`, { cause: err }));
      return false;
    }
  }
}

/** A metav1.Time as the API writes it (seconds, UTC). */
function formatTime(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

function message(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
