/**
 * The columns upstream's printers give pods, pod templates, replication controllers and the
 * apps and batch workloads (names, types and priorities as pkg/printers/internalversion).
 */
import type { KubeObject } from "../../../registry/rest.js";
import { ageOf, humanDuration } from "../human-duration.js";
import { ageColumn, column, nameColumn, type TablePrinter } from "../table.js";
import { age, arr, containersAndImages, formatLabelSelector, formatLabels, get, name, num, str } from "./shared.js";

const wide = { priority: 1 };

/** Pod status as kubectl prints it: the reason, the waiting/terminated reason of a container, or the phase. */
export function podStatusReason(pod: KubeObject): string {
  let reason = str(get(pod, "status", "reason")) || str(get(pod, "status", "phase")) || "Pending";
  const initStatuses = arr(get(pod, "status", "initContainerStatuses"));
  const initCount = arr(get(pod, "spec", "initContainers")).length;
  let initializing = false;
  initStatuses.forEach((cs, i) => {
    if (initializing) return;
    const terminated = get(cs, "state", "terminated");
    const waiting = get(cs, "state", "waiting");
    if (terminated && num(get(terminated, "exitCode")) === 0) return;
    if (terminated) {
      reason = str(get(terminated, "reason"))
        ? `Init:${str(get(terminated, "reason"))}`
        : `Init:ExitCode:${num(get(terminated, "exitCode"))}`;
      initializing = true;
    } else if (waiting && str(get(waiting, "reason")) && str(get(waiting, "reason")) !== "PodInitializing") {
      reason = `Init:${str(get(waiting, "reason"))}`;
      initializing = true;
    } else if (get(cs, "started") !== true || !terminated) {
      reason = `Init:${i}/${initCount}`;
      initializing = true;
    }
  });
  if (!initializing) {
    let hasRunning = false;
    for (const cs of [...arr(get(pod, "status", "containerStatuses"))].reverse()) {
      const waiting = get(cs, "state", "waiting");
      const terminated = get(cs, "state", "terminated");
      if (waiting && str(get(waiting, "reason"))) reason = str(get(waiting, "reason"));
      else if (terminated && str(get(terminated, "reason"))) reason = str(get(terminated, "reason"));
      else if (terminated)
        reason = get(terminated, "signal") ? `Signal:${num(get(terminated, "signal"))}` : `ExitCode:${num(get(terminated, "exitCode"))}`;
      else if (get(cs, "ready") === true && get(cs, "state", "running")) hasRunning = true;
    }
    if (reason === "Completed" && hasRunning) reason = "Running";
  }
  if (pod.metadata?.deletionTimestamp) reason = str(get(pod, "status", "reason")) === "NodeLost" ? "Unknown" : "Terminating";
  return reason;
}

function podRestarts(pod: KubeObject, now: number): string {
  let restarts = 0;
  let last = 0;
  for (const cs of [...arr(get(pod, "status", "initContainerStatuses")), ...arr(get(pod, "status", "containerStatuses"))]) {
    restarts += num(get(cs, "restartCount"));
    const finished = Date.parse(str(get(cs, "lastState", "terminated", "finishedAt")));
    if (!Number.isNaN(finished) && finished > last) last = finished;
  }
  return last > 0 && restarts > 0 ? `${restarts} (${humanDuration(now - last)} ago)` : String(restarts);
}

function podCells(pod: KubeObject, now: number): unknown[] {
  const statuses = arr(get(pod, "status", "containerStatuses"));
  const total = arr(get(pod, "spec", "containers")).length;
  const ready = statuses.filter((cs) => get(cs, "ready") === true).length;
  const ips = arr(get(pod, "status", "podIPs"));
  const ip = str(get(ips[0], "ip")) || str(get(pod, "status", "podIP")) || "<none>";
  const gates = arr(get(pod, "spec", "readinessGates"));
  let readinessGates = "<none>";
  if (gates.length > 0) {
    const conditions = arr(get(pod, "status", "conditions"));
    const met = gates.filter((g) =>
      conditions.some((c) => get(c, "type") === get(g, "conditionType") && get(c, "status") === "True"),
    ).length;
    readinessGates = `${met}/${gates.length}`;
  }
  return [
    name(pod),
    `${ready}/${total}`,
    podStatusReason(pod),
    podRestarts(pod, now),
    age(pod, now),
    ip,
    str(get(pod, "spec", "nodeName")) || "<none>",
    str(get(pod, "status", "nominatedNodeName")) || "<none>",
    readinessGates,
  ];
}

function jobStatus(job: KubeObject): string {
  const has = (type: string) => arr(get(job, "status", "conditions")).some((c) => get(c, "type") === type && get(c, "status") === "True");
  if (has("Failed")) return "Failed";
  if (has("Complete")) return "Complete";
  if (has("Suspended")) return "Suspended";
  if (has("FailureTarget")) return "FailureTarget";
  if (has("SuccessCriteriaMet")) return "SuccessCriteriaMet";
  return "Running";
}

