/**
 * `kubegen up`: the apiserver and the controller-manager in one process. The apiserver starts
 * first (with the apiserver's flags); the controller-manager then runs against the kubeconfig
 * the apiserver wrote. SIGTERM or SIGINT stops the controllers, then the apiserver.
 */
import path from "node:path";
import { Command } from "commander";
import {
  addAPIServerFlags,
  apiserverRunOptions,
  type APIServerFlags,
  startAPIServer,
  type StartedAPIServer,
  workersNote,
} from "./apiserver.js";
import { aggregationExtension } from "./aggregation-flags.js";
import { errorMessage } from "../runtime/logger.js";
import {
  addControllerManagerFlags,
  controllerManagerOptions,
  logError,
  logEvents,
  type ControllerManagerFlags,
} from "./controller-manager.js";
import { startServiceAccountKeyGeneration } from "../apiserver/auth/service-account-key-early.js";
import { addLoggingFlags, setupLogging, type LoggingFlags } from "./logging.js";

/** `onServing`: called once the apiserver serves, before the line that says so (KubegenOptions). */
export function upCommand(onServing?: () => void): Command {
  const cmd = new Command("up").description("run the apiserver and the controller-manager in one process (what `npm start` runs)");
  return addLoggingFlags(addControllerManagerFlags(addAPIServerFlags(cmd))).action(
    async (flags: APIServerFlags & ControllerManagerFlags & LoggingFlags) => {
      const logger = setupLogging(flags);
      // A first start's RSA key generates on the thread pool while the server's modules load.
      if (!flags.serviceAccountSigningKeyFile) startServiceAccountKeyGeneration(flags.dataDir);
      // The controller-manager's modules load once the apiserver serves: both share this thread,
      // so loading them first would only delay the apiserver's readiness.
      let running: StartedAPIServer;
      try {
        running = await startAPIServer({ ...apiserverRunOptions(flags), extensions: [await aggregationExtension(flags)], logger });
      } catch (err) {
        logger.error(`kubegen up: ${errorMessage(err)}`);
        process.exitCode = 1;
        return;
      }
      // performance.now() counts from process start: the figure is start-to-serving.
      const readyMs = Math.round(performance.now());
      onServing?.();
      console.log(
        `kubegen up: apiserver listening on ${running.url} (${flags.storageBackend}${workersNote(flags)}, ready ${readyMs} ms after process start)`,
      );
      const [{ ControllerManager }, { loadKubeconfig }] = await Promise.all([
        import("../controllers/controller-manager/controller-manager.js"),
        import("../runtime/rest/kubeconfig.js"),
      ]);
      let manager: InstanceType<typeof ControllerManager>;
      let stopping = false;
      const shutdown = (code: number, why: string): void => {
        if (stopping) process.exit(1);
        stopping = true;
        logger.info(`${why}: shutting down`);
        manager
          .stop()
          .catch(logError("kubegen up: stopping the controllers", logger))
          .then(() => running.stop())
          .then(
            () => process.exit(code),
            (err: unknown) => {
              logger.error(`kubegen up: shutdown failed: ${errorMessage(err)}`);
              process.exit(1);
            },
          );
      };
      try {
        manager = new ControllerManager({
          // Its own credential (system:kube-controller-manager and its roles), not the admin's.
          ...controllerManagerOptions(flags, loadKubeconfig({ path: running.controllerManagerKubeconfig })),
          log: logEvents(logger),
          onError: logError("kubegen up: controller-manager", logger),
          // As kube-controller-manager, losing the lease ends the process.
          onLeadershipLost: () => shutdown(1, "leaderelection lost"),
        });
      } catch (err) {
        logger.error(`kubegen up: ${errorMessage(err)}`);
        await running.stop();
        process.exitCode = 1;
        return;
      }
      void manager.start();
      const relative = path.relative(process.cwd(), running.kubeconfig);
      const kubeconfig = relative.startsWith("..") ? running.kubeconfig : relative;
      console.log(`kubegen up: controller-manager ${manager.identity} (${manager.enabled.join(", ") || "no controllers"})`);
      console.log(`point kubectl at it:\n  export KUBECONFIG=${kubeconfig}\n  kubectl get namespaces`);
      process.on("SIGTERM", () => shutdown(0, "SIGTERM"));
      process.on("SIGINT", () => shutdown(0, "SIGINT"));
    },
  );
}
