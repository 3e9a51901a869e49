/**
 * Shorthand for the bootstrap policy's data modules: rules and subjects written one per line so
 * the tables stay close to upstream's testdata listings they were transcribed from.
 */
import type { PolicyRule } from "../auth/rbac/rules.js";

const words = (s: string): string[] => s.split(" ");

/**
 * A resource rule. Each argument is a space-separated list; in `groups` an empty word is the core
 * group, so `""` is `[""]` and `" events.k8s.io"` is `["", "events.k8s.io"]`.
 */
export const rule = (groups: string, resources: string, verbs: string, names?: string): PolicyRule => ({
  apiGroups: words(groups),
  resources: words(resources),
  ...(names !== undefined && { resourceNames: words(names) }),
  verbs: words(verbs),
});

/** A non-resource rule. */
export const urls = (paths: string, verbs: string): PolicyRule => ({ nonResourceURLs: words(paths), verbs: words(verbs) });

/** The rule every controller carries to record events (upstream's eventsRule). */
export const eventsRule = (): PolicyRule => rule(" events.k8s.io", "events", "create patch update");

export const READ = "get list watch";

export interface SubjectSpec {
  kind: "User" | "Group" | "ServiceAccount";
  name: string;
  /** ServiceAccount subjects only. */
  namespace?: string;
}

export const user = (name: string): SubjectSpec => ({ kind: "User", name });
export const group = (name: string): SubjectSpec => ({ kind: "Group", name });
export const serviceAccount = (namespace: string, name: string): SubjectSpec => ({ kind: "ServiceAccount", name, namespace });
