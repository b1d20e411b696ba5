import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BookHarness, FAULTS, settle, type Fault } from './book-harness';

const fault = fc.constantFrom(...FAULTS);

describe('order book properties: random diff streams with random faults', () => {
  it('isolated faults: the book ends equal to the true book, with one resync per fault episode', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.array(
          fc.record({
            before: fc.integer({ min: 0, max: 8 }),
            fault: fc.option(fault, { nil: null }),
            pick: fc.nat(),
            after: fc.integer({ min: 1, max: 6 }),
          }),
          { maxLength: 12 },
        ),
        async (seed, episodes) => {
          const h = new BookHarness(seed).start();
          let expected = 0;
          for (const e of episodes) {
            h.clean(e.before);
            const injected = e.fault !== null && h.inject(e.fault, e.pick);
            if (injected && e.fault !== 'duplicate') expected++;
            // Clean diffs after every fault: a dropped last diff could not be noticed by anyone.
            h.clean(e.after);
            await settle();
          }
          expect(h.matches()).toBe(true);
          expect(h.fetched).toHaveLength(expected);
          expect(h.maxInFlight).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('overlapping faults (also during a resync): the book settles on the true book, never two fetches at once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer(),
        fc.array(
          fc.record({
            fault: fc.option(fault, { nil: null, freq: 2 }),
            pick: fc.nat(),
            clean: fc.integer({ min: 0, max: 3 }),
            // Whether the pending fetch is answered, and whether its answer is processed, here.
            answer: fc.boolean(),
            settle: fc.boolean(),
          }),
          { minLength: 1, maxLength: 25 },
        ),
        async (seed, steps) => {
          const h = new BookHarness(seed, { changes: [1, 20] }).start();
          h.hold = true;
          let harmful = false;
          for (const s of steps) {
            if (s.fault !== null && h.inject(s.fault, s.pick) && s.fault !== 'duplicate') harmful = true;
            h.clean(s.clean);
            if (s.answer) h.release();
            if (s.settle) await settle();
          }
          h.clean(1);
          // Let every resync run to its end.
          h.hold = false;
          for (let i = 0; i < 10 && (h.inFlight > 0 || h.book.status !== 'live'); i++) {
            h.release();
            await settle();
          }
          expect(h.matches()).toBe(true);
          expect(h.maxInFlight).toBeLessThanOrEqual(1);
          if (harmful) expect(h.fetched.length).toBeGreaterThanOrEqual(1);
          else expect(h.fetched).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a fault-free stream of 20-level diffs never fetches', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 60 }), (seed, n) => {
        const h = new BookHarness(seed, { changes: [20, 20] }).start();
        h.clean(n);
        return h.matches() && h.fetched.length === 0;
      }),
      { numRuns: 50 },
    );
  });
});

/** Keeps the Fault import used for readers of this file: these are the kinds the properties draw. */
export type DrawnFault = Fault;
