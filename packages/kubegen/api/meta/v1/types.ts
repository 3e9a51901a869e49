import type { int32, int64 } from "../../scalars.js";
import type { RawExtension } from "../../apimachinery/runtime/types.js";

// ---------------------------------------------------------------------------
// Special and scalar-like types
// ---------------------------------------------------------------------------

/**
 * Time is a point in time with second precision, written in JSON as an RFC 3339 string in UTC
 * and in protobuf as seconds and nanoseconds since the Unix epoch.
 *
 * +kubegen:special=Time
 */
export type Time = string;

/**
 * MicroTime is a point in time with microsecond precision, written in JSON as an RFC 3339
 * string with six fractional digits.
 *
 * +kubegen:special=MicroTime
 */
export type MicroTime = string;

/**
 * Duration is a length of time, written in JSON as a Go duration string such as "1h30m" or
 * "250ms" and in protobuf as a count of nanoseconds.
 *
 * +kubegen:special=Duration
 */
export type Duration = string;

/**
 * FieldsV1 is a set of field paths stored as a JSON trie, as used by server-side apply. Keys are
 * "." for the field itself, or "f:<name>", "v:<value>", "i:<index>" or "k:<keys>" for struct
 * fields, list values, list positions and keyed list items; an empty object marks membership.
 *
 * +kubegen:special=FieldsV1
 */
export type FieldsV1 = Record<string, unknown>;

/**
 * UID is a value unique across space and time that the server assigns to each object when it
 * is created; it distinguishes objects that reuse a name.
 */
export type UID = string;

/**
 * Timestamp is the protobuf form of Time: seconds and nanoseconds since the Unix epoch in UTC.
 * API types use Time instead.
 */
export interface Timestamp {
  /**
   * Whole seconds since 1970-01-01T00:00:00Z; valid from year 0001 through year 9999.
   * +protobuf=1
   */
  seconds: int64;

  /**
   * The non-negative fraction of a second, in nanoseconds (0 to 999,999,999), counted forward
   * from seconds even when seconds is negative.
   * +protobuf=2
   */
  nanos: int32;
}

// ---------------------------------------------------------------------------
// Object metadata
// ---------------------------------------------------------------------------

/**
 * TypeMeta names the kind and API version of a serialized object. Top-level types embed it so
 * that kind and apiVersion appear alongside their own fields.
 */
export interface TypeMeta {
  /**
   * The kind of object, in CamelCase, naming the REST resource it represents. Servers may infer
   * it from the endpoint a request was sent to; it cannot be changed.
   * +optional
   * +protobuf=1
   */
  kind?: string;

  /**
   * The versioned schema this object is written in, as "group/version" (or "v1" for the core
   * group). Servers convert known versions and may reject unknown ones.
   * +optional
   * +protobuf=2
   */
  apiVersion?: string;
}

/**
 * ListMeta is the metadata of lists and other synthetic responses that are not stored objects.
 * A type carries either ObjectMeta or ListMeta, not both.
 */
export interface ListMeta {
  /**
   * Deprecated legacy link to this object; the system no longer fills it in.
   * +optional
   * +protobuf=1
   */
  selfLink?: string;

  /**
   * The server's opaque internal version of this list, which clients pass back unchanged to
   * detect changes or to start a watch. Set by the system; read-only.
   * +optional
   * +protobuf=2
   */
  resourceVersion?: string;

  /**
   * An opaque token, present when a limit cut the list short, that fetches the next chunk when
   * sent back to the same endpoint. It may stop working after a few minutes or a configuration
   * change.
   * +protobuf=3
   */
  continue?: string;

  /**
   * An estimate of how many more items follow this chunk of a paginated list. Unset when the
   * count is unknown (for instance with selectors) or the list is complete; clients should not
   * rely on it being exact.
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  remainingItemCount?: int64;
}

/**
 * ObjectMeta is the metadata every persisted object has: identity, versioning, labels and
 * annotations, ownership, finalizers and field management.
 */
export interface ObjectMeta {
  /**
   * The object's name, unique within its namespace (or cluster-wide for cluster-scoped kinds).
   * Needed on create unless generateName is used; cannot be changed.
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * A prefix from which the server builds a unique name when name is empty, by appending a
   * random suffix. The result follows the same rules as name; a collision yields a 409.
   * +optional
   * +protobuf=2
   */
  generateName?: string;

