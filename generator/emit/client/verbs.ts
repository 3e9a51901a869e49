/**
 * The methods of a typed client: client-gen's verbs in its order, then the custom
 * `+genclient:method=` verbs, each as a signature and the gentype ResourceClient call it
 * delegates to. Real and fake clients share these, so their shapes cannot drift apart.
 */
import type { ClientMethod, StructDecl } from "../../model/types.js";
import { privateName, safeIdentifier } from "../../naming/namers.js";
import { methodType, type ClientGroup, type ClientResource } from "./targets.js";
import { CLIENT_VERBS } from "../../model/client-verbs.js";

/** One method of a typed client interface and class. */
export interface MethodSpec {
  name: string;
  doc: string;
  params: string;
  returns: string;
  /** The delegated call on the ResourceClient, e.g. `create(namespace, opts)`. */
  call: string;
}

/** How generated code spells the types a signature names. */
export interface TypeNames {
  /** The kind and its list, as imported. */
  kind: string;
  list: string;
  /** The runtime namespaces, as imported. */
  gentype: string;
  rest: string;
  /** Imports an API struct and returns its local name. */
  importType(decl: StructDecl): string;
}

function standard(verb: string, r: ClientResource, t: TypeNames): MethodSpec {
  const v = r.variable;
  const g = t.gentype;
  const T = t.kind;
  switch (verb) {
    case "create":
      return {
        name: verb,
        doc: `Creates a ${r.kind}; returns it as the server stored it.`,
        params: `${v}: ${T}, opts?: ${g}.CreateOptions`,
        returns: `Promise<${T}>`,
        call: `create(${v}, opts)`,
      };
    case "update":
      return {
        name: verb,
        doc: `Replaces a ${r.kind}; a stale resourceVersion fails with Conflict.`,
        params: `${v}: ${T}, opts?: ${g}.UpdateOptions`,
        returns: `Promise<${T}>`,
        call: `update(${v}, opts)`,
      };
    case "updateStatus":
      return {
        name: verb,
        doc: `Replaces a ${r.kind}'s status (the status subresource). Tag the kind +genclient:noStatus to leave this out.`,
        params: `${v}: ${T}, opts?: ${g}.UpdateOptions`,
        returns: `Promise<${T}>`,
        call: `updateStatus(${v}, opts)`,
      };
    case "delete":
      return {
        name: verb,
        doc: `Deletes the ${r.kind} named \`name\`.`,
        params: `name: string, opts?: ${g}.DeleteOptions`,
        returns: "Promise<void>",
        call: "delete(name, opts)",
      };
    case "deleteCollection":
      return {
        name: verb,
        doc: `Deletes every ${r.kind} \`listOpts\` selects.`,
        params: `opts?: ${g}.DeleteOptions, listOpts?: ${g}.ListOptions`,
        returns: "Promise<void>",
        call: "deleteCollection(opts, listOpts)",
      };
    case "get":
      return {
        name: verb,
        doc: `Reads the ${r.kind} named \`name\`.`,
        params: `name: string, opts?: ${g}.GetOptions`,
        returns: `Promise<${T}>`,
        call: "get(name, opts)",
      };
    case "list":
      return {
        name: verb,
        doc: `Lists ${r.kind} objects (one page when \`opts.limit\` is set).`,
        params: `opts?: ${g}.ListOptions`,
        returns: `Promise<${t.list}>`,
        call: "list(opts)",
      };
    case "watch":
      return {
        name: verb,
        doc: `Watches ${r.kind} changes, as typed events, until the server ends the stream or \`opts.signal\` aborts.`,
        params: `opts?: ${g}.ListOptions`,
        returns: `AsyncIterable<${t.rest}.WatchEvent<${T}>>`,
        call: "watch(opts)",
      };
    case "patch":
      return {
        name: verb,
        doc: `Patches the ${r.kind} named \`name\` (or its subresource) with a JSON, merge, strategic merge or apply patch.`,
        params: `name: string, patchType: ${t.rest}.PatchType, data: ${g}.PatchData, opts?: ${g}.PatchOptions, ...subresources: string[]`,
        returns: `Promise<${T}>`,
        call: "patch(name, patchType, data, opts, ...subresources)",
      };
    case "apply":
      return {
        name: verb,
        doc: `Server-side applies the fields \`${v}\` sets, owned by \`opts.fieldManager\`.`,
        params: `${v}: ${g}.ApplyConfiguration<${T}>, opts: ${g}.ApplyOptions`,
        returns: `Promise<${T}>`,
        call: `apply(${v}, opts)`,
      };
    case "applyStatus":
      return {
        name: verb,
        doc: `Server-side applies a ${r.kind}'s status. Tag the kind +genclient:noStatus to leave this out.`,
        params: `${v}: ${g}.ApplyConfiguration<${T}>, opts: ${g}.ApplyOptions`,
        returns: `Promise<${T}>`,
        call: `applyStatus(${v}, opts)`,
      };
    default:
      throw new Error(`unknown client verb ${verb}`);
  }
}

/** The `{ name?, subresource?, input?, inputKind? }` argument of a custom call. */
function customCall(parts: { name?: string; subresource?: string; input?: string; inputKind?: string; inputAPIVersion?: string }): string {
  const fields = [
    parts.name === "name" ? "name" : parts.name !== undefined ? `name: ${parts.name}` : "",
    parts.subresource ? `subresource: ${JSON.stringify(parts.subresource)}` : "",
    parts.input !== undefined ? `input: ${parts.input}` : "",
    parts.inputKind !== undefined ? `inputKind: ${JSON.stringify(parts.inputKind)}` : "",
    parts.inputAPIVersion !== undefined ? `inputAPIVersion: ${JSON.stringify(parts.inputAPIVersion)}` : "",
  ].filter(Boolean);
  return `{ ${fields.join(", ")} }`;
}

