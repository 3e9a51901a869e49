/**
 * Turns TypeScript type nodes into the model's TypeRefs, resolving names through the
 * package's own declarations and the file's imports.
 */
import { Node, type TypeNode } from "./ts-morph.js";
import type { SourcePos, TypeRef } from "../model/types.js";

/** What a name in a file refers to. */
export interface NameTarget {
  /** Package id of the declaring package. */
  pkg: string;
  name: string;
  /** Set when the declaration is a `+kubegen:scalar` alias. */
  scalar?: "int32" | "int64" | "float64" | "bytes";
}

export type NameResolver = (name: string) => NameTarget | undefined;

export type RefResult = { ok: true; ref: TypeRef } | { ok: false; message: string };

const fail = (message: string): RefResult => ({ ok: false, message });

export function toTypeRef(node: TypeNode | undefined, resolve: NameResolver): RefResult {
  if (!node) return fail("a type annotation is required");
  if (Node.isParenthesizedTypeNode(node)) return toTypeRef(node.getTypeNode(), resolve);
  const text = node.getText();
  if (text === "string") return { ok: true, ref: { kind: "primitive", name: "string" } };
  if (text === "boolean") return { ok: true, ref: { kind: "primitive", name: "boolean" } };
  if (text === "number") {
    return fail("bare `number` is ambiguous on the wire: use int32, int64 or float64 from api/scalars.ts");
  }
  if (Node.isArrayTypeNode(node)) return wrap(toTypeRef(node.getElementTypeNode(), resolve), "array");
  if (Node.isTypeReference(node)) {
    const name = node.getTypeName().getText();
    const args = node.getTypeArguments();
    if (name === "Array" && args.length === 1) return wrap(toTypeRef(args[0], resolve), "array");
    if (name === "Record" && args.length === 2) {
      if (args[0]!.getText() !== "string") return fail("map keys must be string");
      return wrap(toTypeRef(args[1], resolve), "map");
    }
    if (args.length) return fail(`generic type ${text} is not supported`);
    const target = resolve(name);
    if (!target) return fail(`unknown type ${name}: declare it in this package or import it from another API package`);
    if (target.scalar) return { ok: true, ref: { kind: "primitive", name: target.scalar } };
    return { ok: true, ref: { kind: "named", pkg: target.pkg, name: target.name } };
  }
  if (Node.isTypeLiteral(node)) {
    const index = node.getIndexSignatures();
    if (index.length === 1 && node.getProperties().length === 0) {
      const sig = index[0]!;
      if (sig.getKeyTypeNode().getText() !== "string") return fail("map keys must be string");
      return wrap(toTypeRef(sig.getReturnTypeNode(), resolve), "map");
    }
    return fail("inline object types are not supported: declare a named interface");
  }
  if (Node.isUnionTypeNode(node)) {
    return fail("unions are allowed only in +enum string types and +kubegen:special aliases");
  }
  return fail(`type ${text} is not supported in API types`);
}

function wrap(inner: RefResult, kind: "array" | "map"): RefResult {
  if (!inner.ok) return inner;
  return { ok: true, ref: kind === "array" ? { kind, elem: inner.ref } : { kind, value: inner.ref } };
}

/** Reads a union of string literals (`"A" | "B"`) as enum values. */
export function stringLiteralUnion(node: TypeNode | undefined): string[] | undefined {
  if (!node) return undefined;
  const parts = Node.isUnionTypeNode(node) ? node.getTypeNodes() : [node];
  const values: string[] = [];
  for (const p of parts) {
    if (!Node.isLiteralTypeNode(p)) return undefined;
    const lit = p.getLiteral();
    if (!Node.isStringLiteral(lit)) return undefined;
    values.push(lit.getLiteralValue());
  }
  return values;
}

export function describePos(pos: SourcePos): string {
  return `${pos.file}:${pos.line}`;
}
