/**
 * ServiceAccount admission: a Pod without `serviceAccountName` runs as `default`; the account
 * must exist; unless it opts out (`automountServiceAccountToken: false`), the Pod gets the
 * projected `kube-api-access-*` volume (token, kube-root-ca.crt, namespace) mounted at
 * /var/run/secrets/kubernetes.io/serviceaccount in every container, as upstream.
 */
import { newForbidden } from "../../runtime/rest/errors.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "./interface.js";
import { FollowedLists } from "./followed-lists.js";
import type { AdmissionObjects } from "./objects.js";
import type { KubeObject } from "../registry/rest.js";

const MOUNT = "/var/run/secrets/kubernetes.io/serviceaccount";
/** The letters of upstream's generated-name suffixes (no vowels, no look-alike digits). */
const SUFFIX_CHARS = "bcdfghjklmnpqrstvwxz2456789";
const SUFFIX_SPACE = SUFFIX_CHARS.length ** 5;

/** A 5-letter suffix as upstream's `kube-api-access-xxxxx`: unpredictable enough for a name, no crypto call per Pod. */
function nameSuffix(): string {
  // One random draw split into five letters (27^5 < 2^53): each as likely as from its own draw.
  let n = Math.floor(Math.random() * SUFFIX_SPACE);
  let out = "";
  for (let i = 0; i < 5; i++) {
    out += SUFFIX_CHARS[n % SUFFIX_CHARS.length];
    n = Math.floor(n / SUFFIX_CHARS.length);
  }
  return out;
}

// Plain loops over each list: no merged copy, no closures per Pod.
function mountsToken(containers: Record<string, unknown>[]): boolean {
  for (const c of containers)
    for (const m of (c.volumeMounts as { mountPath?: string }[] | undefined) ?? []) if (m.mountPath === MOUNT) return true;
  return false;
}

function addMount(containers: Record<string, unknown>[], volumeName: string): void {
  for (const c of containers) {
    const mounts = (c.volumeMounts as unknown[] | undefined) ?? [];
    mounts.push({ name: volumeName, readOnly: true, mountPath: MOUNT });
    c.volumeMounts = mounts;
  }
}

export class ServiceAccountAdmission implements AdmissionPlugin {
  readonly name = "ServiceAccount";
  /** ServiceAccounts read once and kept until one changes. */
  private readonly accounts: FollowedLists;
  constructor(objects: AdmissionObjects, lists = new FollowedLists(objects)) {
    this.accounts = lists;
  }

  /** Returns no promise when the account is kept (most creates): the chain then waits on nothing. */
  admit(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (a.resource.group !== "" || a.resource.resource !== "pods" || a.subresource !== "" || a.operation !== "CREATE" || !a.object) return;
    try {
      const spec = (a.object.spec ??= {}) as Record<string, unknown>;
      // Mirror pods (static pods of a kubelet) are left alone, as upstream.
      if (a.object.metadata?.annotations?.["kubernetes.io/config.mirror"] !== undefined) return;
      const name = (spec.serviceAccountName as string | undefined) || "default";
      spec.serviceAccountName = name;
      // The deprecated alias mirrors it, as core/v1's conversion makes it: the store's defaults need not run again.
      spec.serviceAccount = name;
      const kept = this.accounts.keptObject("", "serviceaccounts", a.namespace, name);
      if (kept !== undefined) {
        mountToken(spec, kept);
        return;
      }
      return this.accounts.get("", "serviceaccounts", a.namespace, name, ctx).then((sa) => {
        if (!sa)
          throw newForbidden(
            { group: "", resource: "pods" },
            a.name,
            `error looking up service account ${a.namespace}/${name}: serviceaccount "${name}" not found`,
          );
        mountToken(spec, sa);
      });
    } catch (err) {
      // Refusals reach the caller as a rejection, as from any plugin.
      return Promise.reject(err);
    }
  }
}

/** Upstream's token volume and its mounts, unless the Pod or its account opts out or mounts one itself. */
function mountToken(spec: Record<string, unknown>, sa: KubeObject): void {
  const automount =
    (spec.automountServiceAccountToken as boolean | undefined) ?? (sa.automountServiceAccountToken as boolean | undefined) ?? true;
  if (!automount) return;
  const init = (spec.initContainers as Record<string, unknown>[] | undefined) ?? [];
  const main = (spec.containers as Record<string, unknown>[] | undefined) ?? [];
  if (mountsToken(init) || mountsToken(main)) return;
  const volumeName = `kube-api-access-${nameSuffix()}`;
  const volumes = (spec.volumes as unknown[] | undefined) ?? [];
  volumes.push({
    name: volumeName,
    projected: {
      defaultMode: 420,
      sources: [
        { serviceAccountToken: { expirationSeconds: 3607, path: "token" } },
        { configMap: { name: "kube-root-ca.crt", items: [{ key: "ca.crt", path: "ca.crt" }] } },
        { downwardAPI: { items: [{ path: "namespace", fieldRef: { apiVersion: "v1", fieldPath: "metadata.namespace" } }] } },
      ],
    },
  });
  spec.volumes = volumes;
  addMount(init, volumeName);
  addMount(main, volumeName);
}
