/**
 * The typed clients and informers the control plane's post-start hooks use over the loopback
 * client: only the group-versions they touch (core/v1, discovery/v1, networking/v1, scheduling/v1). The full
 * generated Clientset and SharedInformerFactory import every group's clients, informers and
 * listers (some 220 modules), which would cost the apiserver's start ~100 ms of module loading
 * for clients it never uses.
 */
import type { Namespace } from "../../api/core/v1/namespace.js";
import type { Service } from "../../api/core/v1/service.js";
import { scheme } from "../../generated/apis/register.js";
import type { ClientsetInterface } from "../../generated/clientset/clientset.js";
import { CoreV1Client } from "../../generated/clientset/typed/core/v1/core-v1-client.js";
import { DiscoveryV1Client } from "../../generated/clientset/typed/discovery/v1/discovery-v1-client.js";
import { NetworkingV1Client } from "../../generated/clientset/typed/networking/v1/networking-v1-client.js";
import { SchedulingV1Client } from "../../generated/clientset/typed/scheduling/v1/scheduling-v1-client.js";
import type { NamespaceInformer } from "../../generated/informers/core/v1/namespace.js";
import type { ServiceInformer } from "../../generated/informers/core/v1/service.js";
import { NamespaceListerImpl } from "../../generated/listers/core/v1/namespace.js";
import { ServiceListerImpl } from "../../generated/listers/core/v1/service.js";
import { gentype } from "../../runtime/index.js";
import { RestClient } from "../../runtime/rest/client.js";
import type { RestConfig } from "../../runtime/rest/config.js";
import { protobufObjectCodec } from "../../runtime/rest/protobuf-codec.js";

/** The part of a Clientset the hooks' controllers call (a FakeClientset in tests). */
export type ControlPlaneClient = Pick<ClientsetInterface, "coreV1" | "discoveryV1" | "networkingV1" | "schedulingV1">;

export type LoopbackClients = ControlPlaneClient & { readonly restClient: RestClient };

/** Clients over one REST client for `config`, protobuf on the wire as the Clientset's. */
export function loopbackClients(config: RestConfig): LoopbackClients {
  const restClient = new RestClient({ ...config, protobufCodec: config.protobufCodec ?? protobufObjectCodec(scheme) });
  const coreV1 = new CoreV1Client(restClient);
  const discoveryV1 = new DiscoveryV1Client(restClient);
  const networkingV1 = new NetworkingV1Client(restClient);
  const schedulingV1 = new SchedulingV1Client(restClient);
  return {
    restClient,
    coreV1: () => coreV1,
    discoveryV1: () => discoveryV1,
    networkingV1: () => networkingV1,
    schedulingV1: () => schedulingV1,
  };
}

/** A factory's shared informers for the two core/v1 types the hooks watch (the generated factory's keys and listers). */
export class LoopbackInformers extends gentype.SharedInformerFactoryBase {
  constructor(
    readonly clients: ControlPlaneClient,
    options: gentype.SharedInformerFactoryOptions = {},
  ) {
    super(options);
  }

  namespaces(): NamespaceInformer {
    const informer = (): ReturnType<NamespaceInformer["informer"]> =>
      this.informerFor<Namespace>("v1/Namespace", (o) => gentype.newInformer(this.clients.coreV1().namespaces(), "namespaces", o));
    return { informer, lister: () => new NamespaceListerImpl(informer().getIndexer()) };
  }

  services(): ServiceInformer {
    const informer = (): ReturnType<ServiceInformer["informer"]> =>
      this.informerFor<Service>("v1/Service", (o) => gentype.newInformer(this.clients.coreV1().services(o.namespace ?? ""), "services", o));
    return { informer, lister: () => new ServiceListerImpl(informer().getIndexer()) };
  }
}
