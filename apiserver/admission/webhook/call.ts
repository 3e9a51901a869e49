/** One AdmissionReview v1 round trip over HTTPS: the webhook's URL (or service), caBundle, timeout. */
import https from "node:https";
import { randomUUID } from "node:crypto";

export interface ClientConfig {
  url?: string;
  service?: { namespace?: string; name?: string; path?: string; port?: number };
  caBundle?: string;
}

/** The URL a clientConfig names (a service by its cluster DNS name, as upstream's default resolver). */
export function webhookURL(c: ClientConfig): string {
  if (c.url) return c.url;
  const s = c.service ?? {};
  return `https://${s.name ?? ""}.${s.namespace ?? ""}.svc:${s.port ?? 443}${s.path ?? ""}`;
}

export class CallError extends Error {}

/** POSTs the review and returns the parsed response body; throws CallError with upstream's wording of the failure. */
export function callWebhook(
  c: ClientConfig,
  review: unknown,
  timeoutSeconds: number,
  signal: AbortSignal,
): Promise<Record<string, unknown>> {
  const base = webhookURL(c);
  const url = new URL(base);
  url.searchParams.set("timeout", `${timeoutSeconds}s`);
  const body = JSON.stringify(review);
  const ca = c.caBundle ? Buffer.from(c.caBundle, "base64").toString("utf8") : undefined;
  return new Promise((resolve, reject) => {
    const req = https.request(
      url,
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json", "Content-Length": Buffer.byteLength(body) },
        ...(ca && { ca }),
        timeout: timeoutSeconds * 1000,
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (d: Buffer) => chunks.push(d));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if ((res.statusCode ?? 0) >= 300)
            return reject(
              new CallError(
                `failed to call webhook: an error on the server ("${text.slice(0, 200)}") has prevented the request from succeeding`,
              ),
            );
          try {
            resolve(JSON.parse(text) as Record<string, unknown>);
          } catch {
            reject(new CallError("received invalid webhook response: the response is not valid JSON"));
          }
        });
        res.on("error", (err) => reject(new CallError(`failed to call webhook: ${err.message}`)));
      },
    );
    req.on("timeout", () => req.destroy(new Error("context deadline exceeded")));
    req.on("error", (err) => reject(new CallError(`failed to call webhook: Post "${url.toString()}": ${err.message}`)));
    req.end(body);
  });
}

export const newUID = (): string => randomUUID();
