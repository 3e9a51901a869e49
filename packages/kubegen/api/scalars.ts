/**
 * Numeric and byte scalars. JSON has one number type and no byte type, while Kubernetes'
 * protobuf and OpenAPI forms distinguish them, so API types name the scalar they mean.
 */

/**
 * A signed 32-bit integer (`int32` in protobuf, `integer`/`int32` in OpenAPI).
 * +kubegen:scalar=int32
 */
export type int32 = number;

/**
 * A signed 64-bit integer. Values beyond 2^53 lose precision in a JavaScript number.
 * +kubegen:scalar=int64
 */
export type int64 = number;

/**
 * A 64-bit IEEE 754 float (`double` in protobuf, `number`/`double` in OpenAPI).
 * +kubegen:scalar=float64
 */
export type float64 = number;

/**
 * A byte string: standard base64 text in JSON, raw bytes in protobuf.
 * +kubegen:scalar=bytes
 */
export type bytes = string;