  /**
   * The namespace the name is unique within; must be a DNS label. Empty for cluster-scoped
   * objects, and treated as "default" for namespaced ones. Cannot be changed.
   * +optional
   * +protobuf=3
   */
  namespace?: string;

  /**
   * Deprecated legacy link to this object; the system no longer fills it in.
   * +optional
   * +protobuf=4
   */
  selfLink?: string;

  /**
   * The unique identifier the server assigns when the object is created; it never changes.
   * Set by the system; read-only.
   * +optional
   * +protobuf=5
   */
  uid?: UID;

  /**
   * The server's opaque internal version of this object, used for optimistic concurrency,
   * change detection and watches. Clients pass it back unchanged. Set by the system; read-only.
   * +optional
   * +protobuf=6
   */
  resourceVersion?: string;

  /**
   * A sequence number for the desired state, increased by the system whenever the spec changes.
   * Read-only.
   * +optional
   * +protobuf=7
   */
  generation?: int64;

  /**
   * When the server created the object, in RFC 3339 form and UTC. Set by the system; read-only;
   * not set on lists.
   * +optional
   * +protobuf=8
   */
  creationTimestamp?: Time;

  /**
   * When the object will be removed, set by the server once a graceful deletion is requested.
   * It can only move earlier; the object stays until its finalizers list is empty. Unset means
   * no deletion has been requested. Read-only.
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  deletionTimestamp?: Time;

  /**
   * The grace period, in seconds, granted for the pending deletion; set only together with
   * deletionTimestamp and may only be shortened. Read-only.
   * +optional
   * +kubegen:pointer
   * +protobuf=10
   */
  deletionGracePeriodSeconds?: int64;

  /**
   * String key/value pairs used to organize objects and to select them with label selectors.
   * +optional
   * +protobuf=11
   */
  labels?: Record<string, string>;

  /**
   * Arbitrary string key/value metadata kept for tools and extensions. Unlike labels, they
   * cannot be queried.
   * +optional
   * +protobuf=12
   */
  annotations?: Record<string, string>;

  /**
   * The objects this one depends on. Once all of them are gone the garbage collector deletes
   * this object. At most one entry may be marked as the managing controller.
   * +optional
   * +patchMergeKey=uid
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=uid
   * +protobuf=13
   */
  ownerReferences?: OwnerReference[];

  /**
   * Names of the components that must finish cleanup before the object can be removed from
   * storage. While deletionTimestamp is set, entries may only be removed; they may be processed
   * in any order.
   * +optional
   * +patchStrategy=merge
   * +listType=set
   * +protobuf=14
   */
  finalizers?: string[];

  /**
   * Records, per manager and API version, which fields each workflow owns. Maintained by the
   * server for server-side apply; users rarely need to read or set it.
   * +optional
   * +listType=atomic
   * +protobuf=17
   */
  managedFields?: ManagedFieldsEntry[];
}

/**
 * OwnerReference identifies an object that owns another. The owner is in the same namespace as
 * the dependent or is cluster-scoped, so no namespace is recorded.
 *
 * +structType=atomic
 */
export interface OwnerReference {
  /**
   * The API version of the owner.
   * +protobuf=5
   */
  apiVersion: string;

  /**
   * The kind of the owner.
   * +protobuf=1
   */
  kind: string;

  /**
   * The name of the owner.
   * +protobuf=3
   */
  name: string;

  /**
   * The UID of the owner.
   * +protobuf=4
   */
  uid: UID;

  /**
   * True when the owner is the controller that manages this object.
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  controller?: boolean;

  /**
   * When true and the owner carries the "foregroundDeletion" finalizer, the owner is kept in
   * storage until this reference is removed. Setting it requires delete permission on the
   * owner. Defaults to false.
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  blockOwnerDeletion?: boolean;
}

/**
 * ManagedFieldsEntry records the set of fields one manager owns in an object, the API version
 * those fields are expressed in, and how the manager last touched them.
 */
export interface ManagedFieldsEntry {
  /**
   * The identifier of the workflow that manages these fields.
   * +protobuf=1
   */
  manager?: string;

  /**
   * The kind of request that produced this entry: "Apply" or "Update".
   * +protobuf=2
   */
  operation?: ManagedFieldsOperationType;

