import { defineConfig } from "vitest/config";

/**
 * Test tiers. `unit` runs in-process only: no HTTP server on a port, no etcd, no child process,
 * no external tool (kubectl, protoc, python3-kubernetes, chromium); `npm run test:unit`.
 * `system` is everything else (and the exhaustive sweeps). `npm test` runs both projects, i.e.
 * every test once.
 */
const SYSTEM_DIRS = [
  "test/e2e/**",
  "test/integration/**",
  "test/compat/**",
  "test/examples/**",
  "test/packages/**",
  "test/framework/**",
  "test/apiserver/fuzz/**",
  "test/apiserver/workers/**",
];

/**
 * Exhaustive sweeps: in-process, but minutes of CPU (every generated kind through property
 * tests, whole-API generator runs); the full run has them, the fast tier does not.
 */
const SWEEP_FILES = [
  "test/generated/protobuf.roundtrip.test.ts",
  "test/generated/roundtrip.property.test.ts",
  "test/generated/deepcopy.property.test.ts",
  "test/generator/incremental.test.ts",
  "test/generator/formatted.test.ts",
  "test/generator/generate-cache.test.ts",
];

/**
 * Tests outside those folders that start a server on a port (the in-process test harnesses listen on
 * loopback too), etcd, a child process or an external tool; test/support/in-process-only.ts fails a
 * unit test that does either.
 */
