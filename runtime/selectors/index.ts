/** Label and field selectors: parse, match and print them as upstream does. */
export * from "./labels.js";
export * from "./fields.js";
export { lexLabelSelector, type LabelToken, type ScannedToken } from "./label-parser.js";
export { InvalidSelectorError, isQualifiedName, isValidLabelValue, isDNS1123Subdomain } from "./validation.js";
