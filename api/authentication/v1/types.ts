import type { ObjectMeta, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { int64 } from "../../scalars.js";

/**
 * TokenReview asks the apiserver to authenticate a bearer token and say which user it belongs to.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:onlyVerbs=create
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 */
export interface TokenReview extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is what the caller asks.
   *
   * +protobuf=2
   */
  spec: TokenReviewSpec;

  /**
   * status is the apiserver's answer, filled in when the object is created.
   *
   * +optional
   * +protobuf=3
   */
  status?: TokenReviewStatus;
}

/**
 * TokenReviewSpec holds the token to check and the audiences it must be valid for.
 */
export interface TokenReviewSpec {
  /**
   * +optional
   * +protobuf=1
   */
  token?: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=2
   */
  audiences?: string[];
}

/**
 * TokenReviewStatus says whether the token authenticated, as whom, and for which audiences.
 */
export interface TokenReviewStatus {
  /**
   * +optional
   * +protobuf=1
   */
  authenticated?: boolean;

  /**
   * +optional
   * +protobuf=2
   */
  user?: UserInfo;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  audiences?: string[];

  /**
   * +optional
   * +protobuf=3
   */
  error?: string;
}

/**
 * UserInfo describes an authenticated user: name, UID, groups and extra attributes.
 */
export interface UserInfo {
  /**
   * +optional
   * +protobuf=1
   */
  username?: string;

  /**
   * +optional
   * +protobuf=2
   */
  uid?: string;

  /**
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  groups?: string[];

  /**
   * +optional
   * +protobuf=4
   */
  extra?: Record<string, ExtraValue>;
}

/**
 * ExtraValue is the list of values of one extra user attribute.
 */
export type ExtraValue = string[];

/**
 * TokenRequest asks for a token for a service account, optionally bound to an object and limited in
 * time and audience.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.10
 */
export interface TokenRequest extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is what the caller asks.
   *
   * +protobuf=2
   */
  spec: TokenRequestSpec;

  /**
   * status is the apiserver's answer, filled in when the object is created.
   *
   * +optional
   * +protobuf=3
   */
  status?: TokenRequestStatus;
}

/**
 * TokenRequestSpec holds the audiences, lifetime and bound object of a requested token.
 */
export interface TokenRequestSpec {
  /**
   * +listType=atomic
   * +protobuf=1
   */
  audiences: string[];

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  expirationSeconds: int64;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  boundObjectRef: BoundObjectReference;
}

/**
 * TokenRequestStatus returns the issued token and when it expires.
 */
export interface TokenRequestStatus {
  /**
   * +protobuf=1
   */
  token: string;

  /**
   * +protobuf=2
   */
  expirationTimestamp: Time;
}

/**
 * BoundObjectReference names the object a token is bound to; the token stops being valid when that
 * object is deleted.
 */
export interface BoundObjectReference {
  /**
   * +optional
   * +protobuf=1
   */
  kind?: string;

  /**
   * +optional
   * +protobuf=2
   */
  apiVersion?: string;

  /**
   * +optional
   * +protobuf=3
   */
  name?: string;

  /**
   * +optional
   * +protobuf=4,name=uID
   */
  uid?: UID;
}

/**
 * SelfSubjectReview returns the user attributes the apiserver authenticated the caller as.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:onlyVerbs=create
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.28
 */
export interface SelfSubjectReview extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * status is the apiserver's answer, filled in when the object is created.
   *
   * +protobuf=2
   */
  status?: SelfSubjectReviewStatus;
}

/**
 * SelfSubjectReviewStatus holds the caller's user attributes.
 */
export interface SelfSubjectReviewStatus {
  /**
   * +optional
   * +protobuf=1
   */
  userInfo?: UserInfo;
}
