import type { float64, int64 } from "../../scalars.js";

/**
 * FieldValueErrorReason is a machine-readable cause attached to a failed validation rule; it
 * also chooses the error reported to the caller.
 *
 * +enum
 */
export type FieldValueErrorReason = "FieldValueRequired" | "FieldValueDuplicate" | "FieldValueInvalid" | "FieldValueForbidden";

/**
 * JSON is an arbitrary JSON value: a boolean, number, string, array, object or null.
 *
 * +kubegen:special=JSON
 */
export type JSON = unknown;

/**
 * JSONSchemaPropsOrArray is either a single schema or a list of schemas, as the `items`
 * keyword allows.
 *
 * +kubegen:special=JSONSchemaPropsOrArray
 */
export type JSONSchemaPropsOrArray = JSONSchemaProps | JSONSchemaProps[];

/**
 * JSONSchemaPropsOrBool is either a boolean, saying whether anything is allowed, or a schema the
 * value must match; a missing value counts as true.
 *
 * +kubegen:special=JSONSchemaPropsOrBool
 */
export type JSONSchemaPropsOrBool = boolean | JSONSchemaProps;

/**
 * JSONSchemaPropsOrStringArray is either a schema or a list of property names, as a
 * `dependencies` entry allows.
 *
 * +kubegen:special=JSONSchemaPropsOrStringArray
 */
export type JSONSchemaPropsOrStringArray = JSONSchemaProps | string[];

/**
 * JSONSchemaURL is the URL of a JSON Schema, as written in `$schema`.
 */
export type JSONSchemaURL = string;

/**
 * JSONSchemaProps is a schema in the JSON Schema draft 4 dialect used by OpenAPI v3, extended
 * with the Kubernetes `x-kubernetes-*` keywords.
 */
export interface JSONSchemaProps {
  /**
   * id is the schema's identifier.
   *
   * +protobuf=1
   */
  id?: string;

  /**
   * $schema is the URL of the meta-schema this schema is written against.
   *
   * +protobuf=2,name=schema
   */
  $schema?: JSONSchemaURL;

  /**
   * $ref refers to another schema by URL or JSON pointer.
   *
   * +kubegen:pointer
   * +protobuf=3,name=ref
   */
  $ref?: string;

  /**
   * description explains the value for humans.
   *
   * +protobuf=4
   */
  description?: string;

  /**
   * type is the JSON type of the value: object, array, string, number, integer or boolean.
   *
   * +protobuf=5
   */
  type?: string;

  /**
   * format refines type with an OpenAPI format. Unknown formats are ignored; known ones, such
   * as uri, email, hostname, ipv4, ipv6, cidr, mac, uuid, byte, date, duration and datetime,
   * are checked.
   *
   * +protobuf=6
   */
  format?: string;

  /**
   * title is a short human-readable name for the value.
   *
   * +protobuf=7
   */
  title?: string;

  /**
   * default is the value filled in when the field is absent; defaulting needs
   * spec.preserveUnknownFields to be false.
   *
   * +kubegen:pointer
   * +protobuf=8
   */
  default?: JSON;

  /**
   * maximum is the largest number allowed.
   *
   * +kubegen:pointer
   * +protobuf=9
   */
  maximum?: float64;

  /**
   * exclusiveMaximum makes maximum itself disallowed.
   *
   * +protobuf=10
   */
  exclusiveMaximum?: boolean;

  /**
   * minimum is the smallest number allowed.
   *
   * +kubegen:pointer
   * +protobuf=11
   */
  minimum?: float64;

  /**
   * exclusiveMinimum makes minimum itself disallowed.
   *
   * +protobuf=12
   */
  exclusiveMinimum?: boolean;

  /**
   * maxLength is the largest number of characters a string may have.
   *
   * +kubegen:pointer
   * +protobuf=13
   */
  maxLength?: int64;

  /**
   * minLength is the smallest number of characters a string may have.
   *
   * +kubegen:pointer
   * +protobuf=14
   */
  minLength?: int64;

