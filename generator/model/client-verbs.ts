/** The verbs client-gen knows, in its spelling and its order (the order generated clients list their methods in). */
export const CLIENT_VERBS: readonly string[] = [
  "create",
  "update",
  "updateStatus",
  "delete",
  "deleteCollection",
  "get",
  "list",
  "watch",
  "patch",
  "apply",
  "applyStatus",
];
