/**
 * crd-autoregistration (apiserver/aggregator/crd-registration.ts): a Local APIService per
 * group-version CRDs serve, with upstream's priorities and the automanaged label; removed with
 * the last CRD of its group-version; APIServices managed by others untouched.
 */
import { describe, expect, it } from "vitest";
import type { APIService } from "../../../apiserver/aggregator/apiservices.js";
import { AUTOMANAGED_LABEL, registrationActions, runCRDRegistration } from "../../../apiserver/aggregator/crd-registration.js";
import type { KubeObject, RequestContext, RESTStorage } from "../../../apiserver/registry/rest.js";

const crd = (name: string, group: string, versions: [string, boolean][]) => ({
  metadata: { name },
  spec: { group, versions: versions.map(([v, served]) => ({ name: v, served })) },
});

const service = (name: string, labels?: Record<string, string>, remote = false): APIService =>
  ({
    metadata: { name, ...(labels && { labels }) },
    spec: { group: name.split(".").slice(1).join("."), version: name.split(".")[0], ...(remote && { service: { name: "s" } }) },
  }) as unknown as APIService;

describe("registrationActions", () => {
  it("creates a Local APIService per served group-version, with upstream's priorities and label", () => {
    const actions = registrationActions(
      [
        crd("widgets.example.com", "example.com", [
          ["v1", true],
          ["v2", true],
          ["v0", false],
        ]),
        crd("gadgets.example.com", "example.com", [["v1", true]]),
      ],
      [],
    );
    expect(actions).toEqual([
      {
        create: {
          apiVersion: "apiregistration.k8s.io/v1",
          kind: "APIService",
          metadata: { name: "v1.example.com", labels: { [AUTOMANAGED_LABEL]: "true" } },
          spec: { group: "example.com", version: "v1", groupPriorityMinimum: 1000, versionPriority: 100 },
        },
      },
      expect.objectContaining({ create: expect.objectContaining({ metadata: expect.objectContaining({ name: "v2.example.com" }) }) }),
    ]);
  });

  it("deletes only its own APIServices whose group-version no CRD serves any more", () => {
    const actions = registrationActions(
      [
        crd("widgets.example.com", "example.com", [
          ["v1", true],
          ["v2", false],
        ]),
      ],
      [
        service("v1.example.com", { [AUTOMANAGED_LABEL]: "true" }),
        service("v2.example.com", { [AUTOMANAGED_LABEL]: "true" }),
        service("v1.apps", { [AUTOMANAGED_LABEL]: "onstart" }),
        service("v1.mine.example.com"),
        service("v1beta1.metrics.k8s.io", { [AUTOMANAGED_LABEL]: "true" }, true),
      ],
    );
    expect(actions).toEqual([{ delete: "v2.example.com" }]);
  });
});

/** A storage in memory that lists, watches (events pushed by the test), creates and deletes. */
function memoryStorage(items: KubeObject[] = []) {
  const objects = new Map(items.map((o) => [o.metadata!.name!, o]));
  const waiters: (() => void)[] = [];
  const events: { type: string; object: KubeObject }[] = [];
  const push = (type: string, object: KubeObject): void => {
    events.push({ type, object });
    waiters.splice(0).forEach((w) => w());
  };
  const storage = {
    list: () => Promise.resolve({ items: [...objects.values()], metadata: { resourceVersion: "1" } }),
    watch: (ctx: RequestContext) => ({
      async *[Symbol.asyncIterator]() {
        for (;;) {
          while (events.length) yield events.shift()!;
          if (ctx.signal?.aborted) return;
          await new Promise<void>((r) => {
            waiters.push(r);
            ctx.signal?.addEventListener("abort", () => r(), { once: true });
          });
          if (ctx.signal?.aborted) return;
        }
      },
    }),
    create: (_ctx: RequestContext, obj: KubeObject) => {
      objects.set(obj.metadata!.name!, obj);
      return Promise.resolve(obj);
    },
    delete: (_ctx: RequestContext, name: string) => {
      objects.delete(name);
      return Promise.resolve({});
    },
  };
  return { storage: storage as unknown as RESTStorage, objects, push };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
}

describe("runCRDRegistration", () => {
  it("follows the CRDs: registers their group-versions and removes them with the last CRD", async () => {
    const first = crd("widgets.example.com", "example.com", [["v1", true]]) as KubeObject;
    const crds = memoryStorage([first]);
    const apiservices = memoryStorage();
    const abort = new AbortController();
    await runCRDRegistration({
      crds: crds.storage,
      apiservices: apiservices.storage,
      current: () => [...apiservices.objects.values()] as APIService[],
      context: (signal) => ({ signal }) as RequestContext,
      signal: abort.signal,
      log: () => {},
    });
    expect([...apiservices.objects.keys()]).toEqual(["v1.example.com"]);
    const second = crd("gadgets.example.com", "example.com", [
      ["v1", true],
      ["v2", true],
    ]) as KubeObject;
    crds.push("ADDED", second);
    await until(() => apiservices.objects.has("v2.example.com"));
    // v1 is still served by the second CRD. Reconciliations run in order: once an unrelated
    // group shows up, the one after the first deletion has run.
    crds.push("DELETED", first);
    crds.push("ADDED", crd("things.other.io", "other.io", [["v1", true]]));
    await until(() => apiservices.objects.has("v1.other.io"));
    expect(apiservices.objects.has("v1.example.com")).toBe(true);
    crds.push("DELETED", second);
    await until(() => !apiservices.objects.has("v1.example.com") && !apiservices.objects.has("v2.example.com"));
    expect([...apiservices.objects.keys()]).toEqual(["v1.other.io"]);
    abort.abort();
  });
});