  /**
   * The "group/version" the field set is expressed in, needed because field sets are not
   * converted between versions.
   * +protobuf=3
   */
  apiVersion?: string;

  /**
   * When the entry was last changed by its manager adding or changing owned fields. It is not
   * updated when another manager takes fields away.
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  time?: Time;

  /**
   * Names the format of the field set; the only format defined is "FieldsV1".
   * +protobuf=6
   */
  fieldsType?: string;

  /**
   * The owned fields, in the FieldsV1 format.
   * +optional
   * +kubegen:pointer
   * +protobuf=7
   */
  fieldsV1?: FieldsV1;

  /**
   * The subresource the update went through, or empty for the main resource. Managers with the
   * same name are told apart by it; apiVersion always refers to the main resource.
   * +protobuf=8
   */
  subresource?: string;
}

/**
 * ManagedFieldsOperationType is the kind of request that produced a ManagedFieldsEntry:
 * "Apply" or "Update".
 */
export type ManagedFieldsOperationType = string;

// ---------------------------------------------------------------------------
// Request options
// ---------------------------------------------------------------------------

/**
 * ListOptions are the query parameters of a list or watch request.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface ListOptions extends TypeMeta {
  /**
   * A label query restricting which objects are returned; empty selects all.
   * +optional
   * +protobuf=1
   */
  labelSelector?: string;

  /**
   * A field query restricting which objects are returned; empty selects all.
   * +optional
   * +protobuf=2
   */
  fieldSelector?: string;

  /**
   * Turns the request into a watch that streams add, update and delete events. Pair it with
   * resourceVersion.
   * +optional
   * +protobuf=3
   */
  watch?: boolean;

  /**
   * Asks a watch to also send "BOOKMARK" events. Servers may ignore it and send bookmarks
   * whenever they choose; ignored for non-watch requests.
   * +optional
   * +protobuf=9
   */
  allowWatchBookmarks?: boolean;

  /**
   * Constrains which resource versions the request may be served from; unset by default.
   * +optional
   * +protobuf=4
   */
  resourceVersion?: string;

  /**
   * How resourceVersion is interpreted for a list: "NotOlderThan" or "Exact". Recommended
   * whenever resourceVersion is set; unset by default.
   * +optional
   * +protobuf=10
   */
  resourceVersionMatch?: ResourceVersionMatch;

  /**
   * An upper bound, in seconds, on how long the list or watch call may run, whatever the
   * activity.
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  timeoutSeconds?: int64;

  /**
   * The most items a list response may hold. When more remain the server sets continue in the
   * list metadata; fewer may be returned. Not supported together with watch.
   * +protobuf=7
   */
  limit?: int64;

  /**
   * The token from a previous chunked list, to fetch the next chunk with otherwise identical
   * parameters. An expired token yields 410 ResourceExpired. Not supported together with watch.
   * +protobuf=8
   */
  continue?: string;

  /**
   * With watch=true, starts the stream with synthetic events for the current state followed by
   * a bookmark marked with the "k8s.io/initial-events-end" annotation. Requires
   * resourceVersionMatch=NotOlderThan. Defaults to true when resourceVersion is "" or "0".
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  sendInitialEvents?: boolean;
}

/**
 * ResourceVersionMatch says how a list's resourceVersion parameter is applied: "NotOlderThan"
 * serves data at least that new, "Exact" serves data at exactly that version.
 */
export type ResourceVersionMatch = string;

/**
 * GetOptions are the query parameters of a get request.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface GetOptions extends TypeMeta {
  /**
   * Constrains which resource versions the request may be served from; unset by default.
   * +optional
   * +protobuf=1
   */
  resourceVersion?: string;
}

/**
 * DeletionPropagation says whether and how deleting an object also deletes its dependents:
 * "Orphan", "Background" or "Foreground".
 */
export type DeletionPropagation = string;

/**
 * DeleteOptions may accompany a delete request.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface DeleteOptions extends TypeMeta {
  /**
   * Seconds to wait before the object is deleted; must be non-negative, and zero deletes at
   * once. When unset the kind's default grace period applies.
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  gracePeriodSeconds?: int64;

  /**
   * Conditions the object must meet for the deletion to go ahead; otherwise the request fails
   * with 409 Conflict.
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  preconditions?: Preconditions;

  /**
   * Deprecated in favour of propagationPolicy: true adds and false removes the "orphan"
   * finalizer so dependents are left in place. Cannot be combined with propagationPolicy.
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  orphanDependents?: boolean;

  /**
   * How the garbage collector handles dependents: "Orphan" leaves them, "Background" deletes
   * them afterwards, "Foreground" deletes them first. When unset, the object's finalizers and
   * the kind's default decide. Cannot be combined with orphanDependents.
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  propagationPolicy?: DeletionPropagation;

  /**
   * When set, the request is processed but nothing is persisted. "All" runs every stage; an
   * unknown value fails the request.
   * +optional
   * +listType=atomic
   * +protobuf=5
   */
  dryRun?: string[];

