import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import type { LeverLiveState } from '../../../worker/core-api';
import { Icon } from '../../components/icons';
import { Spinner } from '../../components/spinner';
import { useOnline } from '../../components/use-online';
import { usePrefs } from '../../core/contexts';
import { formatMs } from '../trade';
import { PositionCard } from './position-card';
import type { PositionActions } from './use-position-actions';

/**
 * Open positions (with close all / long only / short only) and entrusting orders, live. Renders what
 * the worker last knew at once, dated, while the list reloads.
 */
export function PositionsSection({
  state,
  actions,
  symbol,
  showLinks = true,
}: {
  state: LeverLiveState | null;
  actions: PositionActions;
  /** Only this market's positions, when set. */
  symbol?: string;
  showLinks?: boolean;
}) {
  const { t } = useTranslation('lever');
  const { lang } = usePrefs();
  const online = useOnline();
  if (!state) {
    return (
      <div className="state" data-testid="lever-loading">
        <Spinner size={24} />
        <p className="state__text">{t('positions.loading')}</p>
      </div>
    );
  }
  const mine = state.positions.filter((p) => !symbol || p.symbol === symbol);
  const open = mine.filter((p) => p.status === 'trading');
  const waiting = mine.filter((p) => p.status === 'entrusting');
  return (
    <section className="lever-positions" data-testid="lever-positions">
      <header className="lever-positions__head">
        <h2 className="section-title">
          {t('positions.title')} ({open.length})
        </h2>
        {showLinks && (
          <Link className="entrust-link" to="/pages/lever/orderList" data-testid="lever-all-orders">
            <span>{t('positions.all')}</span>
            <Icon name="chevron" size={16} />
          </Link>
        )}
      </header>
      {state.loadedAt !== null && (
        // From the device (a failed reload keeps the last list): the time tells how old it is.
        <p className="note" data-testid="positions-as-of" data-source={state.error ? 'cache' : 'live'}>
          {t('positions.loadedAt', { time: formatMs(state.loadedAt, lang) })}
        </p>
      )}
      {open.length > 0 && (
        <div className="lever-batch" role="group">
          {(['all', 'long', 'short'] as const).map((scope) => (
            <button
              key={scope}
              type="button"
              className="btn btn--secondary btn--small"
              disabled={state.totals[scope].count === 0 || !online}
              onClick={() => actions.closeBatch(scope)}
              data-testid={`lever-close-${scope}`}
            >
              {t(
                scope === 'all'
                  ? 'positions.closeAll'
                  : scope === 'long'
                    ? 'positions.closeLong'
                    : 'positions.closeShort',
              )}
            </button>
          ))}
        </div>
      )}
      {open.length === 0 ? (
        <p className="state__text lever-empty">{t('positions.empty')}</p>
      ) : (
        open.map((p) => <PositionCard key={p.id} p={p} actions={actions} />)
      )}
      {waiting.length > 0 && (
        <>
          <h2 className="section-title">{t('positions.entrusting')}</h2>
          {waiting.map((p) => (
            <PositionCard key={p.id} p={p} actions={actions} />
          ))}
        </>
      )}
    </section>
  );
}
