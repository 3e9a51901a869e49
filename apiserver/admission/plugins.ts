/**
 * The admission plugins `--enable-admission-plugins` / `--disable-admission-plugins` choose
 * from, in upstream's order (mutating phases run before validating ones whatever the order).
 * NamespaceLifecycle is always on (the server adds it first); all but NodeRestriction and
 * AlwaysPullImages are on by default, the webhook and ValidatingAdmissionPolicy plugins too (the
 * server wires those itself, and leaves them out when they are disabled: see
 * {@link runsWebhookPlugin}).
 */
import { AlwaysPullImages } from "./always-pull-images.js";
import { CertificateApproval, CertificateSigning, CertificateSubjectRestriction, type Authorize } from "./certificates.js";
import { ClusterTrustBundleAttest } from "./cluster-trust-bundle-attest.js";
import { DefaultIngressClass } from "./default-ingress-class.js";
import type { AdmissionPlugin } from "./interface.js";
import { DefaultStorageClass } from "./default-storage-class.js";
import { DefaultTolerationSeconds } from "./default-toleration-seconds.js";
import { FollowedLists } from "./followed-lists.js";
import { LimitRanger } from "./limit-ranger.js";
import { NodeRestriction } from "./node-restriction.js";
import type { AdmissionObjects } from "./objects.js";
import { PodSecurity } from "./pod-security.js";
import { PriorityAdmission } from "./priority.js";
import { PersistentVolumeClaimResize } from "./pvc-resize.js";
import { ResourceQuotaAdmission } from "./resource-quota.js";
import { RuntimeClassAdmission } from "./runtime-class.js";
import { ServiceAccountAdmission } from "./service-account.js";
import { StorageObjectInUseProtection } from "./storage-protection.js";
import { TaintNodesByCondition } from "./taint-nodes.js";

/** Every plugin kubegen has, in upstream's order. */
export const ADMISSION_PLUGINS = [
  "NamespaceLifecycle",
  "LimitRanger",
  "ServiceAccount",
  "NodeRestriction",
  "TaintNodesByCondition",
  "AlwaysPullImages",
  "PodSecurity",
  "Priority",
  "DefaultTolerationSeconds",
  "DefaultStorageClass",
  "StorageObjectInUseProtection",
  "PersistentVolumeClaimResize",
  "RuntimeClass",
  "CertificateApproval",
  "CertificateSigning",
  "ClusterTrustBundleAttest",
  "CertificateSubjectRestriction",
  "DefaultIngressClass",
  "MutatingAdmissionWebhook",
  "ValidatingAdmissionPolicy",
  "ValidatingAdmissionWebhook",
  "ResourceQuota",
] as const;

/** Upstream's plugins that are off unless `--enable-admission-plugins` names them. */
const OFF_BY_DEFAULT: ReadonlySet<string> = new Set(["NodeRestriction", "AlwaysPullImages"]);

/** The plugins that run without flags, in upstream's order: upstream's defaults. */
export const DEFAULT_ADMISSION_PLUGINS: readonly string[] = ADMISSION_PLUGINS.filter((n) => !OFF_BY_DEFAULT.has(n));

/** The plugins the server builds itself rather than {@link buildAdmissionPlugins}. */
export type ServerWiredPlugin = "MutatingAdmissionWebhook" | "ValidatingAdmissionWebhook" | "ValidatingAdmissionPolicy";

/**
 * Whether `plugin` runs given the selected plugins: it does when it is selected, or when no
 * selection was made (a server built without flags runs every plugin it has).
 */
export function runsWebhookPlugin(selected: readonly string[] | undefined, plugin: ServerWiredPlugin): boolean {
  return selected === undefined || selected.includes(plugin);
}

/** Which plugins run, in upstream's order: the defaults, plus enabled, minus disabled; unknown names are an error. */
export function selectAdmissionPlugins(enable: readonly string[] = [], disable: readonly string[] = []): string[] {
  for (const [flag, names] of [
    ["--enable-admission-plugins", enable],
    ["--disable-admission-plugins", disable],
  ] as const) {
    for (const n of names) {
      if (!(ADMISSION_PLUGINS as readonly string[]).includes(n))
        throw new Error(`${flag}: plugin ${JSON.stringify(n)} is unknown (available: ${ADMISSION_PLUGINS.join(", ")})`);
    }
  }
  const both = enable.filter((n) => disable.includes(n));
  if (both.length > 0) throw new Error(`${both.join(", ")} in both --enable-admission-plugins and --disable-admission-plugins`);
  return ADMISSION_PLUGINS.filter((n) => (DEFAULT_ADMISSION_PLUGINS.includes(n) || enable.includes(n)) && !disable.includes(n));
}

/**
 * The selected plugins (NamespaceLifecycle excluded: the server wires it itself). The certificate
 * approval and signing plugins ask `authorize` (the server's authorizer); without one they are
 * left out, as upstream refuses to start them without an authorizer.
 */
export function buildAdmissionPlugins(names: readonly string[], objects: AdmissionObjects, authorize?: Authorize): AdmissionPlugin[] {
  const out: AdmissionPlugin[] = [];
  // One follow per resource, whichever plugins read it.
  const lists = new FollowedLists(objects);
  for (const n of names) {
    if (n === "LimitRanger") out.push(new LimitRanger(objects, lists));
    else if (n === "ServiceAccount") out.push(new ServiceAccountAdmission(objects, lists));
    else if (n === "NodeRestriction") out.push(new NodeRestriction(objects, authorize));
    else if (n === "AlwaysPullImages") out.push(new AlwaysPullImages());
    else if (n === "DefaultTolerationSeconds") out.push(new DefaultTolerationSeconds());
    else if (n === "Priority") out.push(new PriorityAdmission(objects));
    else if (n === "DefaultStorageClass") out.push(new DefaultStorageClass(objects));
    else if (n === "PodSecurity") out.push(new PodSecurity(objects, lists));
    else if (n === "ResourceQuota") out.push(new ResourceQuotaAdmission(objects, lists));
    else if (n === "TaintNodesByCondition") out.push(new TaintNodesByCondition());
    else if (n === "StorageObjectInUseProtection") out.push(new StorageObjectInUseProtection());
    else if (n === "PersistentVolumeClaimResize") out.push(new PersistentVolumeClaimResize(objects));
    else if (n === "RuntimeClass") out.push(new RuntimeClassAdmission(objects));
    else if (n === "CertificateApproval" && authorize) out.push(new CertificateApproval(authorize));
    else if (n === "CertificateSigning" && authorize) out.push(new CertificateSigning(authorize));
    else if (n === "ClusterTrustBundleAttest") out.push(new ClusterTrustBundleAttest());
    else if (n === "CertificateSubjectRestriction") out.push(new CertificateSubjectRestriction());
    else if (n === "DefaultIngressClass") out.push(new DefaultIngressClass(objects));
  }
  return out;
}