  /**
   * When true, deletes the object even though it cannot be read from storage (for instance it
   * fails to decrypt or decode), bypassing finalizers and preconditions. Unsafe: may break
   * whatever relies on the normal deletion flow. Defaults to false.
   * +optional
   * +kubegen:pointer
   * +protobuf=6
   */
  ignoreStoreReadErrorWithClusterBreakingPotential?: boolean;
}

/**
 * CreateOptions may accompany a create request.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface CreateOptions extends TypeMeta {
  /**
   * When set, the request is processed but nothing is persisted. "All" runs every stage; an
   * unknown value fails the request.
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  dryRun?: string[];

  /**
   * The name of the actor making the change, recorded in managed fields. At most 128 printable
   * characters.
   * +optional
   * +protobuf=3
   */
  fieldManager?: string;

  /**
   * How unknown or duplicate fields in the request body are treated: "Ignore" drops them
   * silently, "Warn" drops them with a warning header (the default), "Strict" rejects the
   * request with 400 BadRequest listing them.
   * +optional
   * +protobuf=4
   */
  fieldValidation?: string;
}

/**
 * PatchOptions may accompany a patch request; they include every field of UpdateOptions.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface PatchOptions extends TypeMeta {
  /**
   * When set, the request is processed but nothing is persisted. "All" runs every stage; an
   * unknown value fails the request.
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  dryRun?: string[];

  /**
   * For apply patches, takes over fields currently owned by other managers instead of failing
   * with a conflict. Must be unset for other patch types.
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  force?: boolean;

  /**
   * The name of the actor making the change, recorded in managed fields. At most 128 printable
   * characters; required for apply patches, optional otherwise.
   * +optional
   * +protobuf=3
   */
  fieldManager?: string;

  /**
   * How unknown or duplicate fields in the request body are treated: "Ignore" drops them
   * silently, "Warn" drops them with a warning header (the default), "Strict" rejects the
   * request with 400 BadRequest listing them.
   * +optional
   * +protobuf=4
   */
  fieldValidation?: string;
}

/**
 * ApplyOptions may accompany a server-side apply request. They mean the same as PatchOptions,
 * with fieldManager required.
 */
export interface ApplyOptions extends TypeMeta {
  /**
   * When set, the request is processed but nothing is persisted. "All" runs every stage; an
   * unknown value fails the request.
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  dryRun?: string[];

  /**
   * Takes over fields currently owned by other managers instead of failing with a conflict.
   * +protobuf=2
   */
  force: boolean;

  /**
   * The name of the actor making the change, recorded in managed fields. At most 128 printable
   * characters; required.
   * +protobuf=3
   */
  fieldManager: string;
}

/**
 * UpdateOptions may accompany an update request; PatchOptions holds the same fields.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface UpdateOptions extends TypeMeta {
  /**
   * When set, the request is processed but nothing is persisted. "All" runs every stage; an
   * unknown value fails the request.
   * +optional
   * +listType=atomic
   * +protobuf=1
   */
  dryRun?: string[];

  /**
   * The name of the actor making the change, recorded in managed fields. At most 128 printable
   * characters.
   * +optional
   * +protobuf=2
   */
  fieldManager?: string;

  /**
   * How unknown or duplicate fields in the request body are treated: "Ignore" drops them
   * silently, "Warn" drops them with a warning header (the default), "Strict" rejects the
   * request with 400 BadRequest listing them.
   * +optional
   * +protobuf=3
   */
  fieldValidation?: string;
}

/**
 * Preconditions are checks an object must pass before an update or delete is carried out.
 */
