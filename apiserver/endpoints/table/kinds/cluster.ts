/**
 * The columns upstream's printers give nodes, component statuses, storage (PVCs, PVs,
 * StorageClasses), quotas and limit ranges, networking (Ingresses, IngressClasses,
 * NetworkPolicies, EndpointSlices), PDBs, PriorityClasses, RuntimeClasses and HPAs.
 */
import type { KubeObject } from "../../../registry/rest.js";
import { ageColumn, column, nameColumn, type TablePrinter } from "../table.js";
import { text } from "../../../registry/validation/shape.js";
import { age, arr, formatLabelSelector, get, name, num, orNA, str, type Obj } from "./shared.js";
import { swaggerDoc as networkingDocs } from "../../../../generated/apis/networking/v1/zz_generated.swagger-doc.js";

/** upstream's IPAddress and ServiceCIDR column descriptions are their spec fields' docs. */
const SERVICE_CIDRS_DOC = networkingDocs.ServiceCIDRSpec?.cidrs ?? "";
const IP_ADDRESS_PARENT_REF_DOC = networkingDocs.IPAddressSpec?.parentRef ?? "";

/** `resource.group/namespace/name` in lower case, as upstream's printIPAddress. */
function ipAddressParentRef(ref: unknown): string {
  if (ref === undefined || ref === null) return "<none>";
  const group = str(get(ref, "group"));
  const resource = str(get(ref, "resource"));
  const namespace = str(get(ref, "namespace"));
  let out = (group === "" ? resource : `${resource}.${group}`).toLowerCase();
  if (namespace !== "") out += `/${namespace}`;
  return `${out}/${str(get(ref, "name"))}`;
}

const wide = { priority: 1 };

function nodeStatus(node: KubeObject): string {
  const conditions = arr(get(node, "status", "conditions"));
  const ready = conditions.find((c) => get(c, "type") === "Ready");
  const parts = [ready === undefined ? "Unknown" : get(ready, "status") === "True" ? "Ready" : "NotReady"];
  if (get(node, "spec", "unschedulable") === true) parts.push("SchedulingDisabled");
  return parts.join(",");
}

function nodeRoles(node: KubeObject): string {
  const roles = new Set<string>();
  for (const [k, v] of Object.entries(node.metadata?.labels ?? {})) {
    if (k.startsWith("node-role.kubernetes.io/")) {
      const role = k.slice("node-role.kubernetes.io/".length);
      if (role !== "") roles.add(role);
    } else if (k === "kubernetes.io/role" && v !== "") roles.add(v);
  }
  return roles.size === 0 ? "<none>" : [...roles].sort().join(",");
}

function nodeAddress(node: KubeObject, type: string): string {
  return (
    str(
      get(
        arr(get(node, "status", "addresses")).find((a) => get(a, "type") === type),
        "address",
      ),
    ) || "<none>"
  );
}

const ACCESS_MODE_SHORT: Readonly<Record<string, string>> = {
  ReadWriteOnce: "RWO",
  ReadOnlyMany: "ROX",
  ReadWriteMany: "RWX",
  ReadWriteOncePod: "RWOP",
};

function accessModes(modes: unknown): string {
  const m = arr(modes).map(String);
  return ["ReadWriteOnce", "ReadOnlyMany", "ReadWriteMany", "ReadWriteOncePod"]
    .filter((x) => m.includes(x))
    .map((x) => ACCESS_MODE_SHORT[x])
    .join(",");
}

function storageClassOf(o: KubeObject): string {
  return str(get(o, "spec", "storageClassName")) || str(o.metadata?.annotations?.["volume.beta.kubernetes.io/storage-class"]);
}

function ingressHosts(ing: KubeObject): string {
  const hosts = arr(get(ing, "spec", "rules")).map((r) => str(get(r, "host")) || "*");
  if (hosts.length === 0) return "*";
  const shown = hosts.slice(0, 3).join(",");
  return hosts.length > 3 ? `${shown} + ${hosts.length - 3} more...` : shown;
}

function loadBalancerAddress(o: KubeObject): string {
  return arr(get(o, "status", "loadBalancer", "ingress"))
    .map((i) => str(get(i, "ip")) || str(get(i, "hostname")))
    .filter((s) => s !== "")
    .join(",");
}

