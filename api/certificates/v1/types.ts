import type { ConditionStatus } from "../../core/v1/references.js";
import type { ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { bytes, int32 } from "../../scalars.js";

/**
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:method=UpdateApproval,verb=update,subresource=approval,input=CertificateSigningRequest,result=CertificateSigningRequest
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 * +kubebuilder:resource:path=certificatesigningrequests,singular=certificatesigningrequest,shortName=csr
 */
export interface CertificateSigningRequest extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * +protobuf=2
   */
  spec: CertificateSigningRequestSpec;

  /**
   * +optional
   * +protobuf=3
   */
  status?: CertificateSigningRequestStatus;
}

export interface CertificateSigningRequestSpec {
  /**
   * +protobuf=1
   */
  request: bytes;

  /**
   * +protobuf=7
   */
  signerName: string;

  /**
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  expirationSeconds?: int32;

  /**
   * +listType=atomic
   * +protobuf=5
   */
  usages?: KeyUsage[];

  /**
   * +optional
   * +protobuf=2
   */
  username?: string;

  /**
   * +optional
   * +protobuf=3
   */
  uid?: string;

  /**
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  groups?: string[];

  /**
   * +optional
   * +protobuf=6
   */
  extra?: Record<string, ExtraValue>;
}

export type ExtraValue = string[];

export interface CertificateSigningRequestStatus {
  /**
   * +listType=map
   * +listMapKey=type
   * +optional
   * +protobuf=1
   */
  conditions?: CertificateSigningRequestCondition[];

  /**
   * +optional
   * +protobuf=2
   */
  certificate?: bytes;
}

export type RequestConditionType = string;

export interface CertificateSigningRequestCondition {
  /**
   * +protobuf=1
   */
  type: RequestConditionType;

  /**
   * +protobuf=6
   */
  status: ConditionStatus;

  /**
   * +optional
   * +protobuf=2
   */
  reason?: string;

  /**
   * +optional
   * +protobuf=3
   */
  message?: string;

  /**
   * +optional
   * +protobuf=4
   */
  lastUpdateTime?: Time;

  /**
   * +optional
   * +protobuf=5
   */
  lastTransitionTime?: Time;
}

/**
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface CertificateSigningRequestList extends TypeMeta {
  /**
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * +protobuf=2
   */
  items: CertificateSigningRequest[];
}

/**
 * +enum
 */
export type KeyUsage = "any" | "cert sign" | "client auth" | "code signing" | "content commitment" | "crl sign" | "data encipherment" | "decipher only" | "digital signature" | "email protection" | "encipher only" | "ipsec end system" | "ipsec tunnel" | "ipsec user" | "key agreement" | "key encipherment" | "microsoft sgc" | "netscape sgc" | "ocsp signing" | "s/mime" | "server auth" | "signing" | "timestamping";