export interface Preconditions {
  /**
   * The UID the object must have.
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  uid?: UID;

  /**
   * The resourceVersion the object must have.
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  resourceVersion?: string;
}

// ---------------------------------------------------------------------------
// Status
// ---------------------------------------------------------------------------

/**
 * Status is the response of calls that return no other object, and the body of API errors.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface Status extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The outcome of the operation: "Success" or "Failure".
   * +optional
   * +protobuf=2
   */
  status?: string;

  /**
   * A description of the outcome for humans.
   * +optional
   * +protobuf=3
   */
  message?: string;

  /**
   * A machine-readable explanation of a "Failure"; it refines the HTTP status code without
   * replacing it. Empty means no explanation is available.
   * +optional
   * +protobuf=4
   */
  reason?: StatusReason;

  /**
   * Further data about the reason, whose attributes depend on the reason.
   * +optional
   * +listType=atomic
   * +kubegen:pointer
   * +protobuf=5
   */
  details?: StatusDetails;

  /**
   * The suggested HTTP status code, or 0 when not set.
   * +optional
   * +protobuf=6
   */
  code?: int32;
}

/**
 * StatusDetails are optional attributes of a Status that depend on its reason. Clients should
 * tolerate any of them being missing or malformed.
 */
export interface StatusDetails {
  /**
   * The name of the resource the status is about, when it concerns a single one.
   * +optional
   * +protobuf=1
   */
  name?: string;

  /**
   * The API group of the resource the status is about.
   * +optional
   * +protobuf=2
   */
  group?: string;

  /**
   * The kind of the resource the status is about; it may differ from the kind requested.
   * +optional
   * +protobuf=3
   */
  kind?: string;

  /**
   * The UID of the resource the status is about, when it concerns a single one.
   * +optional
   * +protobuf=6
   */
  uid?: UID;

  /**
   * Individual causes of the failure, where the reason provides them.
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  causes?: StatusCause[];

  /**
   * Seconds the client should wait before retrying, or before taking whatever other action the
   * error calls for.
   * +optional
   * +protobuf=5
   */
  retryAfterSeconds?: int32;
}

/**
 * StatusReason is a machine-readable explanation of a failed Status, such as "NotFound",
 * "AlreadyExists", "Conflict" or "Invalid". Each reason maps to one HTTP status code.
 */
export type StatusReason = string;

/**
 * StatusCause describes one cause of a failure, possibly one of several.
 */
export interface StatusCause {
  /**
   * A machine-readable kind of cause, such as "FieldValueRequired"; empty when unknown.
   * +optional
   * +protobuf=1
   */
  reason?: CauseType;

  /**
   * A description of the cause that may be shown to people as is.
   * +optional
   * +protobuf=2
   */
  message?: string;

  /**
   * The path of the offending field in JSON naming, with dots and zero-based indices, such as
   * "items[0].name". A field may appear in several causes.
   * +optional
   * +protobuf=3
   */
  field?: string;
}

/**
 * CauseType is a machine-readable kind of StatusCause, such as "FieldValueInvalid" or
 * "FieldManagerConflict".
 */
export type CauseType = string;

// ---------------------------------------------------------------------------
// Lists and watch
// ---------------------------------------------------------------------------

/**
 * List holds objects of any kinds, including kinds the server does not know.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface List extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The objects in the list.
   * +protobuf=2
   */
  items: RawExtension[];
}

/**
 * WatchEvent is one change reported by a watch.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface WatchEvent {
  /**
   * The kind of event: "ADDED", "MODIFIED", "DELETED", "BOOKMARK" or "ERROR".
   * +protobuf=1
   */
  type: string;

  /**
   * The object the event is about: its new state for additions and modifications, its last
   * state for deletions, and usually a Status for errors.
   * +protobuf=2
   */
  object: RawExtension;
}

/**
 * Patch names the body of a PATCH request; it has no fields of its own.
 */
export interface Patch {}

// ---------------------------------------------------------------------------
// Discovery
// ---------------------------------------------------------------------------

/**
 * APIVersions lists the versions served at /api, the root of the legacy core API.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface APIVersions extends TypeMeta {
  /**
   * The available API versions.
   * +listType=atomic
   * +protobuf=1
   */
  versions: string[];

  /**
   * Server addresses to use depending on the client's network, so clients can reach the server
   * by the best route. A client picks the longest CIDR containing its address; the server
   * lists only the CIDRs it thinks the client can match.
   * +listType=atomic
   * +protobuf=2
   */
  serverAddressByClientCIDRs: ServerAddressByClientCIDR[];
}

