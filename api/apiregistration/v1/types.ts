import type { ListMeta, ObjectMeta, Time, TypeMeta } from "../../meta/v1/types.js";
import type { bytes, int32 } from "../../scalars.js";

/**
 * APIServiceList is a list of APIServices.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 */
export interface APIServiceList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items are the APIServices.
   *
   * +protobuf=2
   */
  items: APIService[];
}

/**
 * ServiceReference names the in-cluster Service an aggregated API server is reached through.
 */
export interface ServiceReference {
  /**
   * namespace is the Service's namespace.
   *
   * +protobuf=1
   */
  namespace?: string;

  /**
   * name is the Service's name.
   *
   * +protobuf=2
   */
  name?: string;

  /**
   * port is the Service port to connect to; 443 when unset.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  port?: int32;
}

/**
 * APIServiceSpec says where the server of a group-version is and how it ranks in discovery.
 */
export interface APIServiceSpec {
  /**
   * service is the Service in front of the server; unset means this apiserver serves the
   * group-version itself.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  service: ServiceReference;

  /**
   * group is the API group served.
   *
   * +protobuf=2
   */
  group?: string;

  /**
   * version is the API version served.
   *
   * +protobuf=3
   */
  version?: string;

  /**
   * insecureSkipTLSVerify turns off verification of the server's certificate; caBundle is the safe
   * alternative.
   *
   * +protobuf=4
   */
  insecureSkipTLSVerify?: boolean;

  /**
   * caBundle holds the PEM CA certificates that verify the server's certificate; the system roots
   * when unset.
   *
   * +optional
   * +protobuf=5
   */
  caBundle?: bytes;

  /**
   * groupPriorityMinimum is the lowest priority of the group in discovery; higher groups are listed
   * first.
   *
   * +protobuf=7
   */
  groupPriorityMinimum: int32;

  /**
   * versionPriority orders this version within its group; higher first, ties broken by the version
   * string.
   *
   * +protobuf=8
   */
  versionPriority: int32;
}

/**
 * ConditionStatus is the state of a condition: True, False or Unknown.
 */
export type ConditionStatus = string;

/**
 * APIServiceConditionType names a condition of an APIService; only Available is defined.
 */
export type APIServiceConditionType = string;

/**
 * APIServiceCondition is one observed condition of an APIService.
 */
export interface APIServiceCondition {
  /**
   * type names the condition.
   *
   * +protobuf=1
   */
  type: APIServiceConditionType;

  /**
   * status is True, False or Unknown.
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastTransitionTime is when the status last changed.
   *
   * +optional
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * reason is a one-word CamelCase cause of the last transition.
   *
   * +optional
   * +protobuf=4
   */
  reason?: string;

  /**
   * message explains the last transition for people.
   *
   * +optional
   * +protobuf=5
   */
  message?: string;
}

/**
 * APIServiceStatus reports whether the server behind an APIService is available.
 */
export interface APIServiceStatus {
  /**
   * conditions are the latest observations of the APIService's state.
   *
   * +optional
   * +patchMergeKey=type
   * +patchStrategy=merge
   * +protobuf=1
   */
  conditions?: APIServiceCondition[];
}

/**
 * APIService registers the server of one group-version with the aggregator; its name is
 * "version.group".
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +kubebuilder:resource:path=apiservices,singular=apiservice,categories=api-extensions
 */
export interface APIService extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec says where the server is and how it ranks in discovery.
   *
   * +protobuf=2
   */
  spec?: APIServiceSpec;

  /**
   * status reports whether the server is available.
   *
   * +protobuf=3
   */
  status?: APIServiceStatus;
}
