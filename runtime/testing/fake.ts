/** The fake clientset's core: a reactor chain that answers each call, and the record of every action taken (client-go's testing.Fake). */
import type { WatchEvent } from "../rest/watch.js";
import { actionMatches, type Action } from "./actions.js";
import { ObjectTracker } from "./object-tracker.js";
import { objectReaction, watchReaction } from "./reactions.js";

/** What a reactor answers: not handled (the next reactor is asked), or a result or an error. */
export type Reaction = { handled: false } | { handled: true; ret?: unknown; err?: unknown };

/** Answers an action, or passes it on by returning `undefined` or `{ handled: false }`. */
export type ReactionFunc = (action: Action) => Reaction | undefined;

/** What a watch reactor answers: a stream of events, or an error. */
export type WatchReaction = { handled: false } | { handled: true; watch?: AsyncIterable<WatchEvent<unknown>>; err?: unknown };

/** Answers a watch action. */
export type WatchReactionFunc = (action: Action) => WatchReaction | undefined;

interface Reactor<F> {
  verb: string;
  resource: string;
  fn: F;
}

function recorded(action: Action): Action {
  const { signal: _signal, ...rest } = action;
  return structuredClone(rest);
}

/**
 * Records actions and runs them through the reactor chains. By default one reactor serves
 * every verb from the {@link ObjectTracker}; tests prepend reactors to fail or answer particular
 * calls. Reactors run synchronously in chain order; the first that handles an action wins.
 */
export class Fake {
  readonly #actions: Action[] = [];
  #reactors: Reactor<ReactionFunc>[] = [];
  #watchReactors: Reactor<WatchReactionFunc>[] = [];

  constructor(readonly tracker: ObjectTracker = new ObjectTracker()) {
    this.addReactor("*", "*", objectReaction(tracker));
    this.addWatchReactor("*", watchReaction(tracker));
  }

  /** Appends a reactor for `verb` (or `*`) on `resource` (or `*`, or `resource/subresource`). */
  addReactor(verb: string, resource: string, fn: ReactionFunc): void {
    this.#reactors.push({ verb, resource, fn });
  }

  /** Puts a reactor first, before the tracker's, e.g. to make creates fail. */
  prependReactor(verb: string, resource: string, fn: ReactionFunc): void {
    this.#reactors.unshift({ verb, resource, fn });
  }

  /** Appends a watch reactor for `resource` (or `*`). */
  addWatchReactor(resource: string, fn: WatchReactionFunc): void {
    this.#watchReactors.push({ verb: "watch", resource, fn });
  }

  /** Puts a watch reactor first. */
  prependWatchReactor(resource: string, fn: WatchReactionFunc): void {
    this.#watchReactors.unshift({ verb: "watch", resource, fn });
  }

  /** Every action recorded so far, oldest first (copies). */
  actions(): Action[] {
    return structuredClone(this.#actions);
  }

  /** Forgets the recorded actions. */
  clearActions(): void {
    this.#actions.length = 0;
  }

  /** Records `action` and returns what the first reactor that handles it answers; throws its error. */
  invokes(action: Action): unknown {
    this.#actions.push(recorded(action));
    for (const r of this.#reactors) {
      if (!actionMatches(action, r.verb, r.resource)) continue;
      const reaction = r.fn(action);
      if (reaction === undefined || !reaction.handled) continue;
      if (reaction.err !== undefined) throw reaction.err;
      return reaction.ret;
    }
    return undefined;
  }

  /** Records a watch action and returns the stream the first watch reactor that handles it gives. */
  invokesWatch(action: Action): AsyncIterable<WatchEvent<unknown>> {
    this.#actions.push(recorded(action));
    for (const r of this.#watchReactors) {
      if (!actionMatches(action, r.verb, r.resource)) continue;
      const reaction = r.fn(action);
      if (reaction === undefined || !reaction.handled) continue;
      if (reaction.err !== undefined) throw reaction.err;
      if (reaction.watch !== undefined) return reaction.watch;
    }
    throw new Error(`no watch reactor handled ${action.resource.resource}`);
  }
}
