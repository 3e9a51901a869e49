/** Seed 003's CronTab CustomResourceDefinition, for tests and benches (no server code imported). */

export const CRD_PATH = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions";

/** The seed's CronTab CRD, with extras a test may merge in. */
export function cronTabCRD(version: Record<string, unknown> = {}, spec: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "crontabs.stable.example.com" },
    spec: {
      group: "stable.example.com",
      versions: [
        {
          name: "v1",
          served: true,
          storage: true,
          schema: {
            openAPIV3Schema: {
              type: "object",
              properties: {
                spec: {
                  type: "object",
                  properties: { cronSpec: { type: "string" }, image: { type: "string" }, replicas: { type: "integer" } },
                },
              },
            },
          },
          ...version,
        },
      ],
      scope: "Namespaced",
      names: { plural: "crontabs", singular: "crontab", kind: "CronTab", shortNames: ["ct"] },
      ...spec,
    },
  };
}
