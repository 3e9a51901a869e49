import type { ListMeta, ObjectMeta, TypeMeta } from "../../meta/v1/types.js";
import type { bytes } from "../../scalars.js";

/**
 * ConfigMap stores non-confidential configuration as key-value pairs for pods and other
 * consumers.
 *
 * +genclient
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 * +kubebuilder:resource:path=configmaps,singular=configmap,shortName=cm
 */
export interface ConfigMap extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * When true, the data and binaryData can no longer be changed; only metadata can. Unset
   * means mutable.
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  immutable?: boolean;

  /**
   * UTF-8 configuration values by key. Keys are alphanumerics, '-', '_' or '.', and may not
   * also appear in binaryData.
   * +optional
   * +protobuf=2
   */
  data?: Record<string, string>;

  /**
   * Arbitrary binary values by key, for content that is not valid UTF-8. Keys follow the
   * same rules as data and may not also appear there.
   * +optional
   * +protobuf=3
   */
  binaryData?: Record<string, bytes>;
}

/**
 * ConfigMapList is a list of config maps.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.2
 */
export interface ConfigMapList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The config maps in this list.
   * +protobuf=2
   */
  items: ConfigMap[];
}

/**
 * SecretType tells consumers how a secret's data is laid out, e.g. "Opaque" (the default),
 * "kubernetes.io/tls" or "kubernetes.io/dockerconfigjson".
 */
export type SecretType = string;

/**
 * Secret stores a small amount of confidential data, such as credentials or keys; the values
 * together must stay under 1 MiB.
 *
 * +genclient
 * +genclient:noStatus
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 * +kubebuilder:resource:path=secrets,singular=secret
 */
export interface Secret extends TypeMeta {
  /**
   * Standard object metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * When true, the secret's data can no longer be changed; only metadata can. Unset means
   * mutable.
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  immutable?: boolean;

  /**
   * The secret values by key, base64-encoded in JSON. Keys are alphanumerics, '-', '_' or
   * '.'.
   * +optional
   * +protobuf=2
   */
  data?: Record<string, bytes>;

  /**
   * Write-only convenience input: plain-text values merged into data on write (overriding
   * existing keys). The server never returns it.
   * +optional
   * +protobuf=4
   */
  stringData?: Record<string, string>;

  /**
   * The layout of the data, used for programmatic handling.
   * +optional
   * +protobuf=3
   */
  type?: SecretType;
}

/**
 * SecretList is a list of secrets.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.0
 */
export interface SecretList extends TypeMeta {
  /**
   * Standard list metadata.
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * The secrets in this list.
   * +protobuf=2
   */
  items: Secret[];
}