/**
 * APIGroupList lists the API groups served at /apis.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface APIGroupList extends TypeMeta {
  /**
   * The API groups.
   * +listType=atomic
   * +protobuf=1
   */
  groups: APIGroup[];
}

/**
 * APIGroup describes an API group: its name, the versions it serves and the one the server
 * prefers.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface APIGroup extends TypeMeta {
  /**
   * The name of the group.
   * +protobuf=1
   */
  name: string;

  /**
   * The versions the group serves.
   * +listType=atomic
   * +protobuf=2
   */
  versions: GroupVersionForDiscovery[];

  /**
   * The version the server prefers, normally the storage version.
   * +optional
   * +protobuf=3
   */
  preferredVersion?: GroupVersionForDiscovery;

  /**
   * Server addresses to use depending on the client's network, so clients can reach the server
   * by the best route. A client picks the longest CIDR containing its address; the server
   * lists only the CIDRs it thinks the client can match.
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  serverAddressByClientCIDRs?: ServerAddressByClientCIDR[];
}

/**
 * ServerAddressByClientCIDR pairs a client network with the server address clients in it
 * should use.
 */
export interface ServerAddressByClientCIDR {
  /**
   * The CIDR a client's IP is matched against.
   * +protobuf=1
   */
  clientCIDR: string;

  /**
   * The address for matching clients: a hostname or IP, optionally with a port.
   * +protobuf=2
   */
  serverAddress: string;
}

/**
 * GroupVersionForDiscovery names one version of an API group in discovery documents.
 */
export interface GroupVersionForDiscovery {
  /**
   * The version written as "group/version".
   * +protobuf=1
   */
  groupVersion: string;

  /**
   * The version alone, so clients need not split groupVersion.
   * +protobuf=2
   */
  version: string;
}

/**
 * Verbs is a list of API verbs. Upstream names this list type, so its protobuf form is a
 * message wrapping the list rather than a repeated field.
 */
export type Verbs = string[];

/**
 * APIResource describes one resource served by a group version: its names, kind, scope and
 * the verbs it supports.
 */
export interface APIResource {
  /**
   * The plural name of the resource.
   * +protobuf=1
   */
  name: string;

  /**
   * The singular name of the resource; clients such as kubectl accept either form.
   * +protobuf=6
   */
  singularName: string;

  /**
   * Whether the resource lives in namespaces.
   * +protobuf=2
   */
  namespaced: boolean;

  /**
   * The group the resource prefers; empty means the group of the enclosing list. Subresources
   * may name another group.
   * +protobuf=8
   */
  group?: string;

  /**
   * The version the resource prefers; empty means the version of the enclosing list.
   * Subresources may name another version.
   * +protobuf=9
   */
  version?: string;

  /**
   * The kind of the resource's objects.
   * +protobuf=3
   */
  kind: string;

  /**
   * The verbs the resource supports, among get, list, watch, create, update, patch, delete,
   * deletecollection and proxy.
   * +protobuf=4
   */
  verbs: Verbs;

  /**
   * Suggested short aliases for the resource.
   * +listType=atomic
   * +protobuf=5
   */
  shortNames?: string[];

  /**
   * Groupings the resource belongs to, such as "all".
   * +listType=atomic
   * +protobuf=7
   */
  categories?: string[];

  /**
   * An opaque hash of the storage version the resource is written in, only to be compared for
   * equality. Alpha; filled in only when the StorageVersionHash feature is on.
   * +optional
   * +protobuf=10
   */
  storageVersionHash?: string;
}

/**
 * APIResourceList lists the resources one group version serves.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface APIResourceList extends TypeMeta {
  /**
   * The group version the list describes, as "group/version".
   * +protobuf=1
   */
  groupVersion: string;

  /**
   * The resources served.
   * +listType=atomic
   * +protobuf=2
   */
  resources: APIResource[];
}

/**
 * RootPaths lists the paths served at the root of the server, such as "/apis" and "/healthz".
 */
export interface RootPaths {
  /**
   * The available paths.
   * +listType=atomic
   * +protobuf=1
   */
  paths: string[];
}

// ---------------------------------------------------------------------------
// Group, version, kind and resource names
// ---------------------------------------------------------------------------

