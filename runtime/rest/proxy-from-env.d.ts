/** Types for proxy-from-env, which ships none. */
declare module "proxy-from-env" {
  /** The proxy URL for `url` from the *_PROXY and NO_PROXY variables of process.env; "" for none. */
  export function getProxyForUrl(url: string | URL): string;
}
