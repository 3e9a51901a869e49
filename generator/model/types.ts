/**
 * The generator's model (IR): plain data read from api/ by the parser and handed to every
 * emitter. Nothing here refers to ts-morph, so emitters stay pure functions of this shape.
 */

/** Where a declaration was written, for file:line messages. */
export interface SourcePos {
  file: string;
  line: number;
}

/** Scalars JSON cannot tell apart; declared in api/ with `+kubegen:scalar=`. */
export type ScalarKind = "int32" | "int64" | "float64" | "bytes";

/** Types with a wire form of their own; declared in api/ with `+kubegen:special=`. */
export type SpecialKind =
  | "Time"
  | "MicroTime"
  | "Duration"
  | "IntOrString"
  | "Quantity"
  | "RawExtension"
  | "FieldsV1"
  | "JSON"
  | "JSONSchemaPropsOrArray"
  | "JSONSchemaPropsOrBool"
  | "JSONSchemaPropsOrStringArray";

export const SCALAR_KINDS: readonly ScalarKind[] = ["int32", "int64", "float64", "bytes"];
export const SPECIAL_KINDS: readonly SpecialKind[] = [
  "Time",
  "MicroTime",
  "Duration",
  "IntOrString",
  "Quantity",
  "RawExtension",
  "FieldsV1",
  "JSON",
  "JSONSchemaPropsOrArray",
  "JSONSchemaPropsOrBool",
  "JSONSchemaPropsOrStringArray",
];

/** A reference to a type, as a field or alias uses it. */
export type TypeRef =
  | { kind: "primitive"; name: "string" | "boolean" | ScalarKind }
  | { kind: "named"; pkg: string; name: string }
  | { kind: "array"; elem: TypeRef }
  | { kind: "map"; value: TypeRef };

/** Parsed `+name=value` comment tags, in source order. */
export interface Tag {
  name: string;
  value: string | undefined;
  pos: SourcePos;
}

export type ListType = "atomic" | "set" | "map";

/** One CEL rule from `+kubebuilder:validation:XValidation:`, as `x-kubernetes-validations` holds it. */
export interface XValidationRule {
  rule: string;
  message?: string;
  messageExpression?: string;
  reason?: string;
  fieldPath?: string;
  optionalOldSelf?: boolean;
}

export interface Validation {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  exclusiveMaximum?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  minProperties?: number;
  maxProperties?: number;
  enum?: string[];
  format?: string;
  uniqueItems?: boolean;
  /** `x-kubernetes-preserve-unknown-fields`: the apiserver keeps fields the schema does not name. */
  preserveUnknownFields?: boolean;
  /** `x-kubernetes-embedded-resource`: the value is a whole object with apiVersion, kind and metadata. */
  embeddedResource?: boolean;
  /** `x-kubernetes-int-or-string`: an integer or a string. */
  intOrString?: boolean;
  /** `x-kubernetes-validations`: CEL rules, in marker order. */
  xValidations?: XValidationRule[];
  /** `items.x-kubernetes-validations` of a list field (`+kubebuilder:validation:items:XValidation`), in marker order. */
  itemsXValidations?: XValidationRule[];
}

export interface Field {
  /** The JSON name. */
  name: string;
  doc: string;
  type: TypeRef;
  /** Left out of JSON when unset (`?` in TypeScript, Go's omitempty). */
  omitEmpty: boolean;
  /**
   * Not required in schemas: omitEmpty, or tagged +optional (upstream has fields that are
   * always serialized yet optional, e.g. Role.rules).
   */
  optional: boolean;
  /** The upstream Go field is a pointer: unset and zero differ. */
  pointer: boolean;
  protobuf?: { number: number; name: string };
  listType?: ListType;
  listMapKeys: string[];
  mapType?: "atomic" | "granular";
  structType?: "atomic" | "granular";
  patchStrategy?: string;
  patchMergeKey?: string;
  /** A default value as JSON, from `+default=` or `+kubebuilder:default=`. */
  default?: unknown;
  validation: Validation;
  pos: SourcePos;
}

