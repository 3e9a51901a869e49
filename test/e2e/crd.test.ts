/**
 * Seed 003's custom resource transcript with the real kubectl against a spawned apiserver: apply
 * the CronTab CRD, see it in `get crd` and `api-resources`, apply a CronTab in a namespace, list it
 * with its printer columns, read it back as YAML, explain its spec, get an invalid one refused,
 * and delete the CRD, which takes its objects with it.
 */
import path from "node:path";
import YAML from "yaml";
import { expect, it } from "vitest";
import { AdminClient } from "../support/apiserver-process.js";
import { kubectlServer } from "../support/kubectl-server.js";
import { describeWithTools } from "../support/tools.js";

const CRD_YAML = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: crontabs.stable.example.com
spec:
  group: stable.example.com
  versions:
    - name: v1
      served: true
      storage: true
      schema:
        openAPIV3Schema:
          type: object
          properties:
            spec:
              type: object
              properties:
                cronSpec:
                  type: string
                  description: The cron schedule.
                image:
                  type: string
                replicas:
                  type: integer
      additionalPrinterColumns:
        - name: Spec
          type: string
          jsonPath: .spec.cronSpec
        - name: Replicas
          type: integer
          jsonPath: .spec.replicas
        - name: Age
          type: date
          jsonPath: .metadata.creationTimestamp
  scope: Namespaced
  names:
    plural: crontabs
    singular: crontab
    kind: CronTab
    shortNames:
    - ct
`;

const CR_YAML = `apiVersion: stable.example.com/v1
kind: CronTab
metadata:
  name: my-new-cron-object
spec:
  cronSpec: "* * * * */5"
  image: my-awesome-cron-image
  replicas: 2
`;

describeWithTools(["kubectl"], "custom resources with kubectl (seed 003)", () => {
  const e2e = kubectlServer("kubegen-crd-e2e-", {
    setup: async () => {
      e2e.file("crd.yaml", CRD_YAML);
      e2e.file("cr.yaml", CR_YAML);
    },
  });
  const { kubectl } = e2e;

  it("applies the CRD and lists it", async () => {
    const applied = await kubectl("apply", "-f", path.join(e2e.dir, "crd.yaml"));
    expect(applied.stderr).toBe("");
    expect(applied.stdout.trim()).toBe("customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com created");
    const established = await kubectl("wait", "--for=condition=Established", "crd/crontabs.stable.example.com", "--timeout=20s");
    expect(established.stdout.trim()).toBe("customresourcedefinition.apiextensions.k8s.io/crontabs.stable.example.com condition met");
    const crds = await kubectl("get", "crd");
    expect(crds.stdout).toMatch(/^NAME\s+CREATED AT\ncrontabs\.stable\.example\.com\s+\d{4}-\d\d-\d\dT/);
    const resources = await kubectl("api-resources", "--api-group=stable.example.com");
    expect(resources.stdout).toMatch(/crontabs\s+ct\s+stable\.example\.com\/v1\s+true\s+CronTab/);
  }, 60_000);

  it("applies a CronTab in a namespace and shows it", async () => {
    expect((await kubectl("create", "namespace", "liuxiang3")).code).toBe(0);
    const applied = await kubectl("apply", "-f", path.join(e2e.dir, "cr.yaml"), "-n", "liuxiang3");
    expect(applied.stderr).toBe("");
    expect(applied.stdout.trim()).toBe("crontab.stable.example.com/my-new-cron-object created");
    const list = await kubectl("get", "crontab", "-n", "liuxiang3");
    expect(list.stdout).toMatch(/^NAME\s+SPEC\s+REPLICAS\s+AGE\nmy-new-cron-object\s+\* \* \* \* \*\/5\s+2\s+\d+s\n$/);
    const yaml = await kubectl("get", "ct", "my-new-cron-object", "-n", "liuxiang3", "-o", "yaml");
    const obj = YAML.parse(yaml.stdout);
    expect(obj).toMatchObject({
      apiVersion: "stable.example.com/v1",
      kind: "CronTab",
      metadata: { name: "my-new-cron-object", namespace: "liuxiang3", generation: 1 },
      spec: { cronSpec: "* * * * */5", image: "my-awesome-cron-image", replicas: 2 },
    });
    // Applying again changes nothing.
    expect((await kubectl("apply", "-f", path.join(e2e.dir, "cr.yaml"), "-n", "liuxiang3")).stdout.trim()).toBe(
      "crontab.stable.example.com/my-new-cron-object unchanged",
    );
  }, 60_000);

  it("explains the CronTab's spec from the OpenAPI schema", async () => {
    const explained = await kubectl("explain", "crontab.spec");
    expect(explained.stderr).toBe("");
    expect(explained.stdout).toContain("GROUP:      stable.example.com");
    expect(explained.stdout).toContain("KIND:       CronTab");
    expect(explained.stdout).toMatch(/cronSpec\s+<string>\n\s+The cron schedule\./);
    expect(explained.stdout).toMatch(/replicas\s+<integer>/);
  }, 60_000);

  it("refuses an invalid CronTab with the field's error", async () => {
    const bad = CR_YAML.replace("replicas: 2", 'replicas: "two"').replace("my-new-cron-object", "bad-cron");
    e2e.file("bad.yaml", bad);
    const res = await kubectl("apply", "-f", path.join(e2e.dir, "bad.yaml"), "-n", "liuxiang3");
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(
      'The CronTab "bad-cron" is invalid: spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer: "string"',
    );
    // kubectl asks for strict field validation: an unknown field is refused as upstream words it.
    e2e.file("unknown.yaml", CR_YAML.replace("replicas: 2", "replicas: 2\n  bogus: 1").replace("my-new-cron-object", "odd-cron"));
    const unknown = await kubectl("apply", "-f", path.join(e2e.dir, "unknown.yaml"), "-n", "liuxiang3");
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr.trim()).toBe(
      `Error from server (BadRequest): error when creating "${path.join(e2e.dir, "unknown.yaml")}": CronTab in version "v1" cannot be handled as a CronTab: strict decoding error: unknown field "spec.bogus"`,
    );
  }, 60_000);

  it("deletes the CRD and its CronTabs with it", async () => {
    const deleted = await kubectl("delete", "-f", path.join(e2e.dir, "crd.yaml"), "--timeout=30s");
    expect(deleted.stdout.trim()).toBe('customresourcedefinition.apiextensions.k8s.io "crontabs.stable.example.com" deleted');
    expect((await kubectl("get", "crd")).stderr.trim()).toBe("No resources found");
    // With its discovery cache, kubectl still knows the resource and gets upstream's 404 for it.
    const cached = await kubectl("get", "crontab", "-n", "liuxiang3");
    expect(cached.stderr.trim()).toBe(
      'Error from server (NotFound): Unable to list "stable.example.com/v1, Resource=crontabs": the server could not find the requested resource',
    );
    // Discovery no longer lists it.
    const gone = await kubectl("get", "crontab", "-n", "liuxiang3", "--cache-dir", path.join(e2e.dir, "fresh-cache"));
    expect(gone.code).not.toBe(0);
    expect(gone.stderr.trim()).toBe(`error: the server doesn't have a resource type "crontab"`);
    const client = new AdminClient(e2e.server.url, e2e.kubeconfig);
    const discovery = (await client.request("GET", "/apis")).json<{ groups: { name: string }[] }>();
    expect(discovery.groups.map((g) => g.name)).not.toContain("stable.example.com");
    client.close();
  }, 60_000);
});
