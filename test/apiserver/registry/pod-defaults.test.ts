/**
 * SetDefaults_Pod as upstream: a field absent or null gets its default; one set keeps its value,
 * falsy ones (0, "", false) included.
 */
import { describe, expect, it } from "vitest";
import { defaultPod } from "../../../apiserver/registry/defaults/core.js";

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
