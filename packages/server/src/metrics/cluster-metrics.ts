/**
 * Metrics across the processes of `pnpm serve --workers`: any worker may answer `GET /metrics`, so it asks the
 * primary, which collects every worker's registry through prom-client's `AggregatorRegistry` and sums them.
 */
import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const REQUEST = 'personalize:metrics-request';
const ANSWER = 'personalize:metrics-answer';

/** A worker's request for the cluster's metrics, and the primary's answer. */
type MetricsMessage =
  | { readonly type: typeof REQUEST; readonly id: number }
  | { readonly type: typeof ANSWER; readonly id: number; readonly text?: string; readonly error?: string };

function isMessage<T extends MetricsMessage['type']>(
  message: unknown,
  type: T,
): message is Extract<MetricsMessage, { type: T }> {
  return typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;
}

/**
 * In the primary: answers the workers' requests for the cluster's metrics.
 *
 * @example
 * if (cluster.isPrimary) { serveClusterMetrics(); runClusterPrimary(options); }
 */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: unknown) => {
    if (!isMessage(message, REQUEST)) return;
    const answer = (fields: { text?: string; error?: string }) => {
      if (worker.isConnected()) worker.send({ type: ANSWER, id: message.id, ...fields });
    };
    aggregator.clusterMetrics().then(
      (text) => answer({ text }),
      (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

/** In a worker: hands `registry` to the primary's collection, and returns how to ask for the cluster's metrics. */
export function workerClusterMetrics(registry: Registry): () => Promise<string> {
  AggregatorRegistry.setRegistries(registry);
  // Constructing one in a worker is what makes prom-client answer the primary's collection.
  new AggregatorRegistry();
  const pending = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  process.on('message', (message: unknown) => {
    if (!isMessage(message, ANSWER)) return;
    const waiter = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined)
      waiter?.reject(new Error(`collecting the cluster's metrics: ${message.error}`));
    else waiter?.resolve(message.text ?? '');
  });
  return () =>
    new Promise((resolve, reject) => {
      if (process.send === undefined) return reject(new Error('this process is not a cluster worker'));
      const id = nextId++;
      pending.set(id, { resolve, reject });
      process.send({ type: REQUEST, id } satisfies MetricsMessage, undefined, undefined, (error) => {
        if (error === null) return;
        pending.delete(id);
        reject(new Error(`asking the primary for the cluster's metrics: ${error.message}`));
      });
    });
}
