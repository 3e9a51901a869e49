/**
 * The Swagger 2.0 document as the protobuf message kubectl and client-go ask /openapi/v2 for
 * (gnostic's openapi.v2.Document, field numbers from gnostic-models' OpenAPIv2.proto), encoded
 * from the JSON document as upstream's ToProtoBinary does: fields in number order, proto3 zero
 * values left out, maps as ordered (name, value) pairs in the JSON's key order, `x-` keys as
 * vendor extensions, and free-form values (defaults, enums, examples, extensions) as YAML text.
 */
import { Writer } from "../../runtime/protobuf/wire.js";
import { stringifyYAML } from "./yaml-encode.js";

type Json = unknown;
type Obj = Record<string, Json>;
/** Writes one message's fields (not its tag or length). */
type MessageEncoder = (w: Writer, v: Obj) => void;
/** Writes field `num` for a JSON value, or nothing for a zero value. */
type FieldEncoder = (w: Writer, num: number, v: Json) => void;

const LEN = 2;
const VARINT = 0;
const FIXED64 = 1;

const isObj = (v: Json): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

function message(w: Writer, num: number, enc: MessageEncoder, v: Obj): void {
  w.uint32((num << 3) | LEN).fork();
  enc(w, v);
  w.ldelim();
}

// ---- scalar and list fields ----

/** gnostic takes YAML ints for string fields too (StringForScalarNode). */
const str: FieldEncoder = (w, num, v) => {
  const s = typeof v === "string" ? v : typeof v === "number" && Number.isInteger(v) ? String(v) : "";
  if (s !== "") w.uint32((num << 3) | LEN).string(s);
};
const bool: FieldEncoder = (w, num, v) => {
  if (v === true) w.uint32((num << 3) | VARINT).bool(true);
};
const double: FieldEncoder = (w, num, v) => {
  if (typeof v === "number" && v !== 0) w.uint32((num << 3) | FIXED64).double(v);
};
const int64: FieldEncoder = (w, num, v) => {
  if (typeof v === "number" && Number.isInteger(v) && v !== 0) w.uint32((num << 3) | VARINT).int64(v);
};
const strings: FieldEncoder = (w, num, v) => {
  if (Array.isArray(v)) for (const s of v) if (typeof s === "string") w.uint32((num << 3) | LEN).string(s);
};

/**
 * A free-form value as gnostic's Any: its YAML (field 2). gnostic marshals with go-yaml v3, which
 * indents by four; YAML 1.1 quoting keeps strings like "on" strings for YAML 1.1 readers.
 */
function yamlOf(v: Json): string {
  // Deep values (a CRD's default or example) are written in flow style past 100 levels, where
  // the yaml library's writer would run out of stack; stringifyYAML may change what it is given.
  const own = typeof v === "object" && v !== null ? (JSON.parse(JSON.stringify(v)) as Json) : v;
  return stringifyYAML(own, { version: "1.1", indent: 4, lineWidth: 0 });
}
function writeAny(w: Writer, num: number, v: Json): void {
  w.uint32((num << 3) | LEN).fork();
  w.uint32((2 << 3) | LEN).string(yamlOf(v));
  w.ldelim();
}
const any: FieldEncoder = (w, num, v) => {
  if (v !== undefined) writeAny(w, num, v);
};
const anys: FieldEncoder = (w, num, v) => {
  if (Array.isArray(v)) for (const item of v) writeAny(w, num, item);
};
const msg =
  (enc: () => MessageEncoder): FieldEncoder =>
  (w, num, v) => {
    if (isObj(v)) message(w, num, enc(), v);
  };
const msgs =
  (enc: () => MessageEncoder): FieldEncoder =>
  (w, num, v) => {
    if (Array.isArray(v)) for (const item of v) if (isObj(item)) message(w, num, enc(), item);
  };

/** Repeated NamedAny for the `x-` keys of `v`, in order. */
function vendorExtensions(w: Writer, num: number, v: Obj): void {
  for (const [k, value] of Object.entries(v)) {
    if (!k.startsWith("x-")) continue;
    w.uint32((num << 3) | LEN).fork();
    w.uint32((1 << 3) | LEN).string(k);
    writeAny(w, 2, value);
    w.ldelim();
  }
}

/**
 * A message of plain fields: `[number, JSON key, encoder]` in number order, then (numbered after
 * them all) its vendor extensions, if it has them.
 */
function struct(fields: readonly (readonly [number, string, FieldEncoder])[], ext?: number): MessageEncoder {
  return (w, v) => {
    for (const [num, key, enc] of fields) enc(w, num, v[key]);
    if (ext !== undefined) vendorExtensions(w, ext, v);
  };
}

