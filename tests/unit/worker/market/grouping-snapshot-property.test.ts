// End to end from the server's depth feed to the rows the worker hands the UI: random books of
// every catalog pair, random batches of level changes published as the server publishes them, a
// watcher that switches step and row count at random; after every frame the rows shown must equal
// the grouped levels of the REST snapshot at that moment, computed here with decimal.js.
import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { channels, type DepthSnapshot, type PairInfo } from '../../../../domain';
import { bookSteps } from '../../../../domain/spot-math';
import { DEFAULT_CATALOG } from '../../../../server/market/catalog/defaults';
import { DepthFeed } from '../../../../server/market/data';
import type { BookViewOptions, BookViewSide } from '../../../../worker/market/grouping';
import { createMarketFeed } from '../../../../worker/market/market-feed';
import type { BookView } from '../../../../worker/market/types';
import { asRefRows, groupReference } from '../../../support/book-reference';
import { settle } from './book-harness';
import { clockTimers, fakeMarketSocket, manualFrames } from './feed-fakes';

const PAIRS = DEFAULT_CATALOG.pairs as readonly PairInfo[];

/** One batch of engine level events: side, distance from the middle in ticks, lots (0 removes). */
const batch = fc.array(
  fc.record({
    bid: fc.boolean(),
    away: fc.integer({ min: 1, max: 3_000 }),
    lots: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000_000 })),
  }),
  { minLength: 1, maxLength: 40 },
);

/** A view change: an index into the pair's steps (or a coarser one), a row count and a side. */
const view = fc.record({
  step: fc.integer({ min: 0, max: 4 }),
  rows: fc.oneof(fc.constantFrom(5, 10, 20), fc.integer({ min: 1, max: 100 })),
  side: fc.constantFrom<BookViewSide>('both', 'both', 'buy', 'sell'),
});

describe('grouped book rows equal the grouped REST snapshot, through every step and row count', () => {
  it('property', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAIRS),
        fc.integer({ min: 3_500, max: 50_000_000 }),
        fc.array(fc.tuple(batch, fc.option(view, { nil: null })), { minLength: 1, maxLength: 25 }),
        async (pair, mid, script) => {
          const depth = new DepthFeed({ pair, publish: (ch, data) => socket.push(ch, data) });
          const socket = fakeMarketSocket();
          const frames = manualFrames();
          const feed = createMarketFeed({
            socket,
            scheduler: frames,
            timers: clockTimers(),
            fetchSnapshot: async (): Promise<DepthSnapshot> => depth.snapshot(),
          });
          // Tick × 1, 10, 100 (the trade page), and × 1000 and 25 (coarser than many books).
          const steps = [
            ...bookSteps(pair.tickSize),
            ...[1000, 25].map((f) => new Decimal(pair.tickSize).mul(f).toFixed()),
          ];
          let options: BookViewOptions = { rows: 10, step: steps[1]!, side: 'both' };
          const views: BookView[] = [];
          const id = feed.watchBook(pair.symbol, options, (v) => views.push(v));
          // The server answers a subscription with its snapshot.
          socket.push(channels.depth(pair.symbol), depth.snapshot());
          for (const [events, change] of script) {
            for (const e of events) {
              const ticks = e.bid ? mid - e.away : mid + e.away;
              depth.level(e.bid ? 'buy' : 'sell', ticks, e.lots);
            }
            depth.flush();
            if (change) {
              options = { rows: change.rows, step: steps[change.step]!, side: change.side };
              feed.setBookView(id, options);
            }
            await settle();
            frames.frame();
            const v = views.at(-1)!;
            const rest = depth.snapshot();
            expect(v.seq).toBe(rest.seq);
            const want = {
              bids:
                options.side === 'sell' ? [] : groupReference(rest.bids, 'bid', options.step, options.rows),
              asks:
                options.side === 'buy' ? [] : groupReference(rest.asks, 'ask', options.step, options.rows),
            };
            expect({ bids: asRefRows(v.bids), asks: asRefRows(v.asks) }).toEqual(want);
            expect(v.bestBid).toBe(rest.bids[0]?.[0] ?? null);
            expect(v.bestAsk).toBe(rest.asks[0]?.[0] ?? null);
          }
          await feed.dispose();
        },
      ),
      { numRuns: 150 },
    );
    // 150 random books through the real feed: about 2 s alone, several times that on a loaded machine.
  }, 60_000);
});