/** The resources of a quota as `name: used/hard`, split into requests and limits as upstream's printer does. */
function quotaCells(q: KubeObject): [string, string] {
  const hard = (get(q, "status", "hard") ?? get(q, "spec", "hard") ?? {}) as Obj;
  const used = (get(q, "status", "used") ?? {}) as Obj;
  const req: string[] = [];
  const lim: string[] = [];
  for (const k of Object.keys(hard).sort()) {
    const entry = `${k}: ${text(used[k], "0")}/${text(hard[k])}`;
    (k.startsWith("limits.") ? lim : req).push(entry);
  }
  return [req.join(", "), lim.join(", ")];
}

function hpaTargets(hpa: KubeObject): string {
  // autoscaling/v1 keeps its CPU target at the top level.
  const cpu = get(hpa, "spec", "targetCPUUtilizationPercentage");
  if (get(hpa, "spec", "metrics") === undefined) {
    const current = get(hpa, "status", "currentCPUUtilizationPercentage");
    return typeof cpu === "number" ? `cpu: ${typeof current === "number" ? `${current}%` : "<unknown>"}/${cpu}%` : "<none>";
  }
  const metrics = arr(get(hpa, "spec", "metrics"));
  if (metrics.length === 0) return "<none>";
  const current = arr(get(hpa, "status", "currentMetrics"));
  const parts = metrics.map((m, i) => {
    const type = str(get(m, "type"));
    const key = type.charAt(0).toLowerCase() + type.slice(1);
    const source = get(m, key);
    const target = get(source, "target");
    const cur = get(current[i], key, "current");
    const targetText =
      str(get(target, "type")) === "Utilization"
        ? `${num(get(target, "averageUtilization"))}%`
        : text(get(target, "averageValue") ?? get(target, "value"), "<unknown>");
    let curText = "<unknown>";
    if (cur !== undefined)
      curText =
        str(get(target, "type")) === "Utilization" && get(cur, "averageUtilization") !== undefined
          ? `${num(get(cur, "averageUtilization"))}%`
          : text(get(cur, "averageValue") ?? get(cur, "value"), "<unknown>");
    const label = type === "Resource" || type === "ContainerResource" ? `${str(get(source, "name"))}: ` : "";
    return `${label}${curText}/${targetText}`;
  });
  return parts.length > 2 ? `${parts.slice(0, 2).join(", ")} + ${parts.length - 2} more...` : parts.join(", ");
}

