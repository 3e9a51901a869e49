/** Node flags for the processes a bench spawns, from KUBEGEN_BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=DIR"). */
export function benchNodeArgs(): string[] {
  return process.env.KUBEGEN_BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
}
