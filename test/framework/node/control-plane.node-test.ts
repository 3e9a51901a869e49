/**
 * The test control plane under Node's own test runner (run by control-plane.test.ts as
 * `node --import tsx --test`): started in `before`, stopped in `after`, as a user's suite would.
 */
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { after, before, test } from "node:test";
import { startControlPlane, type ControlPlane } from "../../../framework/testing/index.js";
import { Clientset } from "../../../examples/widget/generated/clientset/index.js";

let cp: ControlPlane;

before(async () => {
  cp = await startControlPlane({ crds: "examples/widget/generated/crds" });
});

after(async () => {
  await cp.stop();
  assert.equal(existsSync(cp.dataDir), false);
});

void test("serves the CRD's kind through the user's generated clientset", async () => {
  const widgets = new Clientset(cp.restConfig).widgetsV1().widgets("default");
  await widgets.create({ metadata: { name: "from-node-test" }, spec: { message: "hi" } });
  const list = await widgets.list();
  assert.deepEqual(
    list.items.map((w) => w.metadata?.name),
    ["from-node-test"],
  );
});
