/**
 * Quantity is an exact decimal amount written as a string, a number with an optional binary
 * (Ki, Mi, Gi, ...), decimal (m, k, M, G, ...) or exponent (e3, E6, ...) suffix, such as "500m"
 * or "1Gi". It is never stored as a floating-point value; serialization uses a canonical form.
 *
 * +kubegen:special=Quantity
 */
export type Quantity = string;
