/** Server-side apply: field ownership (managedFields), apply with conflicts, and update tracking. */
export { apply, conflictError, LAST_APPLIED_ANNOTATION, recordUpdate, type FieldManagerOptions } from "./field-manager.js";
export { parseApplyConfiguration, type ApplyTarget, type ParsedConfiguration } from "./configuration.js";
export { managerFromUserAgent, managerOrUserAgent } from "./manager-name.js";
export { applySchemaFor, objectMetaApplySchema, UNTYPED_SCHEMA, type ApplySchema } from "./schema.js";
export { validateConfiguration } from "./validate.js";
export { zeroValueFor } from "./zero-value.js";