/** A message whose field 1 repeats Named<value>{name = 1, value = 2} over every key of the JSON object. */
function namedMap(value: FieldEncoder, keep: (key: string) => boolean = () => true, num = 1): MessageEncoder {
  return (w, v) => namedPairs(w, num, v, value, keep);
}
function namedPairs(w: Writer, num: number, v: Obj, value: FieldEncoder, keep: (key: string) => boolean): void {
  for (const [k, item] of Object.entries(v)) {
    if (!keep(k)) continue;
    w.uint32((num << 3) | LEN).fork();
    w.uint32((1 << 3) | LEN).string(k);
    value(w, 2, item);
    w.ldelim();
  }
}

// ---- the messages ----

const externalDocs: MessageEncoder = struct(
  [
    [1, "description", str],
    [2, "url", str],
  ],
  3,
);
const xml: MessageEncoder = struct(
  [
    [1, "name", str],
    [2, "namespace", str],
    [3, "prefix", str],
    [4, "attribute", bool],
    [5, "wrapped", bool],
  ],
  6,
);

/** The validation keywords shared by PrimitivesItems and Header (fields 1..17). */
const primitiveFields = (): (readonly [number, string, FieldEncoder])[] => [
  [1, "type", str],
  [2, "format", str],
  [3, "items", msg(() => primitivesItems)],
  [4, "collectionFormat", str],
  [5, "default", any],
  [6, "maximum", double],
  [7, "exclusiveMaximum", bool],
  [8, "minimum", double],
  [9, "exclusiveMinimum", bool],
  [10, "maxLength", int64],
  [11, "minLength", int64],
  [12, "pattern", str],
  [13, "maxItems", int64],
  [14, "minItems", int64],
  [15, "uniqueItems", bool],
  [16, "enum", anys],
  [17, "multipleOf", double],
];
const primitivesItems: MessageEncoder = struct(primitiveFields(), 18);
const header: MessageEncoder = struct([...primitiveFields(), [18, "description", str]], 19);

/** Schema.type: one type name or a list of them. */
const typeItem: FieldEncoder = (w, num, v) => {
  if (typeof v === "string") message(w, num, (w2) => w2.uint32((1 << 3) | LEN).string(v), {});
  else if (Array.isArray(v)) message(w, num, (w2) => strings(w2, 1, v), {});
};
/** Schema.items: one schema (or several, in the array form). */
const itemsItem: FieldEncoder = (w, num, v) => {
  const list = Array.isArray(v) ? v : isObj(v) ? [v] : undefined;
  if (list) message(w, num, (w2) => msgs(() => schema)(w2, 1, list), {});
};
/** Schema.additionalProperties: a schema, or a boolean (a oneof, so false is written too). */
const additionalProperties: FieldEncoder = (w, num, v) => {
  if (isObj(v)) message(w, num, (w2) => message(w2, 1, schema, v), {});
  else if (typeof v === "boolean") message(w, num, (w2) => w2.uint32((2 << 3) | VARINT).bool(v), {});
};

const schema: MessageEncoder = struct(
  [
    [1, "$ref", str],
    [2, "format", str],
    [3, "title", str],
    [4, "description", str],
    [5, "default", any],
    [6, "multipleOf", double],
    [7, "maximum", double],
    [8, "exclusiveMaximum", bool],
    [9, "minimum", double],
    [10, "exclusiveMinimum", bool],
    [11, "maxLength", int64],
    [12, "minLength", int64],
    [13, "pattern", str],
    [14, "maxItems", int64],
    [15, "minItems", int64],
    [16, "uniqueItems", bool],
    [17, "maxProperties", int64],
    [18, "minProperties", int64],
    [19, "required", strings],
    [20, "enum", anys],
    [21, "additionalProperties", additionalProperties],
    [22, "type", typeItem],
    [23, "items", itemsItem],
    [24, "allOf", msgs(() => schema)],
    [25, "properties", msg(() => namedMap(msg(() => schema)))],
    [26, "discriminator", str],
    [27, "readOnly", bool],
    [28, "xml", msg(() => xml)],
    [29, "externalDocs", msg(() => externalDocs)],
    [30, "example", any],
  ],
  31,
);

const FILE_SCHEMA_KEYS = new Set(["default", "description", "example", "externalDocs", "format", "readOnly", "required", "title", "type"]);
const fileSchema: MessageEncoder = struct(
  [
    [1, "format", str],
    [2, "title", str],
    [3, "description", str],
    [4, "default", any],
    [5, "required", strings],
    [6, "type", str],
    [7, "readOnly", bool],
    [8, "externalDocs", msg(() => externalDocs)],
    [9, "example", any],
  ],
  10,
);
/** A response's schema: gnostic reads it as a FileSchema when it validates as one (type "file"). */
const schemaItem: FieldEncoder = (w, num, v) => {
  if (!isObj(v)) return;
  const isFile = v.type === "file" && Object.keys(v).every((k) => FILE_SCHEMA_KEYS.has(k) || k.startsWith("x-"));
  message(w, num, (w2) => message(w2, isFile ? 2 : 1, isFile ? fileSchema : schema, v), {});
};