  /**
   * pattern is a regular expression a string must match.
   *
   * +protobuf=15
   */
  pattern?: string;

  /**
   * maxItems is the largest number of elements an array may have.
   *
   * +kubegen:pointer
   * +protobuf=16
   */
  maxItems?: int64;

  /**
   * minItems is the smallest number of elements an array may have.
   *
   * +kubegen:pointer
   * +protobuf=17
   */
  minItems?: int64;

  /**
   * uniqueItems requires the elements of an array to be distinct.
   *
   * +protobuf=18
   */
  uniqueItems?: boolean;

  /**
   * multipleOf requires a number to be an integer multiple of this value.
   *
   * +kubegen:pointer
   * +protobuf=19
   */
  multipleOf?: float64;

  /**
   * enum lists the only values allowed.
   *
   * +listType=atomic
   * +protobuf=20
   */
  enum?: JSON[];

  /**
   * maxProperties is the largest number of properties an object may have.
   *
   * +kubegen:pointer
   * +protobuf=21
   */
  maxProperties?: int64;

  /**
   * minProperties is the smallest number of properties an object may have.
   *
   * +kubegen:pointer
   * +protobuf=22
   */
  minProperties?: int64;

  /**
   * required lists the properties an object must have.
   *
   * +listType=atomic
   * +protobuf=23
   */
  required?: string[];

  /**
   * items is the schema for every element of an array, or a list of schemas, one per position.
   *
   * +kubegen:pointer
   * +protobuf=24
   */
  items?: JSONSchemaPropsOrArray;

  /**
   * allOf lists schemas the value must match all of.
   *
   * +listType=atomic
   * +protobuf=25
   */
  allOf?: JSONSchemaProps[];

  /**
   * oneOf lists schemas the value must match exactly one of.
   *
   * +listType=atomic
   * +protobuf=26
   */
  oneOf?: JSONSchemaProps[];

  /**
   * anyOf lists schemas the value must match at least one of.
   *
   * +listType=atomic
   * +protobuf=27
   */
  anyOf?: JSONSchemaProps[];

  /**
   * not is a schema the value must not match.
   *
   * +kubegen:pointer
   * +protobuf=28
   */
  not?: JSONSchemaProps;

  /**
   * properties gives the schema of each named property of an object.
   *
   * +protobuf=29
   */
  properties?: Record<string, JSONSchemaProps>;

  /**
   * additionalProperties is the schema for properties not named in properties, or a boolean
   * allowing or forbidding them.
   *
   * +kubegen:pointer
   * +protobuf=30
   */
  additionalProperties?: JSONSchemaPropsOrBool;

  /**
   * patternProperties gives schemas for properties whose names match each regular expression
   * key.
   *
   * +protobuf=31
   */
  patternProperties?: Record<string, JSONSchemaProps>;

  /**
   * dependencies maps a property name to a schema the object must also match, or to the other
   * properties that must be present, whenever that property is set.
   *
   * +protobuf=32
   */
  dependencies?: Record<string, JSONSchemaPropsOrStringArray>;

  /**
   * additionalItems is the schema for array elements beyond those covered by a list-valued
   * items, or a boolean allowing or forbidding them.
   *
   * +kubegen:pointer
   * +protobuf=33
   */
  additionalItems?: JSONSchemaPropsOrBool;

  /**
   * definitions holds named schemas that other parts of the schema may refer to.
   *
   * +protobuf=34
   */
  definitions?: Record<string, JSONSchemaProps>;

  /**
   * externalDocs points to further documentation outside the schema.
   *
   * +kubegen:pointer
   * +protobuf=35
   */
  externalDocs?: ExternalDocumentation;

  /**
   * example is a sample value that matches the schema.
   *
   * +kubegen:pointer
   * +protobuf=36
   */
  example?: JSON;

  /**
   * nullable allows the value to be null as well.
   *
   * +protobuf=37
   */
  nullable?: boolean;

