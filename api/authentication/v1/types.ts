import type { ObjectMeta, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { int64 } from "../../scalars.js";

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.6
 */
export interface TokenReview extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: TokenReviewSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: TokenReviewStatus;
}

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

export type ExtraValue = string[];

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.10
 */
export interface TokenRequest extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: TokenRequestSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: TokenRequestStatus;
}

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
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.28
 */
export interface SelfSubjectReview extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  status?: SelfSubjectReviewStatus;
}

export interface SelfSubjectReviewStatus {
  /**
   * +optional
   * +protobuf=1
   */
  userInfo?: UserInfo;
}
