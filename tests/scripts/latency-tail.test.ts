import { describe, expect, it } from 'vitest';
import { describeTail } from '../../scripts/perf/lib/latency-tail';

describe('the latency tail of a benchmark run', () => {
  it('takes the run of a fast endpoint whole: 200,000 answers in 5 s', () => {
    const samples = Array.from({ length: 200_000 }, (_, index) => ({
      ms: (index % 1000) / 100,
      first: index < 50,
    }));
    const tail = describeTail(samples);
    expect(tail.max).toBe(10);
    expect(tail.firstRequests).toMatchObject({ count: 50, max: 0.5 });
  });
});
