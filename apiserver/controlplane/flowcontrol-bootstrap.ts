/**
 * The `priority-and-fairness-config-producer` post-start hook, as upstream's flowcontrol ensurer:
 * creates the mandatory and suggested FlowSchemas and PriorityLevelConfigurations, creates a
 * missing one again, keeps the mandatory ones' specs as the server's (an `exempt` level keeps
 * its own `spec.exempt`), updates a suggested one's spec only while its
 * `apf.kubernetes.io/autoupdate` annotation is true (or, without a boolean there, while the
 * object is unedited at generation 1), sets the annotation to what was decided, and deletes
 * objects annotated true whose names the configuration no longer has. It also writes each
 * FlowSchema's `Dangling` condition (upstream's APF controller does; no request is queued or
 * limited by these objects here). The hook returns once a first pass succeeded; passes then
 * run every minute as upstream, and at once when one of the objects changes or is deleted.
 */
import type { FlowSchema, FlowSchemaCondition, PriorityLevelConfiguration } from "../../api/flowcontrol/v1/types.js";
import { scheme } from "../../generated/apis/register.js";
import { FlowcontrolV1Client, type FlowcontrolV1Interface } from "../../generated/clientset/typed/flowcontrol/v1/flowcontrol-v1-client.js";
import { gentype } from "../../runtime/index.js";
import { sleep } from "../../runtime/cache/backoff.js";
import { waitForCacheSync, type SharedIndexInformer } from "../../runtime/cache/shared-index-informer.js";
import { RestClient } from "../../runtime/rest/client.js";
import { isAlreadyExists, isConflict, isNotFound } from "../../runtime/rest/errors.js";
import { protobufObjectCodec } from "../../runtime/rest/protobuf-codec.js";
import type { HookContext, PostStartHook } from "../lifecycle/hooks.js";
import { apiserverContext, type KubeObject, type RESTStorage } from "../registry/rest.js";
import { defaultFlowSchema, defaultPriorityLevelConfiguration } from "../registry/defaults/flowcontrol.js";
import {
  AUTO_UPDATE_ANNOTATION,
  MANDATORY_FLOW_SCHEMAS,
  MANDATORY_PRIORITY_LEVELS,
  SUGGESTED_FLOW_SCHEMAS,
  SUGGESTED_PRIORITY_LEVELS,
} from "../registry/resources/flowschemas/bootstrap.js";
import { sameFlowSchemaSpec, samePriorityLevelSpec } from "../registry/validation/flowcontrol.js";

export const FLOWCONTROL_BOOTSTRAP_HOOK = "priority-and-fairness-config-producer";
/** The field manager upstream's ensurer writes with. */
export const FLOWCONTROL_PRODUCER = "api-priority-and-fairness-config-producer-v1";
/** The field manager of the status upstream's APF controller writes. */
export const FLOWCONTROL_CONSUMER = "api-priority-and-fairness-config-consumer-v1";

type ConfigObject = FlowSchema | PriorityLevelConfiguration;
type Spec = Record<string, unknown>;

/** What the ensurer needs of one kind: the informer's cache and the client's writes. */
export interface ConfigOps<T extends ConfigObject> {
  readonly kind: string;
  cached(name: string): T | undefined;
  all(): T[];
  get(name: string, signal?: AbortSignal): Promise<T>;
  create(obj: T, signal?: AbortSignal): Promise<T>;
  update(obj: T, signal?: AbortSignal): Promise<T>;
  delete(name: string, resourceVersion: string, signal?: AbortSignal): Promise<void>;
  /** Spec equality as upstream's ensurer judges it: the bootstrap spec defaulted, then compared. */
  specMatches(bootstrap: T, current: T): boolean;
  /** create() writes to the registry in this process (no loopback request). */
  readonly createsInProcess?: boolean;
}

/** Go's strconv.ParseBool: the words it accepts, undefined for anything else. */
export function parseBool(v: string | undefined): boolean | undefined {
  if (v === undefined) return undefined;
  if (["1", "t", "T", "TRUE", "true", "True"].includes(v)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(v)) return false;
  return undefined;
}

