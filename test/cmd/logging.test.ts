/**
 * Component logging: -v levels gate V(n) info, warnings and errors always show, the text format
 * is klog's, the JSON format component-base's, and requests log at V(3) as httplog does.
 */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addLoggingFlags, newPino, pinoLogger, setupLogging, textLine, type LoggingFlags } from "../../cmd/logging.js";
import { withHTTPLog, formatLatency } from "../../apiserver/server/filters/httplog.js";
import { getLogger, setLogger, warningsToStderr, type Logger } from "../../runtime/logger.js";
import type { APIRequest } from "../../apiserver/endpoints/request-context.js";
import type { ResponseWriter } from "../../apiserver/endpoints/response-writer.js";

function capture(flags: LoggingFlags): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const logger = pinoLogger(newPino(flags, { write: (s: string) => lines.push(s) }), flags.v);
  return { logger, lines };
}

function parseFlags(argv: string[]): LoggingFlags {
  const cmd = addLoggingFlags(new Command("x").exitOverride().configureOutput({ writeErr: () => {} }));
  cmd.parse(argv, { from: "user" });
  return cmd.opts<LoggingFlags>();
}

describe("flags", () => {
  it("takes -v, --v and --logging-format with component-base's defaults", () => {
    expect(parseFlags([])).toEqual({ v: 0, loggingFormat: "text" });
    expect(parseFlags(["-v", "3"]).v).toBe(3);
    expect(parseFlags(["-v=4"]).v).toBe(4);
    expect(parseFlags(["--v=2", "--logging-format=json"])).toEqual({ v: 2, loggingFormat: "json" });
  });

  it("refuses a negative verbosity and an unknown format", () => {
    expect(() => parseFlags(["-v", "-1"])).toThrow(/non-negative integer/);
    expect(() => parseFlags(["--logging-format", "xml"])).toThrow(/not supported/);
  });
});

describe("levels", () => {
  it("writes V(n) info only when -v is at least n; warnings and errors always", () => {
    const { logger, lines } = capture({ v: 2, loggingFormat: "json" });
    logger.info("zero");
    logger.info("two", undefined, 2);
    logger.info("three", undefined, 3);
    logger.info("ten", undefined, 10);
    logger.warn("careful");
    logger.error("broken");
    const msgs = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
    expect(msgs).toEqual(["zero", "two", "careful", "broken"]);
    expect(logger.enabled?.(2)).toBe(true);
    expect(logger.enabled?.(3)).toBe(false);
  });

  it("at -v=10 writes every level", () => {
    const { logger, lines } = capture({ v: 10, loggingFormat: "json" });
    for (const v of [0, 1, 5, 9, 10]) logger.info(`v${v}`, undefined, v);
    expect(lines.map((l) => (JSON.parse(l) as { v: number }).v)).toEqual([0, 1, 5, 9, 10]);
  });
});

describe("formats", () => {
  it("json: ts in seconds, msg, v for info, level for warnings and errors, the fields", () => {
    const { logger, lines } = capture({ v: 4, loggingFormat: "json" });
    logger.info("Finished syncing", { namespace: "demo" }, 4);
    logger.warn("slow", { ms: 12 });
    const [info, warn] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(info).toMatchObject({ msg: "Finished syncing", v: 4, namespace: "demo" });
    expect(typeof info!["ts"]).toBe("number");
    expect(info!["ts"] as number).toBeLessThan(1e11); // seconds, not milliseconds
    expect(info).not.toHaveProperty("level");
    expect(warn).toMatchObject({ level: "warn", msg: "slow", ms: 12 });
    expect(warn).not.toHaveProperty("v");
  });

  it("text: klog's header (severity, MMDD time, pid), the quoted message, key=value fields", () => {
    const { logger, lines } = capture({ v: 0, loggingFormat: "text" });
    logger.info("Starting controller", { name: "namespace", workers: 5 });
    logger.error("failed");
    expect(lines[0]).toMatch(/^I\d{4} \d{2}:\d{2}:\d{2}\.\d{6} +\d+\] "Starting controller" name="namespace" workers=5\n$/);
    expect(lines[1]).toMatch(/^E\d{4} .*\] "failed"\n$/);
  });

  it("text renders a fixed record exactly", () => {
    const line = textLine(JSON.stringify({ level: 40, time: Date.UTC(2026, 10, 26, 1, 2, 3, 45), pid: 42, msg: "m", k: "v" }));
    expect(line).toBe('W1126 01:02:03.045000      42] "m" k="v"\n');
  });

  it("setupLogging makes the logger the runtime's", () => {
    const previous = getLogger();
    try {
      const lines: string[] = [];
      const logger = setupLogging({ v: 0, loggingFormat: "json" }, { write: (s: string) => lines.push(s) });
      expect(getLogger()).toBe(logger);
      getLogger().warn("from the runtime");
      expect(lines).toHaveLength(1);
    } finally {
      setLogger(previous);
    }
  });

  it("the runtime's default drops info", () => {
    expect(warningsToStderr.enabled?.(0)).toBe(false);
  });
});

describe("httplog", () => {
  function request(headers: Record<string, string>): APIRequest {
    return {
      raw: { method: "GET", url: "/api/v1/namespaces?limit=1", headers, socket: { remoteAddress: "127.0.0.1", remotePort: 5555 } },
      startTime: 100,
    } as unknown as APIRequest;
  }
  const response = { raw: { statusCode: 200 } } as unknown as ResponseWriter;

  it("logs verb, URI, latency, userAgent, audit-ID, srcIP and status at V(3)", async () => {
    const { logger, lines } = capture({ v: 3, loggingFormat: "json" });
    const handler = withHTTPLog(
      logger,
      () => 101.5,
    )(async (_req, res) => {
      (res.raw as { statusCode: number }).statusCode = 201;
    });
    await handler(request({ "user-agent": "kubectl/v1.34", "audit-id": "abc-123" }), {
      raw: { statusCode: 200 },
    } as unknown as ResponseWriter);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      msg: "HTTP",
      v: 3,
      verb: "GET",
      URI: "/api/v1/namespaces?limit=1",
      latency: "1.5ms",
      userAgent: "kubectl/v1.34",
      "audit-ID": "abc-123",
      srcIP: "127.0.0.1:5555",
      resp: 201,
    });
  });

  it("leaves audit-ID out when the client sent none, and logs nothing below -v=3", async () => {
    const at3 = capture({ v: 3, loggingFormat: "json" });
    await withHTTPLog(at3.logger)(async () => {})(request({}), response);
    expect(JSON.parse(at3.lines[0]!)).not.toHaveProperty("audit-ID");
    const at2 = capture({ v: 2, loggingFormat: "json" });
    await withHTTPLog(at2.logger)(async () => {})(request({}), response);
    expect(at2.lines).toEqual([]);
  });

  it("logs a request whose handler throws, then rethrows", async () => {
    const { logger, lines } = capture({ v: 3, loggingFormat: "json" });
    const handler = withHTTPLog(logger)(async () => {
      throw new Error("boom");
    });
    await expect(handler(request({}), response)).rejects.toThrow("boom");
    expect(lines).toHaveLength(1);
  });

  it("formats latencies as Go durations", () => {
    expect(formatLatency(0.0005)).toBe("500ns");
    expect(formatLatency(0.25)).toBe("250µs");
    expect(formatLatency(12.5)).toBe("12.5ms");
    expect(formatLatency(2500)).toBe("2.5s");
  });
});
