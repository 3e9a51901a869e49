/**
 * Plugins that read what admission keeps (ServiceAccounts, LimitRanges, namespaces, quotas) finish
 * a Pod create without a promise once the read is kept, and do what they did through the promise:
 * the same token volume, the same refusals (as rejections), and the chain waits only on promises.
 */
import { describe, expect, it } from "vitest";
import { AdmissionChain, type AdmissionAttributes } from "../../../apiserver/admission/interface.js";
import { FollowedLists } from "../../../apiserver/admission/followed-lists.js";
import { LimitRanger } from "../../../apiserver/admission/limit-ranger.js";
import type { AdmissionObjects } from "../../../apiserver/admission/objects.js";
import { ServiceAccountAdmission } from "../../../apiserver/admission/service-account.js";
import type { KubeObject } from "../../../apiserver/registry/rest.js";
import type { UserInfo } from "../../../apiserver/auth/user.js";

const ctx = { signal: new AbortController().signal };
const settle = () => new Promise((r) => setImmediate(r));

function objects(stored: KubeObject[]): AdmissionObjects {
  const stop = new AbortController();
  return {
    get: (_g, _r, namespace, name) => Promise.resolve(stored.find((o) => o.metadata?.namespace === namespace && o.metadata.name === name)),
    list: (_g, resource, namespace) => Promise.resolve(stored.filter((o) => o.kind === resource && o.metadata?.namespace === namespace)),
    updateStatus: () => Promise.resolve(),
    follow: () => ({ synced: Promise.resolve(), signal: stop.signal }),
  };
}

const podCreate = (spec: Record<string, unknown>): AdmissionAttributes => ({
  operation: "CREATE",
  kind: { group: "", version: "v1", kind: "Pod" },
  resource: { group: "", version: "v1", resource: "pods" },
  subresource: "",
  namespace: "a",
  name: "p",
  object: { metadata: { name: "p", namespace: "a" }, spec },
  dryRun: false,
  user: { username: "u", groups: [] } as unknown as UserInfo,
});

describe("kept reads", () => {
  it("ServiceAccount: a kept account mounts the token volume without a promise, as the read did", async () => {
    const lists = new FollowedLists(objects([{ metadata: { name: "default", namespace: "a" } }]));
    const plugin = new ServiceAccountAdmission(objects([]), lists);
    const first = podCreate({ containers: [{ name: "c" }] });
    const read = plugin.admit(first, ctx);
    expect(read).toBeInstanceOf(Promise);
    await read;
    await settle();
    // Kept after a read once followed.
    await plugin.admit(podCreate({ containers: [{ name: "c" }] }), ctx);
    const second = podCreate({ containers: [{ name: "c" }] });
    expect(plugin.admit(second, ctx)).toBeUndefined();
    const strip = (a: AdmissionAttributes) =>
      JSON.parse(JSON.stringify(a.object).replace(/kube-api-access-[a-z0-9]{5}/g, "kube-api-access-x")) as unknown;
    expect(strip(second)).toEqual(strip(first));
    expect((second.object!.spec as { volumes: { name: string }[] }).volumes[0]!.name).toMatch(/^kube-api-access-[a-z0-9]{5}$/);
    // A missing account is never kept: refused through a promise with upstream's message.
    const other = podCreate({ serviceAccountName: "missing", containers: [{ name: "c" }] });
    const refused = plugin.admit(other, ctx);
    expect(refused).toBeInstanceOf(Promise);
    await expect(refused).rejects.toThrow('error looking up service account a/missing: serviceaccount "missing" not found');
  });

  it("LimitRanger: kept ranges default and refuse without a promise; the chain passes a refusal on", async () => {
    const range: KubeObject = {
      kind: "limitranges",
      metadata: { name: "l", namespace: "a" },
      spec: { limits: [{ type: "Container", default: { cpu: "500m" }, max: { cpu: "1" } }] },
    };
    const plugin = new LimitRanger(objects([range]));
    await plugin.admit(podCreate({ containers: [{ name: "c" }] }), ctx);
    await settle();
    await plugin.admit(podCreate({ containers: [{ name: "c" }] }), ctx);
    const ok = podCreate({ containers: [{ name: "c" }] });
    expect(plugin.admit(ok, ctx)).toBeUndefined();
    expect((ok.object!.spec as { containers: { resources: unknown }[] }).containers[0]!.resources).toEqual({
      limits: { cpu: "500m" },
      requests: { cpu: "500m" },
    });
    expect(plugin.validate(ok, ctx)).toBeUndefined();
    const big = podCreate({ containers: [{ name: "c", resources: { limits: { cpu: "2" } } }] });
    const chain = new AdmissionChain([plugin]);
    await expect(chain.run(big, ctx)).rejects.toThrow("maximum cpu usage per Container is 1, but limit is 2");
  });
});
