/** The RBAC authorizer: allows what some bound rule allows; otherwise no opinion (upstream's RBAC never denies). */
import type { AuthorizationAttributes, Authorizer, Decision } from "../authorizer.js";
import type { PolicyCache } from "./policy-cache.js";
import { ruleAllows } from "./rules.js";

export class RBACAuthorizer implements Authorizer {
  constructor(readonly policy: PolicyCache) {}

  /**
   * Synchronous once the cache has its first lists, so the authorization filter and the union
   * take no promise per request; until then, after them.
   */
  authorize(a: AuthorizationAttributes): Decision | Promise<Decision> {
    if (this.policy.isReady()) return this.decide(a);
    return this.policy.ready().then(() => this.decide(a));
  }

  /** The synchronous decision, once the cache is in. */
  decide(a: AuthorizationAttributes): Decision {
    const { rules, reasons } = this.policy.applicable(a.user, a.isResourceRequest ? a.namespace : "");
    for (let i = 0; i < rules.length; i++) if (ruleAllows(a, rules[i]!)) return { allowed: true, reason: reasons[i]! };
    return { allowed: false, reason: "", noOpinion: true };
  }
}