/**
 * GroupResource names a resource within a group, without a version.
 */
export interface GroupResource {
  /**
   * The API group.
   * +protobuf=1
   */
  group: string;

  /**
   * The resource.
   * +protobuf=2
   */
  resource: string;
}

/**
 * GroupVersionResource names a resource within a group version.
 */
export interface GroupVersionResource {
  /**
   * The API group.
   * +protobuf=1
   */
  group: string;

  /**
   * The API version.
   * +protobuf=2
   */
  version: string;

  /**
   * The resource.
   * +protobuf=3
   */
  resource: string;
}

/**
 * GroupKind names a kind within a group, without a version.
 */
export interface GroupKind {
  /**
   * The API group.
   * +protobuf=1
   */
  group: string;

  /**
   * The kind.
   * +protobuf=2
   */
  kind: string;
}

/**
 * GroupVersionKind names a kind within a group version.
 */
export interface GroupVersionKind {
  /**
   * The API group.
   * +protobuf=1
   */
  group: string;

  /**
   * The API version.
   * +protobuf=2
   */
  version: string;

  /**
   * The kind.
   * +protobuf=3
   */
  kind: string;
}

/**
 * GroupVersion names one version of an API group.
 */
export interface GroupVersion {
  /**
   * The API group.
   * +protobuf=1
   */
  group: string;

  /**
   * The API version.
   * +protobuf=2
   */
  version: string;
}

// ---------------------------------------------------------------------------
// Selectors
// ---------------------------------------------------------------------------

/**
 * LabelSelector selects objects by their labels. matchLabels and matchExpressions must all
 * hold; an empty selector matches everything, while an absent one matches nothing.
 *
 * +structType=atomic
 */
export interface LabelSelector {
  /**
   * Labels that must be present with exactly these values; each pair is shorthand for an "In"
   * expression with a single value.
   * +optional
   * +protobuf=1
   */
  matchLabels?: Record<string, string>;

  /**
   * Label requirements that must all be met.
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  matchExpressions?: LabelSelectorRequirement[];
}

/**
 * LabelSelectorRequirement is one condition on a label: a key, an operator and values.
 */
export interface LabelSelectorRequirement {
  /**
   * The label key the requirement tests.
   * +protobuf=1
   */
  key: string;

  /**
   * How the label relates to the values: "In", "NotIn", "Exists" or "DoesNotExist".
   * +protobuf=2
   */
  operator: LabelSelectorOperator;

  /**
   * The values to compare with; non-empty for "In" and "NotIn", empty for "Exists" and
   * "DoesNotExist". Replaced as a whole by a strategic merge patch.
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  values?: string[];
}

/**
 * LabelSelectorOperator is the operator of a label requirement: "In", "NotIn", "Exists" or
 * "DoesNotExist".
 */
export type LabelSelectorOperator = string;

/**
 * FieldSelectorRequirement is one condition on a field: a key, an operator and values.
 */
export interface FieldSelectorRequirement {
  /**
   * The field selector key the requirement tests.
   * +protobuf=1
   */
  key: string;

  /**
   * How the field relates to the values: "In", "NotIn", "Exists" or "DoesNotExist"; more
   * operators may be added.
   * +protobuf=2
   */
  operator: FieldSelectorOperator;

  /**
   * The values to compare with; non-empty for "In" and "NotIn", empty for "Exists" and
   * "DoesNotExist".
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  values?: string[];
}

/**
 * FieldSelectorOperator is the operator of a field requirement: "In", "NotIn", "Exists" or
 * "DoesNotExist".
 */
export type FieldSelectorOperator = string;

// ---------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------

/**
 * ConditionStatus is the state of a condition: "True", "False" or "Unknown".
 */
export type ConditionStatus = string;

/**
 * Condition reports one aspect of an object's current state. It is meant to be used as the
 * element of a status.conditions list keyed by type.
 */
export interface Condition {
  /**
   * The condition's type in CamelCase, optionally prefixed by a DNS subdomain
   * (foo.example.com/CamelCase) so that types from different owners do not clash.
   * +required
   * +protobuf=1
   */
  type: string;

  /**
   * Whether the condition holds: "True", "False" or "Unknown".
   * +required
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * The metadata.generation this condition was computed from; when it lags behind the
   * object's current generation, the condition may be stale.
   * +optional
   * +protobuf=3
   */
  observedGeneration?: int64;

