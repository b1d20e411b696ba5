import { Link } from 'react-router-dom';
import type { IeoAllocation, IeoProject } from '../../../domain/ieo-types';
import { ListGroup, ListRow } from '../../components/list';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import { useDateTime } from './ieo-hooks';

/** The project's figures and its three dates. */
export function ProjectFigures({ p }: { p: IeoProject }) {
  const { t } = useTranslation('ieo');
  const n = useNumbers();
  const at = useDateTime();
  return (
    <>
      <ListGroup>
        <ListRow label={t('fields.number')} value={p.number} />
        <ListRow label={t('fields.price')} value={`${n.digits(p.price)} ${p.quote}`} />
        <ListRow label={t('fields.total')} value={`${n.digits(p.total)} ${p.coin}`} />
        <ListRow label={t('fields.lot')} value={`${n.digits(p.lot)} ${p.coin}`} />
        <ListRow label={t('fields.lotCost')} value={`${n.exact(p.lotCost)} ${p.quote}`} />
        <ListRow label={t('fields.cap')} value={`${n.digits(p.cap)} ${p.quote}`} />
        <ListRow
          label={t('fields.committed')}
          value={`${n.fixed(p.committed, 2)} ${p.quote}`}
          testId="ieo-committed"
        />
        <ListRow label={t('fields.subscribers')} value={String(p.subscribers)} />
      </ListGroup>
      <ol className="ieo-steps" data-testid="ieo-steps">
        {(
          [
            ['preheatAt', p.preheatAt],
            ['opensAt', p.opensAt],
            ['closesAt', p.closesAt],
          ] as const
        ).map(([k, ms]) => (
          <li key={k} className="ieo-steps__item">
            <span className="ieo-steps__label">{t(`fields.${k}`)}</span>
            <span className="ieo-steps__time">{at(ms)}</span>
          </li>
        ))}
      </ol>
    </>
  );
}

/** The published allocation rule, with this project's lot and lot cost. */
export function RuleCard({ p }: { p: IeoProject }) {
  const { t } = useTranslation('ieo');
  const n = useNumbers();
  return (
    <section className="card ieo-rule" data-testid="ieo-rule">
      <h2 className="card__title">{t('rule.title')}</h2>
      <p>
        {t('rule.lots', { lot: n.digits(p.lot), coin: p.coin, cost: n.exact(p.lotCost), quote: p.quote })}
      </p>
      <p>{t('rule.under')}</p>
      <p>{t('rule.over')}</p>
      <p>{t('rule.rest')}</p>
    </section>
  );
}

/** After the end: the project's result and, when the user subscribed, their allocation. */
export function ResultCard({ p, mine }: { p: IeoProject; mine: IeoAllocation | null }) {
  const { t } = useTranslation('ieo');
  const n = useNumbers();
  const r = p.result;
  if (!r) {
    return (
      <section className="card" data-testid="ieo-result-pending">
        <h2 className="card__title">{t('result.title')}</h2>
        <p className="muted">{t('result.pending')}</p>
      </section>
    );
  }
  return (
    <section className="card ieo-result" data-testid="ieo-result">
      <h2 className="card__title">
        {t('result.title')}{' '}
        <span className="badge">
          {t(r.oversubscribed ? 'result.oversubscribed' : 'result.undersubscribed')}
        </span>
      </h2>
      <dl className="ieo-figures">
        <div>
          <dt>{t('result.allCommits')}</dt>
          <dd>
            {n.fixed(r.allCommits, 2)} {p.quote}
          </dd>
        </div>
        <div>
          <dt>{t('fields.subscribers')}</dt>
          <dd>{r.subscribers}</dd>
        </div>
        <div>
          <dt>{t('result.allocated')}</dt>
          <dd>
            {n.exact(r.allocated)} {p.coin}
          </dd>
        </div>
        <div>
          <dt>{t('result.remainder')}</dt>
          <dd>
            {n.exact(r.remainder)} {p.coin}
          </dd>
        </div>
      </dl>
      {mine && (
        <div className="ieo-mine" data-testid="ieo-my-allocation">
          <h3 className="ieo-mine__title">{t('result.mine')}</h3>
          <p className="ieo-mine__got">
            <strong data-testid="ieo-my-allocated">
              +{n.exact(mine.allocated)} {mine.coin}
            </strong>
          </p>
          <p className="muted">
            {t('log.cost')} {n.exact(mine.cost)} {mine.quote} · {t('log.refund')} {n.exact(mine.refund)}{' '}
            {mine.quote}
          </p>
          <Link className="link" to="/pages/ieo/log?view=allocations">
            {t('log.receipt')}
          </Link>
        </div>
      )}
    </section>
  );
}
