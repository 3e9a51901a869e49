/** batch/v1 CronJobs: SetDefaults_CronJob, status reset, generation, schedule / time zone / job template validation. */
import { defaultCronJob } from "../../defaults/batch.js";
import { validateCronJob } from "../../validation/batch.js";
import { cronJobWarnings } from "../../validation/pod-warnings.js";
import { withWorkloadWarnings } from "../../validation/workload-warnings.js";
import { kindStatusStrategy, kindStrategy } from "../kind-strategy.js";

export const cronJobStrategy = withWorkloadWarnings(
  kindStrategy({
    kind: "CronJob",
    version: "v1",
    namespaced: true,
    hasStatus: true,
    defaults: defaultCronJob,
    validate: validateCronJob,
    warnings: cronJobWarnings,
  }),
  { nameWarning: true },
);

export const cronJobStatusStrategy = kindStatusStrategy();
