/**
 * The priority-and-fairness-config-producer hook in-process, over the real registry on in-memory
 * storage: the mandatory and suggested objects exist when the hook is done, deleted ones come
 * back, suggested specs follow the `apf.kubernetes.io/autoupdate` annotation as upstream's
 * ensurer decides, stale objects annotated true are removed, and every FlowSchema gets its
 * `Dangling` condition.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventuallyWhere } from "../../support/wait.js";
import type { FlowSchema } from "../../../api/flowcontrol/v1/types.js";
import {
  FLOWCONTROL_BOOTSTRAP_HOOK,
  flowControlBootstrapHook,
  parseBool,
  shouldUpdateSpec,
} from "../../../apiserver/controlplane/flowcontrol-bootstrap.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import { APIServer } from "../../../apiserver/server/apiserver.js";
import { ensureCertificates, type ClusterCertificates } from "../../../apiserver/server/certs.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { scheme } from "../../../generated/apis/register.js";
import { Clientset } from "../../../generated/clientset/clientset.js";
import { StatusError } from "../../../runtime/rest/errors.js";

let certs: ClusterCertificates;
let certDir: string;
let server: APIServer;
let client: Clientset;

beforeAll(async () => {
  certDir = mkdtempSync(path.join(os.tmpdir(), "kubegen-apf-"));
  certs = await ensureCertificates({ dataDir: certDir });
  server = new APIServer({
    storages: buildBuiltinStorages(new MemoryStorage(), scheme),
    scheme,
    bindAddress: "127.0.0.1",
    securePort: 0,
    advertiseAddress: "192.0.2.10",
    tls: { cert: certs.serving.cert, key: certs.serving.key, clientCA: certs.ca.cert },
    log: () => {},
  });
  server.hooks.addPostStartHook(FLOWCONTROL_BOOTSTRAP_HOOK, flowControlBootstrapHook());
  await server.start();
  client = new Clientset({
    server: `https://127.0.0.1:${server.port}`,
    caData: certs.ca.cert,
    certData: certs.admin.cert,
    keyData: certs.admin.key,
    qps: -1,
  });
});

afterAll(async () => {
  client?.restClient.close();
  await server?.shutdown();
  rmSync(certDir, { recursive: true, force: true });
});

const eventually = <T>(fn: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> => eventuallyWhere(fn, ok, ms);
const flowSchemas = () => client.flowcontrolV1().flowSchemas();
const levels = () => client.flowcontrolV1().priorityLevelConfigurations();
const names = async (list: Promise<{ items: { metadata?: { name?: string } }[] }>) =>
  (await list).items.map((o) => o.metadata?.name).sort();

describe("priority-and-fairness-config-producer", () => {
  it("has created upstream's 13 FlowSchemas and 8 priority levels when the hook reports done", async () => {
    expect(server.hooks.postStartHookProblem(FLOWCONTROL_BOOTSTRAP_HOOK)).toBeUndefined();
    expect(await names(flowSchemas().list())).toHaveLength(13);
    expect(await names(levels().list())).toEqual([
      "catch-all",
      "exempt",
      "global-default",
      "leader-election",
      "node-high",
      "system",
      "workload-high",
      "workload-low",
    ]);
    const exempt = await flowSchemas().get("exempt");
    expect(exempt.metadata?.annotations).toEqual({ "apf.kubernetes.io/autoupdate": "true" });
    expect(exempt.metadata?.managedFields?.map((e) => e.manager)).toContain("api-priority-and-fairness-config-producer-v1");
  });

  it("writes each FlowSchema's Dangling condition: False when its level exists, True when not", async () => {
    const all = await eventually(
      async () => (await flowSchemas().list()).items,
      (items) => items.every((f) => f.status?.conditions?.some((c) => c.type === "Dangling")),
    );
    expect(all.find((f) => f.metadata?.name === "probes")?.status?.conditions).toEqual([
      expect.objectContaining({
        type: "Dangling",
        status: "False",
        reason: "Found",
        message: 'This FlowSchema references the PriorityLevelConfiguration object named "exempt" and it exists',
      }),
    ]);
    await flowSchemas().create({
      metadata: { name: "orphan" },
      spec: { priorityLevelConfiguration: { name: "nowhere" }, matchingPrecedence: 5000 },
    });
    const orphan = await eventually(
      () => flowSchemas().get("orphan"),
      (f) => f.status?.conditions?.[0]?.status === "True",
    );
    expect(orphan.status?.conditions?.[0]).toMatchObject({
      reason: "NotFound",
      message: 'This FlowSchema references the PriorityLevelConfiguration object named "nowhere" but there is no such object',
    });
    await flowSchemas().delete("orphan");
  });

  it("creates a deleted mandatory or suggested object again", async () => {
    const before = await flowSchemas().get("catch-all");
    await flowSchemas().delete("catch-all");
    const again = await eventually(
      () =>
        flowSchemas()
          .get("catch-all")
          .catch(() => undefined),
      (f) => f !== undefined && f.metadata?.uid !== before.metadata?.uid,
    );
    expect(again?.spec?.matchingPrecedence).toBe(10000);
    await levels().delete("workload-low");
    await eventually(
      () =>
        levels()
          .get("workload-low")
          .catch(() => undefined),
      (p) => p !== undefined,
    );
  });

  it("refuses changes to a mandatory spec, and puts its autoupdate annotation back to true", async () => {
    const catchAll = await levels().get("catch-all");
    catchAll.spec!.limited!.nominalConcurrencyShares = 50;
    const err = await levels()
      .update(catchAll)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StatusError);
    expect((err as StatusError).status.message).toContain("spec of 'catch-all' must equal the fixed value");
    const fresh = await levels().get("catch-all");
    fresh.metadata!.annotations = { "apf.kubernetes.io/autoupdate": "false" };
    await levels().update(fresh);
    await eventually(
      () => levels().get("catch-all"),
      (p) => p.metadata?.annotations?.["apf.kubernetes.io/autoupdate"] === "true",
    );
  });

  it("leaves the exempt level's own spec.exempt as the operator set it", async () => {
    const exempt = await levels().get("exempt");
    exempt.spec!.exempt = { nominalConcurrencyShares: 10, lendablePercent: 20 };
    await levels().update(exempt);
    // A deletion makes the next pass come at once; once it has run, exempt is as edited.
    await levels().delete("leader-election");
    await eventually(
      () =>
        levels()
          .get("leader-election")
          .catch(() => undefined),
      (p) => p !== undefined,
    );
    expect((await levels().get("exempt")).spec?.exempt).toEqual({ nominalConcurrencyShares: 10, lendablePercent: 20 });
  });

  it("defaults a level created without shares to 30 and its queuing as v1 does", async () => {
    // The TS type requires the fields the server defaults (they are pointers in Go's v1 types).
    const created = await levels().create({
      metadata: { name: "mine" },
      spec: { type: "Limited", limited: { limitResponse: { type: "Queue", queuing: {} } } },
    } as never);
    expect(created.spec?.limited).toEqual({
      nominalConcurrencyShares: 30,
      lendablePercent: 0,
      limitResponse: { type: "Queue", queuing: { queues: 64, handSize: 8, queueLengthLimit: 50 } },
    });
    await levels().delete("mine");
  });

  it("keeps a suggested object's edited spec when annotated false, and reverts it when annotated true", async () => {
    const edit = async (name: string, annotation: string | undefined, precedence: number): Promise<void> => {
      const fs = await flowSchemas().get(name);
      fs.spec!.matchingPrecedence = precedence;
      fs.metadata!.annotations = annotation === undefined ? {} : { "apf.kubernetes.io/autoupdate": annotation };
      await flowSchemas().update(fs);
    };
    await edit("service-accounts", "false", 8000);
    await edit("kube-scheduler", "true", 801);
    await eventually(
      () => flowSchemas().get("kube-scheduler"),
      (f) => f.spec?.matchingPrecedence === 800,
    );
    // Edited (generation 2) and no annotation: the operator's spec stays, the annotation becomes false.
    await edit("global-default", undefined, 9800);
    const kept = await eventually(
      () => flowSchemas().get("global-default"),
      (f) => f.metadata?.annotations?.["apf.kubernetes.io/autoupdate"] === "false",
    );
    expect(kept.spec?.matchingPrecedence).toBe(9800);
    expect((await flowSchemas().get("service-accounts")).spec?.matchingPrecedence).toBe(8000);
  });

  it("deletes an object annotated autoupdate=true that the configuration does not name; leaves others", async () => {
    const mine: FlowSchema = {
      metadata: { name: "mine", annotations: { "apf.kubernetes.io/autoupdate": "false" } },
      spec: { priorityLevelConfiguration: { name: "global-default" }, matchingPrecedence: 5000 },
    };
    await flowSchemas().create(mine);
    await flowSchemas().create({ ...mine, metadata: { name: "stale", annotations: { "apf.kubernetes.io/autoupdate": "true" } } });
    await eventually(
      () => names(flowSchemas().list()),
      (n) => !n.includes("stale"),
    );
    expect(await names(flowSchemas().list())).toContain("mine");
  });
});

describe("the autoupdate rules", () => {
  it("parses the annotation as Go's ParseBool", () => {
    expect(["1", "t", "T", "TRUE", "true", "True"].map(parseBool)).toEqual(Array(6).fill(true));
    expect(["0", "f", "F", "FALSE", "false", "False"].map(parseBool)).toEqual(Array(6).fill(false));
    expect([undefined, "", "yes", "tRUE"].map(parseBool)).toEqual(Array(4).fill(undefined));
  });

  it("updates the spec of an object without a boolean annotation only at generation 1", () => {
    const at = (generation: number, value?: string) => ({
      metadata: { generation, ...(value !== undefined && { annotations: { "apf.kubernetes.io/autoupdate": value } }) },
    });
    expect(shouldUpdateSpec(at(1))).toBe(true);
    expect(shouldUpdateSpec(at(2))).toBe(false);
    expect(shouldUpdateSpec(at(2, "maybe"))).toBe(false);
    expect(shouldUpdateSpec(at(5, "true"))).toBe(true);
    expect(shouldUpdateSpec(at(1, "false"))).toBe(false);
  });
});
