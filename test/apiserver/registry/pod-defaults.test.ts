/**
 * SetDefaults_Pod as upstream: a field absent or null gets its default; one set keeps its value,
 * falsy ones (0, "", false) included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultPod, defaultPodTemplate, defaultPullPolicy } from "../../../apiserver/registry/defaults/core.js";

describe("pod defaults", () => {
  it("fills absent and null fields of the spec, containers, probes and volumes, and keeps set ones", () => {
    const pod: Record<string, unknown> = {
      spec: {
        dnsPolicy: null,
        restartPolicy: "",
        terminationGracePeriodSeconds: 0,
        enableServiceLinks: false,
        containers: [
          {
            name: "c",
            image: "x:1",
            terminationMessagePolicy: null,
            ports: [{ containerPort: 80 }, { containerPort: 81, protocol: "UDP" }],
            env: [{ name: "A", valueFrom: { fieldRef: { fieldPath: "metadata.name", apiVersion: null } } }],
            livenessProbe: { periodSeconds: 0, httpGet: { port: 80, path: null } },
            readinessProbe: { grpc: { port: 9 } },
          },
        ],
        volumes: [
          { name: "s", secret: { secretName: "s", defaultMode: 0 } },
          { name: "h", hostPath: { path: "/x", type: null } },
          { name: "e" },
        ],
      },
    };
    defaultPod(pod);
    expect(pod.spec).toEqual({
      dnsPolicy: "ClusterFirst",
      restartPolicy: "",
      terminationGracePeriodSeconds: 0,
      enableServiceLinks: false,
      securityContext: {},
      schedulerName: "default-scheduler",
      containers: [
        {
          name: "c",
          image: "x:1",
          imagePullPolicy: "IfNotPresent",
          terminationMessagePath: "/dev/termination-log",
          terminationMessagePolicy: "File",
          ports: [
            { containerPort: 80, protocol: "TCP" },
            { containerPort: 81, protocol: "UDP" },
          ],
          env: [{ name: "A", valueFrom: { fieldRef: { fieldPath: "metadata.name", apiVersion: "v1" } } }],
          livenessProbe: {
            periodSeconds: 0,
            timeoutSeconds: 1,
            successThreshold: 1,
            failureThreshold: 3,
            httpGet: { port: 80, path: "/", scheme: "HTTP" },
          },
          readinessProbe: {
            grpc: { port: 9, service: "" },
            timeoutSeconds: 1,
            periodSeconds: 10,
            successThreshold: 1,
            failureThreshold: 3,
          },
        },
      ],
      volumes: [
        { name: "s", secret: { secretName: "s", defaultMode: 0 } },
        { name: "h", hostPath: { path: "/x", type: "" } },
        { name: "e", emptyDir: {} },
      ],
    });
  });
});

describe("what SetDefaults_Pod adds and a template never gets", () => {
  const spec = () => ({
    hostNetwork: true,
    containers: [{ name: "c", image: "x:1", ports: [{ containerPort: 80 }], resources: { limits: { cpu: "1" } } }],
    ephemeralContainers: [{ name: "e", image: "x:1", ports: [{ containerPort: 81 }], resources: { limits: { cpu: "1" } } }],
  });

  it("a Pod: enableServiceLinks, host ports under hostNetwork and requests from limits, never for ephemeral containers", () => {
    const pod = { spec: spec() };
    defaultPod(pod);
    expect(pod.spec).toMatchObject({ enableServiceLinks: true });
    expect(pod.spec.containers[0]).toMatchObject({ ports: [{ containerPort: 80, hostPort: 80 }], resources: { requests: { cpu: "1" } } });
    expect(pod.spec.ephemeralContainers[0]!.ports[0]).not.toHaveProperty("hostPort");
    expect(pod.spec.ephemeralContainers[0]!.resources).not.toHaveProperty("requests");
  });

  it("a template: SetDefaults_PodSpec and the containers' own defaults only", () => {
    const template = { spec: spec() };
    defaultPodTemplate(template);
    expect(template.spec).not.toHaveProperty("enableServiceLinks");
    expect(template.spec).toMatchObject({ dnsPolicy: "ClusterFirst", restartPolicy: "Always", schedulerName: "default-scheduler" });
    expect(template.spec.containers[0]!.ports[0]).toEqual({ containerPort: 80, protocol: "TCP" });
    expect(template.spec.containers[0]!.resources).toEqual({ limits: { cpu: "1" } });
  });

  it("the pull policy follows the tag after the last slash, found without slices, as the definition says", () => {
    /** The definition: the text after the last slash, its last colon, the tag after it. */
    const byDefinition = (image: string): string => {
      if (image.includes("@")) return "IfNotPresent";
      const tail = image.slice(image.lastIndexOf("/") + 1);
      const colon = tail.lastIndexOf(":");
      const tag = colon >= 0 ? tail.slice(colon + 1) : "";
      return tag === "" || tag === "latest" ? "Always" : "IfNotPresent";
    };
    const piece = fc.constantFrom("", "a", "latest", ":", "/", "@", "r.io:5000", "x:latest", "alatest", "latest:", "v1.2");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 5 }), (parts) => {
        const image = parts.join("");
        expect(defaultPullPolicy(image)).toBe(byDefinition(image));
      }),
      { numRuns: 3000 },
    );
    expect(defaultPullPolicy("r.io:5000/team/app")).toBe("Always");
    expect(defaultPullPolicy("r.io:5000/team/app:latest")).toBe("Always");
    expect(defaultPullPolicy("r.io:5000/team/app:1.2")).toBe("IfNotPresent");
  });
});
