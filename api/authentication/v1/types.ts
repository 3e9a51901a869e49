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
   * token is the opaque bearer token to authenticate.
   *
   * +optional
   * +protobuf=1
   */
  token?: string;

  /**
   * audiences are the identifiers the token must be valid for; the review fails when the token is
   * valid for none of them, and defaults to the apiserver's own audiences.
   *
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
   * authenticated is true when the token was recognised as valid.
   *
   * +optional
   * +protobuf=1
   */
  authenticated?: boolean;

  /**
   * user is the user the token belongs to.
   *
   * +optional
   * +protobuf=2
   */
  user?: UserInfo;

  /**
   * audiences are the requested audiences the token is valid for (or the apiserver's audiences when
   * none were requested).
   *
   * +optional
   * +listType=atomic
   * +protobuf=4
   */
  audiences?: string[];

  /**
   * error says why the token could not be checked; an invalid token is not an error.
   *
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
   * username is the user's unique name among all active users.
   *
   * +optional
   * +protobuf=1
   */
  username?: string;

  /**
   * uid identifies the user across time: a deleted and recreated user gets another uid.
   *
   * +optional
   * +protobuf=2
   */
  uid?: string;

  /**
   * groups are the names of the groups the user belongs to.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  groups?: string[];

  /**
   * extra holds further information the authenticator provided about the user.
   *
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
   * audiences are the intended audiences of the token; a receiver must check that it is one of
   * them. Empty means the apiserver's own audiences.
   *
   * +listType=atomic
   * +protobuf=1
   */
  audiences: string[];

  /**
   * expirationSeconds is the validity the requester asks for; the apiserver may issue a shorter or
   * longer one, and the token's status says when it expires.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  expirationSeconds: int64;

  /**
   * boundObjectRef ties the token to an object (a Pod, Secret or Node): the token stops being valid
   * once that object is deleted.
   *
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
   * token is the issued token.
   *
   * +protobuf=1
   */
  token: string;

  /**
   * expirationTimestamp is when the issued token expires.
   *
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
   * kind is the referent's kind: Pod, Secret or Node.
   *
   * +optional
   * +protobuf=1
   */
  kind?: string;

  /**
   * apiVersion is the referent's API version.
   *
   * +optional
   * +protobuf=2
   */
  apiVersion?: string;

  /**
   * name is the referent's name.
   *
   * +optional
   * +protobuf=3
   */
  name?: string;

  /**
   * uid is the referent's uid.
   *
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
   * userInfo is the user the request was authenticated as.
   *
   * +optional
   * +protobuf=1
   */
  userInfo?: UserInfo;
}
