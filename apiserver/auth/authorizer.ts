/**
 * Authorization: the contract, the modes of `--authorization-mode` (AlwaysAllow, AlwaysDeny,
 * Node, RBAC, in a comma list tried in order as upstream's union authorizer), and the
 * system:masters short cut upstream's privileged-group authorizer puts before them.
 */
import { isPromise } from "./maybe-async.js";
import { SYSTEM_MASTERS_GROUP, type UserInfo } from "./user.js";

/** What is being asked: upstream's authorizer.Attributes, flattened. */
export interface AuthorizationAttributes {
  user: UserInfo;
  verb: string;
  isResourceRequest: boolean;
  path: string;
  apiGroup: string;
  apiVersion: string;
  namespace: string;
  resource: string;
  subresource: string;
  name: string;
  /** A list, watch or deletecollection's raw `fieldSelector` (upstream's AuthorizeWithSelectors): the Node mode scopes reads by it. */
  fieldSelector?: string;
}

/** Allowed, denied, or (noOpinion) left to the next authorizer; a chain that ends undecided denies. */
/** An allow may say why (RBAC names the binding; audit records it as `authorization.k8s.io/reason`). */
export type Decision = { allowed: true; reason?: string } | { allowed: false; reason: string; noOpinion?: boolean };

export interface Authorizer {
  authorize(attributes: AuthorizationAttributes): Decision | Promise<Decision>;
}

export const alwaysAllow: Authorizer = { authorize: () => ({ allowed: true }) };
export const alwaysDeny: Authorizer = { authorize: () => ({ allowed: false, reason: "Everything is forbidden." }) };

export const AUTHORIZATION_MODES = ["AlwaysAllow", "AlwaysDeny", "Node", "RBAC"] as const;

/** Whether `d` settles the request; a "no opinion" adds its reason to `reasons`. */
/** Whether `d` settles the request; a no-opinion's reason is kept in `reasons` (made on the first). */
function decided(d: Decision, reasons: { list?: string[] }): boolean {
  if (d.allowed || !d.noOpinion) return true;
  if (d.reason) (reasons.list ??= []).push(d.reason);
  return false;
}

const noOpinion = (reasons: { list?: string[] }): Decision => ({ allowed: false, reason: reasons.list?.join(", ") ?? "", noOpinion: true });

/** Tries each authorizer in order; the first decision that is not "no opinion" stands. */
export class UnionAuthorizer implements Authorizer {
  constructor(private readonly authorizers: readonly Authorizer[]) {}

  /**
   * Synchronous while the authorizers answer synchronously (privileged groups, RBAC from its
   * cache): a request then costs no promise here. A webhook's promise makes the rest async.
   */
  authorize(a: AuthorizationAttributes): Decision | Promise<Decision> {
    // Most requests are settled by the first authorizer: no list of reasons until one is given.
    const reasons: { list?: string[] } = {};
    for (let i = 0; i < this.authorizers.length; i++) {
      const d = this.authorizers[i]!.authorize(a);
      if (isPromise(d)) return this.authorizeFrom(a, i, d, reasons);
      if (decided(d, reasons)) return d;
    }
    return noOpinion(reasons);
  }

  private async authorizeFrom(
    a: AuthorizationAttributes,
    i: number,
    pending: Promise<Decision>,
    reasons: { list?: string[] },
  ): Promise<Decision> {
    let d = await pending;
    for (;;) {
      if (decided(d, reasons)) return d;
      if (++i >= this.authorizers.length) return noOpinion(reasons);
      d = await this.authorizers[i]!.authorize(a);
    }
  }
}

/** system:masters may do anything, whatever the modes say (upstream's privileged groups). */
const MASTERS_ALLOWED: Decision = Object.freeze({ allowed: true });
const NOT_MASTERS: Decision = Object.freeze({ allowed: false, reason: "", noOpinion: true });

export const privilegedGroups: Authorizer = {
  // Shared answers (frozen): every request asks this first.
  authorize: (a) => (a.user.groups.includes(SYSTEM_MASTERS_GROUP) ? MASTERS_ALLOWED : NOT_MASTERS),
};

/** Parses `--authorization-mode` (upstream's validation: known names, no repeats, at least one). */
export function parseAuthorizationModes(mode: string): string[] {
  const modes = mode
    .split(",")
    .map((m) => m.trim())
    .filter((m) => m !== "");
  if (modes.length === 0) throw new Error("--authorization-mode: at least one authorization-mode must be passed");
  const seen = new Set<string>();
  for (const m of modes) {
    if (!(AUTHORIZATION_MODES as readonly string[]).includes(m)) {
      throw new Error(
        `--authorization-mode: authorization-mode ${JSON.stringify(m)} is not a valid mode (supported: ${AUTHORIZATION_MODES.join(", ")})`,
      );
    }
    if (seen.has(m)) throw new Error(`--authorization-mode: authorization-mode ${JSON.stringify(m)} has mode specified more than once`);
    seen.add(m);
  }
  return modes;
}

/** The authorizers of the modes that need the apiserver's objects, built when the mode names them. */
export interface ModeAuthorizers {
  rbac?: () => Authorizer;
  node?: () => Authorizer;
}

/** The authorizer for `--authorization-mode`. */
export function authorizerForMode(mode: string, built: ModeAuthorizers = {}): Authorizer {
  const modes = parseAuthorizationModes(mode);
  if (modes.length === 1 && modes[0] === "AlwaysAllow") return alwaysAllow;
  const chain: Authorizer[] = [privilegedGroups];
  for (const m of modes) {
    if (m === "AlwaysAllow") chain.push(alwaysAllow);
    else if (m === "AlwaysDeny") chain.push(alwaysDeny);
    else if (m === "Node") {
      if (!built.node) throw new Error("--authorization-mode: Node needs the Pods, PersistentVolumes and VolumeAttachments to be served");
      chain.push(built.node());
    } else {
      if (!built.rbac) throw new Error("--authorization-mode: RBAC needs the rbac.authorization.k8s.io resources to be served");
      chain.push(built.rbac());
    }
  }
  return new UnionAuthorizer(chain);
}
