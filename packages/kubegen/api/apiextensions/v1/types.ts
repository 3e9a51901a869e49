import type { RawExtension } from "../../apimachinery/runtime/types.js";
import type { ListMeta, ObjectMeta, Status, Time, TypeMeta, UID } from "../../meta/v1/types.js";
import type { bytes, int32 } from "../../scalars.js";
import type { JSONSchemaProps } from "./jsonschema.js";

/**
 * ConversionStrategyType names how custom resources are converted between versions: "None"
 * only rewrites apiVersion, "Webhook" calls an external conversion webhook.
 */
export type ConversionStrategyType = string;

/**
 * ResourceScope says whether a custom resource lives in namespaces ("Namespaced") or at cluster
 * level ("Cluster").
 */
export type ResourceScope = string;

/**
 * ConditionStatus is the state of a condition: "True", "False" or "Unknown".
 */
export type ConditionStatus = string;

/**
 * CustomResourceDefinitionConditionType names an aspect of a CustomResourceDefinition's state
 * reported in its conditions: "Established", "NamesAccepted", "NonStructuralSchema",
 * "Terminating" or "KubernetesAPIApprovalPolicyConformant".
 */
export type CustomResourceDefinitionConditionType = string;

/**
 * CustomResourceDefinitionSpec is the desired shape of a custom resource: its group, names,
 * scope, versions and conversion settings.
 */
export interface CustomResourceDefinitionSpec {
  /**
   * group is the API group the custom resource is served in, under `/apis/<group>/...`. The
   * definition's name must be `<names.plural>.<group>`.
   *
   * +protobuf=1
   */
  group: string;

  /**
   * names are the resource and kind names under which the custom resource is served.
   *
   * +protobuf=3
   */
  names: CustomResourceDefinitionNames;

  /**
   * scope is "Namespaced" or "Cluster", saying whether the custom resource lives in namespaces.
   *
   * +protobuf=4
   */
  scope: ResourceScope;

  /**
   * versions lists every API version of the custom resource. Discovery orders served versions
   * by name, ranking Kubernetes-style versions (GA over beta over alpha, then by number) before
   * other names, which sort alphabetically.
   *
   * +listType=atomic
   * +protobuf=7
   */
  versions: CustomResourceDefinitionVersion[];

  /**
   * conversion configures how objects are converted between the versions of this resource.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=9
   */
  conversion?: CustomResourceConversion;

  /**
   * preserveUnknownFields keeps fields that the schema does not declare when objects are
   * stored. Deprecated: set x-kubernetes-preserve-unknown-fields in the version schemas instead.
   *
   * +optional
   * +protobuf=10
   */
  preserveUnknownFields?: boolean;
}

/**
 * CustomResourceConversion chooses how objects of a custom resource are converted between its
 * versions.
 */
export interface CustomResourceConversion {
  /**
   * strategy is "None", which only changes apiVersion, or "Webhook", which delegates the
   * conversion to the webhook configured below (and needs preserveUnknownFields to be false).
   *
   * +protobuf=1
   */
  strategy: ConversionStrategyType;

  /**
   * webhook tells the API server how to reach the conversion webhook; required when strategy is
   * "Webhook".
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  webhook?: WebhookConversion;
}

/**
 * WebhookConversion describes the webhook that converts custom resources between versions.
 */
export interface WebhookConversion {
  /**
   * clientConfig says where the webhook is and how to connect to it.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  clientConfig?: WebhookClientConfig;

  /**
   * conversionReviewVersions lists, in order of preference, the ConversionReview versions the
   * webhook accepts. The API server uses the first one it supports and fails the conversion if
   * it supports none.
   *
   * +listType=atomic
   * +protobuf=3
   */
  conversionReviewVersions: string[];
}

/**
 * WebhookClientConfig holds what the API server needs to open a TLS connection to a webhook.
 */
export interface WebhookClientConfig {
  /**
   * url is the webhook's address as an `https://host:port/path` URL; exactly one of url and
   * service must be set. User info, fragments and query parameters are not allowed, and the
   * host should not be an in-cluster service.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  url?: string;

  /**
   * service refers to an in-cluster Service that runs the webhook; exactly one of url and
   * service must be set.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  service?: ServiceReference;

  /**
   * caBundle is a PEM-encoded set of CA certificates used to verify the webhook's serving
   * certificate; when empty the API server's system roots are used.
   *
   * +optional
   * +protobuf=2
   */
  caBundle?: bytes;
}

/**
 * ServiceReference points at a Service that serves a webhook.
 */
export interface ServiceReference {
  /**
   * namespace is the Service's namespace.
   *
   * +protobuf=1
   */
  namespace: string;