export interface ProtobufEmbed {
  /** The embedded struct, one of `embeds`. */
  ref: TypeRef;
  number: number;
  /** The protobuf field name (upstream: the Go type name in lower camel case, `volumeSource`). */
  name: string;
}

export interface Lifecycle {
  introduced?: [number, number];
  deprecated?: [number, number];
  removed?: [number, number];
  replacement?: { group: string; version: string; kind: string };
}

/** A custom verb from `+genclient:method=`. */
export interface ClientMethod {
  name: string;
  verb: string;
  subresource?: string;
  input?: string;
  result?: string;
}

/** What `+genclient*` tags ask of the typed client. */
export interface ClientFacts {
  namespaced: boolean;
  hasStatus: boolean;
  verbs: string[];
  methods: ClientMethod[];
}

/** The scale subresource of a custom resource: where replicas and the selector live. */
export interface ScaleFacts {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  description?: string;
  format?: string;
  priority?: number;
}

/** The facts kubectl sees about a served resource. */
export interface ResourceFacts {
  plural: string;
  singular: string;
  kind: string;
  listKind: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  /** Discovery verbs, lower case as upstream serves them (`deletecollection`). */
  verbs: string[];
  subresources: string[];
  printerColumns: PrinterColumn[];
  /** `+kubebuilder:subresource:scale`: in CRD manifests, and served by the generic store for a compiled-in group. */
  scale?: ScaleFacts;
  /** `+kubebuilder:storageversion`: this version is the one stored when a group has several. */
  storageVersion: boolean;
}

interface DeclBase {
  name: string;
  doc: string;
  tags: Tag[];
  pos: SourcePos;
}

export interface StructDecl extends DeclBase {
  kind: "struct";
  /** Structs inlined into this one's JSON (`extends TypeMeta`). */
  embeds: TypeRef[];
  /**
   * The protobuf fields of embedded structs (`+kubegen:protobuf-embed=Base,3`): as upstream, an
   * embedded struct is one message field holding all of its fields. TypeMeta has none.
   */
  protobufEmbeds?: ProtobufEmbed[];
  fields: Field[];
  deepcopy: boolean;
  /** Tagged as a runtime.Object: a top-level kind with apiVersion/kind. */
  runtimeObject: boolean;
  protobuf: boolean;
  openapi: boolean;
  structType?: "atomic" | "granular";
  lifecycle?: Lifecycle;
  /** Validation markers on the struct (MinProperties, XPreserveUnknownFields...). */
  validation: Validation;
  client?: ClientFacts;
  resource?: ResourceFacts;
}

export interface EnumDecl extends DeclBase {
  kind: "enum";
  values: string[];
}

export interface AliasDecl extends DeclBase {
  kind: "alias";
  target: TypeRef;
  /** Validation markers on the alias, applied wherever it is used. */
  validation: Validation;
}

export interface SpecialDecl extends DeclBase {
  kind: "special";
  special: SpecialKind;
}

export type TypeDecl = StructDecl | EnumDecl | AliasDecl | SpecialDecl;

export interface Package {
  /** Folder path relative to the api root, with forward slashes: `core/v1`. */
  path: string;
  /** Absolute folder. */
  dir: string;
  doc: string;
  tags: Tag[];
  /** Set when the package is an API group-version (`+groupName=`). */
  groupVersion?: { group: string; version: string };
  goPackage: string;
  protoPackage: string;
  openapiPackage: string;
  deepcopy: boolean;
  protobuf: boolean;
  openapi: boolean;
  lifecycle: boolean;
  /**
   * CustomResourceDefinition manifests are generated for its kinds: `+kubegen:crd=`, by default
   * every group outside the built-in k8s.io API.
   */
  crd: boolean;
  /** Read because something imports it, not part of the output. */
  external: boolean;
  types: TypeDecl[];
  pos: SourcePos;
}

export interface Model {
  /** Absolute api root. */
  root: string;
  packages: Package[];
}
