// Turns what a namespace deletion pass found into the five NamespaceConditions, with upstream's reasons and messages.
import type { Namespace, NamespaceCondition, NamespaceConditionType } from "../../generated/apis/core/v1/index.js";
import { GroupDiscoveryFailedError } from "../../runtime/discovery/index.js";

/** The condition types the deleter owns, in the order it writes them. */
export const NAMESPACE_CONDITION_TYPES: readonly NamespaceConditionType[] = [
  "NamespaceDeletionDiscoveryFailure",
  "NamespaceDeletionGroupVersionParsingFailure",
  "NamespaceDeletionContentFailure",
  "NamespaceContentRemaining",
  "NamespaceFinalizersRemaining",
];

const OK: Record<string, { reason: string; message: string }> = {
  NamespaceDeletionDiscoveryFailure: { reason: "ResourcesDiscovered", message: "All resources successfully discovered" },
  NamespaceDeletionGroupVersionParsingFailure: { reason: "ParsedGroupVersions", message: "All legacy kube types successfully parsed" },
  NamespaceDeletionContentFailure: {
    reason: "ContentDeleted",
    message: "All content successfully deleted, may be waiting on finalization",
  },
  NamespaceContentRemaining: { reason: "ContentRemoved", message: "All content successfully removed" },
  NamespaceFinalizersRemaining: { reason: "ContentRemoved", message: "All content successfully removed" },
};

/** metav1.Time: RFC 3339 in UTC, whole seconds. */
export function nowTime(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, "Z");
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** What remains after a pass: objects per resource (`configmaps.` for the core group) and per finalizer. */
export interface ContentTotals {
  remainingByResource: Map<string, number>;
  remainingByFinalizer: Map<string, number>;
}

/**
 * Collects the failures and remaining content of one deletion pass, then writes the conditions:
 * a failing type gets status True with its failure reason, every other type its "ok" form.
 */
export class NamespaceConditionUpdater {
  readonly #conditions: NamespaceCondition[] = [];
  readonly #contentErrors: unknown[] = [];

  processDiscoverResourcesErr(err: unknown): void {
    const message =
      err instanceof GroupDiscoveryFailedError
        ? `Discovery failed for some groups, ${err.groups.size} failing: ${err.message}`
        : errorMessage(err);
    this.#add("NamespaceDeletionDiscoveryFailure", "DiscoveryFailed", message);
  }

  processGroupVersionErr(err: unknown): void {
    this.#add("NamespaceDeletionGroupVersionParsingFailure", "GroupVersionParsingFailed", errorMessage(err));
  }

  processDeleteContentErr(err: unknown): void {
    this.#contentErrors.push(err);
  }

  processContentTotals(totals: ContentTotals): void {
    const byResource = [...totals.remainingByResource]
      .filter(([, n]) => n > 0)
      .map(([r, n]) => `${r} has ${n} resource instances`)
      .sort();
    if (byResource.length > 0)
      this.#add("NamespaceContentRemaining", "SomeResourcesRemain", `Some resources are remaining: ${byResource.join(", ")}`);
    const byFinalizer = [...totals.remainingByFinalizer]
      .filter(([, n]) => n > 0)
      .map(([f, n]) => `${f} in ${n} resource instances`)
      .sort();
    if (byFinalizer.length > 0)
      this.#add("NamespaceFinalizersRemaining", "SomeFinalizerRemain", `Some finalizers are remaining: ${byFinalizer.join(", ")}`);
  }

  /** Writes the conditions into `ns.status` (in place); true when anything changed. */
  update(ns: Namespace): boolean {
    if (this.#contentErrors.length > 0 && !this.#conditions.some((c) => c.type === "NamespaceDeletionContentFailure")) {
      const msgs = this.#contentErrors.map(errorMessage).sort();
      this.#add(
        "NamespaceDeletionContentFailure",
        "ContentDeletionFailed",
        `Failed to delete all resource types, ${msgs.length} remaining: ${msgs.join(", ")}`,
      );
    }
    const status = (ns.status ??= {});
    const current = (status.conditions ??= []);
    let changed = false;
    for (const type of NAMESPACE_CONDITION_TYPES) {
      const next = this.#conditions.find((c) => c.type === type) ?? {
        type,
        status: "False",
        lastTransitionTime: nowTime(),
        reason: OK[type]!.reason,
        message: OK[type]!.message,
      };
      const old = current.find((c) => c.type === type);
      if (old === undefined) {
        current.push(next);
        changed = true;
      } else if (old.status !== next.status || old.reason !== next.reason || old.message !== next.message) {
        if (old.status !== next.status) old.lastTransitionTime = nowTime();
        old.status = next.status;
        old.reason = next.reason;
        old.message = next.message;
        changed = true;
      }
    }
    return changed;
  }

  #add(type: NamespaceConditionType, reason: string, message: string): void {
    this.#conditions.push({ type, status: "True", lastTransitionTime: nowTime(), reason, message });
  }
}