function jobCompletions(job: KubeObject): string {
  const succeeded = num(get(job, "status", "succeeded"));
  const completions = get(job, "spec", "completions");
  if (typeof completions === "number") return `${succeeded}/${completions}`;
  const parallelism = num(get(job, "spec", "parallelism"));
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

function jobDuration(job: KubeObject, now: number): string {
  const start = Date.parse(str(get(job, "status", "startTime")));
  if (Number.isNaN(start)) return "";
  const end = Date.parse(str(get(job, "status", "completionTime")));
  return humanDuration((Number.isNaN(end) ? now : end) - start);
}

const containers = () => column("Containers", "string", "Names of each container in the template.", wide);
const images = () => column("Images", "string", "Images referenced by each container in the template.", wide);
const selector = () => column("Selector", "string", "Label selector for the pods this object controls.", wide);

function templateCells(o: KubeObject, templatePath: string[] = ["spec", "template", "spec"]): [string, string] {
  return containersAndImages(get(o, ...templatePath));
}

export function workloadPrinters(): Map<string, TablePrinter> {
  const m = new Map<string, TablePrinter>();
  m.set("/pods", {
    columns: [
      nameColumn(),
      column("Ready", "string", "The aggregate readiness state of this pod for accepting traffic."),
      column("Status", "string", "The aggregate status of the containers in this pod."),
      column(
        "Restarts",
        "string",
        "The number of times the containers in this pod have been restarted and when the last container in this pod has restarted.",
      ),
      ageColumn(),
      column("IP", "string", "IP address allocated to the pod. Routable at least within the cluster. Empty if not yet allocated.", wide),
      column("Node", "string", "NodeName is a request to schedule this pod onto a specific node.", wide),
      column("Nominated Node", "string", "nominatedNodeName is set only when this pod preempts other pods on the node.", wide),
      column("Readiness Gates", "string", "If specified, all readiness gates will be evaluated for pod readiness.", wide),
    ],
    cells: podCells,
  });
  m.set("/podtemplates", {
    columns: [
      nameColumn(),
      column("Containers", "string", "Names of each container in the template."),
      column("Images", "string", "Images referenced by each container in the template."),
      column("Pod Labels", "string", "The labels for the pod template."),
    ],
    cells: (o) => {
      const [c, i] = templateCells(o, ["template", "spec"]);
      const labels = get(o, "template", "metadata", "labels");
      const l =
        labels && typeof labels === "object"
          ? Object.keys(labels)
              .sort()
              .map((k) => `${k}=${String((labels as Record<string, unknown>)[k])}`)
              .join(",")
          : "";
      return [name(o), c, i, l || "<none>"];
    },
  });
  const replicaColumns = [
    nameColumn(),
    column("Desired", "integer", "Number of desired pods."),
    column("Current", "integer", "Number of actual replicas."),
    column("Ready", "integer", "The number of ready replicas for this replica set."),
    ageColumn(),
    containers(),
    images(),
    selector(),
  ];
  m.set("/replicationcontrollers", {
    columns: replicaColumns,
    cells: (o, now) => {
      const [c, i] = templateCells(o);
      const sel = get(o, "spec", "selector");
      const s =
        sel && typeof sel === "object"
          ? Object.keys(sel)
              .sort()
              .map((k) => `${k}=${String((sel as Record<string, unknown>)[k])}`)
              .join(",")
          : "";
      return [
        name(o),
        num(get(o, "spec", "replicas")),
        num(get(o, "status", "replicas")),
        num(get(o, "status", "readyReplicas")),
        age(o, now),
        c,
        i,
        s || "<none>",
      ];
    },
  });
  m.set("apps/replicasets", {
    columns: replicaColumns,
    cells: (o, now) => {
      const [c, i] = templateCells(o);
      return [
        name(o),
        num(get(o, "spec", "replicas")),
        num(get(o, "status", "replicas")),
        num(get(o, "status", "readyReplicas")),
        age(o, now),
        c,
        i,
        formatLabelSelector(get(o, "spec", "selector")),
      ];
    },
  });
  m.set("apps/deployments", {
    columns: [
      nameColumn(),
      column("Ready", "string", "Number of the pod with ready state"),
      column(
        "Up-to-date",
        "string",
        "Total number of non-terminated pods targeted by this deployment that have the desired template spec.",
      ),
      column("Available", "string", "Total number of available pods (ready for at least minReadySeconds) targeted by this deployment."),
      ageColumn(),
      containers(),
      images(),
      selector(),
    ],
    cells: (o, now) => {
      const [c, i] = templateCells(o);
      return [
        name(o),
        `${num(get(o, "status", "readyReplicas"))}/${num(get(o, "spec", "replicas"))}`,
        num(get(o, "status", "updatedReplicas")),
        num(get(o, "status", "availableReplicas")),
        age(o, now),
        c,
        i,
        formatLabelSelector(get(o, "spec", "selector")),
      ];
    },
  });
  m.set("apps/statefulsets", {
    columns: [nameColumn(), column("Ready", "string", "Number of the pod with ready state"), ageColumn(), containers(), images()],
    cells: (o, now) => {
      const [c, i] = templateCells(o);
      return [name(o), `${num(get(o, "status", "readyReplicas"))}/${num(get(o, "spec", "replicas"))}`, age(o, now), c, i];
    },
  });
  m.set("apps/daemonsets", {
    columns: [
      nameColumn(),
      column("Desired", "integer", "The total number of nodes that should be running the daemon pod."),
      column("Current", "integer", "The number of nodes that are running at least 1 daemon pod and are supposed to run the daemon pod."),
      column(
        "Ready",
        "integer",
        "numberReady is the number of nodes that should be running the daemon pod and have one or more of the daemon pod running with a Ready Condition.",
      ),
      column("Up-to-date", "integer", "The total number of nodes that are running updated daemon pod"),
      column(
        "Available",
        "integer",
        "The number of nodes that should be running the daemon pod and have one or more of the daemon pod running and available (ready for at least spec.minReadySeconds)",
      ),
      column("Node Selector", "string", "NodeSelector is a selector which must be true for the pod to fit on a node."),
      ageColumn(),
      containers(),
      images(),
      selector(),
    ],
    cells: (o, now) => {
      const [c, i] = templateCells(o);
      const nodeSelector = formatLabels(get(o, "spec", "template", "spec", "nodeSelector"));
      const s = (f: string) => num(get(o, "status", f));
      return [
        name(o),
        s("desiredNumberScheduled"),
        s("currentNumberScheduled"),
        s("numberReady"),
        s("updatedNumberScheduled"),
        s("numberAvailable"),
        nodeSelector,
        age(o, now),
        c,
        i,
        formatLabelSelector(get(o, "spec", "selector")),
      ];
    },
  });
  m.set("apps/controllerrevisions", {
    columns: [
      nameColumn(),
      column("Controller", "string", "Controller of the object"),
      column("Revision", "string", "Revision is the revision number"),
      ageColumn(),
    ],
    cells: (o, now) => {
      const owner = arr(o.metadata?.ownerReferences).find((r) => get(r, "controller") === true);
      let controller = "<none>";
      if (owner) {
        const apiVersion = str(get(owner, "apiVersion"));
        const group = apiVersion.includes("/") ? apiVersion.split("/")[0] : "";
        controller = `${str(get(owner, "kind")).toLowerCase()}${group ? `.${group}` : ""}/${str(get(owner, "name"))}`;
      }
      return [name(o), controller, num(get(o, "revision")), age(o, now)];
    },
  });
  m.set("batch/jobs", {
    columns: [
      nameColumn(),
      column("Status", "string", "Status of the job."),
      column("Completions", "string", "The completion status of the job."),
      column("Duration", "string", "Time required to complete the job."),
      ageColumn(),
      containers(),
      images(),
      selector(),
    ],
    cells: (o, now) => {
      const [c, i] = templateCells(o);
      return [
        name(o),
        jobStatus(o),
        jobCompletions(o),
        jobDuration(o, now),
        age(o, now),
        c,
        i,
        formatLabelSelector(get(o, "spec", "selector")),
      ];
    },
  });
  m.set("batch/cronjobs", {
    columns: [
      nameColumn(),
      column("Schedule", "string", "The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron."),
      column(
        "Timezone",
        "string",
        "The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones.",
      ),
      column(
        "Suspend",
        "boolean",
        "This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.",
      ),
      column("Active", "integer", "A list of pointers to currently running jobs."),
      column("Last Schedule", "string", "Information when was the last time the job was successfully scheduled."),
      ageColumn(),
      containers(),
      images(),
      selector(),
    ],
    cells: (o, now) => {
      const [c, i] = templateCells(o, ["spec", "jobTemplate", "spec", "template", "spec"]);
      const suspend = get(o, "spec", "suspend");
      const last = get(o, "status", "lastScheduleTime");
      return [
        name(o),
        str(get(o, "spec", "schedule")),
        str(get(o, "spec", "timeZone")) || "<none>",
        typeof suspend === "boolean" ? (suspend ? "True" : "False") : "<unset>",
        arr(get(o, "status", "active")).length,
        last ? ageOf(last, now) : "<none>",
        age(o, now),
        c,
        i,
        formatLabelSelector(get(o, "spec", "jobTemplate", "spec", "selector")),
      ];
    },
  });
  return m;
}
