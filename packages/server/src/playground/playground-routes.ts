/**
 * The playground page (`@personalize/playground`'s build) at `/playground/`, under a strict
 * Content-Security-Policy: scripts from the page's own origin only (no inline script, no `eval`), and nothing
 * else the page does not need. Violations are reported to `/playground/csp-violations` and logged.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from '../app-env';
import { ERROR_MESSAGES, requestError } from '../errors/error-body';
import { jsonAnswer } from '../http/json-answer';
import { readStreamText } from '../http/read-stream-text';
import type { RequestLogger } from '../logging/request-log';

/** Where the page is served. */
export const PLAYGROUND_PATH = '/playground';
/** Where browsers report what the page's Content-Security-Policy blocked. */
export const CSP_REPORT_PATH = `${PLAYGROUND_PATH}/csp-violations`;

/** Largest violation report read; a browser's is well under 2 KiB. */
const MAX_REPORT_BYTES = 16 * 1024;
/** Longest text of a report field written to the log. */
const MAX_FIELD = 300;

/** The page's build (`dist/` of `@personalize/playground`), or `undefined` when it is not installed or built. */
export function playgroundDirectory(): string | undefined {
  let manifest: string;
  try {
    manifest = createRequire(import.meta.url).resolve('@personalize/playground/package.json');
  } catch {
    return undefined;
  }
  const directory = join(dirname(manifest), 'dist');
  return existsSync(join(directory, 'index.html')) ? directory : undefined;
}

/**
 * Serves the playground from `app` at `PLAYGROUND_PATH` when its build is there; says whether it is.
 *
 * @example
 * if (mountPlayground(app, logger)) console.log(`the playground: ${url}/playground/`);
 */
export function mountPlayground(app: Hono<AppEnv>, logger: RequestLogger): boolean {
  const directory = playgroundDirectory();
  if (directory !== undefined) app.route(PLAYGROUND_PATH, playgroundRoutes(directory, logger));
  return directory !== undefined;
}

/** A report field for the log: text, cut short; anything else left out. */
function field(report: Record<string, unknown>, name: string): string | undefined {
  const value = report[name];
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.slice(0, MAX_FIELD) : undefined;
}

/**
 * The page's routes, to mount at `PLAYGROUND_PATH`: its files from `directory`, every answer with the CSP, and
 * the violation reports, logged as warnings on `logger`.
 *
 * @example
 * app.route(PLAYGROUND_PATH, playgroundRoutes(directory, logger));
 */
export function playgroundRoutes(directory: string, logger: RequestLogger): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'none'"],
        scriptSrc: ["'self'"],
        workerSrc: ["'self'"],
        connectSrc: ["'self'"],
        styleSrc: ["'self'"],
        // The editor draws its lint marks with `data:` SVG images.
        imgSrc: ["'self'", 'data:'],
        baseUri: ["'none'"],
        formAction: ["'none'"],
        frameAncestors: ["'none'"],
        reportUri: CSP_REPORT_PATH,
      },
      xFrameOptions: 'DENY',
      // Served over plain HTTP on loopback as often as behind TLS: HSTS is for the operator's proxy to set.
      strictTransportSecurity: false,
    }),
  );

  routes.post('/csp-violations', async (c) => {
    const text = c.req.raw.body === null ? '' : await readStreamText(c.req.raw.body, MAX_REPORT_BYTES);
    let report: unknown;
    try {
      report =
        text === undefined ? undefined : (JSON.parse(text) as { 'csp-report'?: unknown })['csp-report'];
    } catch {
      report = undefined;
    }
    if (typeof report !== 'object' || report === null) {
      return jsonAnswer(
        c,
        requestError(ERROR_MESSAGES.invalid, [
          {
            target: 'body',
            message: `a report is a JSON object {"csp-report": {...}} of at most ${MAX_REPORT_BYTES} bytes`,
          },
        ]),
        400,
      );
    }
    const fields = report as Record<string, unknown>;
    logger.warn(
      {
        csp_violation: {
          directive: field(fields, 'effective-directive') ?? field(fields, 'violated-directive'),
          blocked: field(fields, 'blocked-uri'),
          source: field(fields, 'source-file'),
          line: field(fields, 'line-number'),
        },
      },
      'the playground page broke its Content-Security-Policy',
    );
    return c.body(null, 204);
  });

  routes.get(
    '*',
    async (c, next) => {
      // Relative asset URLs resolve against the directory: /playground must end with a slash.
      if (c.req.path === PLAYGROUND_PATH) return c.redirect(`${PLAYGROUND_PATH}/`, 308);
      await next();
      // Built assets carry a content hash in their names: they never change. The page itself may.
      if (c.res.status === 200) {
        const immutable = c.req.path.startsWith(`${PLAYGROUND_PATH}/assets/`);
        c.res.headers.set('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
    },
    serveStatic({ root: directory, rewriteRequestPath: (path) => path.slice(PLAYGROUND_PATH.length) }),
  );
  return routes;
}
