/**
 * Post-start hooks (named, run once the server listens; one that fails stops the server) and
 * pre-shutdown hooks (run during graceful shutdown), as upstream's GenericAPIServer keeps them.
 * Each post-start hook is also a health check, failing until it has finished.
 */
import type { RestConfig } from "../../runtime/rest/config.js";

export interface HookContext {
  /** Aborts when the server begins to shut down; long-lived work started by a hook stops on it. */
  signal: AbortSignal;
  /**
   * Reaches this server over HTTPS on loopback as system:apiserver (system:masters), as
   * upstream's LoopbackClientConfig; build a Clientset on it.
   */
  loopbackClientConfig: RestConfig;
}

export type PostStartHook = (ctx: HookContext) => Promise<void> | void;
export type PreShutdownHook = () => Promise<void> | void;

type HookState = "pending" | "done" | { error: string };

export class Hooks {
  private readonly postStart = new Map<string, PostStartHook>();
  private readonly preShutdown = new Map<string, PreShutdownHook>();
  private readonly state = new Map<string, HookState>();
  private started = false;

  addPostStartHook(name: string, hook: PostStartHook): void {
    if (this.started) throw new Error(`unable to add post-start hook ${JSON.stringify(name)}: the server has already started`);
    if (this.postStart.has(name))
      throw new Error(`unable to add post-start hook ${JSON.stringify(name)} because it was already registered`);
    this.postStart.set(name, hook);
    this.state.set(name, "pending");
  }

  addPreShutdownHook(name: string, hook: PreShutdownHook): void {
    if (this.preShutdown.has(name))
      throw new Error(`unable to add pre-shutdown hook ${JSON.stringify(name)} because it was already registered`);
    this.preShutdown.set(name, hook);
  }

  postStartHookNames(): string[] {
    return [...this.postStart.keys()];
  }

  preShutdownHookNames(): string[] {
    return [...this.preShutdown.keys()];
  }

  /** undefined when the hook finished, else why not ("not finished" or its error). */
  postStartHookProblem(name: string): string | undefined {
    const s = this.state.get(name);
    if (s === "done") return undefined;
    if (s === "pending" || s === undefined) return "not finished";
    return s.error;
  }

  /** Runs every post-start hook concurrently; rejects naming the first that failed. */
  async runPostStartHooks(ctx: HookContext): Promise<void> {
    this.started = true;
    const runs = [...this.postStart].map(async ([name, hook]) => {
      try {
        await hook(ctx);
        this.state.set(name, "done");
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        this.state.set(name, { error: message });
        throw new Error(`post-start hook ${JSON.stringify(name)} failed: ${message}`, { cause: err });
      }
    });
    const results = await Promise.allSettled(runs);
    const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    if (failed) throw failed.reason;
  }

  /** Runs the pre-shutdown hooks in registration order; a failing one is reported, not fatal. */
  async runPreShutdownHooks(log: (line: string) => void): Promise<void> {
    for (const [name, hook] of this.preShutdown) {
      try {
        await hook();
      } catch (err) {
        log(`pre-shutdown hook ${JSON.stringify(name)} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
}
