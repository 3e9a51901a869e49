/**
 * The spec diff upstream's Pod update error ends with (go-cmp's report shape) and the whole
 * Forbidden message a Pod update outside the mutable fields gets.
 */
import { describe, expect, it } from "vitest";
import { goFieldName, goLiteral, goStyleDiff } from "../../../apiserver/registry/validation/spec-diff.js";
import { validatePodUpdate } from "../../../apiserver/registry/validation/pod.js";
import { defaultPod } from "../../../apiserver/registry/defaults/core.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";

describe("goStyleDiff", () => {
  it("a changed scalar: old and new lines under the type, equal fields folded", () => {
    const before = { restartPolicy: "Always", dnsPolicy: "ClusterFirst", schedulerName: "default-scheduler", nodeName: "a" };
    const after = { ...before, nodeName: "b" };
    expect(goStyleDiff("core.PodSpec", before, after)).toBe(
      ["  core.PodSpec{", "  \t... // 3 identical fields", '- \tNodeName: "a",', '+ \tNodeName: "b",', "  }"].join("\n"),
    );
  });

  it("a field set or cleared prints the Go zero value on the other side; initialisms as the Go names", () => {
    expect(goStyleDiff("core.PodSpec", { dnsPolicy: "ClusterFirst" }, { dnsPolicy: "ClusterFirst", hostPID: true })).toBe(
      ["  core.PodSpec{", "  \t... // 1 identical field", "- \tHostPID: nil,", "+ \tHostPID: true,", "  }"].join("\n"),
    );
    expect(goStyleDiff("core.PodSpec", { priorityClassName: "high" }, {})).toBe(
      ["  core.PodSpec{", '- \tPriorityClassName: "high",', '+ \tPriorityClassName: "",', "  }"].join("\n"),
    );
    expect(goFieldName("dnsPolicy")).toBe("DNSPolicy");
    expect(goFieldName("serviceAccountName")).toBe("ServiceAccountName");
  });

  it("nested lists and structs: typed headers, elements in place, map keys quoted", () => {
    const c = (port: number, cpu: string) => ({
      name: "web",
      image: "nginx",
      ports: [{ containerPort: port, protocol: "TCP" }],
      resources: { requests: { cpu, memory: "1Gi" } },
    });
    const before = { containers: [c(80, "1")], restartPolicy: "Always" };
    const after = { containers: [c(8080, "2")], restartPolicy: "Always" };
    expect(goStyleDiff("core.PodSpec", before, after)).toBe(
      [
        "  core.PodSpec{",
        "  \tContainers: []core.Container{",
        "  \t\t{",
        "  \t\t\t... // 2 identical fields",
        "  \t\t\tPorts: []core.ContainerPort{",
        "  \t\t\t\t{",
        "- \t\t\t\t\tContainerPort: 80,",
        "+ \t\t\t\t\tContainerPort: 8080,",
        "  \t\t\t\t\t... // 1 identical field",
        "  \t\t\t\t},",
        "  \t\t\t},",
        "  \t\t\tResources: core.ResourceRequirements{",
        "  \t\t\t\tRequests: core.ResourceList{",
        '- \t\t\t\t\t"cpu": "1",',
        '+ \t\t\t\t\t"cpu": "2",',
        "  \t\t\t\t\t... // 1 identical field",
        "  \t\t\t\t},",
        "  \t\t\t},",
        "  \t\t},",
        "  \t},",
        "  \t... // 1 identical field",
        "  }",
      ].join("\n"),
    );
  });

  it("added and removed elements print as one-line Go literals", () => {
    const before = { tolerations: [{ key: "a", operator: "Exists" }] };
    const after = { tolerations: [] };
    expect(goStyleDiff("core.PodSpec", before, after)).toBe(
      ["  core.PodSpec{", "  \tTolerations: []core.Toleration{", '- \t\t{Key: "a", Operator: "Exists"},', "  \t},", "  }"].join("\n"),
    );
    expect(goLiteral({ args: ["a", "b"], nodeSelector: { "kubernetes.io/os": "linux" } })).toBe(
      '{Args: {"a", "b"}, NodeSelector: {"kubernetes.io/os": "linux"}}',
    );
  });
});

describe("Pod update outside the mutable fields", () => {
  it("is Forbidden on spec with upstream's list of updatable fields, then the diff of what else changed", () => {
    const pod: KubeObject = {
      apiVersion: "v1",
      kind: "Pod",
      metadata: { name: "x", namespace: "d" },
      spec: { containers: [{ name: "c", image: "a" }] },
    };
    defaultPod(pod);
    const changed = structuredClone(pod);
    (changed.spec as { restartPolicy: string }).restartPolicy = "Never";
    // The image may change: it is set back before the comparison, so it is not in the diff.
    (changed.spec as { containers: { image: string }[] }).containers[0]!.image = "b";
    const errs = validatePodUpdate(changed, pod);
    expect(errs).toHaveLength(1);
    const [first, ...diff] = errs[0]!.detail.split("\n");
    expect(errs[0]!.field).toBe("spec");
    expect(first).toBe(
      "pod updates may not change fields other than `spec.containers[*].image`,`spec.initContainers[*].image`,`spec.activeDeadlineSeconds`,`spec.tolerations` (only additions to existing tolerations),`spec.terminationGracePeriodSeconds` (allow it to be set to 1 if it was previously negative)",
    );
    expect(diff[0]).toBe("  core.PodSpec{");
    expect(diff).toContain('- \tRestartPolicy: "Always",');
    expect(diff).toContain('+ \tRestartPolicy: "Never",');
    expect(diff.join("\n")).not.toContain('"b"');
    expect(diff.at(-1)).toBe("  }");
  });
});
