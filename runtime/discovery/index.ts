/** Clients that need no generated code: discovery, metadata-only and dynamic (unstructured) access to any resource. */
export * from "./discovery-client.js";
export { MetadataClient, MetadataResourceClient } from "./metadata-client.js";
export * from "./dynamic-client.js";
export * from "./dynamic-informer.js";
