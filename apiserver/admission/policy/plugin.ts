/**
 * ValidatingAdmissionPolicy (admissionregistration.k8s.io/v1): each binding of a policy whose
 * constraints and the binding's own matchResources select the request runs the policy's
 * matchConditions, variables and validations (CEL over object, oldObject, request, params,
 * namespaceObject, variables); a failed validation denies, warns or is left to audit per the
 * binding's validationActions, with upstream's messages. Compiled expressions are kept per
 * policy resourceVersion.
 */
import { newStatusError } from "../../registry/errors.js";
import { RUNTIME_COST_BUDGET } from "../../cel/cost.js";
import { compile, CompileError, EvalError, jsonToCEL, type Program } from "../../cel/env.js";
import { OUT_OF_BUDGET } from "../../cel/runtime-cost.js";
import type { KubeObject } from "../../registry/rest.js";
import type { AdmissionAttributes, AdmissionContext, AdmissionPlugin } from "../interface.js";
import type { SignalSource } from "../objects.js";
import { resourcesMatch } from "../match.js";

type Obj = Record<string, unknown>;
const rec = (v: unknown): Obj => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : "");

export interface PolicySource {
  policies(signal: SignalSource): Promise<KubeObject[]>;
  bindings(signal: SignalSource): Promise<KubeObject[]>;
  /** What {@link bindings} would answer, when known at once (kept from an earlier read); undefined when not. */
  keptBindings?(): KubeObject[] | undefined;
  /** A namespace's labels (for namespaceSelector), or undefined if it does not exist. */
  namespace(name: string, signal: SignalSource): Promise<KubeObject | undefined>;
  /** A params object by apiVersion/kind, namespace and name. */
  param(apiVersion: string, kind: string, namespace: string, name: string, signal: SignalSource): Promise<KubeObject | undefined>;
}

interface Compiled {
  conditions: { name: string; program: Program | string }[];
  variables: { name: string; program: Program | string }[];
  validations: { expression: string; program: Program | string; message?: string; messageExpression?: Program; reason?: string }[];
}

const tryCompile = (e: string): Program | string => {
  try {
    return compile(e);
  } catch (err) {
    if (err instanceof CompileError) return err.message;
    throw err;
  }
};

const CODES: Record<string, number> = { Unauthorized: 401, Forbidden: 403, Invalid: 422, RequestEntityTooLarge: 413 };

export class ValidatingAdmissionPolicyPlugin implements AdmissionPlugin {
  readonly name = "ValidatingAdmissionPolicy";
  private readonly cache = new Map<string, { rv: string; compiled: Compiled }>();

  constructor(private readonly source: PolicySource) {}

