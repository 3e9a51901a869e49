/**
 * Admission: plugins that see every write after decoding and before storage, and may refuse it
 * (validating) or change the object (mutating), as upstream's admission.Interface.
 */
import type { UserInfo } from "../auth/user.js";
import { forgetDefaulted } from "../registry/defaults/once.js";
import type { KubeObject } from "../registry/rest.js";

export type Operation = "CREATE" | "UPDATE" | "DELETE" | "CONNECT";

export interface AdmissionAttributes {
  operation: Operation;
  /** The kind of the object being written (for subresources, the parent's kind). */
  kind: { group: string; version: string; kind: string };
  resource: { group: string; version: string; resource: string };
  subresource: string;
  /** The request's namespace; for a namespace itself, its own name (as upstream's create handler sets it). */
  namespace: string;
  name: string;
  /** The object to write (CREATE, UPDATE; absent on DELETE): mutating plugins change it in place. */
  object?: KubeObject;
  /** The stored object (UPDATE, DELETE). */
  oldObject?: KubeObject;
  /** The operation's options as a meta/v1 object (CreateOptions, UpdateOptions, PatchOptions, DeleteOptions). */
  options?: Record<string, unknown>;
  dryRun: boolean;
  user: UserInfo;
}

/** What a plugin may wait on: the request's signal (the request itself passes, its signal made when first read). */
export interface AdmissionContext {
  readonly signal: AbortSignal;
}

export interface AdmissionPlugin {
  readonly name: string;
  /**
   * Mutating phase: may change `attributes.object`. A plugin done at once may return no promise
   * (the chain waits only on one returned); it refuses by a rejection either way.
   */
  admit?(attributes: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined;
  /** Validating phase: rejects with a StatusError to refuse the request; as admit, may return no promise. */
  validate?(attributes: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined;
}

/**
 * The built-in plugins whose mutating phase leaves a defaulted object defaulted: what they add
 * (a token volume given its defaults, mounts, tolerations, priority, a class name, finalizers,
 * taints, LimitRange requests beside every limit they set, pull policies) needs no defaulting;
 * NodeRestriction changes nothing. The webhook
 * plugin (a patch) and RuntimeClass (an overhead whose quantities no one checked) say so
 * themselves when they change an object otherwise.
 */
const KEEP_DEFAULTS: ReadonlySet<string> = new Set([
  "AuditRecorder",
  "LimitRanger",
  "ServiceAccount",
  "NodeRestriction",
  "TaintNodesByCondition",
  "AlwaysPullImages",
  "Priority",
  "DefaultTolerationSeconds",
  "DefaultStorageClass",
  "StorageObjectInUseProtection",
  "RuntimeClass",
  "DefaultIngressClass",
  "Webhooks",
]);

/** A settled promise the phases return when no plugin returned one (no async frame made). */
const DONE: Promise<void> = Promise.resolve();

/** Runs every plugin's mutating phase, then every validating phase, in registration order. */
export class AdmissionChain {
  /** Whether every mutating plugin keeps defaults: then the store need not default twice. */
  private readonly keepsDefaults: boolean;
  /** The plugins with a mutating phase, and those with a validating one, in order. */
  private readonly admitters: readonly AdmissionPlugin[];
  private readonly validators: readonly AdmissionPlugin[];

  constructor(readonly plugins: readonly AdmissionPlugin[]) {
    this.keepsDefaults = plugins.every((p) => !p.admit || KEEP_DEFAULTS.has(p.name));
    this.admitters = plugins.filter((p) => p.admit !== undefined);
    this.validators = plugins.filter((p) => p.validate !== undefined);
  }

  async run(attributes: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    await this.admit(attributes, ctx);
    await this.validate(attributes, ctx);
  }

  /**
   * The mutating phase alone (the registry runs it before the strategy). Plugins done at once
   * run in a plain loop; only from the first one that returns a promise does an async frame
   * wait, so a write no plugin waits on costs no await per plugin.
   */
  admit(attributes: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    return this.admitNow(attributes, ctx) ?? DONE;
  }

  /** The validating phase alone (the registry runs it after the strategy); as {@link admit}. */
  validate(attributes: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    return this.validateNow(attributes, ctx) ?? DONE;
  }

  /**
   * {@link admit}, undefined when every plugin was done at once: a caller that would only await
   * the settled promise skips that microtask (a store's create runs without an async frame).
   */
  admitNow(attributes: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    // Any other plugin may have changed the object anyhow: the store defaults it again.
    if (!this.keepsDefaults && attributes.object) forgetDefaulted(attributes.object);
    return runPhase(this.admitters, "admit", attributes, ctx);
  }

  /** {@link validate}, undefined when every plugin was done at once (as {@link admitNow}). */
  validateNow(attributes: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    return runPhase(this.validators, "validate", attributes, ctx);
  }
}

/**
 * Calls `phase` of each plugin in order until one returns a promise, then waits for each in
 * turn; undefined when none returned one. An indexed loop: a for-of's iterator and its results live across the awaits, so each
 * plugin cost an allocation. A plugin that throws refuses as one that rejects.
 */
function runPhase(
  plugins: readonly AdmissionPlugin[],
  phase: "admit" | "validate",
  attributes: AdmissionAttributes,
  ctx: AdmissionContext,
): Promise<void> | undefined {
  for (let i = 0; i < plugins.length; i++) {
    let done: Promise<void> | undefined;
    try {
      done = plugins[i]![phase]!(attributes, ctx);
    } catch (err) {
      return Promise.reject(err);
    }
    if (done !== undefined) return finishPhase(done, plugins, i + 1, phase, attributes, ctx);
  }
  return undefined;
}

async function finishPhase(
  pending: Promise<void>,
  plugins: readonly AdmissionPlugin[],
  from: number,
  phase: "admit" | "validate",
  attributes: AdmissionAttributes,
  ctx: AdmissionContext,
): Promise<void> {
  await pending;
  for (let i = from; i < plugins.length; i++) {
    const done = plugins[i]![phase]!(attributes, ctx);
    if (done !== undefined) await done;
  }
}
