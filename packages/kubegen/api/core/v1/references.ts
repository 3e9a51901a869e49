import type { UID } from "../../meta/v1/types.js";

/**
 * Protocol names a network transport protocol used by ports.
 *
 * +enum
 */
export type Protocol = "SCTP" | "TCP" | "UDP";

/**
 * ConditionStatus is the truth value of a condition: "True", "False" or "Unknown".
 */
export type ConditionStatus = string;

/**
 * ObjectReference points at another API object by kind, namespace, name and optionally UID,
 * version and a path into the object. New APIs are encouraged to define a narrower reference
 * type of their own instead of reusing this one.
 *
 * +k8s:deepcopy-gen:interfaces=k8s.io/apimachinery/pkg/runtime.Object
 * +structType=atomic
 */
export interface ObjectReference {
  /**
   * Kind of the object being referred to.
   * +optional
   * +protobuf=1
   */
  kind?: string;

  /**
   * Namespace of the object being referred to.
   * +optional
   * +protobuf=2
   */
  namespace?: string;

  /**
   * Name of the object being referred to.
   * +optional
   * +protobuf=3
   */
  name?: string;

  /**
   * UID of the object being referred to.
   * +optional
   * +protobuf=4
   */
  uid?: UID;

  /**
   * API version (group/version) of the object being referred to.
   * +optional
   * +protobuf=5
   */
  apiVersion?: string;

  /**
   * The particular resourceVersion of the object this reference targets, if it targets one.
   * +optional
   * +protobuf=6
   */
  resourceVersion?: string;

  /**
   * When the reference targets part of an object rather than the whole, a field access path
   * to that part, e.g. "spec.containers{name}" for one container of a pod.
   * +optional
   * +protobuf=7
   */
  fieldPath?: string;
}

/**
 * LocalObjectReference names an object in the same namespace as the object holding the
 * reference.
 *
 * +structType=atomic
 */
export interface LocalObjectReference {
  /**
   * Name of the object being referred to. Effectively required, but left optional for
   * backwards compatibility; an empty name is almost certainly a mistake.
   * +optional
   * +default=""
   * +kubebuilder:default=""
   * +protobuf=1
   */
  name?: string;
}
