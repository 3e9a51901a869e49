/**
 * Admission webhooks (admissionregistration.k8s.io/v1): MutatingWebhookConfigurations run in the
 * mutating phase (JSONPatch responses applied in order; reinvocationPolicy IfNeeded runs a
 * webhook once more when a later one changed the object), ValidatingWebhookConfigurations in the
 * validating phase. Each webhook is selected by its rules, namespace and object selectors and
 * matchConditions; failurePolicy decides a failed call; sideEffects gate dry runs; warnings are
 * passed on. Messages as upstream's.
 */
import { newStatusError } from "../../registry/errors.js";
import { compile, CompileError, EvalError, jsonToCEL, type Program } from "../../cel/env.js";
import { applyJSONPatch } from "../../registry/patch/json-patch.js";
import type { KubeObject } from "../../registry/rest.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "../interface.js";
import { resourcesMatch } from "../match.js";
import { callWebhook, CallError, newUID } from "./call.js";
import { copyObject } from "../../registry/copy.js";
import { forgetDefaulted } from "../../registry/defaults/once.js";
import { boundedMemo } from "../../../runtime/bounded-memo.js";

type Obj = Record<string, unknown>;
const rec = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface WebhookSource {
  /** The configurations; `ctx.signal` is read only if the read has to wait (making a request's signal costs). */
  mutating(ctx: AdmissionContext): Promise<KubeObject[]>;
  validating(ctx: AdmissionContext): Promise<KubeObject[]>;
  /**
   * What {@link mutating} (and {@link validating}) would answer, when it is known at once (kept
   * from an earlier read); undefined when it is not: the plugin then reads.
   */
  keptMutating?(): KubeObject[] | undefined;
  keptValidating?(): KubeObject[] | undefined;
  namespace(name: string, signal: AbortSignal): Promise<KubeObject | undefined>;
}

export class WebhookAdmission implements AdmissionPlugin {
  readonly name = "Webhooks";

  constructor(private readonly source: WebhookSource) {}

  private readonly program = boundedMemo((expr: string): Program | string => {
    try {
      return compile(expr);
    } catch (err) {
      if (!(err instanceof CompileError)) throw err;
      return err.message;
    }
  }, 1000);

  /** The webhooks of a list of configurations, in name order: kept per list (a source answers the same list until they change). */
  private readonly flattened = new WeakMap<KubeObject[], Obj[]>();

  private hooksOf(configs: KubeObject[]): Obj[] {
    let hooks = this.flattened.get(configs);
    if (hooks === undefined) {
      // A copy: the source's list is shared.
      hooks = [...configs]
        .sort((x, y) => ((x.metadata?.name ?? "") < (y.metadata?.name ?? "") ? -1 : 1))
        .flatMap((c) => (Array.isArray((c as Obj).webhooks) ? ((c as Obj).webhooks as unknown[]).map(rec) : []));
      this.flattened.set(configs, hooks);
    }
    return hooks;
  }

  /** The webhooks selected for the request, of `hooks` (not empty). */
  private async selected(hooks: Obj[], a: AdmissionAttributes, ctx: AdmissionContext): Promise<Obj[]> {
    const ns = a.namespace ? await this.source.namespace(a.namespace, ctx.signal) : undefined;
    const labels = ns?.metadata?.labels ?? {};
    return hooks.filter((h) => {
      const m: Obj = { resourceRules: Array.isArray(h.rules) ? h.rules : [] };
      if (h.namespaceSelector !== undefined) m.namespaceSelector = h.namespaceSelector;
      if (h.objectSelector !== undefined) m.objectSelector = h.objectSelector;
      return resourcesMatch(m, a, labels);
    });
  }

  private review(a: AdmissionAttributes): Obj {
    return {
      apiVersion: "admission.k8s.io/v1",
      kind: "AdmissionReview",
      request: {
        uid: newUID(),
        kind: a.kind,
        resource: a.resource,
        ...(a.subresource && { subResource: a.subresource }),
        requestKind: a.kind,
        requestResource: a.resource,
        name: a.name,
        namespace: a.namespace,
        operation: a.operation,
        userInfo: { username: a.user.name, groups: a.user.groups ?? [] },
        object: a.object ?? null,
        oldObject: a.oldObject ?? null,
        dryRun: a.dryRun,
        options: a.options ?? null,
      },
    };
  }

