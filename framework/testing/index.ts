/** The test control plane: `startControlPlane({ crds })` (see control-plane.ts). */
export * from "./control-plane.js";
