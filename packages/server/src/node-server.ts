/**
 * The stand-alone Node server: the app on `@hono/node-server`, and a stop that lets requests in flight
 * finish.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from './app-env';

/** A running server. */
export interface RunningServer {
  /** Where it listens (`http://127.0.0.1:3000`). */
  readonly url: string;
  /** The port it listens on (the one chosen by the system when 0 was asked for). */
  readonly port: number;
  /**
   * Stops accepting connections, lets the requests in flight finish, then resolves. Connections still open
   * after `graceMs` (default 10 s) are closed.
   */
  close(graceMs?: number): Promise<void>;
}

/** Options of `startServer`. */
export interface StartServerOptions {
  /** Port; `0` lets the system choose. Defaults to `3000`. */
  port?: number;
  /** Address to listen on. Defaults to `127.0.0.1` (this machine only). */
  host?: string;
  /** Time a client has to send a request's headers, in ms; then the connection is closed. Defaults to `10_000`. */
  headersTimeoutMs?: number;
  /** Time a client has to send a whole request, body included, in ms; then it gets 408. Defaults to `30_000`. */
  requestTimeoutMs?: number;
  /** Time an idle kept-alive connection stays open, in ms. Defaults to `5_000`. */
  keepAliveTimeoutMs?: number;
}

/** The defaults of the connection timeouts of `startServer`. */
export const SERVER_TIMEOUTS = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
});

/**
 * Serves the app over HTTP/1.1 with Node's `http` module.
 *
 * @example
 * const server = await startServer(createApp({ workspaces }), { port: 3000 });
 * process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
 */
export function startServer(app: Hono<AppEnv>, options: StartServerOptions = {}): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const requestTimeout = options.requestTimeoutMs ?? SERVER_TIMEOUTS.requestTimeoutMs;
    // Plain HTTP/1.1: `serve` makes a node:http server unless told to make an HTTP/2 one.
    const server = serve(
      {
        fetch: app.fetch,
        port: options.port ?? 3000,
        hostname: host,
        serverOptions: {
          // Node refuses headers given longer than the whole request.
          headersTimeout: Math.min(
            options.headersTimeoutMs ?? SERVER_TIMEOUTS.headersTimeoutMs,
            requestTimeout,
          ),
          requestTimeout,
          keepAliveTimeout: options.keepAliveTimeoutMs ?? SERVER_TIMEOUTS.keepAliveTimeoutMs,
          // Timeouts are checked this often (Node's default, 30 s, would let a slow client stay that much longer).
          connectionsCheckingInterval: 1_000,
        },
      },
      (info: AddressInfo) => {
        const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
        resolve({
          url: `http://${shownHost}:${info.port}`,
          port: info.port,
          close: (graceMs = 10_000) =>
            new Promise<void>((done) => {
              const force = setTimeout(() => server.closeAllConnections(), graceMs);
              force.unref();
              // close() stops accepting and waits for the requests in flight; idle keep-alive sockets go now.
              server.close(() => {
                clearTimeout(force);
                done();
              });
              server.closeIdleConnections();
            }),
        });
      },
    ) as Server;
    server.once('error', reject);
  });
}
