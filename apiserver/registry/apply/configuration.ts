/** Decoding an applied configuration (an `application/apply-patch+yaml` body), with upstream's 400s. */
import { parse } from "yaml";
import { newBadRequest } from "../../../runtime/rest/errors.js";
import type { KubeObject } from "../rest.js";

const utf8 = new TextDecoder("utf-8", { fatal: false });

/** The configuration as an object; it must be of the resource's apiVersion (upstream checks the version only). */
export function parseApplyConfiguration(body: Uint8Array, apiVersion: string, _kind: string): KubeObject {
  let value: unknown;
  try {
    value = parse(utf8.decode(body));
  } catch (err) {
    throw newBadRequest(`error decoding YAML: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw newBadRequest(`error decoding YAML: cannot unmarshal ${Array.isArray(value) ? "array" : typeof value} into an object`);
  }
  const config = value as KubeObject;
  const version = typeof config.apiVersion === "string" ? config.apiVersion : "";
  if (version !== apiVersion) {
    throw newBadRequest(`Incorrect version specified in apply patch. Specified patch version: ${version}, expected: ${apiVersion}`);
  }
  if (config.metadata?.managedFields !== undefined && config.metadata.managedFields !== null) throw newBadRequest("metadata.managedFields must be nil");
  return config;
}
