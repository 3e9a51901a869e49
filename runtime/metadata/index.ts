/** Metadata-only informers over any resource (client-go's metadatainformer). */
export * from "./informer.js";
