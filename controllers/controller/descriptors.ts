// Controller descriptors (name, aliases, init function) and the registry that refuses duplicates at start-up.
import type { ControllerContext } from "./context.js";

/** What a controller's init function reports: whether it started, and the promise of its run. */
export interface InitResult {
  /** False when the controller decided not to run (a missing API, a disabled feature). */
  enabled: boolean;
  /** Settles once the controller has stopped (after `signal` aborted). */
  running?: Promise<void>;
}

/** Starts one controller; it must stop when `signal` aborts. */
export type InitFunc = (signal: AbortSignal, ctx: ControllerContext, controllerName: string) => Promise<InitResult>;

/** Describes one controller (kube-controller-manager's ControllerDescriptor). */
export interface ControllerDescriptor {
  /** The canonical name, `namespace-controller`. */
  name: string;
  /** Other names `--controllers` accepts, `namespace`. */
  aliases?: readonly string[];
  initFunc: InitFunc;
  /** Not started by `*`; only when named in `--controllers`. */
  isDisabledByDefault?: boolean;
  /** Started outside the normal loop (upstream: the service-account token controller); registered for names and checks only. */
  requiresSpecialHandling?: boolean;
}

/** The registered controllers by name, and what each alias stands for. */
export interface ControllerRegistry {
  descriptors: ReadonlyMap<string, ControllerDescriptor>;
  /** alias -> canonical name. */
  aliases: ReadonlyMap<string, string>;
}

/**
 * Registers descriptors with upstream's checks: a descriptor needs a name and an init function,
 * a name is registered once, an alias belongs to one controller and never equals a name.
 * @throws Error naming the offending controller or alias (a start-up error, as upstream panics).
 */
export function newControllerRegistry(list: readonly (ControllerDescriptor | undefined)[]): ControllerRegistry {
  const descriptors = new Map<string, ControllerDescriptor>();
  const aliases = new Map<string, string>();
  for (const d of list) {
    if (!d) throw new Error("received nil controller for a registration");
    const name = d.name;
    if (!name) throw new Error("received controller without a name for a registration");
    if (descriptors.has(name)) throw new Error(`controller name "${name}" was registered twice`);
    if (typeof d.initFunc !== "function") throw new Error(`controller "${name}" does not have an init function`);
    for (const alias of d.aliases ?? []) {
      if (aliases.has(alias)) throw new Error(`controller "${name}" has a duplicate alias "${alias}"`);
      aliases.set(alias, name);
    }
    descriptors.set(name, d);
  }
  for (const alias of aliases.keys()) {
    if (descriptors.has(alias)) throw new Error(`alias "${alias}" conflicts with a controller name`);
  }
  return { descriptors, aliases };
}