const SYSTEM_FILES = [
  "test/apiserver/admission/admission-caches.test.ts",
  "test/apiserver/admission/builtin-plugins.test.ts",
  "test/apiserver/admission/node-restriction-server.test.ts",
  "test/apiserver/auth/node-authorizer-server.test.ts",
  "test/apiserver/admission/upstream-default-plugins.test.ts",
  "test/apiserver/admission/policy-param-authorization.test.ts",
  "test/apiserver/admission/quota-limits-upstream.test.ts",
  "test/apiserver/admission/vap.test.ts",
  "test/apiserver/admission/webhooks.test.ts",
  "test/apiserver/admission/write-objects.test.ts",
  "test/apiserver/allocation/dual-stack-server.test.ts",
  "test/apiserver/allocation/etcd.test.ts",
  "test/apiserver/allocation/service-store.test.ts",
  "test/apiserver/apiextensions/behaviour.test.ts",
  "test/apiserver/apiextensions/serving.test.ts",
  "test/apiserver/auth/audit-events.test.ts",
  "test/apiserver/auth/token-request.test.ts",
  "test/apiserver/cel/conversion.test.ts",
  "test/apiserver/cel/crd-rules.test.ts",
  "test/apiserver/cel/deprecation.test.ts",
  "test/apiserver/cel/printer-columns.test.ts",
  "test/apiserver/controlplane/apiserver-identity.test.ts",
  "test/apiserver/controlplane/control-plane.test.ts",
  "test/apiserver/controlplane/in-process-hooks.test.ts",
  "test/apiserver/controlplane/flowcontrol-bootstrap.test.ts",
  "test/apiserver/controlplane/lease-reconciler.test.ts",
  "test/apiserver/controlplane/loopback.test.ts",
  "test/apiserver/controlplane/startup-keys.test.ts",
  "test/apiserver/endpoints/discovery/discovery.test.ts",
  "test/apiserver/endpoints/duplicate-fields.test.ts",
  "test/apiserver/endpoints/endpoints.test.ts",
  "test/apiserver/endpoints/list-item-type-meta.test.ts",
  "test/apiserver/endpoints/openapi-v2-protobuf.test.ts",
  "test/apiserver/endpoints/patch-typing.test.ts",
  "test/apiserver/endpoints/request-body.test.ts",
  "test/apiserver/endpoints/table/table.test.ts",
  "test/apiserver/endpoints/watch-stream.test.ts",
  "test/apiserver/registry/apply/basics.test.ts",
  "test/apiserver/registry/apply/compiled-in-group.test.ts",
  "test/apiserver/registry/apply/custom-resources.test.ts",
  "test/apiserver/registry/apply/decoding.test.ts",
  "test/apiserver/registry/builtin-storages.test.ts",
  "test/apiserver/registry/cacher-bookmarks.test.ts",
  "test/apiserver/registry/cacher-consistency.test.ts",
  "test/apiserver/registry/cacher-listwatch.test.ts",
  "test/apiserver/registry/cacher-paging.test.ts",
  "test/apiserver/registry/cacher-reflector.test.ts",
  "test/apiserver/registry/compiled-cel.test.ts",
  "test/apiserver/registry/compiled-json.test.ts",
  "test/apiserver/registry/compiled-schema.test.ts",
  "test/apiserver/registry/patch.test.ts",
  "test/apiserver/registry/strategies.test.ts",
  "test/apiserver/registry/validation.test.ts",
  "test/apiserver/server/admission-reads.test.ts",
  "test/apiserver/server/event-ttl-live.test.ts",
  "test/apiserver/server/filters.test.ts",
  "test/apiserver/server/http-fuzz.test.ts",
  "test/apiserver/server/http-robustness.test.ts",
  "test/apiserver/server/request-metrics.test.ts",
  "test/apiserver/server/serving.test.ts",
  "test/apiserver/server/storage-health.test.ts",
  "test/apiserver/server/x509.test.ts",
  "test/apiserver/storage/encryption.test.ts",
  "test/apiserver/storage/etcd-client.test.ts",
  "test/apiserver/storage/etcd.test.ts",
  "test/apiserver/storage/h2-session.test.ts",
  "test/apiserver/storage/sqlite-durability.test.ts",
  "test/cmd/generate.test.ts",
  "test/cmd/import.test.ts",
  "test/cmd/launcher-flags.test.ts",
  "test/cmd/proto.test.ts",
  "test/controllers/garbagecollector/gc-live.test.ts",
  "test/controllers/namespace-controller.test.ts",
  "test/controllers/pvc-protection.test.ts",
  "test/controllers/servicecidrs.test.ts",
  "test/generated/clientset.test.ts",
  "test/generator/code-cache.test.ts",
  "test/generator/docs-crds.test.ts",
  "test/generator/docs.test.ts",
  "test/generator/openapi.test.ts",
  "test/generator/protobuf-schema.test.ts",
  "test/generator/torture/apiserver-crd-rules.test.ts",
  "test/generator/torture/torture.test.ts",
  "test/runtime/discovery/discovery.test.ts",
  "test/runtime/discovery/dynamic-informer.test.ts",
  "test/runtime/gentype/resource-client.test.ts",
  "test/runtime/rest/auth.test.ts",
  "test/runtime/rest/client.test.ts",
  "test/runtime/rest/protobuf-scheme.test.ts",
  "test/runtime/rest/proxy.test.ts",
  "test/runtime/rest/watch.test.ts",
];

const shared = { testTimeout: 60_000, hookTimeout: 60_000, setupFiles: ["test/support/fast-check-seed.ts"] };

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: "unit",
          setupFiles: [...shared.setupFiles, "test/support/in-process-only.ts"],
          // One module graph per worker instead of one per file: re-importing the generated API
          // for every file was two thirds of the tier's CPU (55 s -> 19 s measured; no test mocks
          // modules). `--isolate` brings isolation back when a leak between files is suspected.
          isolate: false,
          include: ["test/**/*.test.ts"],
          exclude: ["test/fixtures/**", ...SYSTEM_DIRS, ...SYSTEM_FILES, ...SWEEP_FILES],
        },
      },
      { test: { ...shared, name: "system", include: [...SYSTEM_DIRS.map((d) => `${d}/*.test.ts`), ...SYSTEM_FILES, ...SWEEP_FILES] } },
    ],
  },
});
