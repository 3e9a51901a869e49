/**
 * core/v1 defaulting as upstream's SetDefaults_* for the kinds this server stores: pods and pod
 * templates (spec, containers, probes, volumes), replication controllers, PVCs, PVs, nodes,
 * namespaces' LimitRanges. Every function mutates its argument and tolerates any shape.
 */
import { defaultPodLevelResources } from "./pod-level-resources.js";
import { child, isObj, list, record, str, type Obj } from "../validation/shape.js";

function setIfAbsent(obj: Obj, key: string, value: unknown): void {
  if (obj[key] === undefined || obj[key] === null) obj[key] = value;
}

/** imagePullPolicy from the image reference: `:latest` or no tag pulls Always, anything else IfNotPresent. */
export function defaultPullPolicy(image: string): string {
  if (image.includes("@")) return "IfNotPresent";
  // The tag follows the last colon after the last slash; found by index, no slices made.
  const colon = image.lastIndexOf(":");
  if (colon <= image.lastIndexOf("/")) return "Always";
  const tagLength = image.length - colon - 1;
  return tagLength === 0 || (tagLength === 6 && image.endsWith("latest")) ? "Always" : "IfNotPresent";
}

function defaultProbe(probe: unknown): void {
  if (!isObj(probe)) return;
  probe.timeoutSeconds ??= 1;
  probe.periodSeconds ??= 10;
  probe.successThreshold ??= 1;
  probe.failureThreshold ??= 3;
  defaultHandler(probe);
}

function defaultHandler(handler: unknown): void {
  if (!isObj(handler)) return;
  if (isObj(handler.httpGet)) {
    handler.httpGet.path ??= "/";
    handler.httpGet.scheme ??= "HTTP";
  }
  if (isObj(handler.grpc)) handler.grpc.service ??= "";
}

/**
 * SetDefaults_Container and the rest of a container's defaults. `podOnly`: what SetDefaults_Pod
 * adds to a Pod's containers and init containers but never to a template's (host ports under
 * hostNetwork, requests from limits).
 */
function defaultContainer(c: Obj, podOnly: boolean, hostNetwork: boolean): void {
  if (c.imagePullPolicy === undefined && typeof c.image === "string") c.imagePullPolicy = defaultPullPolicy(c.image);
  c.terminationMessagePath ??= "/dev/termination-log";
  c.terminationMessagePolicy ??= "File";
  for (const p of list(c.ports)) {
    if (!isObj(p)) continue;
    p.protocol ??= "TCP";
    if (podOnly && hostNetwork && p.hostPort === undefined) p.hostPort = p.containerPort;
  }
  // Reads below go straight to the fields, no empty objects made for absent ones: this runs for
  // every container of every Pod written.
  for (const e of list(c.env)) {
    const valueFrom = isObj(e) ? e.valueFrom : undefined;
    if (!isObj(valueFrom)) continue;
    if (isObj(valueFrom.fieldRef)) valueFrom.fieldRef.apiVersion ??= "v1";
    if (isObj(valueFrom.resourceFieldRef)) valueFrom.resourceFieldRef.divisor ??= "0";
  }
  defaultProbe(c.livenessProbe);
  defaultProbe(c.readinessProbe);
  defaultProbe(c.startupProbe);
  if (isObj(c.lifecycle)) {
    defaultHandler(c.lifecycle.postStart);
    defaultHandler(c.lifecycle.preStop);
  }
  // SetDefaults_Pod: limits without requests make requests equal to them.
  if (podOnly && isObj(c.resources) && isObj(c.resources.limits)) {
    const limits = c.resources.limits;
    const requests = child(c.resources, "requests");
    for (const k in limits) setIfAbsent(requests, k, limits[k]);
  }
}

function defaultDownwardAPIFiles(items: unknown): void {
  for (const f of list(items)) {
    const file = record(f);
    if (isObj(file.fieldRef)) file.fieldRef.apiVersion ??= "v1";
    if (isObj(file.resourceFieldRef)) file.resourceFieldRef.divisor ??= "0";
  }
}

/** Volume sources whose files get a default mode. */
const MODED_SOURCES = ["secret", "configMap", "downwardAPI", "projected"];

/**
 * The defaults of the volume sources Pods and PersistentVolumes share (SetDefaults_HostPath,
 * _ISCSI, _AzureDisk, _RBD and _ScaleIO, volume and persistent-volume variants alike).
 */
export function defaultSourceFields(v: Obj): void {
  if (isObj(v.hostPath)) v.hostPath.type ??= "";
  if (isObj(v.iscsi)) v.iscsi.iscsiInterface ||= "default";
  if (isObj(v.azureDisk)) {
    v.azureDisk.cachingMode ??= "ReadWrite";
    v.azureDisk.fsType ??= "ext4";
    v.azureDisk.readOnly ??= false;
    v.azureDisk.kind ??= "Shared";
  }
  if (isObj(v.rbd)) {
    v.rbd.pool ||= "rbd";
    v.rbd.user ||= "admin";
    v.rbd.keyring ||= "/etc/ceph/keyring";
  }
  if (isObj(v.scaleIO)) {
    v.scaleIO.storageMode ||= "ThinProvisioned";
    v.scaleIO.fsType ||= "xfs";
  }
}