/**
 * A `+genclient:method=`: client-gen's rules, with one simplification: an update or apply of a
 * subresource whose input is the kind itself takes the object alone (its name is the object's),
 * as the hand-written `Namespace.Finalize` of client-go does.
 */
function custom(m: ClientMethod, r: ClientResource, group: ClientGroup, t: TypeNames): MethodSpec {
  const g = t.gentype;
  const inputDecl = methodType(group, m.input, r.decl);
  const resultDecl = methodType(group, m.result, r.decl);
  const I = inputDecl === r.decl ? t.kind : t.importType(inputDecl);
  const R = resultDecl === r.decl ? t.kind : t.importType(resultDecl);
  const iv = safeIdentifier(privateName(inputDecl.name));
  const nameParam = `${r.variable}Name`;
  const sub = m.subresource;
  const inputKind = inputDecl.runtimeObject ? inputDecl.name : undefined;
  // A kind of another group-version (autoscaling/v1 Scale) is sent with its own apiVersion.
  const inputGV = group.index.packageOf(inputDecl).groupVersion;
  const inputAPIVersion =
    inputKind !== undefined && inputGV && group.index.packageOf(inputDecl) !== group.pkg
      ? inputGV.group === ""
        ? inputGV.version
        : `${inputGV.group}/${inputGV.version}`
      : undefined;
  const ownInput = inputDecl === r.decl;
  const name = safeIdentifier(privateName(m.name));
  const where = sub ? ` (the ${sub} subresource)` : "";
  const doc = `The custom ${m.verb} verb ${m.name}${where}.`;
  switch (m.verb) {
    case "get":
      return {
        name,
        doc,
        params: `name: string, opts?: ${g}.GetOptions`,
        returns: `Promise<${R}>`,
        call: `customGet<${R}>(${customCall({ name: "name", subresource: sub })}, opts)`,
      };
    case "list": {
      const RL = t.importType(methodType(group, `${resultDecl.name}List`, r.listDecl ?? r.decl));
      if (sub)
        return {
          name,
          doc,
          params: `${nameParam}: string, opts?: ${g}.ListOptions`,
          returns: `Promise<${RL}>`,
          call: `customList<${RL}>(${customCall({ name: nameParam, subresource: sub })}, opts)`,
        };
      return { name, doc, params: `opts?: ${g}.ListOptions`, returns: `Promise<${RL}>`, call: `customList<${RL}>({}, opts)` };
    }
    case "create": {
      const call = customCall({ name: sub ? nameParam : undefined, subresource: sub, input: iv, inputKind, inputAPIVersion });
      const params = `${sub ? `${nameParam}: string, ` : ""}${iv}: ${I}, opts?: ${g}.CreateOptions`;
      return { name, doc, params, returns: `Promise<${R}>`, call: `customCreate<${I}, ${R}>(${call}, opts)` };
    }
    case "update":
    case "updateStatus": {
      const subresource = m.verb === "updateStatus" ? "status" : sub;
      const named = subresource !== undefined && !ownInput;
      const call = customCall({ name: named ? nameParam : undefined, subresource, input: iv, inputKind, inputAPIVersion });
      const params = `${named ? `${nameParam}: string, ` : ""}${iv}: ${I}, opts?: ${g}.UpdateOptions`;
      return { name, doc, params, returns: `Promise<${R}>`, call: `customUpdate<${I}, ${R}>(${call}, opts)` };
    }
    case "apply":
    case "applyStatus": {
      const subresource = m.verb === "applyStatus" ? "status" : sub;
      const named = subresource !== undefined && !ownInput;
      const call = customCall({ name: named ? nameParam : undefined, subresource, input: iv, inputKind, inputAPIVersion });
      const params = `${named ? `${nameParam}: string, ` : ""}${iv}: ${g}.ApplyConfiguration<${I}>, opts: ${g}.ApplyOptions`;
      return { name, doc, params, returns: `Promise<${R}>`, call: `customApply<${g}.ApplyConfiguration<${I}>, ${R}>(${call}, opts)` };
    }
    case "delete":
      return { ...standard("delete", r, t), name, doc };
    case "deleteCollection":
      return { ...standard("deleteCollection", r, t), name, doc };
    case "watch":
      return { ...standard("watch", r, t), name, doc };
    case "patch": {
      if (!sub) return { ...standard("patch", r, t), name, doc };
      const p = standard("patch", r, t);
      return {
        name,
        doc,
        params: `name: string, patchType: ${t.rest}.PatchType, data: ${g}.PatchData, opts?: ${g}.PatchOptions`,
        returns: p.returns,
        call: `patch(name, patchType, data, opts, ${JSON.stringify(sub)})`,
      };
    }
    default:
      throw new Error(`+genclient:method ${m.name}: verb ${m.verb} is not supported`);
  }
}

/** Every method of a kind's typed client, in client-gen's order, custom verbs last. */
export function clientMethods(r: ClientResource, g: ClientGroup, t: TypeNames): MethodSpec[] {
  const verbs = CLIENT_VERBS.filter((v) => r.client.verbs.includes(v));
  return [...verbs.map((v) => standard(v, r, t)), ...r.client.methods.map((m) => custom(m, r, g, t))];
}
