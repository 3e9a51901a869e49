/**
 * Pod's generated `bind` and `evict` against a real apiserver, in JSON and protobuf: bind sets
 * the pod's node once (a second bind is a Conflict), evict deletes the pod, and both answer a
 * missing pod with NotFound. The server answers both with a Status, as upstream's does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Clientset } from "../../generated/clientset/index.js";
import { MEDIA_TYPE_PROTOBUF } from "../../runtime/rest/index.js";
import { startRunningServer, type TestAPIServer } from "../support/running-server.js";

const NS = "default";

describe("Pod bind and evict over REST", () => {
  let server: TestAPIServer;
  let json: Clientset;
  let proto: Clientset;

  beforeAll(async () => {
    server = await startRunningServer();
    json = Clientset.fromKubeconfig({ path: server.running.kubeconfig });
    proto = Clientset.fromKubeconfig({ path: server.running.kubeconfig }, { contentType: MEDIA_TYPE_PROTOBUF });
    // The ServiceAccount admission wants the namespace's default account (no controllers run here).
    await json
      .coreV1()
      .serviceAccounts(NS)
      .create({ metadata: { name: "default" } });
  }, 60_000);
  afterAll(async () => {
    json?.restClient.close();
    proto?.restClient.close();
    await server?.stop();
  });

  it.each([
    ["JSON", () => json],
    ["protobuf", () => proto],
  ])("binds a pod to a node once and evicts it (%s)", async (wire, cs) => {
    const pods = cs().coreV1().pods(NS);
    const name = `bind-${wire.toLowerCase()}`;
    await pods.create({ metadata: { name }, spec: { containers: [{ name: "app", image: "app:1" }] } });

    await pods.bind(name, { metadata: { name }, target: { kind: "Node", name: "node-a" } });
    expect((await pods.get(name)).spec?.nodeName).toBe("node-a");
    await expect(pods.bind(name, { metadata: { name }, target: { kind: "Node", name: "node-b" } })).rejects.toMatchObject({
      status: { code: 409, reason: "Conflict" },
    });

    await pods.evict(name, { metadata: { name, namespace: NS } });
    const gone = await pods.get(name).then(
      (p) => p.metadata?.deletionTimestamp !== undefined,
      (err: { status?: { code?: number } }) => err.status?.code === 404,
    );
    expect(gone).toBe(true);

    await expect(
      pods.bind("no-such-pod", { metadata: { name: "no-such-pod" }, target: { kind: "Node", name: "n" } }),
    ).rejects.toMatchObject({
      status: { code: 404 },
    });
    await expect(pods.evict("no-such-pod", { metadata: { name: "no-such-pod" } })).rejects.toMatchObject({ status: { code: 404 } });
  });

  it("the legacy bindings resource takes the pod from the Binding's name", async () => {
    const pods = json.coreV1().pods(NS);
    await pods.create({ metadata: { name: "legacy" }, spec: { containers: [{ name: "app", image: "app:1" }] } });
    await json
      .coreV1()
      .bindings(NS)
      .create({ metadata: { name: "legacy" }, target: { kind: "Node", name: "node-c" } });
    expect((await pods.get("legacy")).spec?.nodeName).toBe("node-c");
  });
});
