/**
 * Background workers (the job queue, on which all background work runs, jobs/background.ts, and the
 * mail transport its mail jobs deliver through): each one says whether it runs and, where it has
 * one, how deep its backlog is and how old its oldest item. Readiness, metrics and shutdown read
 * this registry instead of knowing each worker; a new one only has to register itself.
 */
export interface Backlog {
  /** Items waiting. */
  depth: number;
  /** Age in seconds of the oldest waiting item (0 when none waits). */
  oldestAgeSeconds: number;
}

export interface BackgroundWorker {
  readonly name: string;
  /** Started and not stopped. */
  running(): boolean;
  /** Its backlog, where it keeps one. */
  backlog?(): Promise<Backlog>;
  /** Stops taking work and answers once the work in hand is finished. */
  stop(): Promise<void>;
}

export interface Workers {
  register(worker: BackgroundWorker): void;
  list(): readonly BackgroundWorker[];
  /** Names of registered workers that do not run. */
  stopped(): string[];
  /** Stops every worker, waiting for their work in hand. */
  stopAll(): Promise<void>;
}

export function createWorkers(): Workers {
  const workers: BackgroundWorker[] = [];
  return {
    register(worker) {
      workers.push(worker);
    },
    list: () => workers,
    stopped: () => workers.filter((w) => !w.running()).map((w) => w.name),
    async stopAll() {
      await Promise.allSettled(workers.map((w) => w.stop()));
    },
  };
}