  /** Calls one webhook; returns its response, or undefined when it is skipped or fails open. */
  private async call(h: Obj, a: AdmissionAttributes, ctx: AdmissionContext): Promise<Obj | undefined> {
    const name = str(h.name);
    const failClosed = str(h.failurePolicy) !== "Ignore";
    for (const c of Array.isArray(h.matchConditions) ? h.matchConditions.map(rec) : []) {
      const p = this.program(str(c.expression));
      try {
        if (typeof p === "string") throw new EvalError(p);
        const bindings = {
          object: a.object ? jsonToCEL(a.object) : null,
          oldObject: a.oldObject ? jsonToCEL(a.oldObject) : null,
          request: {
            operation: a.operation,
            name: a.name,
            namespace: a.namespace,
            userInfo: { username: a.user.name, groups: a.user.groups ?? [] },
          },
        };
        if (p.eval(bindings) !== true) return undefined;
      } catch (err) {
        if (!(err instanceof EvalError)) throw err;
        if (failClosed)
          throw newStatusError(
            500,
            "InternalError",
            `Internal error occurred: failed calling webhook "${name}": failed to evaluate match condition ${JSON.stringify(str(c.name))}: ${err.message}`,
          );
        return undefined;
      }
    }
    if (a.dryRun && str(h.sideEffects) !== "None" && str(h.sideEffects) !== "NoneOnDryRun")
      throw newStatusError(400, "BadRequest", `admission webhook "${name}" does not support dry run`);
    let res: Obj;
    try {
      res = await callWebhook(
        rec(h.clientConfig),
        this.review(a),
        typeof h.timeoutSeconds === "number" ? h.timeoutSeconds : 10,
        ctx.signal,
      );
    } catch (err) {
      if (!(err instanceof CallError)) throw err;
      if (failClosed)
        throw newStatusError(500, "InternalError", `Internal error occurred: failed calling webhook "${name}": ${err.message}`);
      return undefined;
    }
    const response = rec(res.response);
    const warnings = (ctx as { warnings?: string[] }).warnings;
    for (const w of Array.isArray(response.warnings) ? response.warnings : []) if (typeof w === "string") warnings?.push(w);
    if (response.allowed !== true) {
      const st = rec(response.status);
      const msg = str(st.message);
      const code = typeof st.code === "number" && st.code > 0 ? st.code : 403;
      throw newStatusError(
        code,
        str(st.reason) || "Forbidden",
        msg
          ? `admission webhook "${name}" denied the request: ${msg}`
          : `admission webhook "${name}" denied the request without explanation`,
      );
    }
    return response;
  }

  /**
   * With no webhooks configured (the usual case), known from a kept list: no promise for the
   * chain to wait on. Otherwise the configurations are read and the webhooks called.
   */
  admit(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    const kept = this.source.keptMutating?.();
    if (kept !== undefined && this.hooksOf(kept).length === 0) return;
    return this.admitAsync(a, ctx);
  }

  private async admitAsync(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    const all = this.hooksOf(await this.source.mutating(ctx));
    if (all.length === 0) return;
    const hooks = await this.selected(all, a, ctx);
    if (hooks.length === 0) return;
    const run = async (h: Obj): Promise<boolean> => {
      const response = await this.call(h, a, ctx);
      if (!response || typeof response.patch !== "string" || !a.object) return false;
      const name = str(h.name);
      if (str(response.patchType) !== "JSONPatch")
        throw newStatusError(
          500,
          "InternalError",
          `Internal error occurred: failed calling webhook "${name}": expected patchType JSONPatch, got ${str(response.patchType)}`,
        );
      let patched: KubeObject;
      try {
        const ops = JSON.parse(Buffer.from(response.patch, "base64").toString("utf8")) as Parameters<typeof applyJSONPatch>[1];
        patched = applyJSONPatch(copyObject(a.object), ops) as KubeObject;
      } catch (err) {
        throw newStatusError(
          500,
          "InternalError",
          `Internal error occurred: failed calling webhook "${name}": JSONPatch failed: ${(err as Error).message.split("\n")[0]}`,
        );
      }
      const changed = JSON.stringify(patched) !== JSON.stringify(a.object);
      for (const k of Object.keys(a.object)) delete (a.object as Obj)[k];
      Object.assign(a.object, patched);
      // A patch may undo defaults: the store defaults the object again.
      forgetDefaulted(a.object);
      return changed;
    };
    const changedAfter: boolean[] = [];
    for (const h of hooks) changedAfter.push(await run(h));
    // IfNeeded: once more for a webhook that ran before a later one changed the object.
    for (let i = 0; i < hooks.length; i++) {
      if (str(hooks[i]!.reinvocationPolicy) !== "IfNeeded") continue;
      if (changedAfter.slice(i + 1).some(Boolean)) await run(hooks[i]!);
    }
  }

  /** As {@link admit}: no promise when no validating webhook is configured. */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    const kept = this.source.keptValidating?.();
    if (kept !== undefined && this.hooksOf(kept).length === 0) return;
    return this.validateAsync(a, ctx);
  }

  private async validateAsync(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    const all = this.hooksOf(await this.source.validating(ctx));
    if (all.length === 0) return;
    const hooks = await this.selected(all, a, ctx);
    // Upstream calls validating webhooks in parallel; the first denial wins.
    await Promise.all(hooks.map((h) => this.call(h, a, ctx)));
  }
}