  /**
   * When status last changed, ideally when the underlying state changed, otherwise when the
   * field was updated.
   * +required
   * +protobuf=4
   */
  lastTransitionTime: Time;

  /**
   * A non-empty CamelCase identifier of why the condition last changed, meant for programs.
   * Each condition type's producer decides which values it uses and whether they are stable.
   * +required
   * +protobuf=5
   */
  reason: string;

  /**
   * A description of the last change for humans; may be empty.
   * +required
   * +protobuf=6
   */
  message: string;
}

// ---------------------------------------------------------------------------
// Tables and partial metadata
// ---------------------------------------------------------------------------

/**
 * Table is a tabular view of a set of resources, with columns chosen by the server for a quick
 * overview.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +protobuf=false
 */
export interface Table extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   */
  metadata?: ListMeta;

  /**
   * The columns of the table; every row has exactly one cell per column.
   * +listType=atomic
   */
  columnDefinitions: TableColumnDefinition[];

  /**
   * The rows of the table, one per object.
   * +listType=atomic
   */
  rows: TableRow[];
}

/**
 * TableColumnDefinition describes one column of a Table.
 *
 * +protobuf=false
 */
export interface TableColumnDefinition {
  /**
   * The column heading shown to people.
   */
  name: string;

  /**
   * The OpenAPI data type of the column's cells, such as number, integer, string or array.
   */
  type: string;

  /**
   * An optional OpenAPI format refining type, such as date-time; "name" marks the string
   * column holding the resource name.
   */
  format: string;

  /**
   * A description of the column for humans.
   */
  description: string;

  /**
   * How important the column is; lower numbers matter more, and columns with higher numbers
   * may be left out when space is short.
   */
  priority: int32;
}

/**
 * TableRow is one row of a Table.
 *
 * +protobuf=false
 */
export interface TableRow {
  /**
   * The cell values, one per column definition; each may be a string, number, boolean, simple
   * map or list, or null, as the column's type describes.
   * +listType=atomic
   */
  cells: RawExtension[];

  /**
   * Extra state of the row, for display only; the one defined type is "Completed", for rows
   * whose resource has run to completion.
   * +optional
   * +listType=atomic
   */
  conditions?: TableRowCondition[];

  /**
   * The object behind the row, depending on the request's includeObject: nothing for "None",
   * its metadata (as PartialObjectMetadata) for "Metadata", the default, or the whole object
   * for "Object". It is encoded in the same media type as the table.
   * +optional
   */
  object?: RawExtension;
}

/**
 * TableRowCondition marks a table row with additional state.
 *
 * +protobuf=false
 */
export interface TableRowCondition {
  /**
   * The type of row condition; only "Completed" is defined, for objects that have finished and
   * may be shown less prominently. Clients may ignore row conditions.
   */
  type: RowConditionType;

  /**
   * Whether the condition holds: "True", "False" or "Unknown".
   */
  status: ConditionStatus;

  /**
   * A short machine-readable reason for the condition's last change.
   * +optional
   */
  reason?: string;

  /**
   * A description of the last change for humans.
   * +optional
   */
  message?: string;
}

/**
 * RowConditionType is the type of a TableRowCondition; "Completed" is the only value defined.
 */
export type RowConditionType = string;

/**
 * IncludeObjectPolicy says how much of each object a Table row carries: "None", "Metadata" or
 * "Object".
 */
export type IncludeObjectPolicy = string;

/**
 * TableOptions are the query parameters of a request for a Table.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface TableOptions extends TypeMeta {
  /**
   * What each row carries besides its cells: "None" nothing, "Object" the full object, and
   * "Metadata", the default, the object's metadata as a meta.k8s.io/v1beta1
   * PartialObjectMetadata.
   * +protobuf=1
   */
  includeObject?: IncludeObjectPolicy;
}

/**
 * PartialObjectMetadata is any object reduced to its type and ObjectMeta, letting clients read
 * metadata without knowing the object's schema.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface PartialObjectMetadata extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;
}

/**
 * PartialObjectMetadataList is a list of objects reduced to their metadata.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface PartialObjectMetadataList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The objects' metadata.
   * +protobuf=2
   */
  items: PartialObjectMetadata[];
}
