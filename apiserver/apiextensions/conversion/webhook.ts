/**
 * CRD conversion through a webhook (`spec.conversion.strategy: Webhook`): ConversionReview v1
 * round trips over HTTPS, objects already at the desired version left alone, and upstream's
 * error texts when the webhook fails or answers badly.
 */
import { StatusError } from "../../../runtime/rest/errors.js";
import { newStatusError } from "../../registry/errors.js";
import { callWebhook, CallError, newUID, type ClientConfig } from "../../admission/webhook/call.js";
import type { KubeObject } from "../../registry/rest.js";

export interface Converter {
  /** Converts every object to `apiVersion` (group/version), in order. */
  convert(objects: KubeObject[], apiVersion: string, signal: AbortSignal): Promise<KubeObject[]>;
}

const internal = (message: string): StatusError => newStatusError(500, "InternalError", `Internal error occurred: ${message}`);

export function webhookConverter(clientConfig: ClientConfig, kind: string): Converter {
  return {
    async convert(objects, apiVersion, signal) {
      const todo = objects.map((o, i) => [o, i] as const).filter(([o]) => o.apiVersion !== apiVersion);
      if (todo.length === 0) return objects;
      const uid = newUID();
      // Upstream names the version being converted from.
      const failed = (why: string): StatusError =>
        internal(`conversion webhook for ${todo[0]![0].apiVersion ?? ""}, Kind=${kind} failed: ${why}`);
      let res: Record<string, unknown>;
      try {
        res = await callWebhook(
          clientConfig,
          {
            apiVersion: "apiextensions.k8s.io/v1",
            kind: "ConversionReview",
            request: { uid, desiredAPIVersion: apiVersion, objects: todo.map(([o]) => o) },
          },
          30,
          signal,
        );
      } catch (err) {
        if (err instanceof CallError) throw failed(err.message);
        throw err;
      }
      const response = (res.response ?? {}) as {
        uid?: string;
        result?: { status?: string; message?: string };
        convertedObjects?: KubeObject[];
      };
      if (response.uid !== uid) throw failed(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(response.uid ?? "")}`);
      if (response.result?.status !== "Success") throw failed(response.result?.message ?? "conversion failed");
      const converted = response.convertedObjects ?? [];
      if (converted.length !== todo.length) throw failed(`expected ${todo.length} converted objects, got ${converted.length}`);
      const out = [...objects];
      converted.forEach((c, j) => {
        if (c.apiVersion !== apiVersion)
          throw failed(`invalid apiVersion ${JSON.stringify(c.apiVersion)} in converted object, expected ${JSON.stringify(apiVersion)}`);
        out[todo[j]![1]] = c;
      });
      return out;
    },
  };
}