  /**
   * name is the Service's name.
   *
   * +protobuf=2
   */
  name: string;

  /**
   * path is an optional URL path to send webhook requests to.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  path?: string;

  /**
   * port is the Service port to call, between 1 and 65535; it defaults to 443.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  port?: int32;
}

/**
 * CustomResourceDefinitionVersion describes one API version of a custom resource.
 */
export interface CustomResourceDefinitionVersion {
  /**
   * name is the version name, such as "v1" or "v2beta1"; served versions appear under
   * `/apis/<group>/<version>/...`.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * served turns serving this version through the REST API on or off.
   *
   * +protobuf=2
   */
  served: boolean;

  /**
   * storage marks the version objects are persisted in; exactly one version must set it.
   *
   * +protobuf=3
   */
  storage: boolean;

  /**
   * deprecated marks the version as deprecated, so requests to it get a warning header. It
   * defaults to false.
   *
   * +optional
   * +protobuf=7
   */
  deprecated?: boolean;

  /**
   * deprecationWarning replaces the default warning sent to clients of a deprecated version; it
   * may only be set when deprecated is true.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=8
   */
  deprecationWarning?: string;

  /**
   * schema is the schema used to validate, prune and default objects of this version.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=4
   */
  schema?: CustomResourceValidation;

  /**
   * subresources says which subresources, such as status and scale, this version serves.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=5
   */
  subresources?: CustomResourceSubresources;

  /**
   * additionalPrinterColumns are extra columns returned when objects are listed as a Table.
   * When empty, a single Age column is shown.
   *
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  additionalPrinterColumns?: CustomResourceColumnDefinition[];

  /**
   * selectableFields lists up to 8 field paths that may be used in field selectors for this
   * version. Requires the CustomResourceFieldSelectors feature.
   *
   * +optional
   * +listType=atomic
   * +protobuf=9
   */
  selectableFields?: SelectableField[];
}

/**
 * SelectableField names a field of a custom resource that can be used in field selectors.
 */
export interface SelectableField {
  /**
   * jsonPath is a simple JSON path, without array indexing, to a string, boolean or integer
   * field outside metadata; an absent field selects as the empty string.
   *
   * +protobuf=1
   */
  jsonPath: string;
}

/**
 * CustomResourceColumnDefinition describes one extra column in server-side Table output.
 */
export interface CustomResourceColumnDefinition {
  /**
   * name is the column's human-readable heading.
   *
   * +protobuf=1
   */
  name: string;

  /**
   * type is the OpenAPI data type of the column's values.
   *
   * +protobuf=2
   */
  type: string;

  /**
   * format is an optional OpenAPI format for the column; "name" marks the column holding the
   * resource's name.
   *
   * +optional
   * +protobuf=3
   */
  format?: string;

  /**
   * description is a human-readable explanation of the column.
   *
   * +optional
   * +protobuf=4
   */
  description?: string;

  /**
   * priority ranks the column's importance, lower numbers first; columns that may be dropped
   * when space is short should use a priority above 0.
   *
   * +optional
   * +protobuf=5
   */
  priority?: int32;

  /**
   * jsonPath is a simple JSON path, array indexing allowed, evaluated on each object to fill
   * the column.
   *
   * +protobuf=6
   */
  jsonPath: string;
}

/**
 * CustomResourceDefinitionNames holds the names a custom resource is served and referred to by.
 */
export interface CustomResourceDefinitionNames {
  /**
   * plural is the lower-case plural resource name used in URLs; it also forms the first part
   * of the definition's name.
   *
   * +protobuf=1
   */
  plural: string;

