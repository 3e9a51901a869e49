/** Who made a request: upstream's user.Info, and the well-known users and groups. */

export interface UserInfo {
  name: string;
  uid?: string;
  groups: string[];
  /** Upstream's user.Info extra: what an authenticating proxy passed as `X-Remote-Extra-*`, for example. */
  extra?: Record<string, string[]>;
}

/** The user of requests that present no credentials. */
export const ANONYMOUS_USER = "system:anonymous";
/** The group of every request without credentials. */
export const UNAUTHENTICATED_GROUP = "system:unauthenticated";
/** The group every authenticated user is added to. */
export const AUTHENTICATED_GROUP = "system:authenticated";
/** Members may do anything; the max-in-flight filter never throttles them. */
export const SYSTEM_MASTERS_GROUP = "system:masters";

/** The anonymous user, as upstream's anonymous authenticator names it. */
export function anonymousUser(): UserInfo {
  return { name: ANONYMOUS_USER, groups: [UNAUTHENTICATED_GROUP] };
}

/** Adds system:authenticated once, as upstream's group adder does for every authenticated user. */
export function withAuthenticatedGroup(user: UserInfo): UserInfo {
  if (user.groups.includes(AUTHENTICATED_GROUP)) return user;
  return { ...user, groups: [...user.groups, AUTHENTICATED_GROUP] };
}
