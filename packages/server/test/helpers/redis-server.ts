/**
 * A real `redis-server` (Debian's package) for one test file: on a free loopback port, without persistence,
 * stopped in `afterAll`. It can be killed, paused and started again on the same port, to test outages.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A running (or deliberately stopped) `redis-server`. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>`. */
  readonly url: string;
  readonly port: number;
  /** The process id of the current `redis-server`. */
  pid(): number | undefined;
  /** SIGKILL, as a crash: the data is gone. Resolves once the process has exited. */
  kill(): Promise<void>;
  /** Starts `redis-server` again on the same port (after `kill`); resolves once it answers PING. */
  restart(): Promise<void>;
  /** SIGSTOP: the connections stay open and nothing answers. */
  pause(): void;
  /** SIGCONT after `pause`. */
  resume(): void;
  /** Stops it for good (the `afterAll` of the test file). */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** True when something on the port answers PING with PONG. */
function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString();
      if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
    });
  });
}

function spawnRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--protected-mode',
      'no',
    ],
    { stdio: 'ignore' },
  );
}

/** Waits for PONG; false when the process exited first (the port was taken) or after 10 s. */
async function answers(child: ChildProcess, port: number): Promise<boolean> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) return false;
    if (await pings(port)) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return false;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `redis-server` on a free port of 127.0.0.1 and waits until it answers PING.
 *
 * @example
 * let redis: RedisServer;
 * beforeAll(async () => { redis = await startRedisServer(); });
 * afterAll(() => redis.stop());
 */
export async function startRedisServer(): Promise<RedisServer> {
  // Another process may take the free port before redis-server binds it: try a few.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    let child = spawnRedis(port);
    if (!(await answers(child, port))) {
      child.kill('SIGKILL');
      await exited(child);
      continue;
    }
    const server: RedisServer = {
      url: `redis://127.0.0.1:${port}`,
      port,
      pid: () => child.pid,
      async kill() {
        child.kill('SIGKILL');
        await exited(child);
      },
      async restart() {
        child = spawnRedis(port);
        if (!(await answers(child, port)))
          throw new Error(`redis-server did not start again on port ${port}`);
      },
      pause: () => void child.kill('SIGSTOP'),
      resume: () => void child.kill('SIGCONT'),
      async stop() {
        // A paused process ignores SIGTERM until continued; SIGKILL always works.
        child.kill('SIGKILL');
        await exited(child);
      },
    };
    return server;
  }
  throw new Error('redis-server did not start: is it installed (Debian package redis-server)?');
}
