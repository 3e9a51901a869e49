/** Server-side apply: field ownership (managedFields), apply with conflicts, and update tracking. */
export { apply, conflictError, recordUpdate, type FieldManagerOptions } from "./field-manager.js";
export { parseApplyConfiguration } from "./configuration.js";
export { managerFromUserAgent } from "./manager-name.js";
export { applySchemaFor, UNTYPED_SCHEMA, type ApplySchema } from "./schema.js";
