/**
 * The aggregation flags of `kubegen apiserver` and `kubegen up`, with kube-apiserver's and an
 * extension apiserver's names: the requestheader settings, the aggregator's front-proxy client
 * certificate, and delegated authentication and authorization.
 */
import type { Command } from "commander";
import type { AggregationRunOptions } from "../apiserver/aggregator/run-options.js";
import type { RunExtension } from "../apiserver/server/extension.js";
import { duration } from "./flag-values.js";

export interface AggregationFlags {
  requestheaderClientCaFile?: string;
  requestheaderUsernameHeaders?: string;
  requestheaderGroupHeaders?: string;
  requestheaderExtraHeadersPrefix?: string;
  requestheaderAllowedNames?: string;
  proxyClientCertFile?: string;
  proxyClientKeyFile?: string;
  authenticationKubeconfig?: string;
  authorizationKubeconfig?: string;
  enableAggregator?: boolean;
  apiserviceCheckInterval?: number;
  tlsExtraDnsNames?: string;
}

const csv = (s: string | undefined): string[] | undefined =>
  s === undefined
    ? undefined
    : s
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x !== "");

export function addAggregationFlags(cmd: Command): Command {
  return cmd
    .option(
      "--requestheader-client-ca-file <file>",
      "CA bundle that verifies front proxies' client certificates before their identity headers are trusted",
    )
    .option("--requestheader-username-headers <list>", "headers holding the user name (default X-Remote-User)")
    .option("--requestheader-group-headers <list>", "headers holding the groups (default X-Remote-Group)")
    .option("--requestheader-extra-headers-prefix <list>", "header prefixes of extra user attributes (default X-Remote-Extra-)")
    .option("--requestheader-allowed-names <list>", "client certificate common names a front proxy may have (empty: any)")
    .option(
      "--proxy-client-cert-file <file>",
      "client certificate the aggregator presents to extension apiservers (default DIR/pki/front-proxy-client.crt)",
    )
    .option("--proxy-client-key-file <file>", "key of --proxy-client-cert-file")
    .option(
      "--authentication-kubeconfig <file>",
      "run as an extension apiserver: check bearer tokens with TokenReview on this cluster (and read its extension-apiserver-authentication ConfigMap)",
    )
    .option(
      "--authorization-kubeconfig <file>",
      "run as an extension apiserver: authorize every request with SubjectAccessReview on this cluster",
    )
    .option("--no-enable-aggregator", "do not serve APIService routing (the default for an extension apiserver)")
    .option("--apiservice-check-interval <duration>", "how often APIServices' availability is checked", duration)
    .option(
      "--tls-extra-dns-names <list>",
      "kubegen's own: more DNS names for the serving certificate (an extension's <service>.<namespace>.svc)",
    );
}

export function aggregationRunOptions(flags: AggregationFlags): AggregationRunOptions {
  const out: AggregationRunOptions = {};
  if (flags.requestheaderClientCaFile) out.requestheaderClientCAFile = flags.requestheaderClientCaFile;
  const lists = [
    ["requestheaderUsernameHeaders", flags.requestheaderUsernameHeaders],
    ["requestheaderGroupHeaders", flags.requestheaderGroupHeaders],
    ["requestheaderExtraHeadersPrefix", flags.requestheaderExtraHeadersPrefix],
    ["requestheaderAllowedNames", flags.requestheaderAllowedNames],
    ["servingDNSNames", flags.tlsExtraDnsNames],
  ] as const;
  for (const [key, value] of lists) {
    const v = csv(value);
    if (v) out[key] = v;
  }
  if (flags.proxyClientCertFile) out.proxyClientCertFile = flags.proxyClientCertFile;
  if (flags.proxyClientKeyFile) out.proxyClientKeyFile = flags.proxyClientKeyFile;
  if (flags.authenticationKubeconfig) out.authenticationKubeconfig = flags.authenticationKubeconfig;
  if (flags.authorizationKubeconfig) out.authorizationKubeconfig = flags.authorizationKubeconfig;
  // commander sets the negated flag's default true; only an explicit --no-enable-aggregator turns it off.
  if (flags.enableAggregator === false) out.enableAggregator = false;
  if (flags.apiserviceCheckInterval !== undefined) out.availabilityCheckIntervalMs = flags.apiserviceCheckInterval;
  return out;
}

/** The aggregation extension of runAPIServer for these flags (loaded when the server starts, as runAPIServer is). */
export async function aggregationExtension(flags: AggregationFlags): Promise<RunExtension> {
  const { aggregation } = await import("../apiserver/aggregator/run-options.js");
  return aggregation(aggregationRunOptions(flags));
}
