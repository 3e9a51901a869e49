/**
 * CPU time of processes from Linux /proc, in milliseconds: it barely moves when other work
 * competes for the CPUs, unlike wall time, so the benches put it beside their latencies. NaN
 * where /proc is missing.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";

/** Clock ticks per second, the unit of /proc's CPU times (USER_HZ; 100 where getconf fails). */
const CLOCK_TICKS = ((): number => {
  try {
    const n = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
    return n > 0 ? n : 100;
  } catch {
    return 100;
  }
})();

/** /proc/PID/stat's fields after the command's closing parenthesis (the name may hold spaces). */
function statFields(pid: number | "self"): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

/** Two fields' ticks, in ms. */
function ticksMs(fields: string[] | undefined, a: number, b: number): number {
  return fields ? ((Number(fields[a]) + Number(fields[b])) * 1000) / CLOCK_TICKS : Number.NaN;
}

/** User + system CPU a process has used so far (utime and stime). */
export function processCpuMs(pid: number | undefined): number {
  return pid === undefined ? Number.NaN : ticksMs(statFields(pid), 11, 12);
}

/**
 * User + system CPU of a process's main thread alone (its thread id is the process id): the rest
 * of processCpuMs is its other threads', V8's compiler and GC helpers and the libuv pool.
 */
export function mainThreadCpuMs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8");
    return ticksMs(stat.slice(stat.lastIndexOf(")") + 2).split(" "), 11, 12);
  } catch {
    return Number.NaN;
  }
}

/** User + system CPU of this process's waited-for children (cutime and cstime). */
export function childrenCpuMs(): number {
  return ticksMs(statFields("self"), 13, 14);
}

/** This process's own user + system CPU. */
export function selfCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/**
 * CPU time the whole machine left idle so far (idle + iowait, every CPU), in ms: what other
 * processes did not use, so a bench's processes could have had it. NaN where /proc is missing.
 */
export function machineIdleMs(): number {
  try {
    const cpu = fs.readFileSync("/proc/stat", "utf8").split("\n", 1)[0]!.trim().split(/\s+/);
    return ((Number(cpu[4]) + Number(cpu[5])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}

/**
 * How long a process's main thread has waited, runnable, for a CPU so far (Linux schedstat's
 * run-queue time), in ms: time a request spends queued behind other processes on a shared
 * machine, which no change to the process can remove. NaN where schedstat is missing.
 */
export function runQueueWaitMs(pid: number | "self" | undefined): number {
  if (pid === undefined) return Number.NaN;
  const id = pid === "self" ? process.pid : pid;
  try {
    return Number(fs.readFileSync(`/proc/${id}/task/${id}/schedstat`, "latin1").split(" ")[1]) / 1e6;
  } catch {
    return Number.NaN;
  }
}
