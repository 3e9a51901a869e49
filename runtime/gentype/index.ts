/** The generic typed client, lister and informer machinery that generated clientsets, listers and informers specialise (client-go's gentype and listers). */
export * from "./options.js";
export * from "./resource.js";
export * from "./resource-client.js";
export * from "./rest-resource-client.js";
export * from "./resource-indexer.js";
export * from "./list-watch.js";
export * from "./informer-factory.js";
