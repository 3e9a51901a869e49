/**
 * Which storage backend a REST storage writes to, recorded when built-in storages are made, so
 * the apiserver can put the storages of custom resources on the same backend.
 */
import type { Storage } from "../storage/interface.js";
import type { RESTStorage } from "./rest.js";

const backends = new WeakMap<RESTStorage, Storage>();

/** Records `storage` as the backend of `rest`; returns `rest`. */
export function withBackend<T extends RESTStorage>(rest: T, storage: Storage): T {
  backends.set(rest, storage);
  return rest;
}

export function backendOf(rest: RESTStorage): Storage | undefined {
  return backends.get(rest);
}
