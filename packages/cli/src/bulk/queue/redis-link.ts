/**
 * The Redis that a queued `bulk` run and its workers share: the `--queue` URL checked and shown without its
 * password, a first connection that fails at once when Redis cannot be reached, and a watch that ends the
 * command when Redis stops answering for longer than it may wait. Nothing waits on Redis forever.
 */
import { Redis } from 'ioredis';
import { CommandError, EXIT, messageOf } from '../../command-line/command-error';
import type { RedisTarget } from './queue-options';

export type { RedisTarget } from './queue-options';

/** How long the first connection may take before the command gives up. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How often the watch asks Redis whether it is there. */
const PING_EVERY_MS = 1_000;

/** How long closing the queue's connections may take before the command stops waiting. */
export const CLOSE_TIMEOUT_MS = 2_000;

/** Waits for `work`, or `ms` milliseconds at most: whichever comes first. */
export async function settleWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([
    work.then(
      () => undefined,
      () => undefined,
    ),
    timeout,
  ]);
  clearTimeout(timer);
}

/**
 * Connects to Redis; a Redis that refuses, or does not answer within 5 s, is a `CommandError` naming it and why.
 * Once connected, the client reconnects by itself after an outage (the watch decides how long that may take).
 */
export async function connectRedis(target: RedisTarget): Promise<Redis> {
  let connected = false;
  let lastError: Error | undefined;
  const client = new Redis(target.url, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // BullMQ's blocking commands must wait through an outage rather than fail: the watch bounds the wait.
    maxRetriesPerRequest: null,
    retryStrategy: (times) => (connected ? Math.min(times * 200, 2_000) : null),
  });
  client.on('error', (error: Error) => {
    lastError = error;
  });
  try {
    await client.connect();
    await client.ping();
    connected = true;
    return client;
  } catch (error) {
    dropConnection(client);
    throw new CommandError(
      `Redis at ${target.shown} cannot be reached: ${messageOf(lastError ?? error)}`,
      EXIT.templateError,
    );
  }
}

/** Closes a client at once (no QUIT); one already closed is left alone, as ioredis would wait 2 s on it. */
export function dropConnection(client: Redis): void {
  if (client.status !== 'end') client.disconnect();
}

/** Ends the command when Redis has not answered a PING for `waitSeconds`. */
export class RedisWatch {
  /** Rejects with a `CommandError` once Redis has been silent too long; never resolves. */
  readonly lost: Promise<never>;
  private readonly timer: NodeJS.Timeout;

  constructor(client: Redis, target: RedisTarget, waitSeconds: number, what: string) {
    let lastAnswer = Date.now();
    let asking = false;
    let lastError: Error | undefined;
    const onError = (error: Error) => {
      lastError = error;
    };
    client.on('error', onError);
    let giveUp: (error: CommandError) => void = () => {};
    this.lost = new Promise<never>((_, reject) => {
      giveUp = reject;
    });
    // Nobody may be waiting on `lost` when it fails (a command that is closing): that is not an error.
    this.lost.catch(() => undefined);
    this.timer = setInterval(() => {
      const silent = (Date.now() - lastAnswer) / 1000;
      if (silent > waitSeconds) {
        this.stop();
        client.off('error', onError);
        const why = lastError === undefined ? 'no answer' : messageOf(lastError);
        giveUp(
          new CommandError(
            `Redis at ${target.shown} has not answered for ${Math.floor(silent)} s (${why}): ${what}`,
            EXIT.templateError,
          ),
        );
        return;
      }
      if (asking) return;
      asking = true;
      client.ping().then(
        () => {
          lastAnswer = Date.now();
          asking = false;
        },
        () => {
          asking = false;
        },
      );
    }, PING_EVERY_MS);
    this.timer.unref();
  }

  /** Stops watching. */
  stop(): void {
    clearInterval(this.timer);
  }
}
