// Runs a controller with one worker against its informer factory; the returned function stops both.
interface Runnable {
  run(workers: number, signal: AbortSignal): Promise<void>;
}
interface Factory {
  start(signal: AbortSignal): void;
  shutdown(): Promise<void>;
}

export function runController(controller: Runnable, factory: Factory): () => Promise<void> {
  const ctl = new AbortController();
  const running = controller.run(1, ctl.signal);
  factory.start(ctl.signal);
  return async () => {
    ctl.abort();
    await running;
    await factory.shutdown();
  };
}
