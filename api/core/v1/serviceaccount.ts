import type { ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { LocalObjectReference, ObjectReference } from "./references.js";

/**
 * ServiceAccount is an identity for processes running in pods: a name users can refer to,
 * a principal that can be authenticated and authorized, and the secrets associated with it.
 *
 * +genclient
 * +genclient:method=CreateToken,verb=create,subresource=token,input=k8s.io/api/authentication/v1.TokenRequest,result=k8s.io/api/authentication/v1.TokenRequest
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=serviceaccounts,singular=serviceaccount,shortName=sa
 */
export interface ServiceAccount extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * Secrets in the same namespace that pods using this account may use; only enforced with
   * the deprecated "kubernetes.io/enforce-mountable-secrets" annotation. Not meant for finding
   * token secrets to use outside pods; request tokens through the TokenRequest API instead.
   * +optional
   * +patchMergeKey=name
   * +patchStrategy=merge
   * +listType=map
   * +listMapKey=name
   * +protobuf=2
   */
  secrets?: ObjectReference[];

  /**
   * Secrets in the same namespace that the kubelet uses to pull images for pods using this
   * account. Unlike secrets, they are never mounted into pods.
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  imagePullSecrets?: LocalObjectReference[];

  /**
   * Whether pods using this account get an API token mounted automatically; a pod's own
   * setting takes precedence.
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  automountServiceAccountToken?: boolean;
}

/**
 * ServiceAccountList is a list of service accounts.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface ServiceAccountList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The service accounts in this list.
   * +protobuf=2
   */
  items: ServiceAccount[];
}
