/** An apiserver over real stores in memory, with helpers to create CRDs and wait for them to be served. */
import { scheme } from "../../../generated/apis/register.js";
import { buildBuiltinStorages } from "../../../apiserver/registry/builtin.js";
import { MemoryStorage } from "../../../apiserver/storage/memory.js";
import { startTestServer, type Response, type TestServer } from "../server/harness.js";
import { CRD_PATH } from "../../support/crontab-crd.js";
import { eventually } from "../../support/wait.js";

export { CRD_PATH, cronTabCRD } from "../../support/crontab-crd.js";

export async function startCRDServer(): Promise<TestServer> {
  return startTestServer({ storages: buildBuiltinStorages(new MemoryStorage(), scheme) });
}

/** `fn()`'s first value that is neither undefined nor false (test/support/wait.ts's eventually). */
export function waitFor<T>(fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 5000): Promise<T> {
  return eventually("condition", async () => fn(), timeoutMs);
}

export const json = (body: unknown): { body: string; headers: Record<string, string> } => ({
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json" },
});

/** Creates a CRD and waits until it is Established and its first served version answers lists. */
export async function createEstablished(t: TestServer, crd: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await t.request("POST", CRD_PATH, json(crd));
  if (res.status !== 201) throw new Error(`creating the CRD: ${res.status} ${res.text}`);
  const name = (crd.metadata as { name: string }).name;
  const spec = crd.spec as { group: string; names: { plural: string }; scope: string; versions: { name: string; served: boolean }[] };
  const version = spec.versions.find((v) => v.served)!.name;
  await waitFor(async () => {
    const r = await t.request("GET", `/apis/${spec.group}/${version}/${spec.names.plural}`);
    return r.status === 200 ? true : undefined;
  });
  return (await t.request("GET", `${CRD_PATH}/${name}`)).json();
}

export function statusOf(res: Response): {
  code: number;
  reason: string;
  message: string;
  details?: { causes?: { field: string; message: string; reason: string }[] };
} {
  return res.json();
}