/** Whether a suggested object's spec may be brought back to the server's. */
export function shouldUpdateSpec(obj: ConfigObject): boolean {
  const auto = parseBool(obj.metadata?.annotations?.[AUTO_UPDATE_ANNOTATION]);
  if (auto !== undefined) return auto;
  // No usable annotation: only an object nobody has edited (generation 1) is safe to update.
  return obj.metadata?.generation === 1;
}

/** The revised object to write, or undefined when the current one is as it should be. */
export function reviseIfNeeded<T extends ConfigObject>(ops: ConfigOps<T>, mandatory: boolean, current: T, bootstrap: T): T | undefined {
  const autoUpdate = mandatory || shouldUpdateSpec(current);
  const updateAnnotation = parseBool(current.metadata?.annotations?.[AUTO_UPDATE_ANNOTATION]) !== autoUpdate;
  const specChanged = autoUpdate && !ops.specMatches(bootstrap, current);
  if (!updateAnnotation && !specChanged) return undefined;
  const revised = structuredClone(current);
  revised.metadata ??= {};
  if (updateAnnotation) revised.metadata.annotations = { ...revised.metadata.annotations, [AUTO_UPDATE_ANNOTATION]: String(autoUpdate) };
  if (specChanged) (revised as { spec?: unknown }).spec = structuredClone(bootstrap.spec);
  return revised;
}

function flowSchemaSpecMatches(bootstrap: FlowSchema, current: FlowSchema): boolean {
  const expected = structuredClone(bootstrap) as unknown as Spec;
  defaultFlowSchema(expected);
  return sameFlowSchemaSpec(expected.spec as Spec, (current.spec ?? {}) as Spec);
}

function priorityLevelSpecMatches(bootstrap: PriorityLevelConfiguration, current: PriorityLevelConfiguration): boolean {
  const expected = structuredClone(bootstrap) as unknown as Spec;
  defaultPriorityLevelConfiguration(expected);
  const spec = expected.spec as Spec;
  // The exempt level's own shares and lendable percent are the operator's to set.
  if (bootstrap.metadata?.name === "exempt") {
    if (!current.spec?.exempt) return false;
    spec.exempt = current.spec.exempt;
  }
  return samePriorityLevelSpec(spec, (current.spec ?? {}) as Spec);
}

type Client<T> = Pick<gentype.ResourceClient<T, { items: T[] }>, "get" | "create" | "update" | "delete">;

function opsOf<T extends ConfigObject>(
  kind: string,
  client: Client<T>,
  informer: SharedIndexInformer<T>,
  specMatches: (bootstrap: T, current: T) => boolean,
  direct: RESTStorage | undefined,
): ConfigOps<T> {
  const store = informer.getStore();
  const opts = (signal?: AbortSignal) => ({ fieldManager: FLOWCONTROL_PRODUCER, ...(signal && { signal }) });
  // Creates go straight to the registry when it is at hand: on a new cluster the first pass
  // creates 21 objects before the server reports ready, and over the loopback client each costs
  // TLS, HTTP and two codecs besides the write.
  const create: ConfigOps<T>["create"] = direct?.create
    ? async (obj, signal) =>
        (await direct.create!(apiserverContext(signal ?? new AbortController().signal), obj as KubeObject, {
          fieldManager: FLOWCONTROL_PRODUCER,
          inputOwned: true,
        })) as unknown as T
    : (obj, signal) => client.create(obj, opts(signal));
  return {
    kind,
    cached: (name) => store.getByKey(name),
    all: () => store.list(),
    get: (name, signal) => client.get(name, signal ? { signal } : {}),
    create,
    update: (obj, signal) => client.update(obj, opts(signal)),
    delete: (name, resourceVersion, signal) => client.delete(name, { preconditions: { resourceVersion }, ...(signal && { signal }) }),
    specMatches,
    createsInProcess: direct?.create !== undefined,
  };
}

