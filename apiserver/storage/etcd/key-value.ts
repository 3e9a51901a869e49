/** etcd's key-values as the storage interface's KeyValues. */
import type { IKeyValue } from "etcd3";
import type { KeyValue } from "../interface.js";

export function keyValueOf(kv: IKeyValue): KeyValue {
  return {
    key: kv.key.toString("utf8"),
    value: kv.value,
    createRevision: Number(kv.create_revision),
    modRevision: Number(kv.mod_revision),
  };
}