const jsonReference: MessageEncoder = struct([
  [1, "$ref", str],
  [2, "description", str],
]);

const bodyParameter: MessageEncoder = struct(
  [
    [1, "description", str],
    [2, "name", str],
    [3, "in", str],
    [4, "required", bool],
    [5, "schema", msg(() => schema)],
  ],
  6,
);
/** Header and path parameters share one layout; query and form-data parameters another (with allowEmptyValue). */
const headerOrPathParameter: MessageEncoder = struct(
  [
    [1, "required", bool],
    [2, "in", str],
    [3, "description", str],
    [4, "name", str],
    [5, "type", str],
    [6, "format", str],
    [7, "items", msg(() => primitivesItems)],
    [8, "collectionFormat", str],
    [9, "default", any],
    [10, "maximum", double],
    [11, "exclusiveMaximum", bool],
    [12, "minimum", double],
    [13, "exclusiveMinimum", bool],
    [14, "maxLength", int64],
    [15, "minLength", int64],
    [16, "pattern", str],
    [17, "maxItems", int64],
    [18, "minItems", int64],
    [19, "uniqueItems", bool],
    [20, "enum", anys],
    [21, "multipleOf", double],
  ],
  22,
);
const queryOrFormDataParameter: MessageEncoder = struct(
  [
    [1, "required", bool],
    [2, "in", str],
    [3, "description", str],
    [4, "name", str],
    [5, "allowEmptyValue", bool],
    [6, "type", str],
    [7, "format", str],
    [8, "items", msg(() => primitivesItems)],
    [9, "collectionFormat", str],
    [10, "default", any],
    [11, "maximum", double],
    [12, "exclusiveMaximum", bool],
    [13, "minimum", double],
    [14, "exclusiveMinimum", bool],
    [15, "maxLength", int64],
    [16, "minLength", int64],
    [17, "pattern", str],
    [18, "maxItems", int64],
    [19, "minItems", int64],
    [20, "uniqueItems", bool],
    [21, "enum", anys],
    [22, "multipleOf", double],
  ],
  23,
);
/** NonBodyParameter's oneof, chosen by `in`. */
const NON_BODY: Readonly<Record<string, [number, MessageEncoder]>> = {
  header: [1, headerOrPathParameter],
  formData: [2, queryOrFormDataParameter],
  query: [3, queryOrFormDataParameter],
  path: [4, headerOrPathParameter],
};
/** Parameter: a body parameter (field 1) or a NonBodyParameter (field 2). */
const parameter: MessageEncoder = (w, v) => {
  if (v.in === "body") return message(w, 1, bodyParameter, v);
  const choice = NON_BODY[String(v.in)];
  if (choice === undefined) return;
  message(w, 2, (w2) => message(w2, choice[0], choice[1], v), {});
};
/** ParametersItem: a `$ref` (field 2) or a parameter (field 1). */
const parametersItem: MessageEncoder = (w, v) => {
  if (typeof v.$ref === "string") message(w, 2, jsonReference, v);
  else message(w, 1, parameter, v);
};

const response: MessageEncoder = struct(
  [
    [1, "description", str],
    [2, "schema", schemaItem],
    [3, "headers", msg(() => namedMap(msg(() => header)))],
    [4, "examples", msg(() => namedMap(any))],
  ],
  5,
);
/** ResponseValue: a `$ref` (field 2) or a response (field 1). */
const responseValue: MessageEncoder = (w, v) => {
  if (typeof v.$ref === "string") message(w, 2, jsonReference, v);
  else message(w, 1, response, v);
};
const RESPONSE_CODE = /^([0-9]{3})$|^(default)$/;
const responses: MessageEncoder = (w, v) => {
  namedPairs(
    w,
    1,
    v,
    msg(() => responseValue),
    (k) => RESPONSE_CODE.test(k),
  );
  vendorExtensions(w, 2, v);
};

/** SecurityRequirement: scheme name -> scopes, as NamedStringArray{name, StringArray{value}}. */
const securityRequirement: MessageEncoder = namedMap((w, num, v) => {
  if (Array.isArray(v)) message(w, num, (w2) => strings(w2, 1, v), {});
});

