/**
 * The progress of a `bulk` run on a terminal (cli-progress on stderr): how much of the input is done, the rate in
 * lines per second (of the whole fleet, for a queued run) and the time left. Nothing is drawn when stderr is not
 * a terminal or the run is `--quiet`.
 */
import cliProgress from 'cli-progress';

/** A progress display. */
export interface Progress {
  /**
   * Records that the output of the input's first `bytes` bytes, `lines` lines, has been written; `workers` is how
   * many queue workers have rendered chunks so far (a queued run).
   */
  update(bytes: number, lines: number, workers?: number): void;
  /** Prints a line of text above the display (or alone when there is none). */
  note(text: string): void;
  /** Removes the display (at the end of the run, or when it fails). */
  stop(): void;
}

/** The display of a run with no bar: notes go to `stream` as they come. */
export function noProgress(stream: NodeJS.WritableStream): Progress {
  return { update: () => {}, note: (text) => void stream.write(`${text}\n`), stop: () => {} };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');

/**
 * A progress bar over `totalBytes` of input, drawn on `stream` when it is a terminal; a display that draws
 * nothing otherwise (or when `totalBytes` is unknown, as for standard input). `done` is what a resumed run had
 * already written: the rate counts only what this run writes.
 */
export function progressBar(
  totalBytes: number | undefined,
  stream: NodeJS.WriteStream,
  enabled: boolean,
  done: { bytes: number; lines: number } = { bytes: 0, lines: 0 },
): Progress {
  if (!enabled || !stream.isTTY || totalBytes === undefined || totalBytes === 0) return noProgress(stream);
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: '{bar} {percentage}% | {lines} lines | {rate} lines/s{fleet} | ETA {eta_formatted}',
      hideCursor: true,
      clearOnComplete: true,
      fps: 5,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = performance.now();
  bar.start(totalBytes, done.bytes, { lines: count(done.lines), rate: '-', fleet: '' });
  return {
    update(bytes, lines, workers) {
      const seconds = (performance.now() - started) / 1000;
      bar.update(bytes, {
        lines: count(lines),
        rate: seconds > 0 ? count((lines - done.lines) / seconds) : '-',
        fleet: workers === undefined ? '' : ` on ${workers} worker${workers === 1 ? '' : 's'}`,
      });
    },
    note(text) {
      // The bar is drawn again at its next update, below the note.
      stream.cursorTo(0);
      stream.clearLine(0);
      stream.write(`${text}\n`);
    },
    stop() {
      bar.stop();
    },
  };
}
