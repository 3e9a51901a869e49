/**
 * The aggregation settings of runAPIServer: the aggregator of a main apiserver (with the
 * front-proxy PKI in the data dir and the published authentication info), or the
 * authentication and authorization of an extension apiserver (requestheader with its client CA
 * and allowed names, TokenReview and SubjectAccessReview against the main apiserver), read from
 * the flags or, as upstream, from the main apiserver's extension-apiserver-authentication ConfigMap.
 */
import { readFileSync } from "node:fs";
import { isNotFound } from "../../runtime/rest/errors.js";
import type { Authenticator } from "../auth/authenticator.js";
import { delegationClient, DelegatedAuthorizer, DelegatedTokenAuthenticator } from "../auth/delegated.js";
import {
  DEFAULT_REQUEST_HEADERS,
  RequestHeaderAuthenticator,
  requestHeaderConfig,
  type RequestHeaderConfig,
} from "../auth/requestheader.js";
import type { KeyPair } from "../server/certs.js";
import { AUTHENTICATION_INFO } from "./authentication-info.js";
import { ensureFrontProxyCertificates, FRONT_PROXY_CLIENT } from "./front-proxy.js";
import type { RunExtension, RunExtensionParts } from "../server/extension.js";
import { installAggregator } from "./index.js";

export interface AggregationRunOptions {
  /** Run the aggregator; default true, except for an extension apiserver (`authenticationKubeconfig` set). */
  enableAggregator?: boolean;
  /** How often APIServices are checked; default 10 s. */
  availabilityCheckIntervalMs?: number;
  /** `--proxy-client-cert-file` / `--proxy-client-key-file`; default DIR/pki/front-proxy-client.crt. */
  proxyClientCertFile?: string;
  proxyClientKeyFile?: string;
  /** `--requestheader-client-ca-file` and the other requestheader flags. */
  requestheaderClientCAFile?: string;
  requestheaderUsernameHeaders?: string[];
  requestheaderGroupHeaders?: string[];
  requestheaderExtraHeadersPrefix?: string[];
  requestheaderAllowedNames?: string[];
  /** `--authentication-kubeconfig`, `--authorization-kubeconfig`: delegate to the main apiserver. */
  authenticationKubeconfig?: string;
  authorizationKubeconfig?: string;
  /** More DNS names for the serving certificate (an extension's `<service>.<namespace>.svc`). */
  servingDNSNames?: string[];
}

const list = (s: string | undefined): string[] | undefined => {
  if (s === undefined) return undefined;
  try {
    const v = JSON.parse(s) as unknown;
    return Array.isArray(v) ? v.map(String) : undefined;
  } catch {
    return undefined;
  }
};

/** The requestheader settings of kube-system/extension-apiserver-authentication, when it has them. */
async function fromConfigMap(kubeconfig: string): Promise<RequestHeaderConfig | undefined> {
  const client = delegationClient(kubeconfig);
  try {
    const cm = await client.request<{ data?: Record<string, string> }>({
      method: "GET",
      path: `/api/v1/namespaces/${AUTHENTICATION_INFO.namespace}/configmaps/${AUTHENTICATION_INFO.name}`,
    });
    const d = cm.data ?? {};
    const ca = d["requestheader-client-ca-file"];
    if (!ca) return undefined;
    return requestHeaderConfig(ca, {
      ...(list(d["requestheader-username-headers"]) && { usernameHeaders: list(d["requestheader-username-headers"]) }),
      ...(list(d["requestheader-group-headers"]) && { groupHeaders: list(d["requestheader-group-headers"]) }),
      ...(list(d["requestheader-extra-headers-prefix"]) && { extraHeaderPrefixes: list(d["requestheader-extra-headers-prefix"]) }),
      allowedNames: list(d["requestheader-allowed-names"]) ?? [],
    });
  } catch (err) {
    if (isNotFound(err)) return undefined;
    throw new Error(`reading ${AUTHENTICATION_INFO.namespace}/${AUTHENTICATION_INFO.name}: ${(err as Error).message}`, { cause: err });
  } finally {
    client.close();
  }
}

/** runAPIServer's extension for these options: `extensions: [aggregation({...})]` (the commands pass it). */
export function aggregation(options: AggregationRunOptions = {}): RunExtension {
  return {
    ...(options.servingDNSNames && { servingDNSNames: options.servingDNSNames }),
    prepare: ({ dataDir, ca }) => aggregationParts(options, dataDir, ca),
  };
}

async function aggregationParts(options: AggregationRunOptions, dataDir: string, clusterCA: KeyPair): Promise<RunExtensionParts> {
  const out: RunExtensionParts = {};
  const extension = options.authenticationKubeconfig !== undefined;
  let rh: RequestHeaderConfig | undefined;
  if (options.requestheaderClientCAFile) {
    rh = requestHeaderConfig(readFileSync(options.requestheaderClientCAFile, "utf8"), {
      ...(options.requestheaderUsernameHeaders && { usernameHeaders: options.requestheaderUsernameHeaders }),
      ...(options.requestheaderGroupHeaders && { groupHeaders: options.requestheaderGroupHeaders }),
      ...(options.requestheaderExtraHeadersPrefix && { extraHeaderPrefixes: options.requestheaderExtraHeadersPrefix }),
      allowedNames: options.requestheaderAllowedNames ?? [],
    });
  } else if (options.authenticationKubeconfig) {
    rh = await fromConfigMap(options.authenticationKubeconfig);
  }
  const authenticators: Authenticator[] = [];
  if (rh) {
    authenticators.push(new RequestHeaderAuthenticator(rh));
    out.requestHeaderCA = rh.clientCA;
  }
  if (options.authenticationKubeconfig)
    authenticators.push(new DelegatedTokenAuthenticator({ client: delegationClient(options.authenticationKubeconfig) }));
  if (authenticators.length) out.authenticators = authenticators;
  if (options.authorizationKubeconfig)
    out.authorizer = new DelegatedAuthorizer({ client: delegationClient(options.authorizationKubeconfig) });

  if (options.enableAggregator ?? !extension) {
    let proxyClient: KeyPair;
    let frontProxyCA: string;
    if (options.proxyClientCertFile && options.proxyClientKeyFile) {
      proxyClient = { cert: readFileSync(options.proxyClientCertFile, "utf8"), key: readFileSync(options.proxyClientKeyFile, "utf8") };
      frontProxyCA = rh?.clientCA ?? "";
    } else {
      const fp = await ensureFrontProxyCertificates(dataDir);
      proxyClient = fp.client;
      frontProxyCA = rh?.clientCA ?? fp.ca.cert;
    }
    out.server = installAggregator({
      proxyClient,
      ...(options.availabilityCheckIntervalMs !== undefined && { checkIntervalMs: options.availabilityCheckIntervalMs }),
      authenticationInfo: {
        clientCA: clusterCA.cert,
        ...(frontProxyCA && {
          requestHeader: {
            clientCA: frontProxyCA,
            usernameHeaders: rh?.usernameHeaders ?? DEFAULT_REQUEST_HEADERS.usernameHeaders,
            groupHeaders: rh?.groupHeaders ?? DEFAULT_REQUEST_HEADERS.groupHeaders,
            extraHeaderPrefixes: rh?.extraHeaderPrefixes ?? DEFAULT_REQUEST_HEADERS.extraHeaderPrefixes,
            allowedNames: rh?.allowedNames.length ? rh.allowedNames : [FRONT_PROXY_CLIENT],
          },
        }),
      },
    });
  }
  return out;
}