  private compiled(policy: KubeObject): Compiled {
    const key = policy.metadata?.name ?? "";
    const rv = policy.metadata?.resourceVersion ?? "";
    const hit = this.cache.get(key);
    if (hit && hit.rv === rv) return hit.compiled;
    const spec = rec(policy.spec);
    const list = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(rec) : []);
    const compiled: Compiled = {
      conditions: list(spec.matchConditions).map((c) => ({ name: str(c.name), program: tryCompile(str(c.expression)) })),
      variables: list(spec.variables).map((c) => ({ name: str(c.name), program: tryCompile(str(c.expression)) })),
      validations: list(spec.validations).map((v) => {
        const me = typeof v.messageExpression === "string" ? tryCompile(v.messageExpression) : undefined;
        return {
          expression: str(v.expression),
          program: tryCompile(str(v.expression)),
          ...(typeof v.message === "string" && { message: v.message }),
          ...(typeof me === "object" && { messageExpression: me }),
          ...(typeof v.reason === "string" && { reason: v.reason }),
        };
      }),
    };
    this.cache.set(key, { rv, compiled });
    return compiled;
  }

  /** With no bindings (the usual case), known from a kept list: no promise for the chain to wait on. */
  validate(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> | undefined {
    if (this.source.keptBindings?.()?.length === 0) return;
    return this.validateAsync(a, ctx);
  }

  private async validateAsync(a: AdmissionAttributes, ctx: AdmissionContext): Promise<void> {
    const bindings = await this.source.bindings(ctx);
    if (bindings.length === 0) return;
    const policies = new Map((await this.source.policies(ctx)).map((p) => [p.metadata?.name ?? "", p]));
    let nsObject: KubeObject | undefined;
    let nsLoaded = false;
    const namespaceObject = async (): Promise<KubeObject | undefined> => {
      if (!nsLoaded && a.namespace !== "") nsObject = await this.source.namespace(a.namespace, ctx);
      nsLoaded = true;
      return nsObject;
    };
    const warnings = (ctx as { warnings?: string[] }).warnings;
    for (const binding of bindings) {
      const bspec = rec(binding.spec);
      const policy = policies.get(str(bspec.policyName));
      if (!policy) continue;
      const pspec = rec(policy.spec);
      const labels = (await namespaceObject())?.metadata?.labels;
      if (!resourcesMatch(pspec.matchConstraints, a, labels)) continue;
      if (bspec.matchResources !== undefined && !resourcesMatch(bspec.matchResources, a, labels)) continue;
      const policyName = policy.metadata?.name ?? "";
      const bindingName = binding.metadata?.name ?? "";
      const failClosed = str(pspec.failurePolicy) !== "Ignore";
      const actions = Array.isArray(bspec.validationActions) ? (bspec.validationActions as string[]) : ["Deny"];
      const deny = (message: string, reason = "Invalid"): never => {
        throw newStatusError(
          CODES[reason] ?? 422,
          reason,
          `ValidatingAdmissionPolicy '${policyName}' with binding '${bindingName}' denied request: ${message}`,
        );
      };
      // Params: the binding's paramRef names one object of the policy's paramKind.
      let params: unknown = null;
      const paramKind = rec(pspec.paramKind);
      if (str(paramKind.kind) !== "") {
        const ref = rec(bspec.paramRef);
        const ns = str(ref.namespace) || a.namespace;
        const p = str(ref.name)
          ? await this.source.param(str(paramKind.apiVersion), str(paramKind.kind), ns, str(ref.name), ctx)
          : undefined;
        if (!p) {
          if (str(ref.parameterNotFoundAction) === "Allow") continue;
          if (failClosed) deny(`failed to configure binding: no params found for policy binding with \`Deny\` parameterNotFoundAction`);
          continue;
        }
        params = jsonToCEL(p);
      }
      const compiled = this.compiled(policy);
      const ns = await namespaceObject();
      const vars: Record<string, unknown> = {};
      const bindingsFor = {
        object: a.object ? jsonToCEL(a.object) : null,
        oldObject: a.oldObject ? jsonToCEL(a.oldObject) : null,
        params,
        namespaceObject: ns ? jsonToCEL(ns) : null,
        variables: vars,
        request: {
          operation: a.operation,
          name: a.name,
          namespace: a.namespace,
          kind: a.kind,
          resource: a.resource,
          subResource: a.subresource,
          dryRun: a.dryRun,
          userInfo: { username: a.user.name, groups: a.user.groups ?? [] },
        },
      };
      // Upstream's runtime cost: each call under the per-call limit, all of a policy's calls for one
      // request within one budget; past the budget no further expression runs.
      let remainingBudget = RUNTIME_COST_BUDGET;
      const evaluate = (what: string, p: Program | string): unknown => {
        if (typeof p === "string") throw new EvalError(`compilation error: ${p}`);
        const run = p.evalMetered(bindingsFor);
        if (run.cost > remainingBudget) throw new EvalError(OUT_OF_BUDGET);
        remainingBudget -= run.cost;
        if (run.error) throw new EvalError(`expression '${what}' resulted in error: ${run.error.message}`);
        return run.value;
      };
      try {
        let matched = true;
        for (const c of compiled.conditions) {
          if (evaluate(c.name, c.program) !== true) {
            matched = false;
            break;
          }
        }
        if (!matched) continue;
        for (const v of compiled.variables) vars[v.name] = evaluate(v.name, v.program);
        for (const v of compiled.validations) {
          if (evaluate(v.expression, v.program) === true) continue;
          let message = v.message ?? `failed expression: ${v.expression}`;
          if (v.messageExpression) {
            try {
              const m = v.messageExpression.eval(bindingsFor);
              if (typeof m === "string" && m.trim() !== "") message = m;
            } catch {
              // A failing messageExpression falls back to the message, as upstream.
            }
          }
          if (actions.includes("Warn"))
            warnings?.push(`Validation failed for ValidatingAdmissionPolicy '${policyName}' with binding '${bindingName}': ${message}`);
          if (actions.includes("Deny")) deny(message, v.reason ?? "Invalid");
        }
      } catch (err) {
        if (!(err instanceof EvalError)) throw err;
        if (failClosed) deny(err.message);
      }
    }
  }
}