const message = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** One object: created when missing, revised when the strategy says so; a conflict waits for the next pass. */
export async function ensureConfiguration<T extends ConfigObject>(
  ops: ConfigOps<T>,
  bootstrap: T,
  mandatory: boolean,
  signal?: AbortSignal,
): Promise<"created" | "updated" | undefined> {
  const name = bootstrap.metadata!.name!;
  let current = ops.cached(name);
  if (current === undefined) {
    try {
      await ops.create(structuredClone(bootstrap), signal);
      return "created";
    } catch (err) {
      if (!isAlreadyExists(err)) throw new Error(`failed to create ${ops.kind} ${JSON.stringify(name)}: ${message(err)}`, { cause: err });
    }
    current = await ops.get(name, signal);
  }
  const revised = reviseIfNeeded(ops, mandatory, current, bootstrap);
  if (revised === undefined) return undefined;
  try {
    await ops.update(revised, signal);
    return "updated";
  } catch (err) {
    if (isConflict(err) || isNotFound(err)) return undefined;
    throw new Error(`failed to update ${ops.kind} ${JSON.stringify(name)}: ${message(err)}`, { cause: err });
  }
}

/** Deletes objects annotated autoupdate=true that the configuration no longer names. */
export async function removeUnwanted<T extends ConfigObject>(
  ops: ConfigOps<T>,
  wanted: ReadonlySet<string>,
  signal?: AbortSignal,
): Promise<string[]> {
  const removed: string[] = [];
  for (const obj of ops.all()) {
    const name = obj.metadata?.name ?? "";
    if (wanted.has(name) || parseBool(obj.metadata?.annotations?.[AUTO_UPDATE_ANNOTATION]) !== true) continue;
    try {
      await ops.delete(name, obj.metadata?.resourceVersion ?? "", signal);
      removed.push(name);
    } catch (err) {
      if (!isConflict(err) && !isNotFound(err)) throw err;
    }
  }
  return removed;
}

/** The `Dangling` condition upstream's controller wants on a schema, given whether its level exists. */
export function danglingCondition(fs: FlowSchema, levelExists: boolean, now: Date): FlowSchemaCondition {
  const pl = JSON.stringify(fs.spec?.priorityLevelConfiguration?.name ?? "");
  return levelExists
    ? {
        type: "Dangling",
        status: "False",
        lastTransitionTime: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
        reason: "Found",
        message: `This FlowSchema references the PriorityLevelConfiguration object named ${pl} and it exists`,
      }
    : {
        type: "Dangling",
        status: "True",
        lastTransitionTime: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
        reason: "NotFound",
        message: `This FlowSchema references the PriorityLevelConfiguration object named ${pl} but there is no such object`,
      };
}

export interface FlowControlBootstrapOptions {
  /** The periodic pass; default 1 minute as upstream. */
  intervalMs?: number;
  /** The least time between the starts of two passes; default 500 ms. */
  minGapMs?: number;
  log?: (line: string) => void;
  now?: () => Date;
  /** The registry's FlowSchema and PriorityLevelConfiguration storages: creates skip the loopback client. */
  storages?: { flowSchemas: RESTStorage; priorityLevels: RESTStorage };
}

export class FlowControlBootstrap {
  private readonly intervalMs: number;
  private readonly minGapMs: number;
  private readonly log: (line: string) => void;
  private readonly now: () => Date;
  private pending = false;
  private wake: (() => void) | undefined;
  /** When the last pass began (the first, the hook's, included): the next waits out the gap after it. */
  private lastStart = -Infinity;

  constructor(
    private readonly client: FlowcontrolV1Interface,
    readonly flowSchemas: ConfigOps<FlowSchema>,
    readonly priorityLevels: ConfigOps<PriorityLevelConfiguration>,
    options: FlowControlBootstrapOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? 60_000;
    this.minGapMs = options.minGapMs ?? 500;
    this.log = options.log ?? (() => {});
    this.now = options.now ?? (() => new Date());
  }

  /** Asks for a pass as soon as the worker is free. */
  trigger(): void {
    this.pending = true;
    this.wake?.();
  }