const operation: MessageEncoder = struct(
  [
    [1, "tags", strings],
    [2, "summary", str],
    [3, "description", str],
    [4, "externalDocs", msg(() => externalDocs)],
    [5, "operationId", str],
    [6, "produces", strings],
    [7, "consumes", strings],
    [8, "parameters", msgs(() => parametersItem)],
    [9, "responses", msg(() => responses)],
    [10, "schemes", strings],
    [11, "deprecated", bool],
    [12, "security", msgs(() => securityRequirement)],
  ],
  13,
);
const pathItem: MessageEncoder = struct(
  [
    [1, "$ref", str],
    [2, "get", msg(() => operation)],
    [3, "put", msg(() => operation)],
    [4, "post", msg(() => operation)],
    [5, "delete", msg(() => operation)],
    [6, "options", msg(() => operation)],
    [7, "head", msg(() => operation)],
    [8, "patch", msg(() => operation)],
    [9, "parameters", msgs(() => parametersItem)],
  ],
  10,
);
const paths: MessageEncoder = (w, v) => {
  vendorExtensions(w, 1, v);
  namedPairs(
    w,
    2,
    v,
    msg(() => pathItem),
    (k) => k.startsWith("/"),
  );
};

const oauth2Scopes: FieldEncoder = msg(() => namedMap(str));
/** Oauth2Password and Oauth2Application: the same fields, a token URL and no authorization URL. */
const oauth2TokenFlow: MessageEncoder = struct(
  [
    [1, "type", str],
    [2, "flow", str],
    [3, "scopes", oauth2Scopes],
    [4, "tokenUrl", str],
    [5, "description", str],
  ],
  6,
);
/** SecurityDefinitionsItem's oneof: basic (1), apiKey (2), or OAuth2 by flow (3..6). */
const SECURITY: Readonly<Record<string, [number, MessageEncoder]>> = {
  basic: [
    1,
    struct(
      [
        [1, "type", str],
        [2, "description", str],
      ],
      3,
    ),
  ],
  apiKey: [
    2,
    struct(
      [
        [1, "type", str],
        [2, "name", str],
        [3, "in", str],
        [4, "description", str],
      ],
      5,
    ),
  ],
  implicit: [
    3,
    struct(
      [
        [1, "type", str],
        [2, "flow", str],
        [3, "scopes", oauth2Scopes],
        [4, "authorizationUrl", str],
        [5, "description", str],
      ],
      6,
    ),
  ],
  password: [4, oauth2TokenFlow],
  application: [5, oauth2TokenFlow],
  accessCode: [
    6,
    struct(
      [
        [1, "type", str],
        [2, "flow", str],
        [3, "scopes", oauth2Scopes],
        [4, "authorizationUrl", str],
        [5, "tokenUrl", str],
        [6, "description", str],
      ],
      7,
    ),
  ],
};
const securityDefinitionsItem: MessageEncoder = (w, v) => {
  const choice = SECURITY[v.type === "oauth2" ? String(v.flow) : String(v.type)];
  if (choice) message(w, choice[0], choice[1], v);
};

const info: MessageEncoder = struct(
  [
    [1, "title", str],
    [2, "version", str],
    [3, "description", str],
    [4, "termsOfService", str],
    [
      5,
      "contact",
      msg(() =>
        struct(
          [
            [1, "name", str],
            [2, "url", str],
            [3, "email", str],
          ],
          4,
        ),
      ),
    ],
    [
      6,
      "license",
      msg(() =>
        struct(
          [
            [1, "name", str],
            [2, "url", str],
          ],
          3,
        ),
      ),
    ],
  ],
  7,
);
const tag: MessageEncoder = struct(
  [
    [1, "name", str],
    [2, "description", str],
    [3, "externalDocs", msg(() => externalDocs)],
  ],
  4,
);

const document: MessageEncoder = struct(
  [
    [1, "swagger", str],
    [2, "info", msg(() => info)],
    [3, "host", str],
    [4, "basePath", str],
    [5, "schemes", strings],
    [6, "consumes", strings],
    [7, "produces", strings],
    [8, "paths", msg(() => paths)],
    [9, "definitions", msg(() => namedMap(msg(() => schema)))],
    [10, "parameters", msg(() => namedMap(msg(() => parameter)))],
    [11, "responses", msg(() => namedMap(msg(() => response)))],
    [12, "security", msgs(() => securityRequirement)],
    [13, "securityDefinitions", msg(() => namedMap(msg(() => securityDefinitionsItem)))],
    [14, "tags", msgs(() => tag)],
    [15, "externalDocs", msg(() => externalDocs)],
  ],
  16,
);

/** Encodes a Swagger 2.0 document (parsed JSON) as an openapi.v2.Document message. */
export function encodeOpenAPIV2Document(doc: Obj): Uint8Array {
  const w = Writer.create();
  document(w, doc);
  return w.finish();
}
