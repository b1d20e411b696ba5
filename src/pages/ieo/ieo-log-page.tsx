import { Link, useSearchParams } from 'react-router-dom';
import type { Empty } from '../../../domain/endpoint-def';
import type { IeoAllocation, IeoCommit } from '../../../domain/ieo-types';
import { AsOf, NothingSaved } from '../../components/as-of';
import { RequireUser } from '../../components/require-user';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { useUser } from '../../core/contexts';
import { usePrivateData } from '../../core/use-dated-read';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/ieo.css';
import { useDateTime } from './ieo-hooks';

const NONE: Empty = {};
type View = 'commits' | 'allocations';

function CommitRow({ c }: { c: IeoCommit }) {
  const { t } = useTranslation('ieo');
  const n = useNumbers();
  const at = useDateTime();
  return (
    <li className="card ieo-row" data-testid="ieo-commit">
      <div className="ieo-row__head">
        <Link className="ieo-row__name" to={`/pages/ieo/detail?id=${c.projectId}`}>
          {c.coin} · {c.projectName}
        </Link>
        <span className="muted">{at(c.committedAt)}</span>
      </div>
      <p className="ieo-row__line">
        <span>{t('log.amount')}</span>
        <strong>
          {n.exact(c.amount)} {c.quote}
        </strong>
      </p>
      <p className="muted ieo-row__tx">{t('log.tx', { id: c.ledgerTxId })}</p>
    </li>
  );
}

/** An allocation with its receipt: rule, inputs, what moved, the ledger transaction. */
function AllocationRow({ a }: { a: IeoAllocation }) {
  const { t } = useTranslation('ieo');
  const n = useNumbers();
  const at = useDateTime();
  const r = a.receipt;
  return (
    <li className="card ieo-row" data-testid="ieo-allocation">
      <div className="ieo-row__head">
        <Link className="ieo-row__name" to={`/pages/ieo/detail?id=${a.projectId}`}>
          {a.coin} · {a.projectName}
        </Link>
        <span className="muted">{at(a.allocatedAt)}</span>
      </div>
      <p className="ieo-row__line">
        <span>{t('log.allocated')}</span>
        <strong className="up" data-testid="ieo-allocation-amount">
          +{n.exact(a.allocated)} {a.coin}
        </strong>
      </p>
      <dl className="ieo-figures">
        <div>
          <dt>{t('log.committed')}</dt>
          <dd>
            {n.exact(a.committed)} {a.quote}
          </dd>
        </div>
        <div>
          <dt>{t('log.lots')}</dt>
          <dd>{a.lots}</dd>
        </div>
        <div>
          <dt>{t('log.cost')}</dt>
          <dd>
            {n.exact(a.cost)} {a.quote}
          </dd>
        </div>
        <div>
          <dt>{t('log.refund')}</dt>
          <dd>
            {n.exact(a.refund)} {a.quote}
          </dd>
        </div>
      </dl>
      <details className="ieo-receipt" data-testid="ieo-receipt">
        <summary>{t('log.receipt')}</summary>
        <p>{t('log.rule')}</p>
        <p>
          {t('log.inputs', {
            all: n.exact(r.inputs.allCommits),
            quote: a.quote,
            total: n.exact(r.inputs.total),
            lot: n.exact(r.inputs.lot),
            coin: a.coin,
          })}
        </p>
        <p className="mono">{t('log.tx', { id: r.ledgerTxId })}</p>
      </details>
    </li>
  );
}

function Log({ userId }: { userId: number }) {
  const { t } = useTranslation('ieo');
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'allocations' ? 'allocations' : 'commits';
  const read = usePrivateData('ieo/mine', NONE, userId);
  const items = read.data ? (view === 'commits' ? read.data.commits : read.data.allocations) : null;
  return (
    <>
      <div className="segmented ieo-tabs" role="tablist">
        {(['commits', 'allocations'] as const).map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            className={`segmented__item${view === v ? ' segmented__item--active' : ''}`}
            onClick={() => setParams(v === 'commits' ? {} : { view: v }, { replace: true })}
            data-testid={`ieo-tab-${v}`}
          >
            {t(`log.${v}`)}
          </button>
        ))}
      </div>
      <AsOf time={read.time} testId="ieo-log-as-of" />
      {items === null ? (
        read.failed ? (
          <NothingSaved testId="ieo-log-nothing" onRetry={() => void read.reload()} />
        ) : (
          <div className="state">
            <Spinner size={24} />
          </div>
        )
      ) : items.length === 0 ? (
        <p className="muted center" data-testid="ieo-log-empty">
          {t(view === 'commits' ? 'log.noCommits' : 'log.noAllocations')}
        </p>
      ) : (
        <ul className="ieo-rows">
          {view === 'commits'
            ? (items as IeoCommit[]).map((c) => <CommitRow key={c.id} c={c} />)
            : (items as IeoAllocation[]).map((a) => <AllocationRow key={a.projectId} a={a} />)}
        </ul>
      )}
    </>
  );
}

/** /pages/ieo/log: the user's subscriptions and allocations (with receipts). */
export function IeoLogPage() {
  const { user } = useUser();
  return <Screen>{<RequireUser>{() => <Log userId={user?.id ?? 0} />}</RequireUser>}</Screen>;
}
