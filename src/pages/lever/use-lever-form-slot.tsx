import { Suspense, useCallback, type ReactNode } from 'react';
import type { LeverPairTerms, LeverSide, LeverTerms } from '../../../domain/lever';
import type { PairInfo } from '../../../domain/market';
import { useWantedAfterPaint } from '../../core/deferred-component';
import type { FormPrices } from '../trade';
import { lazyLeverForm } from './lazy-lever-form';
import { LeverFormFrame } from './lever-form-frame';

/** What {@link useLeverFormSlot} draws the open form (or its frame) with. */
export interface LeverFormSlot {
  pair: PairInfo | null;
  pairTerms: LeverPairTerms | null;
  terms: LeverTerms | null;
  side: LeverSide;
  onSide(side: LeverSide): void;
  /** The mark of the user's open position in this market, if any; else the last trade is the mark. */
  positionMark: string | null;
  /** Available lever balance of the margin coin; null while unknown or signed out. */
  available: string | null;
  picked: { price: string; n: number } | null;
  onOpened(): void;
}

/**
 * Draws the open form beside the book, given the moving prices. The form renders again for its own
 * inputs and for the mark, never for a book update: the book streams several times a second, and on
 * a slow phone each whole-page render was a long task. Its first render waits for the page's first
 * paint (its frame stands in until then).
 */
export function useLeverFormSlot(slot: LeverFormSlot): (live: FormPrices) => ReactNode {
  const { pair, pairTerms, terms, side, onSide, positionMark, available, picked, onOpened } = slot;
  // The form's code is fetched once its frame has painted: the frame (drawn with the terms) is the
  // page's largest paint, and the form's 20 KB no longer share the link with it.
  const formWanted = useWantedAfterPaint(lazyLeverForm, Boolean(pair && pairTerms && terms));
  return useCallback(
    ({ last }: FormPrices) => {
      if (!pair || !pairTerms || !terms) return null;
      const mark = positionMark ?? last;
      const frame = (
        <LeverFormFrame
          pair={pair}
          pairTerms={pairTerms}
          side={side}
          onSide={onSide}
          mark={mark}
          available={available}
        />
      );
      return (
        <Suspense fallback={frame}>
          {formWanted ? (
            <lazyLeverForm.Component
              pair={pair}
              pairTerms={pairTerms}
              terms={terms}
              side={side}
              onSide={onSide}
              mark={mark}
              available={available}
              picked={picked}
              onOpened={onOpened}
            />
          ) : (
            frame
          )}
        </Suspense>
      );
    },
    [pair, pairTerms, terms, side, onSide, available, picked, onOpened, formWanted, positionMark],
  );
}
