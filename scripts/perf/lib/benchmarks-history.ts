/**
 * docs/benchmarks.md is rewritten by every `npm run bench`, except its last section: the history of
 * earlier measurements and experiments, written by hand, which each run carries over as it was.
 */
export const HISTORY_HEADING = '## History';

/** The generated report followed by the history section of the previous report, if it had one. */
export function withKeptHistory(generated: string, previous: string | undefined): string {
  const start = previous ? historyStart(previous) : -1;
  if (start < 0 || !previous) return generated;
  return `${generated.trimEnd()}\n\n${previous.slice(start).trimEnd()}\n`;
}

function historyStart(document: string): number {
  if (document.startsWith(`${HISTORY_HEADING}\n`)) return 0;
  const at = document.indexOf(`\n${HISTORY_HEADING}\n`);
  return at < 0 ? -1 : at + 1;
}
