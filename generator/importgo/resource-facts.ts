/**
 * Resource facts of the built-in kinds that Go types do not carry (upstream keeps them in the
 * apiserver's registry): plural when the default lower-case plural is wrong, short names and
 * categories, as `kubectl api-resources` lists them for Kubernetes 1.34. Keyed by
 * `<group>/<Kind>` (the core group is empty).
 */
export interface BuiltinFacts {
  plural?: string;
  shortNames?: string[];
  categories?: string[];
}

const ALL = ["all"];
const API_EXT = ["api-extensions"];

export const BUILTIN_RESOURCE_FACTS: Readonly<Record<string, BuiltinFacts>> = {
  "/ComponentStatus": { plural: "componentstatuses", shortNames: ["cs"] },
  "/ConfigMap": { shortNames: ["cm"] },
  "/Endpoints": { plural: "endpoints", shortNames: ["ep"] },
  "/Event": { shortNames: ["ev"] },
  "/LimitRange": { shortNames: ["limits"] },
  "/Namespace": { shortNames: ["ns"] },
  "/Node": { shortNames: ["no"] },
  "/PersistentVolumeClaim": { shortNames: ["pvc"] },
  "/PersistentVolume": { shortNames: ["pv"] },
  "/Pod": { shortNames: ["po"], categories: ALL },
  "/ReplicationController": { shortNames: ["rc"], categories: ALL },
  "/ResourceQuota": { shortNames: ["quota"] },
  "/ServiceAccount": { shortNames: ["sa"] },
  "/Service": { shortNames: ["svc"], categories: ALL },
  "admissionregistration.k8s.io/MutatingWebhookConfiguration": { categories: API_EXT },
  "admissionregistration.k8s.io/ValidatingWebhookConfiguration": { categories: API_EXT },
  "admissionregistration.k8s.io/ValidatingAdmissionPolicy": { categories: API_EXT },
  "admissionregistration.k8s.io/ValidatingAdmissionPolicyBinding": { categories: API_EXT },
  "apiextensions.k8s.io/CustomResourceDefinition": { shortNames: ["crd", "crds"], categories: API_EXT },
  "apiregistration.k8s.io/APIService": { categories: API_EXT },
  "apps/DaemonSet": { shortNames: ["ds"], categories: ALL },
  "apps/Deployment": { shortNames: ["deploy"], categories: ALL },
  "apps/ReplicaSet": { shortNames: ["rs"], categories: ALL },
  "apps/StatefulSet": { shortNames: ["sts"], categories: ALL },
  "autoscaling/HorizontalPodAutoscaler": { shortNames: ["hpa"], categories: ALL },
  "batch/CronJob": { shortNames: ["cj"], categories: ALL },
  "batch/Job": { categories: ALL },
  "certificates.k8s.io/CertificateSigningRequest": { shortNames: ["csr"] },
  "events.k8s.io/Event": { shortNames: ["ev"] },
  "networking.k8s.io/Ingress": { plural: "ingresses", shortNames: ["ing"] },
  "networking.k8s.io/NetworkPolicy": { shortNames: ["netpol"] },
  "policy/PodDisruptionBudget": { shortNames: ["pdb"] },
  "scheduling.k8s.io/PriorityClass": { shortNames: ["pc"] },
  "storage.k8s.io/StorageClass": { shortNames: ["sc"] },
};
