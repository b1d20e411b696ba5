import { useCallback, useMemo, useState } from 'react';
import { tooManyDecimals } from '../../../domain/display';
import type { PairInfo } from '../../../domain/market';
import { qtyDecimals } from '../../../domain/market';
import { slippageFloor } from '../../../domain/sell-math';
import { DEFAULT_SLIPPAGE_PCT, parseSlippage, sellQtyProblem } from '../../../domain/sell-rules';
import type { SellQuote, SellRecord } from '../../../domain/sell-types';
import { toast } from '../../components/toast';
import { useCall } from '../../core/use-call';
import { errorMessage } from '../../i18n/i18n';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { secondsLeft } from './quote-card';
import { useTicking } from './use-sell-preview';

/** The quick-sell form: amount, slippage, the server's quote with its clock, the confirmation. */
export function useSellForm(pair: PairInfo | null, onSold: (r: SellRecord) => void) {
  const { t } = useTranslation('sell');
  const call = useCall();
  const n = useNumbers();
  const [text, setText] = useState('');
  const [slippageText, setSlippageText] = useState(DEFAULT_SLIPPAGE_PCT);
  // The quote with the server clock's offset, when it arrived, and the amount it was asked for.
  const [held, setQuote] = useState<
    (SellQuote & { offset: number; receivedAt: number; asked: string }) | null
  >(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  // The amount as a wire decimal, and why it cannot be sold (too many decimals named by count).
  const qty = n.parse(text) ?? '';
  // A quote is for one amount of one coin: a change of either leaves it behind.
  const quote = held && pair && held.symbol === pair.symbol && held.asked === qty ? held : null;
  const ticked = useTicking(250, quote !== null);
  const now = quote ? Math.max(ticked, quote.receivedAt) : ticked;
  const left = quote ? secondsLeft(quote, quote.offset, now) : 0;
  const qtyError = useMemo(() => {
    if (!pair || text.trim() === '') return null;
    if (!qty) return errorMessage('amountFormat');
    const over = tooManyDecimals(qty, qtyDecimals(pair));
    if (over !== null) return errorMessage('tooManyDecimals', { decimals: over });
    const problem = sellQtyProblem(qty, pair.lotSize);
    return problem ? errorMessage(problem) : null;
  }, [pair, text, qty]);
  const slippage = parseSlippage(slippageText);
  const bound =
    quote && slippage !== null && pair ? slippageFloor(quote.worstPrice, slippage, pair.tickSize) : null;

  const edit = useCallback((v: string) => {
    setText(v);
    setServerError(null);
  }, []);

  const getQuote = useCallback(async () => {
    if (!pair || !qty || qtyError) return;
    setBusy(true);
    const sentAt = Date.now();
    const out = await call('sell/quote', { coin: pair.base, qty }, { fields: ['qty'] });
    setBusy(false);
    if (out.ok) {
      // The server's clock against the device's, halfway through the round trip.
      const receivedAt = Date.now();
      const offset = out.data.serverTime - Math.round((sentAt + receivedAt) / 2);
      setQuote({ ...out.data, offset, receivedAt, asked: qty });
      setServerError(null);
    } else if (out.field === 'qty' && out.messageKey) {
      setServerError(errorMessage(out.messageKey));
    }
  }, [call, pair, qty, qtyError]);

  const confirm = useCallback(async () => {
    if (!quote || slippage === null) return;
    setBusy(true);
    const out = await call('sell/confirm', {
      quoteId: quote.id,
      slippage,
      ...(password && { tradePassword: password }),
    });
    setBusy(false);
    setConfirming(false);
    setPassword('');
    if (out.ok) {
      toast.success(t('confirm.done', { qty: n.exact(out.data.qty), coin: out.data.coin }));
      setQuote(null);
      setText('');
      onSold(out.data);
    } else if (out.messageKey === 'sellQuoteExpired' || out.messageKey === 'sellQuoteStale') {
      // The amount stays; the quote is gone: the card asks for a new one.
      setQuote(null);
    }
  }, [call, quote, slippage, password, t, n, onSold]);

  return {
    text,
    edit,
    qty,
    qtyError: qtyError ?? serverError,
    slippageText,
    setSlippageText,
    slippage,
    bound,
    quote,
    left,
    busy,
    // The dialog closes by itself when the quote runs out; the card offers a new one.
    confirming: confirming && quote !== null && left > 0,
    review: () => setConfirming(true),
    cancel: () => setConfirming(false),
    getQuote,
    confirm,
    password,
    setPassword,
  };
}
