/** The aggregation flags of `kubegen apiserver`: kube-apiserver's names, comma lists, the aggregator on unless turned off. */
import { Command } from "commander";
import { describe, expect, it } from "vitest";
import { addAPIServerFlags, type APIServerFlags } from "../../cmd/apiserver.js";
import { aggregationRunOptions } from "../../cmd/aggregation-flags.js";

function parse(args: string[]): APIServerFlags {
  const cmd = addAPIServerFlags(new Command("apiserver")).exitOverride();
  cmd.parse(args, { from: "user" });
  return cmd.opts<APIServerFlags>();
}

describe("aggregation flags", () => {
  it("reads the extension apiserver's flags", () => {
    expect(
      aggregationRunOptions(
        parse([
          "--requestheader-client-ca-file=/pki/front-proxy-ca.crt",
          "--requestheader-username-headers=X-Remote-User,X-Other-User",
          "--requestheader-group-headers=X-Remote-Group",
          "--requestheader-extra-headers-prefix=X-Remote-Extra-",
          "--requestheader-allowed-names=front-proxy-client",
          "--authentication-kubeconfig=/main.kubeconfig",
          "--authorization-kubeconfig=/main.kubeconfig",
          "--tls-extra-dns-names=api.widgets.svc",
        ]),
      ),
    ).toEqual({
      requestheaderClientCAFile: "/pki/front-proxy-ca.crt",
      requestheaderUsernameHeaders: ["X-Remote-User", "X-Other-User"],
      requestheaderGroupHeaders: ["X-Remote-Group"],
      requestheaderExtraHeadersPrefix: ["X-Remote-Extra-"],
      requestheaderAllowedNames: ["front-proxy-client"],
      authenticationKubeconfig: "/main.kubeconfig",
      authorizationKubeconfig: "/main.kubeconfig",
      servingDNSNames: ["api.widgets.svc"],
    });
  });

  it("keeps the aggregator's defaults unless told", () => {
    expect(aggregationRunOptions(parse([]))).toEqual({});
    expect(
      aggregationRunOptions(
        parse(["--no-enable-aggregator", "--apiservice-check-interval=2s", "--proxy-client-cert-file=c", "--proxy-client-key-file=k"]),
      ),
    ).toEqual({
      enableAggregator: false,
      availabilityCheckIntervalMs: 2000,
      proxyClientCertFile: "c",
      proxyClientKeyFile: "k",
    });
  });
});
