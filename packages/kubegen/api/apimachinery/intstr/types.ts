/**
 * IntOrString holds either a 32-bit integer or a string, and is written in JSON as whichever of
 * the two it holds. Fields such as ports use it so callers can give a number or a name.
 *
 * +kubegen:special=IntOrString
 */
export type IntOrString = number | string;
