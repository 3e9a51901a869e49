import type { RawExtension } from "../../apimachinery/runtime/types.js";
import type { UserInfo } from "../../authentication/v1/types.js";
import type { GroupVersionKind, GroupVersionResource, Status, TypeMeta, UID } from "../../meta/v1/types.js";
import type { bytes } from "../../scalars.js";

/**
 * AdmissionReview is the envelope the apiserver sends to an admission webhook and the webhook sends
 * back: a request in, a response out.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface AdmissionReview extends TypeMeta {
  /**
   * request is the admission request sent to the webhook.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  request?: AdmissionRequest;

  /**
   * response is the webhook's answer; it must carry the request's uid.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  response?: AdmissionResponse;
}

/**
 * AdmissionRequest describes the operation being admitted: who asked, on what resource, with the
 * old and new objects.
 */
export interface AdmissionRequest {
  /**
   * uid identifies this admission call (not the object), so that a webhook can tell retried
   * requests from new ones; it is copied into the response.
   *
   * +protobuf=1
   */
  uid: UID;

  /**
   * kind is the fully-qualified kind of the object in the request, as the webhook receives it
   * (after conversion to a version the webhook accepts).
   *
   * +protobuf=2
   */
  kind: GroupVersionKind;

  /**
   * resource is the fully-qualified resource being requested, as the webhook receives it.
   *
   * +protobuf=3
   */
  resource: GroupVersionResource;

  /**
   * subResource is the subresource requested, such as status or scale, if any.
   *
   * +optional
   * +protobuf=4
   */
  subResource?: string;

  /**
   * requestKind is the kind of the original request, before conversion to the webhook's version; it
   * differs from kind when a webhook is called with an equivalent version.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  requestKind?: GroupVersionKind;

  /**
   * requestResource is the resource of the original request, before conversion to the webhook's
   * version.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  requestResource?: GroupVersionResource;

  /**
   * requestSubResource is the subresource of the original request, if any.
   *
   * +optional
   * +protobuf=15
   */
  requestSubResource?: string;

  /**
   * name is the object's name; on a CREATE the client may leave it for the server to generate, and
   * then it is empty.
   *
   * +optional
   * +protobuf=5
   */
  name?: string;

  /**
   * namespace is the namespace of the object, if it is namespaced.
   *
   * +optional
   * +protobuf=6
   */
  namespace?: string;

  /**
   * operation is the operation being admitted: CREATE, UPDATE, DELETE or CONNECT.
   *
   * +protobuf=7
   */
  operation: Operation;

  /**
   * userInfo is the user who made the request.
   *
   * +protobuf=8
   */
  userInfo: UserInfo;

  /**
   * object is the object of the request; absent on DELETE.
   *
   * +optional
   * +protobuf=9
   */
  object?: RawExtension;

  /**
   * oldObject is the existing object, on UPDATE and DELETE.
   *
   * +optional
   * +protobuf=10
   */
  oldObject?: RawExtension;

  /**
   * dryRun says nothing will be persisted; webhooks with side effects must then not act.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  dryRun?: boolean;

  /**
   * options are the operation's options (CreateOptions, UpdateOptions, DeleteOptions,
   * PatchOptions), if any.
   *
   * +optional
   * +protobuf=12
   */
  options?: RawExtension;
}

/**
 * AdmissionResponse is a webhook's verdict on one request: allowed or not, and optionally a patch
 * and warnings.
 */
export interface AdmissionResponse {
  /**
   * uid is the uid of the request this response answers.
   *
   * +protobuf=1
   */
  uid: UID;

  /**
   * allowed says whether the request is admitted.
   *
   * +protobuf=2
   */
  allowed: boolean;

  /**
   * status says why a request was refused; ignored when it is allowed.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  status?: Status;

  /**
   * patch is a JSON patch a mutating webhook applies to the object.
   *
   * +optional
   * +protobuf=4
   */
  patch?: bytes;

  /**
   * patchType is the patch's type; JSONPatch is the only one.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  patchType?: PatchType;

  /**
   * auditAnnotations are added to the request's audit event, with keys prefixed by the webhook's
   * name.
   *
   * +optional
   * +protobuf=6
   */
  auditAnnotations?: Record<string, string>;

  /**
   * warnings are returned to the client as Warning headers; keep each short and without a
   * "Warning:" prefix.
   *
   * +optional
   * +protobuf=7
   */
  warnings?: string[];
}

/**
 * PatchType names the format of the patch a mutating webhook returns; only JSONPatch is defined.
 */
export type PatchType = string;

/**
 * Operation names the kind of request being admitted (CREATE, UPDATE, DELETE or CONNECT).
 */
export type Operation = string;
