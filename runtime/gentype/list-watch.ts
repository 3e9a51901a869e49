/** Builds an informer's ListWatch from a typed client's list and watch, applying its tweakListOptions (client-go's NewFilteredXInformer). */
import { continueFromListHead } from "../cache/list-head.js";
import type { ListWatch, ListWatchListOptions, ListWatchWatchOptions } from "../cache/list-watch.js";
import type { RawObject } from "../rest/json-list-scan.js";
import type { WatchEvent } from "../rest/watch.js";
import type { ListOptions, TweakListOptions } from "./options.js";
import type { ObjectList } from "./resource.js";

/** The part of a typed client an informer needs. */
export interface ListerWatcher<T, TList extends ObjectList<T>> {
  list(opts?: ListOptions): Promise<TList>;
  watch(opts?: ListOptions): AsyncIterable<WatchEvent<T>>;
}

/** Copies the defined fields, so an unset option never becomes an explicit `undefined` query value. */
function defined(opts: ListWatchListOptions | ListWatchWatchOptions): ListOptions {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(opts)) if (v !== undefined) out[k] = v;
  return out;
}

/**
 * A ListWatch over `client`. `tweak` sees (and may change) the options of every list and watch,
 * after the reflector has set its own; the signal it must not touch.
 */
export function newListWatch<T, TList extends ObjectList<T>>(client: ListerWatcher<T, TList>, tweak?: TweakListOptions): ListWatch<T> {
  const prepare = (opts: ListWatchListOptions | ListWatchWatchOptions): ListOptions => {
    const options = defined(opts);
    tweak?.(options);
    if (opts.signal !== undefined) options.signal = opts.signal;
    return options;
  };
  return {
    async list({ onContinue, warmConnection, rawItems, ...opts }) {
      const options = prepare(opts);
      if (warmConnection) options.warmConnection = true;
      let raw: RawObject[] | undefined;
      if (rawItems) options.onRawItems = (items) => (raw = items);
      if (onContinue) {
        options.onBodyStart = (head, contentType) => {
          const token = continueFromListHead(head, contentType);
          if (token !== undefined) onContinue(token);
        };
      }
      const list = await client.list(options);
      return { items: list.items ?? [], metadata: list.metadata ?? {}, ...(raw !== undefined && { raw }) };
    },
    watch(opts) {
      return client.watch(prepare(opts));
    },
  };
}
