/**
 * ClusterTrustBundleAttest, on by default upstream: a ClusterTrustBundle naming a signer may be
 * written only by a user allowed the `attest` verb on that signer. Upstream's plugin acts only
 * while the ClusterTrustBundle feature gate is on, and in 1.34 the gate and the
 * certificates.k8s.io v1beta1 API serving the bundles are both off by default; kubegen does not
 * serve clustertrustbundles at all, so the plugin is registered (named in the flags, in
 * upstream's order) and has nothing to check.
 */
import type { AdmissionPlugin } from "./interface.js";

export class ClusterTrustBundleAttest implements AdmissionPlugin {
  readonly name = "ClusterTrustBundleAttest";
}
