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
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  request?: AdmissionRequest;

  /**
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
   * +protobuf=1
   */
  uid: UID;

  /**
   * +protobuf=2
   */
  kind: GroupVersionKind;

  /**
   * +protobuf=3
   */
  resource: GroupVersionResource;

  /**
   * +optional
   * +protobuf=4
   */
  subResource?: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=13
   */
  requestKind?: GroupVersionKind;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=14
   */
  requestResource?: GroupVersionResource;

  /**
   * +optional
   * +protobuf=15
   */
  requestSubResource?: string;

  /**
   * +optional
   * +protobuf=5
   */
  name?: string;

  /**
   * +optional
   * +protobuf=6
   */
  namespace?: string;

  /**
   * +protobuf=7
   */
  operation: Operation;

  /**
   * +protobuf=8
   */
  userInfo: UserInfo;

  /**
   * +optional
   * +protobuf=9
   */
  object?: RawExtension;

  /**
   * +optional
   * +protobuf=10
   */
  oldObject?: RawExtension;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=11
   */
  dryRun?: boolean;

  /**
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
   * +protobuf=1
   */
  uid: UID;

  /**
   * +protobuf=2
   */
  allowed: boolean;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  status?: Status;

  /**
   * +optional
   * +protobuf=4
   */
  patch?: bytes;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  patchType?: PatchType;

  /**
   * +optional
   * +protobuf=6
   */
  auditAnnotations?: Record<string, string>;

  /**
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