  /**
   * One pass: the suggested and mandatory objects, then removals, then the schemas' status. The
   * objects are written four at a time (upstream goes one by one): on a new cluster the first
   * pass creates 21 objects before the server reports ready.
   */
  async ensure(signal?: AbortSignal, first = false): Promise<void> {
    this.lastStart = performance.now();
    const changes: string[] = [];
    const jobs = [
      ...this.jobs(this.priorityLevels, SUGGESTED_PRIORITY_LEVELS, false, changes, signal),
      ...this.jobs(this.flowSchemas, SUGGESTED_FLOW_SCHEMAS, false, changes, signal),
      ...this.jobs(this.flowSchemas, MANDATORY_FLOW_SCHEMAS, true, changes, signal),
      ...this.jobs(this.priorityLevels, MANDATORY_PRIORITY_LEVELS, true, changes, signal),
    ];
    // Requests a few at a time: each concurrent one may open a TLS connection of its own
    // (measured: 21 at once cost more CPU than 4, and one at a time no less CPU but more wall
    // time). Creates in this process (a new cluster's 21 objects) all at once: the storage's
    // group commit makes a few transactions of them instead of one per four.
    let failure: unknown;
    const worker = (queue: typeof jobs) => async (): Promise<void> => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          await job.run();
        } catch (err) {
          failure ??= err;
        }
      }
    };
    const inProcess = jobs.filter((j) => j.inProcess);
    const requests = jobs.filter((j) => !j.inProcess);
    await Promise.all([...inProcess.map(() => worker(inProcess)), ...Array.from({ length: 4 }, () => worker(requests))].map((w) => w()));
    if (failure !== undefined) throw failure;
    const names = (objs: readonly ConfigObject[]) => objs.map((o) => o.metadata!.name!);
    const wantedFS = new Set([...names(SUGGESTED_FLOW_SCHEMAS), ...names(MANDATORY_FLOW_SCHEMAS)]);
    const wantedPL = new Set([...names(SUGGESTED_PRIORITY_LEVELS), ...names(MANDATORY_PRIORITY_LEVELS)]);
    for (const n of await removeUnwanted(this.flowSchemas, wantedFS, signal)) changes.push(`deleted FlowSchema ${n}`);
    for (const n of await removeUnwanted(this.priorityLevels, wantedPL, signal)) changes.push(`deleted PriorityLevelConfiguration ${n}`);
    if (changes.length > 0 && !first) this.log(`priority and fairness configuration: ${changes.join(", ")}`);
    // The first pass leaves the schemas' status to the next one (its creates trigger it): the
    // informer has not seen them yet, and readiness need not wait for 13 status writes.
    if (!first) await this.writeDanglingConditions(signal);
  }

  private jobs<T extends ConfigObject>(
    ops: ConfigOps<T>,
    objs: readonly T[],
    mandatory: boolean,
    changes: string[],
    signal: AbortSignal | undefined,
  ): { run: () => Promise<void>; inProcess: boolean }[] {
    return objs.map((o) => ({
      // A missing object is created, in this process when the ops can.
      inProcess: ops.createsInProcess === true && ops.cached(o.metadata!.name!) === undefined,
      run: async () => {
        const what = await ensureConfiguration(ops, o, mandatory, signal);
        if (what) changes.push(`${what} ${ops.kind} ${o.metadata!.name!}`);
      },
    }));
  }

  /** Sets each schema's `Dangling` condition when its status, reason or message would change. */
  async writeDanglingConditions(signal?: AbortSignal): Promise<void> {
    for (const fs of this.flowSchemas.all()) {
      const levelName = fs.spec?.priorityLevelConfiguration?.name ?? "";
      const want = danglingCondition(fs, this.priorityLevels.cached(levelName) !== undefined, this.now());
      const conditions = fs.status?.conditions ?? [];
      const have = conditions.find((c) => c.type === "Dangling");
      if (have && have.status === want.status && have.reason === want.reason && have.message === want.message) continue;
      const updated = structuredClone(fs);
      updated.status = { ...updated.status, conditions: [...conditions.filter((c) => c.type !== "Dangling"), want] };
      try {
        await this.client.flowSchemas().updateStatus(updated, { fieldManager: FLOWCONTROL_CONSUMER, ...(signal && { signal }) });
      } catch (err) {
        // A newer version of the schema is on its way through the informer; the next pass sees it.
        if (!isConflict(err) && !isNotFound(err)) throw err;
      }
    }
  }

  /** Passes every interval and on trigger, until `signal` aborts. */
  async run(signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      // One timer at a time: a trigger cuts the wait short instead of leaving it running.
      const wait = new AbortController();
      const stop = (): void => wait.abort();
      signal.addEventListener("abort", stop, { once: true });
      this.wake = stop;
      if (!this.pending) await sleep(this.intervalMs, wait.signal);
      // Passes at least minGapMs apart: two servers that disagree about an object do not spin.
      const gap = this.lastStart + this.minGapMs - performance.now();
      this.wake = undefined;
      if (gap > 0 && !signal.aborted) await sleep(gap, signal);
      signal.removeEventListener("abort", stop);
      if (signal.aborted) break;
      this.pending = false;
      try {
        await this.ensure(signal);
      } catch (err) {
        if (!signal.aborted) this.log(`priority and fairness configuration: ${message(err)}; will retry`);
      }
    }
  }
}

