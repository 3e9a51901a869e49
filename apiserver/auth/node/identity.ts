/**
 * Which node a request comes from, as upstream's default node identifier: a user named
 * `system:node:<name>` in the `system:nodes` group is that node (with an empty name, a node
 * that cannot be told apart); anyone else is not a node.
 */
import type { UserInfo } from "../user.js";

export const NODE_USER_PREFIX = "system:node:";
export const NODES_GROUP = "system:nodes";

/** The node's name (possibly empty) when `user` is a node, else undefined. */
export function nodeIdentity(user: UserInfo | undefined): string | undefined {
  if (!user?.name.startsWith(NODE_USER_PREFIX) || !user.groups.includes(NODES_GROUP)) return undefined;
  return user.name.slice(NODE_USER_PREFIX.length);
}