export function clusterPrinters(): Map<string, TablePrinter> {
  const m = new Map<string, TablePrinter>();
  m.set("/nodes", {
    columns: [
      nameColumn(),
      column("Status", "string", "The status of the node"),
      column("Roles", "string", "The roles of the node"),
      ageColumn(),
      column("Version", "string", "Kubelet Version reported by the node."),
      column("Internal-IP", "string", "List of addresses reachable to the node. Queried from cloud provider, if available.", wide),
      column("External-IP", "string", "List of addresses reachable to the node. Queried from cloud provider, if available.", wide),
      column("OS-Image", "string", "OS Image reported by the node from /etc/os-release (e.g. Debian GNU/Linux 7 (wheezy)).", wide),
      column("Kernel-Version", "string", "Kernel Version reported by the node from 'uname -r' (e.g. 3.16.0-0.bpo.4-amd64).", wide),
      column(
        "Container-Runtime",
        "string",
        "ContainerRuntime Version reported by the node through runtime remote API (e.g. containerd://1.4.2).",
        wide,
      ),
    ],
    cells: (o, now) => {
      const info = get(o, "status", "nodeInfo");
      return [
        name(o),
        nodeStatus(o),
        nodeRoles(o),
        age(o, now),
        str(get(info, "kubeletVersion")),
        nodeAddress(o, "InternalIP"),
        nodeAddress(o, "ExternalIP"),
        str(get(info, "osImage")) || "<unknown>",
        str(get(info, "kernelVersion")) || "<unknown>",
        str(get(info, "containerRuntimeVersion")) || "<unknown>",
      ];
    },
  });
  m.set("/componentstatuses", {
    columns: [
      nameColumn(),
      column("Status", "string", "Status of the component conditions"),
      column("Message", "string", "Message of the component conditions"),
      column("Error", "string", "Error of the component conditions"),
    ],
    cells: (o) => {
      const healthy = arr(get(o, "conditions")).find((c) => get(c, "type") === "Healthy");
      if (healthy === undefined) return [name(o), "Unknown", "", ""];
      return [
        name(o),
        get(healthy, "status") === "True" ? "Healthy" : "Unhealthy",
        str(get(healthy, "message")),
        str(get(healthy, "error")),
      ];
    },
  });
  m.set("/persistentvolumeclaims", {
    columns: [
      nameColumn(),
      column("Status", "string", "Phase represents the current phase of PersistentVolumeClaim."),
      column("Volume", "string", "VolumeName is the binding reference to the PersistentVolume backing this claim."),
      column("Capacity", "string", "Capacity represents the actual resources of the underlying volume."),
      column("Access Modes", "string", "AccessModes contains the desired access modes the volume should have."),
      column("StorageClass", "string", "StorageClassName is the name of the StorageClass required by the claim."),
      column(
        "VolumeAttributesClass",
        "string",
        "VolumeAttributesClassName may be used to set the VolumeAttributesClass used by this claim.",
      ),
      ageColumn(),
      column("VolumeMode", "string", "VolumeMode defines what type of volume is required by the claim.", wide),
    ],
    cells: (o, now) => {
      const phase = o.metadata?.deletionTimestamp ? "Terminating" : str(get(o, "status", "phase"));
      const bound = str(get(o, "spec", "volumeName")) !== "";
      return [
        name(o),
        phase,
        str(get(o, "spec", "volumeName")),
        bound ? text(get(o, "status", "capacity", "storage")) : "",
        bound ? accessModes(get(o, "status", "accessModes")) : "",
        storageClassOf(o),
        str(get(o, "spec", "volumeAttributesClassName")) || "<unset>",
        age(o, now),
        str(get(o, "spec", "volumeMode")) || "<unset>",
      ];
    },
  });
  m.set("/persistentvolumes", {
    columns: [
      nameColumn(),
      column("Capacity", "string", "capacity is the description of the persistent volume's resources and capacity."),
      column("Access Modes", "string", "accessModes contains all ways the volume can be mounted."),
      column(
        "Reclaim Policy",
        "string",
        "persistentVolumeReclaimPolicy defines what happens to a persistent volume when released from its claim.",
      ),
      column("Status", "string", "phase indicates if a volume is available, bound to a claim, or released by a claim."),
      column("Claim", "string", "claimRef is part of a bi-directional binding between PersistentVolume and PersistentVolumeClaim."),
      column("StorageClass", "string", "storageClassName is the name of StorageClass to which this persistent volume belongs."),
      column("VolumeAttributesClass", "string", "Name of VolumeAttributesClass to which this persistent volume belongs."),
      column(
        "Reason",
        "string",
        "reason is a brief CamelCase string that describes any failure and is meant for machine parsing and tidy display in the CLI.",
      ),
      ageColumn(),
      column(
        "VolumeMode",
        "string",
        "volumeMode defines if a volume is intended to be used with a formatted filesystem or to remain in raw block state.",
        wide,
      ),
    ],
    cells: (o, now) => {
      const claim = get(o, "spec", "claimRef");
      return [
        name(o),
        text(get(o, "spec", "capacity", "storage")),
        accessModes(get(o, "spec", "accessModes")),
        str(get(o, "spec", "persistentVolumeReclaimPolicy")),
        o.metadata?.deletionTimestamp ? "Terminating" : str(get(o, "status", "phase")),
        claim ? `${str(get(claim, "namespace"))}/${str(get(claim, "name"))}` : "",
        storageClassOf(o),
        str(get(o, "spec", "volumeAttributesClassName")) || "<unset>",
        str(get(o, "status", "reason")),
        age(o, now),
        str(get(o, "spec", "volumeMode")) || "<unset>",
      ];
    },
  });
  m.set("storage.k8s.io/storageclasses", {
    columns: [
      nameColumn(),
      column("Provisioner", "string", "Provisioner indicates the type of the provisioner."),
      column(
        "ReclaimPolicy",
        "string",
        "Dynamically provisioned PersistentVolumes of this storage class are created with this reclaimPolicy.",
      ),
      column("VolumeBindingMode", "string", "VolumeBindingMode indicates how PersistentVolumeClaims should be provisioned and bound."),
      column("AllowVolumeExpansion", "string", "AllowVolumeExpansion shows whether the storage class allow volume expand."),
      ageColumn(),
    ],
    cells: (o, now) => {
      const ann = o.metadata?.annotations ?? {};
      const isDefault =
        ann["storageclass.kubernetes.io/is-default-class"] === "true" || ann["storageclass.beta.kubernetes.io/is-default-class"] === "true";
      return [
        isDefault ? `${name(o)} (default)` : name(o),
        str(o.provisioner),
        str(o.reclaimPolicy) || "Delete",
        str(o.volumeBindingMode) || "Immediate",
        o.allowVolumeExpansion === true ? "true" : "false",
        age(o, now),
      ];
    },
  });
  m.set("/resourcequotas", {
    columns: [
      nameColumn(),
      ageColumn(),
      column("Request", "string", "Request represents a minimum amount of cpu/memory that a container may consume."),
      column(
        "Limit",
        "string",
        "Limits control the maximum amount of cpu/memory that a container may use independent of contention on the node.",
      ),
    ],
    cells: (o, now) => {
      const [req, lim] = quotaCells(o);
      return [name(o), age(o, now), req, lim];
    },
  });
  m.set("/limitranges", {
    columns: [
      nameColumn(),
      column("Created At", "date", "CreationTimestamp is a timestamp representing the server time when this object was created."),
    ],
    cells: (o) => [name(o), new Date(o.metadata?.creationTimestamp ?? 0).toISOString().replace(/\.\d{3}Z$/, "Z")],
  });
  m.set("networking.k8s.io/ingresses", {
    columns: [
      nameColumn(),
      column("Class", "string", "The name of the IngressClass resource that should be used for ingress."),
      column("Hosts", "string", "Hosts that incoming requests are matched against before the ingress rule"),
      column("Address", "string", "Address is a list containing ingress points for the load-balancer"),
      column("Ports", "string", "Ports of TLS configurations that open"),
      ageColumn(),
    ],
    cells: (o, now) => [
      name(o),
      str(get(o, "spec", "ingressClassName")) || "<none>",
      ingressHosts(o),
      loadBalancerAddress(o),
      arr(get(o, "spec", "tls")).length > 0 ? "80, 443" : "80",
      age(o, now),
    ],
  });
  m.set("networking.k8s.io/ingressclasses", {
    columns: [
      nameColumn(),
      column("Controller", "string", "Controller that is responsible for handling this class"),
      column("Parameters", "string", "A reference to a resource with additional parameters"),
      ageColumn(),
    ],
    cells: (o, now) => {
      const p = get(o, "spec", "parameters");
      const params = p
        ? `${str(get(p, "apiGroup")) ? `${str(get(p, "kind"))}.${str(get(p, "apiGroup"))}` : str(get(p, "kind"))}/${str(get(p, "name"))}`
        : "<none>";
      return [name(o), str(get(o, "spec", "controller")), params, age(o, now)];
    },
  });
  m.set("networking.k8s.io/servicecidrs", {
    columns: [nameColumn(), column("CIDRs", "string", SERVICE_CIDRS_DOC), ageColumn()],
    cells: (o, now) => [
      name(o),
      arr(get(o, "spec", "cidrs"))
        .map(str)
        .join(","),
      age(o, now),
    ],
  });
  m.set("networking.k8s.io/ipaddresses", {
    // upstream defines two columns and prints three cells (the age is past the last column, so kubectl never shows it).
    columns: [nameColumn(), column("ParentRef", "string", IP_ADDRESS_PARENT_REF_DOC)],
    cells: (o, now) => [name(o), ipAddressParentRef(get(o, "spec", "parentRef")), age(o, now)],
  });
  m.set("networking.k8s.io/networkpolicies", {
    columns: [nameColumn(), column("Pod-Selector", "string", "Selects the pods to which this NetworkPolicy object applies."), ageColumn()],
    cells: (o, now) => [name(o), formatLabelSelector(get(o, "spec", "podSelector")), age(o, now)],
  });
  m.set("discovery.k8s.io/endpointslices", {
    columns: [
      nameColumn(),
      column("AddressType", "string", "Type of address carried by this EndpointSlice"),
      column("Ports", "string", "Ports in this EndpointSlice"),
      column("Endpoints", "string", "Endpoints in this EndpointSlice"),
      ageColumn(),
    ],
    cells: (o, now) => {
      const ports = arr(o.ports).map((p) => (typeof get(p, "port") === "number" ? String(get(p, "port")) : "<unset>"));
      const addresses = arr(o.endpoints).flatMap((e) => arr(get(e, "addresses")).map(String));
      const shown = addresses.slice(0, 3).join(",");
      const endpoints = addresses.length === 0 ? "<unset>" : addresses.length > 3 ? `${shown} + ${addresses.length - 3} more...` : shown;
      return [name(o), str(o.addressType), ports.length === 0 ? "<unset>" : ports.join(","), endpoints, age(o, now)];
    },
  });
  m.set("policy/poddisruptionbudgets", {
    columns: [
      nameColumn(),
      column(
        "Min Available",
        "string",
        'The minimum number of pods that must be available simultaneously.  This can be either an integer or a string specifying a percentage, e.g. "28%".',
      ),
      column(
        "Max Unavailable",
        "string",
        'The maximum number of pods that may be unavailable simultaneously.  This can be either an integer or a string specifying a percentage, e.g. "28%".',
      ),
      column("Allowed Disruptions", "integer", "Calculated number of pods that may be disrupted at this time."),
      ageColumn(),
    ],
    cells: (o, now) => [
      name(o),
      orNA(get(o, "spec", "minAvailable")),
      orNA(get(o, "spec", "maxUnavailable")),
      num(get(o, "status", "disruptionsAllowed")),
      age(o, now),
    ],
  });
  m.set("scheduling.k8s.io/priorityclasses", {
    columns: [
      nameColumn(),
      column(
        "Value",
        "integer",
        "The value of this priority class. This is the actual priority that pods receive when they have the name of this class in their pod spec.",
      ),
      column(
        "Global-Default",
        "boolean",
        "globalDefault specifies whether this PriorityClass should be considered as the default priority for pods that do not have any priority class.",
      ),
      ageColumn(),
      column("PreemptionPolicy", "string", "PreemptionPolicy is the Policy for preempting pods with lower priority."),
    ],
    cells: (o, now) => [name(o), num(o.value), o.globalDefault === true, age(o, now), str(o.preemptionPolicy) || "PreemptLowerPriority"],
  });
  // Upstream describes Handler from ObjectMeta's docs, which have no such field: an empty description.
  m.set("node.k8s.io/runtimeclasses", {
    columns: [nameColumn(), column("Handler", "string", ""), ageColumn()],
    cells: (o, now) => [name(o), str(o.handler), age(o, now)],
  });
  m.set("apiregistration.k8s.io/apiservices", {
    columns: [
      nameColumn(),
      column("Service", "string", "The reference to the service that hosts this API endpoint."),
      column("Available", "string", "Whether this service is available."),
      ageColumn(),
    ],
    cells: (o, now) => {
      const service = get(o, "spec", "service");
      const available = arr(get(o, "status", "conditions")).find((c) => get(c, "type") === "Available");
      const status = available === undefined ? "Unknown" : str(get(available, "status"));
      return [
        name(o),
        service === undefined || service === null ? "Local" : `${str(get(service, "namespace"))}/${str(get(service, "name"))}`,
        available === undefined || status === "True" ? status : `${status} (${str(get(available, "reason"))})`,
        age(o, now),
      ];
    },
  });
  m.set("autoscaling/horizontalpodautoscalers", {
    columns: [
      nameColumn(),
      column(
        "Reference",
        "string",
        "reference to scaled resource; horizontal pod autoscaler will learn the current resource consumption and will set the desired number of pods by using its Scale subresource.",
      ),
      column("Targets", "string", "the metrics which are used to calculate the desired replica count."),
      column("MinPods", "string", "minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down."),
      column("MaxPods", "integer", "maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up."),
      column("Replicas", "integer", "current number of replicas of pods managed by this autoscaler."),
      ageColumn(),
    ],
    cells: (o, now) => {
      const ref = get(o, "spec", "scaleTargetRef");
      const min = get(o, "spec", "minReplicas");
      return [
        name(o),
        `${str(get(ref, "kind"))}/${str(get(ref, "name"))}`,
        hpaTargets(o),
        typeof min === "number" ? String(min) : "<unset>",
        num(get(o, "spec", "maxReplicas")),
        num(get(o, "status", "currentReplicas")),
        age(o, now),
      ];
    },
  });
  return m;
}
