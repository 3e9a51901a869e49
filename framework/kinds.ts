/** The built-in API as an {@link APISet}, and the kinds controllers most often own or watch. */
import { Clientset } from "../generated/clientset/index.js";
import { SharedInformerFactory } from "../generated/informers/index.js";
import { defineAPISet, defineKind } from "./kind.js";

/** The built-in API's generated clientset and informers. */
export const builtinAPI = defineAPISet("builtin", Clientset, SharedInformerFactory);

export const ConfigMapKind = defineKind(builtinAPI, {
  apiVersion: "v1",
  kind: "ConfigMap",
  namespaced: true,
  client: (cs, ns) => cs.coreV1().configMaps(ns),
  informer: (f) => f.coreV1().configMaps().informer(),
});

export const SecretKind = defineKind(builtinAPI, {
  apiVersion: "v1",
  kind: "Secret",
  namespaced: true,
  client: (cs, ns) => cs.coreV1().secrets(ns),
  informer: (f) => f.coreV1().secrets().informer(),
});

export const ServiceKind = defineKind(builtinAPI, {
  apiVersion: "v1",
  kind: "Service",
  namespaced: true,
  client: (cs, ns) => cs.coreV1().services(ns),
  informer: (f) => f.coreV1().services().informer(),
});

export const ServiceAccountKind = defineKind(builtinAPI, {
  apiVersion: "v1",
  kind: "ServiceAccount",
  namespaced: true,
  client: (cs, ns) => cs.coreV1().serviceAccounts(ns),
  informer: (f) => f.coreV1().serviceAccounts().informer(),
});

export const PodKind = defineKind(builtinAPI, {
  apiVersion: "v1",
  kind: "Pod",
  namespaced: true,
  client: (cs, ns) => cs.coreV1().pods(ns),
  informer: (f) => f.coreV1().pods().informer(),
});

export const NamespaceKind = defineKind(builtinAPI, {
  apiVersion: "v1",
  kind: "Namespace",
  namespaced: false,
  client: (cs) => cs.coreV1().namespaces(),
  informer: (f) => f.coreV1().namespaces().informer(),
});

export const DeploymentKind = defineKind(builtinAPI, {
  apiVersion: "apps/v1",
  kind: "Deployment",
  namespaced: true,
  client: (cs, ns) => cs.appsV1().deployments(ns),
  informer: (f) => f.appsV1().deployments().informer(),
});

export const StatefulSetKind = defineKind(builtinAPI, {
  apiVersion: "apps/v1",
  kind: "StatefulSet",
  namespaced: true,
  client: (cs, ns) => cs.appsV1().statefulSets(ns),
  informer: (f) => f.appsV1().statefulSets().informer(),
});

export const JobKind = defineKind(builtinAPI, {
  apiVersion: "batch/v1",
  kind: "Job",
  namespaced: true,
  client: (cs, ns) => cs.batchV1().jobs(ns),
  informer: (f) => f.batchV1().jobs().informer(),
});
