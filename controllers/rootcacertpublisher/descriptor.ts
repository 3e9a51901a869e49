// The root-ca-cert-publisher: a `kube-root-ca.crt` ConfigMap holding the cluster CA (`ca.crt`) in
// every active namespace, put back when deleted or changed.
import type { ConfigMap } from "../../generated/apis/core/v1/index.js";
import { isAlreadyExists, isNotFound } from "../../runtime/rest/errors.js";
import type { ControllerDescriptor, InitResult } from "../controller/descriptors.js";
import type { ControllerContext } from "../controller/context.js";
import { NamespaceLoop } from "../serviceaccount/namespace-loop.js";

export const ROOT_CA_CERT_PUBLISHER_NAME = "root-ca-cert-publisher";
export const ROOT_CA_CONFIGMAP = "kube-root-ca.crt";

/** The CA clients trust: the kubeconfig's certificate authority (upstream: `--root-ca-file`). */
function rootCA(ctx: ControllerContext): string | undefined {
  const ca = ctx.restConfig.caData;
  if (ca === undefined) return undefined;
  return typeof ca === "string" ? ca : Buffer.from(ca).toString("utf8");
}

async function start(signal: AbortSignal, ctx: ControllerContext, name: string): Promise<InitResult> {
  const ca = rootCA(ctx);
  if (!ca) {
    ctx.log(`${ROOT_CA_CERT_PUBLISHER_NAME}: no CA in the kubeconfig; not starting`);
    return { enabled: false };
  }
  const client = ctx.clientBuilder.client(name);
  const cms = ctx.informerFactory.coreV1().configMaps();
  const lister = cms.lister();
  const loop = new NamespaceLoop({
    name: ROOT_CA_CERT_PUBLISHER_NAME,
    namespaces: ctx.informerFactory.coreV1().namespaces(),
    synced: [() => cms.informer().hasSynced()],
    onError: ctx.onError,
    log: ctx.log,
    async sync(ns) {
      let existing: ConfigMap | undefined;
      try {
        existing = lister.configMaps(ns).get(ROOT_CA_CONFIGMAP);
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      const api = client.coreV1().configMaps(ns);
      try {
        if (!existing) {
          await api.create({
            metadata: {
              name: ROOT_CA_CONFIGMAP,
              annotations: {
                "kubernetes.io/description":
                  "Contains a CA bundle that can be used to verify the kube-apiserver when using internal endpoints such as the internal service IP or kubernetes.default.svc. No other usage is guaranteed across distributions of Kubernetes clusters.",
              },
            },
            data: { "ca.crt": ca },
          });
        } else if (existing.data?.["ca.crt"] !== ca || Object.keys(existing.data ?? {}).length !== 1) {
          await api.update({ ...existing, data: { "ca.crt": ca } });
        }
      } catch (err) {
        if (isAlreadyExists(err) || isNotFound(err)) return;
        if ((err as { status?: { code?: number } }).status?.code === 403) return;
        throw err;
      }
    },
  });
  const requeue = (cm: ConfigMap): void => {
    if (cm.metadata?.name === ROOT_CA_CONFIGMAP && cm.metadata.namespace) loop.queue.add(cm.metadata.namespace);
  };
  cms.informer().addEventHandler({
    onUpdate: (_old, cm) => requeue(cm),
    onDelete: (obj) => requeue("obj" in obj ? obj.obj : obj),
  });
  const running = loop.run(1, signal).finally(() => client.restClient.close());
  return { enabled: true, running };
}

export function newRootCACertPublisherDescriptor(): ControllerDescriptor {
  return { name: ROOT_CA_CERT_PUBLISHER_NAME, initFunc: start };
}
