import { describe, expect, it } from 'vitest';
import { withKeptHistory } from '../../scripts/perf/lib/benchmarks-history';

const GENERATED = '# Benchmarks\n\n## Bundle\n\n/login 185 KiB\n';

describe('the benchmark report rewritten by a run', () => {
  it('keeps the previous report’s history, word for word, after the new figures', () => {
    const previous =
      '# Benchmarks\n\n## Bundle\n\n/login 190 KiB\n\n## History\n\n### 2026-11-22\n\n**Fonts.** 0.61 → 0.68\n';

    expect(withKeptHistory(GENERATED, previous)).toBe(
      '# Benchmarks\n\n## Bundle\n\n/login 185 KiB\n\n## History\n\n### 2026-11-22\n\n**Fonts.** 0.61 → 0.68\n',
    );
  });

  it('writes the new figures alone when there was no report or no history', () => {
    expect(withKeptHistory(GENERATED, undefined)).toBe(GENERATED);
    expect(withKeptHistory(GENERATED, '# Benchmarks\n\n## Historyless\n')).toBe(GENERATED);
  });
});
