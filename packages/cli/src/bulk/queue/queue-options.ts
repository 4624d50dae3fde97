/**
 * What the command line gives a queued run or a worker, checked before anything heavy is loaded: the Redis URL
 * (shown without its password) and the form of a run id. BullMQ and the Redis client load only when a command
 * uses the queue.
 */
import { CommandError } from '../../command-line/command-error';

/** A Redis to connect to. */
export interface RedisTarget {
  /** The URL as given. */
  readonly url: string;
  /** The URL as messages show it: any password replaced by `***`. */
  readonly shown: string;
}

/** How run ids look: they go into key names and job ids. */
export const RUN_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Checks a `--queue` value: a `redis://` or `rediss://` URL. */
export function parseRedisUrl(text: string, option: string, usage: string): RedisTarget {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new CommandError(
      `${option} must be a Redis URL such as redis://127.0.0.1:6379, got ${JSON.stringify(text)}\n\n${usage}`,
    );
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new CommandError(
      `${option} must be a redis:// or rediss:// URL, got ${url.protocol}//\n\n${usage}`,
    );
  }
  if (url.password !== '') url.password = '***';
  return { url: text, shown: url.toString() };
}