function defaultVolume(v: Obj): void {
  let sources = 0;
  for (const k in v) if (k !== "name") sources++;
  if (sources === 0) v.emptyDir = {};
  for (const key of MODED_SOURCES) {
    if (isObj(v[key])) v[key].defaultMode ??= 420;
  }
  // SetDefaults_ObjectFieldSelector and the zero divisor, for volume files as for env.
  if (isObj(v.downwardAPI)) defaultDownwardAPIFiles(v.downwardAPI.items);
  if (isObj(v.projected))
    for (const src of list(v.projected.sources)) {
      defaultDownwardAPIFiles(record(record(src).downwardAPI).items);
      // SetDefaults_ServiceAccountTokenProjection: an hour.
      const token = record(src).serviceAccountToken;
      if (isObj(token)) token.expirationSeconds ??= 3600;
    }
  defaultSourceFields(v);
  // SetDefaults_ImageVolumeSource: as a container's pull policy, from the reference's tag (a
  // reference that does not parse has no tag: IfNotPresent).
  if (isObj(v.image) && (v.image.pullPolicy === undefined || v.image.pullPolicy === null || v.image.pullPolicy === ""))
    v.image.pullPolicy = str(v.image.reference) === "" ? "IfNotPresent" : defaultPullPolicy(str(v.image.reference));
  if (isObj(v.ephemeral) && isObj(v.ephemeral.volumeClaimTemplate)) {
    defaultPVCSpec(child(v.ephemeral.volumeClaimTemplate, "spec"));
  }
}

const CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"];

/**
 * SetDefaults_PodSpec, with the containers' and volumes' defaults; for a Pod (not a template) also
 * what SetDefaults_Pod adds: enableServiceLinks, and its containers' host ports and requests.
 */
function defaultSpec(spec: Obj, pod: boolean): void {
  spec.dnsPolicy ??= "ClusterFirst";
  spec.restartPolicy ??= "Always";
  spec.terminationGracePeriodSeconds ??= 30;
  spec.securityContext ??= {};
  spec.schedulerName ??= "default-scheduler";
  if (pod) spec.enableServiceLinks ??= true;
  const hostNetwork = spec.hostNetwork === true;
  for (const key of CONTAINER_LISTS) {
    const podOnly = pod && key !== "ephemeralContainers";
    for (const c of list(spec[key])) if (isObj(c)) defaultContainer(c, podOnly, hostNetwork);
  }
  for (const v of list(spec.volumes)) if (isObj(v)) defaultVolume(v);
}

/** A pod template's defaults (the spec's; template labels are left as sent). */
export function defaultPodTemplate(template: unknown): void {
  if (!isObj(template)) return;
  defaultSpec(child(template, "spec"), false);
}

export function defaultPod(pod: Obj): void {
  const spec = child(pod, "spec");
  defaultSpec(spec, true);
  // After the containers' defaults, which it aggregates.
  defaultPodLevelResources(spec);
}

export function defaultReplicationController(rc: Obj): void {
  const spec = child(rc, "spec");
  const template = record(spec.template);
  // The selector and the controller's labels default to the template's labels.
  const labels = record(record(template.metadata).labels);
  if (Object.keys(labels).length > 0) {
    if (!isObj(spec.selector) || Object.keys(spec.selector).length === 0) spec.selector = { ...labels };
    const meta = child(rc, "metadata");
    if (!isObj(meta.labels) || Object.keys(meta.labels).length === 0) meta.labels = { ...labels };
  }
  setIfAbsent(spec, "replicas", 1);
  setIfAbsent(spec, "minReadySeconds", 0);
  defaultPodTemplate(spec.template);
}

export function defaultPVCSpec(spec: Obj): void {
  setIfAbsent(spec, "volumeMode", "Filesystem");
}

export function defaultPVC(pvc: Obj): void {
  defaultPVCSpec(child(pvc, "spec"));
  const status = child(pvc, "status");
  setIfAbsent(status, "phase", "Pending");
}

export function defaultPV(pv: Obj): void {
  const spec = child(pv, "spec");
  setIfAbsent(spec, "persistentVolumeReclaimPolicy", "Retain");
  setIfAbsent(spec, "volumeMode", "Filesystem");
  defaultSourceFields(spec);
  const status = child(pv, "status");
  setIfAbsent(status, "phase", "Pending");
}

export function defaultNode(node: Obj): void {
  // SetDefaults_NodeStatus: allocatable defaults to capacity.
  const status = record(node.status);
  if (isObj(status.capacity) && !isObj(status.allocatable)) status.allocatable = { ...status.capacity };
}

export function defaultLimitRange(lr: Obj): void {
  for (const item of list(record(lr.spec).limits)) {
    if (!isObj(item) || str(item.type) !== "Container") continue;
    // A max without a default makes the max the default; a default without a defaultRequest makes that the request.
    const max = record(item.max);
    const dflt = child(item, "default");
    for (const [k, v] of Object.entries(max)) setIfAbsent(dflt, k, v);
    const request = child(item, "defaultRequest");
    for (const [k, v] of Object.entries(dflt)) setIfAbsent(request, k, v);
    for (const [k, v] of Object.entries(record(item.min))) setIfAbsent(request, k, v);
    if (Object.keys(dflt).length === 0) delete item.default;
    if (Object.keys(request).length === 0) delete item.defaultRequest;
  }
}
