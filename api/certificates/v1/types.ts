import type { ConditionStatus } from "../../core/v1/references.js";
import type { ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { bytes, int32 } from "../../scalars.js";

/**
 * CertificateSigningRequest asks a signer for a certificate; approvers approve or deny it and the
 * signer issues it.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +genclient:method=UpdateApproval,verb=update,subresource=approval,input=CertificateSigningRequest,result=CertificateSigningRequest
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 * +kubebuilder:resource:path=certificatesigningrequests,singular=certificatesigningrequest,shortName=csr
 */
export interface CertificateSigningRequest extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec is the desired state of the CertificateSigningRequest.
   *
   * +protobuf=2
   */
  spec: CertificateSigningRequestSpec;

  /**
   * status is the most recently observed state of the CertificateSigningRequest; it may lag behind.
   *
   * +optional
   * +protobuf=3
   */
  status?: CertificateSigningRequestStatus;
}

/**
 * CertificateSigningRequestSpec holds the PEM request, the signer, the requested lifetime and
 * usages, and who created it.
 */
export interface CertificateSigningRequestSpec {
  /**
   * request is the PEM-encoded PKCS#10 certificate request to sign.
   *
   * +protobuf=1
   */
  request: bytes;

  /**
   * signerName names the signer that should sign the request, such as
   * kubernetes.io/kube-apiserver-client; it cannot change.
   *
   * +protobuf=7
   */
  signerName: string;

  /**
   * expirationSeconds is the validity the requester asks for; signers may issue a shorter one, and
   * the least honoured value is 600 seconds.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  expirationSeconds?: int32;

  /**
   * usages are the key usages and extended key usages asked for in the certificate.
   *
   * +listType=atomic
   * +protobuf=5
   */
  usages?: KeyUsage[];

  /**
   * username is the user who created the request; the apiserver fills it in and it cannot change.
   *
   * +optional
   * +protobuf=2
   */
  username?: string;

  /**
   * uid is the uid of the user who created the request; the apiserver fills it in and it cannot
   * change.
   *
   * +optional
   * +protobuf=3
   */
  uid?: string;

  /**
   * groups are the groups of the user who created the request; the apiserver fills them in and they
   * cannot change.
   *
   * +listType=atomic
   * +optional
   * +protobuf=4
   */
  groups?: string[];

  /**
   * extra holds the extra attributes of the user who created the request; the apiserver fills them
   * in and they cannot change.
   *
   * +optional
   * +protobuf=6
   */
  extra?: Record<string, ExtraValue>;
}

/**
 * ExtraValue is the list of values of one extra user attribute.
 */
export type ExtraValue = string[];

/**
 * CertificateSigningRequestStatus holds the approval conditions and the issued certificate.
 */
export interface CertificateSigningRequestStatus {
  /**
   * conditions record the request's approval (Approved, Denied) and signing failure (Failed).
   *
   * +listType=map
   * +listMapKey=type
   * +optional
   * +protobuf=1
   */
  conditions?: CertificateSigningRequestCondition[];

  /**
   * certificate is the PEM-encoded certificate the signer issued, set through the status
   * subresource once the request is approved.
   *
   * +optional
   * +protobuf=2
   */
  certificate?: bytes;
}

/**
 * RequestConditionType names a condition of a request (Approved, Denied, Failed).
 */
export type RequestConditionType = string;

/**
 * CertificateSigningRequestCondition is one condition of a certificate request.
 */
export interface CertificateSigningRequestCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type: RequestConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=6
   */
  status: ConditionStatus;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +optional
   * +protobuf=2
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +optional
   * +protobuf=3
   */
  message?: string;

  /**
   * lastUpdateTime is when the condition was last refreshed.
   *
   * +optional
   * +protobuf=4
   */
  lastUpdateTime?: Time;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +optional
   * +protobuf=5
   */
  lastTransitionTime?: Time;
}

/**
 * CertificateSigningRequestList is a list of CertificateSigningRequests.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.19
 */
export interface CertificateSigningRequestList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the CertificateSigningRequests.
   *
   * +protobuf=2
   */
  items: CertificateSigningRequest[];
}

/**
 * KeyUsage is a purpose a certificate may be used for, such as "digital signature" or "server
 * auth".
 *
 * +enum
 */
export type KeyUsage =
  | "any"
  | "cert sign"
  | "client auth"
  | "code signing"
  | "content commitment"
  | "crl sign"
  | "data encipherment"
  | "decipher only"
  | "digital signature"
  | "email protection"
  | "encipher only"
  | "ipsec end system"
  | "ipsec tunnel"
  | "ipsec user"
  | "key agreement"
  | "key encipherment"
  | "microsoft sgc"
  | "netscape sgc"
  | "ocsp signing"
  | "s/mime"
  | "server auth"
  | "signing"
  | "timestamping";