/** The hook: informers synced and a first pass done (retried until it succeeds) before it returns. */
export function flowControlBootstrapHook(options: FlowControlBootstrapOptions = {}): PostStartHook {
  const log = options.log ?? (() => {});
  return async (ctx: HookContext): Promise<void> => {
    const { signal } = ctx;
    const config = ctx.loopbackClientConfig;
    const restClient = new RestClient({ ...config, protobufCodec: config.protobufCodec ?? protobufObjectCodec(scheme) });
    const client = new FlowcontrolV1Client(restClient);
    const reflector = { onError: (err: unknown) => void (!signal.aborted && log(`flowcontrol informer: ${message(err)}`)) };
    const fsInformer = gentype.newInformer<FlowSchema, { items: FlowSchema[] }>(client.flowSchemas(), "flowschemas", { reflector });
    const plInformer = gentype.newInformer<PriorityLevelConfiguration, { items: PriorityLevelConfiguration[] }>(
      client.priorityLevelConfigurations(),
      "prioritylevelconfigurations",
      { reflector },
    );
    const controller = new FlowControlBootstrap(
      client,
      opsOf("FlowSchema", client.flowSchemas(), fsInformer, flowSchemaSpecMatches, options.storages?.flowSchemas),
      opsOf(
        "PriorityLevelConfiguration",
        client.priorityLevelConfigurations(),
        plInformer,
        priorityLevelSpecMatches,
        options.storages?.priorityLevels,
      ),
      { ...options, log },
    );
    // Any change is looked at at once (a deleted object comes back, a schema gets its status); upstream waits for its minute.
    const trigger = (): void => controller.trigger();
    for (const informer of [fsInformer, plInformer] as const)
      (informer as SharedIndexInformer<ConfigObject>).addEventHandler({ onAdd: trigger, onUpdate: trigger, onDelete: trigger });
    const informersDone = Promise.all([fsInformer.run(signal), plInformer.run(signal)]);
    const stop = (): void => {
      void informersDone.catch(() => undefined).finally(() => restClient.close());
    };
    if (signal.aborted) stop();
    else signal.addEventListener("abort", stop, { once: true });
    if (!(await waitForCacheSync(signal, fsInformer.hasSynced.bind(fsInformer), plInformer.hasSynced.bind(plInformer))))
      throw new Error("the server is shutting down");
    for (let delay = 50; ; delay = Math.min(delay * 2, 1000)) {
      if (signal.aborted) throw new Error("the server is shutting down");
      try {
        // The first pass creates everything on a new cluster: not worth a log line per object.
        await controller.ensure(signal, true);
        break;
      } catch (err) {
        log(`priority and fairness configuration: ${message(err)}; retrying`);
        await sleep(delay, signal);
      }
    }
    void controller.run(signal).catch((err: unknown) => log(`priority and fairness configuration: ${message(err)}`));
  };
}