  /**
   * x-kubernetes-preserve-unknown-fields keeps fields the schema does not declare instead of
   * pruning them, recursively until a nested schema declares properties or
   * additionalProperties again. Only true or unset is allowed.
   *
   * +kubegen:pointer
   * +protobuf=38,name=xKubernetesPreserveUnknownFields
   */
  "x-kubernetes-preserve-unknown-fields"?: boolean;

  /**
   * x-kubernetes-embedded-resource marks an object holding a complete Kubernetes object, whose
   * apiVersion, kind and metadata are then validated automatically. The type must be object.
   *
   * +protobuf=39,name=xKubernetesEmbeddedResource
   */
  "x-kubernetes-embedded-resource"?: boolean;

  /**
   * x-kubernetes-int-or-string allows the value to be either an integer or a string; type may
   * then be empty, or given as an anyOf of integer and string.
   *
   * +protobuf=40,name=xKubernetesIntOrString
   */
  "x-kubernetes-int-or-string"?: boolean;

  /**
   * x-kubernetes-list-map-keys names the scalar properties that identify the elements of a list
   * whose x-kubernetes-list-type is map. Each key must be required or have a default.
   *
   * +optional
   * +listType=atomic
   * +protobuf=41,name=xKubernetesListMapKeys
   */
  "x-kubernetes-list-map-keys"?: string[];

  /**
   * x-kubernetes-list-type says how an array merges: "atomic" (replaced whole, the default),
   * "set" (unique scalar-like elements) or "map" (object elements keyed by
   * x-kubernetes-list-map-keys).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=42,name=xKubernetesListType
   */
  "x-kubernetes-list-type"?: string;

  /**
   * x-kubernetes-map-type says how an object merges: "granular" (each key separately, the
   * default) or "atomic" (replaced whole).
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=43,name=xKubernetesMapType
   */
  "x-kubernetes-map-type"?: string;

  /**
   * x-kubernetes-validations lists CEL validation rules evaluated against the value.
   *
   * +patchMergeKey=rule
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=rule
   * +protobuf=44,name=xKubernetesValidations
   */
  "x-kubernetes-validations"?: ValidationRule[];
}

/**
 * ValidationRule is a CEL expression a value must satisfy, with the message, reason and field
 * path reported when it does not.
 */
export interface ValidationRule {
  /**
   * rule is the CEL expression, where `self` is the value at the schema's location and
   * `oldSelf`, if used, is the previous value, which makes it a transition rule checked only on
   * updates unless optionalOldSelf is set. Properties are reached as `self.field`, with
   * reserved words and special characters escaped.
   *
   * +protobuf=1
   */
  rule: string;

  /**
   * message is the fixed text returned when the rule fails; it must be a single line, is needed
   * when rule spans several lines, and defaults to "failed rule: <rule>".
   *
   * +protobuf=2
   */
  message?: string;

  /**
   * messageExpression is a CEL expression producing the failure message; it wins over message,
   * and an error, blank or multi-line result falls back to message.
   *
   * +optional
   * +protobuf=3
   */
  messageExpression?: string;

  /**
   * reason is the machine-readable cause returned when the rule fails and determines the HTTP
   * status; it defaults to FieldValueInvalid, and clients should treat unknown reasons the same.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  reason?: FieldValueErrorReason;

  /**
   * fieldPath is the relative JSON path, without numeric indexes, of an existing field to
   * report the failure against, for example `.testMap.foo` or `.testList['foo.34$']`.
   *
   * +optional
   * +protobuf=5
   */
  fieldPath?: string;

  /**
   * optionalOldSelf makes a transition rule run also on create or when there is no old value,
   * with `oldSelf` as a CEL optional. It may only be set when rule uses oldSelf.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  optionalOldSelf?: boolean;
}

/**
 * ExternalDocumentation points to documentation kept outside the schema.
 */
export interface ExternalDocumentation {
  /**
   * description says what the linked documentation covers.
   *
   * +protobuf=1
   */
  description?: string;

  /**
   * url is where the documentation lives.
   *
   * +protobuf=2
   */
  url?: string;
}
