// `--controllers` as kube-controller-manager reads it: `*` for every on-by-default controller, `name` to enable, `-name` to disable.
import type { ControllerRegistry } from "../controller/descriptors.js";

/** Splits a `--controllers` value (`*,-namespace`) into its entries. */
export function parseControllersFlag(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/**
 * Checks every entry names a known controller or alias (with or without `-`).
 * @returns upstream's messages, one per unknown entry; empty when all are known.
 */
export function validateControllers(entries: readonly string[], registry: ControllerRegistry): string[] {
  const errors: string[] = [];
  for (const entry of entries) {
    if (entry === "*") continue;
    const name = entry.startsWith("-") ? entry.slice(1) : entry;
    if (!registry.descriptors.has(name) && !registry.aliases.has(name)) errors.push(`"${name}" is not in the list of known controllers`);
  }
  return errors;
}

/** Replaces aliases by canonical names, keeping `-` and `*`. */
export function resolveAliases(entries: readonly string[], registry: ControllerRegistry): string[] {
  return entries.map((entry) => {
    const off = entry.startsWith("-");
    const name = off ? entry.slice(1) : entry;
    const canonical = registry.aliases.get(name) ?? name;
    return off ? `-${canonical}` : canonical;
  });
}

/**
 * Whether `name` runs: the first entry naming it (`name` or `-name`) decides; otherwise `*`
 * enables it unless it is disabled by default; without `*` it is off.
 */
export function isControllerEnabled(name: string, disabledByDefault: ReadonlySet<string>, entries: readonly string[]): boolean {
  let star = false;
  for (const entry of entries) {
    if (entry === name) return true;
    if (entry === `-${name}`) return false;
    if (entry === "*") star = true;
  }
  return star && !disabledByDefault.has(name);
}

/** The canonical names of the controllers `entries` enables, in registration order. */
export function enabledControllers(entries: readonly string[], registry: ControllerRegistry): string[] {
  const errors = validateControllers(entries, registry);
  if (errors.length > 0) throw new Error(`--controllers: ${errors.join(", ")}`);
  const resolved = resolveAliases(entries, registry);
  const disabled = new Set([...registry.descriptors.values()].filter((d) => d.isDisabledByDefault).map((d) => d.name));
  return [...registry.descriptors.keys()].filter((name) => isControllerEnabled(name, disabled, resolved));
}