  /**
   * singular is the lower-case singular resource name; it defaults to the lower-cased kind.
   *
   * +optional
   * +protobuf=2
   */
  singular?: string;

  /**
   * shortNames are lower-case abbreviations published in discovery for clients such as
   * `kubectl get <shortname>`.
   *
   * +optional
   * +listType=atomic
   * +protobuf=3
   */
  shortNames?: string[];

  /**
   * kind is the CamelCase, singular kind written in the objects' `kind` field.
   *
   * +protobuf=4
   */
  kind: string;

  /**
   * listKind is the kind of list objects; it defaults to kind followed by "List".
   *
   * +optional
   * +protobuf=5
   */
  listKind?: string;

  /**
   * categories are group names published in discovery, such as "all", so clients can list
   * several resources at once.
   *
   * +optional
   * +listType=atomic
   * +protobuf=6
   */
  categories?: string[];
}

/**
 * CustomResourceDefinitionCondition reports one aspect of a CustomResourceDefinition's current
 * state.
 */
export interface CustomResourceDefinitionCondition {
  /**
   * type names the aspect, for example Established, NamesAccepted or Terminating.
   *
   * +protobuf=1
   */
  type: CustomResourceDefinitionConditionType;

  /**
   * status is "True", "False" or "Unknown".
   *
   * +protobuf=2
   */
  status: ConditionStatus;

  /**
   * lastTransitionTime is when status last changed.
   *
   * +optional
   * +protobuf=3
   */
  lastTransitionTime?: Time;

  /**
   * reason is a single CamelCase word explaining the last transition, for machines.
   *
   * +optional
   * +protobuf=4
   */
  reason?: string;

  /**
   * message explains the last transition for humans.
   *
   * +optional
   * +protobuf=5
   */
  message?: string;
}

/**
 * CustomResourceDefinitionStatus is the observed state of a CustomResourceDefinition.
 */
export interface CustomResourceDefinitionStatus {
  /**
   * conditions report the definition's state, one entry per condition type. It is
   * always serialized.
   *
   * +listType=map
   * +listMapKey=type
   * +optional
   * +protobuf=1
   */
  conditions: CustomResourceDefinitionCondition[];

  /**
   * acceptedNames are the names actually served in discovery, which can lag behind or differ
   * from those in spec. Upstream marks it optional but always serializes it.
   *
   * +optional
   * +protobuf=2
   */
  acceptedNames: CustomResourceDefinitionNames;

  /**
   * storedVersions lists every version objects have ever been persisted in, so a migration can
   * rewrite them and then drop old entries; versions listed here cannot be removed from
   * spec.versions. Upstream marks it optional but always serializes it.
   *
   * +listType=atomic
   * +optional
   * +protobuf=3
   */
  storedVersions: string[];
}

/**
 * CustomResourceDefinition adds a new resource type to the API server. Its name must be
 * `<spec.names.plural>.<spec.group>`.
 *
 * +genclient
 * +genclient:nonNamespaced
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 * +kubebuilder:resource:path=customresourcedefinitions,singular=customresourcedefinition,shortName=crd;crds,categories=api-extensions
 * +kubebuilder:subresource:status
 */
export interface CustomResourceDefinition extends TypeMeta {
  /**
   * Standard object metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ObjectMeta;

  /**
   * spec describes the custom resource the user wants served.
   *
   * +protobuf=2
   */
  spec: CustomResourceDefinitionSpec;

  /**
   * status reports what the API server has made of the definition.
   *
   * +optional
   * +protobuf=3
   */
  status?: CustomResourceDefinitionStatus;
}

/**
 * CustomResourceDefinitionList is a collection of CustomResourceDefinition objects.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 */
export interface CustomResourceDefinitionList extends TypeMeta {
  /**
   * Standard list metadata.
   *
   * +optional
   * +protobuf=1
   */
  metadata?: ListMeta;

