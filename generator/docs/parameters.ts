/**
 * The query parameters Kubernetes REST operations share, described once: the shared parameters
 * page lists them, and operations link to it. Texts are ours; a document's own description of a
 * parameter, where it has one, is preferred over these.
 */
import type { Parameter, Schema } from "./schema-set.js";

const str: Schema = { type: "string" };
const bool: Schema = { type: "boolean" };
const int: Schema = { type: "integer" };

export const COMMON_PARAMETERS: Record<string, { description: string; schema: Schema }> = {
  allowWatchBookmarks: {
    schema: bool,
    description: "With `watch`, asks the server for BOOKMARK events that only carry a newer resourceVersion; servers may ignore it.",
  },
  continue: {
    schema: str,
    description: "The token from the previous page's `metadata.continue`, to read the next page of a list with the same query.",
  },
  dryRun: {
    schema: str,
    description:
      "`All` runs every stage of the request (admission, validation, defaulting) but stores nothing; any other value is rejected.",
  },
  fieldManager: {
    schema: str,
    description: "The name of the actor making the change, recorded in `metadata.managedFields`. Required for apply patches.",
  },
  fieldSelector: {
    schema: str,
    description: "Selects objects by field values (`metadata.name=x`, `status.phase!=Running`); only indexed fields are supported.",
  },
  fieldValidation: {
    schema: str,
    description:
      "How unknown or duplicated fields in the body are treated: `Ignore` drops them, `Warn` drops them with a warning (the default), `Strict` fails the request.",
  },
  force: {
    schema: bool,
    description: "For apply patches only: take ownership of fields other managers own instead of failing with a conflict.",
  },
  gracePeriodSeconds: {
    schema: int,
    description: "Seconds before the object is deleted; 0 deletes at once, unset uses the kind's default.",
  },
  ignoreStoreReadErrorWithClusterBreakingPotential: {
    schema: bool,
    description:
      "Deletes an object that cannot be read from storage (corrupt or undecryptable), skipping finalizers and preconditions. Dangerous.",
  },
  labelSelector: { schema: str, description: "Selects objects by their labels (`app=web,tier!=db`, `env in (a,b)`)." },
  limit: { schema: int, description: "The most objects to return; the server sets `metadata.continue` when there are more." },
  orphanDependents: {
    schema: bool,
    description: "Deprecated: use `propagationPolicy`. Whether dependents are orphaned rather than deleted.",
  },
  pretty: { schema: str, description: "When `true`, the response is indented." },
  propagationPolicy: {
    schema: str,
    description: "What happens to dependents: `Orphan`, `Background` (deleted after the owner) or `Foreground` (deleted before the owner).",
  },
  resourceVersion: {
    schema: str,
    description:
      "Which version of the data a read may return: unset for the most recent, `0` for any, or a version for that one or newer (see `resourceVersionMatch`).",
  },
  resourceVersionMatch: { schema: str, description: "How a list applies `resourceVersion`: `NotOlderThan` or `Exact`." },
  sendInitialEvents: {
    schema: bool,
    description: "With `watch`, sends the current objects as ADDED events first, then a bookmark marking the end of that state.",
  },
  timeoutSeconds: { schema: int, description: "Ends a list or watch call after this many seconds." },
  watch: { schema: bool, description: "Streams changes (ADDED, MODIFIED, DELETED, BOOKMARK events) instead of returning a list." },
};

/** A common query parameter as an operation's parameter. */
export function commonParameter(name: string): Parameter {
  const p = COMMON_PARAMETERS[name];
  if (!p) throw new Error(`unknown common parameter ${name}`);
  return { name, in: "query", required: false, description: p.description, schema: p.schema };
}
