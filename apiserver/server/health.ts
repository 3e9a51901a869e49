/**
 * /healthz, /livez and /readyz: named checks, each also at /<endpoint>/<name>. `?verbose` lists
 * every check as `[+]name ok` / `[-]name failed: reason withheld`; `?exclude=name` skips one.
 * Post-start hooks appear as `poststarthook/<name>` checks until they have finished.
 */
import type { APIRequest, Handler } from "../endpoints/request-context.js";
import type { ResponseWriter } from "../endpoints/response-writer.js";
import type { Hooks } from "../lifecycle/hooks.js";

export interface HealthCheck {
  name: string;
  /** Throws (or rejects) when unhealthy. */
  check(): Promise<void> | void;
}

export type HealthEndpoint = "healthz" | "livez" | "readyz";

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "X-Content-Type-Options": "nosniff" };

export class HealthChecks {
  private readonly checks: Record<HealthEndpoint, HealthCheck[]> = { healthz: [], livez: [], readyz: [] };

  constructor(private readonly hooks: Hooks) {}

  /** Adds a check to the given endpoints (all three by default). */
  add(check: HealthCheck, endpoints: readonly HealthEndpoint[] = ["healthz", "livez", "readyz"]): void {
    for (const e of endpoints) {
      if (this.checks[e].some((c) => c.name === check.name))
        throw new Error(`health check ${JSON.stringify(check.name)} is already registered for /${e}`);
      this.checks[e].push(check);
    }
  }

  /** Every check of an endpoint, post-start hooks last. */
  list(endpoint: HealthEndpoint): HealthCheck[] {
    const hookChecks = this.hooks.postStartHookNames().map((name) => ({
      name: `poststarthook/${name}`,
      check: () => {
        const problem = this.hooks.postStartHookProblem(name);
        if (problem !== undefined) throw new Error(problem);
      },
    }));
    return [...this.checks[endpoint], ...hookChecks];
  }

  /** The handler for /<endpoint> and /<endpoint>/<check>, or undefined for another path. */
  route(path: string): Handler | undefined {
    const m = /^\/(healthz|livez|readyz)(?:\/(.+))?$/.exec(path);
    if (!m) return undefined;
    const endpoint = m[1] as HealthEndpoint;
    const name = m[2];
    if (name === undefined) return (req, res) => this.serveAll(endpoint, req, res);
    const check = this.list(endpoint).find((c) => c.name === name);
    if (!check) return undefined;
    return async (_req, res) => {
      try {
        await check.check();
        res.send(200, TEXT["Content-Type"], "ok", TEXT);
      } catch (err) {
        res.send(500, TEXT["Content-Type"], `internal server error: ${err instanceof Error ? err.message : String(err)}\n`, TEXT);
      }
    };
  }

  private async serveAll(endpoint: HealthEndpoint, req: APIRequest, res: ResponseWriter): Promise<void> {
    const params = req.url.searchParams;
    const verbose = params.has("verbose") && params.get("verbose") !== "false";
    const exclude = new Set(params.getAll("exclude"));
    let out = "";
    let failed = false;
    const checks = this.list(endpoint);
    const included = checks.filter((c) => !exclude.has(c.name));
    // Run together: a check that waits out its timeout (a frozen storage) delays the answer once, not once per check.
    const results = new Map(
      included.map(
        (c) =>
          [
            c,
            Promise.resolve()
              .then(() => c.check())
              .then(
                () => true,
                () => false,
              ),
          ] as const,
      ),
    );
    for (const c of checks) {
      const result = results.get(c);
      if (!result) {
        out += `[+]${c.name} excluded: ok\n`;
        exclude.delete(c.name);
        continue;
      }
      if (await result) {
        out += `[+]${c.name} ok\n`;
      } else {
        failed = true;
        out += `[-]${c.name} failed: reason withheld\n`;
      }
    }
    if (exclude.size > 0)
      out += `warn: some health checks cannot be excluded: no matches for ${[...exclude].map((e) => JSON.stringify(e)).join(",")}\n`;
    if (failed) {
      res.send(500, TEXT["Content-Type"], `${out}${endpoint} check failed\n`, TEXT);
      return;
    }
    res.send(200, TEXT["Content-Type"], verbose ? `${out}${endpoint} check passed\n` : "ok", TEXT);
  }
}
