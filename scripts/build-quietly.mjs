/**
 * Builds what a root command needs (`node scripts/build-quietly.mjs @personalize/cli...`, a Turbo filter)
 * and prints nothing unless the build fails: then Turbo's output, which names the errors, goes to stderr.
 */
import { spawnSync } from 'node:child_process';

const [filter] = process.argv.slice(2);
const build = spawnSync('turbo', ['run', 'build', `--filter=${filter}`, '--output-logs=errors-only'], {
  encoding: 'utf8',
  // turbo is a .cmd file on Windows, which only a shell runs.
  shell: process.platform === 'win32',
});
if (build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
  process.stderr.write(`the build of ${filter} failed${build.error ? `: ${build.error.message}` : ''}\n`);
  process.exit(1);
}