  /**
   * items holds the definitions in this list.
   *
   * +protobuf=2
   */
  items: CustomResourceDefinition[];
}

/**
 * CustomResourceValidation holds the schemas used to validate custom resources.
 */
export interface CustomResourceValidation {
  /**
   * openAPIV3Schema is the OpenAPI v3 schema used for validation and pruning.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  openAPIV3Schema?: JSONSchemaProps;
}

/**
 * CustomResourceSubresources says which subresources a custom resource version serves.
 */
export interface CustomResourceSubresources {
  /**
   * status, when set, serves a `/status` subresource: writes to the main endpoint ignore the
   * status stanza, and writes to `/status` ignore everything else.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  status?: CustomResourceSubresourceStatus;

  /**
   * scale, when set, serves a `/scale` subresource returning an autoscaling/v1 Scale.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  scale?: CustomResourceSubresourceScale;
}

/**
 * CustomResourceSubresourceStatus turns on the `/status` subresource, which reads and writes
 * only the `.status` stanza of a custom resource. It has no settings.
 */
export interface CustomResourceSubresourceStatus {}

/**
 * CustomResourceSubresourceScale maps the fields of an autoscaling/v1 Scale onto paths in a
 * custom resource, for the `/scale` subresource.
 */
export interface CustomResourceSubresourceScale {
  /**
   * specReplicasPath is the JSON path under `.spec`, without array indexing, that backs
   * Scale `spec.replicas`; reading the scale fails when it holds no value.
   *
   * +protobuf=1
   */
  specReplicasPath: string;

  /**
   * statusReplicasPath is the JSON path under `.status`, without array indexing, that backs
   * Scale `status.replicas`; a missing value reads as 0.
   *
   * +protobuf=2
   */
  statusReplicasPath: string;

  /**
   * labelSelectorPath is the JSON path under `.spec` or `.status`, without array indexing, of
   * a string holding the serialized label selector reported as Scale `status.selector`. It is
   * needed for HorizontalPodAutoscaler; a missing value reads as "".
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=3
   */
  labelSelectorPath?: string;
}

/**
 * ConversionReview is the envelope the API server sends to a conversion webhook, carrying the
 * request, and that the webhook sends back, carrying the response.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +k8s:prerelease-lifecycle-gen:introduced=1.16
 */
export interface ConversionReview extends TypeMeta {
  /**
   * request holds the objects to convert and the target version; set by the API server.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=1
   */
  request?: ConversionRequest;

  /**
   * response holds the converted objects and the outcome; set by the webhook.
   *
   * +optional
   * +kubegen:pointer
   * +protobuf=2
   */
  response?: ConversionResponse;
}

/**
 * ConversionRequest asks a conversion webhook to convert a batch of custom resources to one
 * version.
 */
export interface ConversionRequest {
  /**
   * uid identifies this request/response round trip between the API server and the webhook,
   * so that otherwise identical calls can be told apart and log entries correlated.
   *
   * +protobuf=1
   */
  uid: UID;

  /**
   * desiredAPIVersion is the group/version the objects are to be converted to, for example
   * "myapi.example.com/v1".
   *
   * +protobuf=2
   */
  desiredAPIVersion: string;

  /**
   * objects are the custom resources to convert.
   *
   * +listType=atomic
   * +protobuf=3
   */
  objects: RawExtension[];
}

/**
 * ConversionResponse is a conversion webhook's answer to a ConversionRequest.
 */
export interface ConversionResponse {
  /**
   * uid must repeat the uid of the request being answered.
   *
   * +protobuf=1
   */
  uid: UID;

  /**
   * convertedObjects are the request's objects converted to the desired version, in the same
   * order and number, with apiVersion set accordingly. Only labels and annotations may change in
   * their metadata; other metadata changes are ignored. Empty when the conversion failed.
   *
   * +listType=atomic
   * +protobuf=2
   */
  convertedObjects: RawExtension[];

  /**
   * result reports success or failure: status must be "Success", or "Failure" with a message
   * explaining the problem to the user (the HTTP response code stays 200).
   *
   * +protobuf=3
   */
  result: Status;
}
