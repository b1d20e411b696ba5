import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { LockmingPosition } from '../../../domain/lockming-types';
import { AsOf, NothingSaved } from '../../components/as-of';
import { CoinAmount } from '../../components/coin-amount';
import { RequireUser } from '../../components/require-user';
import { Screen } from '../../components/screen';
import { Spinner } from '../../components/spinner';
import { SummaryDialog } from '../../components/summary-dialog';
import { toast } from '../../components/toast';
import { useCatalogCoin } from '../../core/catalog-coins';
import { useCore } from '../../core/contexts';
import { useCall } from '../../core/use-call';
import { usePrivateData } from '../../core/use-dated-read';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import type { RedeemPreview } from '../../../worker/lockming';
import { PositionCard } from './position-card';
import './lockming.css';

type Tab = 'locking' | 'expired';
const TABS: readonly Tab[] = ['locking', 'expired'];

/** The redemption's statement: what comes back and what is forfeited, computed by the worker. */
function RedeemDialog({
  p,
  onDone,
  onCancel,
}: {
  p: LockmingPosition | null;
  onDone(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation('lockming');
  const { core } = useCore();
  const call = useCall();
  const decimals = useCatalogCoin(p?.coin ?? '')?.decimals ?? 8;
  // The worker's statement with the position it is for: none is shown for another position.
  const [answer, setAnswer] = useState<{ id: number; figures: RedeemPreview } | null>(null);
  const [busy, setBusy] = useState(false);
  const n = useNumbers();
  const figures = p && answer?.id === p.id ? answer.figures : null;
  useEffect(() => {
    if (!p) return;
    void core
      .previewRedeem({ kind: p.kind, amount: p.amount, interest: p.interest }, decimals)
      .then((f) => setAnswer({ id: p.id, figures: f }));
  }, [core, p, decimals]);
  if (!p) return null;
  const coin = (v: string | null | undefined) => <CoinAmount value={v} coin={p.coin} />;
  return (
    <SummaryDialog
      open
      title={t('redeem.title')}
      rows={[
        [t('fields.product'), p.name],
        [t('fields.amount'), coin(p.amount)],
        [t('fields.interest'), coin(p.interest)],
        ...(p.kind === 'lock'
          ? [[t('fields.forfeited'), coin(figures?.forfeited), 'forfeited'] as const]
          : []),
        [t('fields.returned'), coin(figures?.returned), 'returned'],
      ]}
      confirmLabel={t('redeem.confirm')}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => {
        setBusy(true);
        void call('lockming/redeem', { id: p.id }).then((out) => {
          setBusy(false);
          if (out.ok) toast.success(t('redeem.done'));
          onDone();
        });
      }}
      testId="lockming-redeem-confirm"
    >
      <p className="note" data-testid="lockming-redeem-note">
        {p.kind === 'lock'
          ? t('redeem.forfeitNote', {
              interest: figures ? n.exact(figures.forfeited) : '…',
              returned: figures ? n.exact(figures.returned) : '…',
              coin: p.coin,
            })
          : t('redeem.savingsNote', { returned: figures ? n.exact(figures.returned) : '…', coin: p.coin })}
      </p>
    </SummaryDialog>
  );
}

function Positions({ userId }: { userId: number }) {
  const { t } = useTranslation('lockming');
  const [tab, setTab] = useState<Tab>('locking');
  const [redeeming, setRedeeming] = useState<LockmingPosition | null>(null);
  const read = usePrivateData('lockming/positions', { status: tab }, userId);
  return (
    <>
      <div className="lockming-bar">
        <div className="segmented" role="tablist" aria-label={t('tabs.label')}>
          {TABS.map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={`segmented__item${tab === k ? ' segmented__item--active' : ''}`}
              onClick={() => setTab(k)}
              data-testid={`lockming-list-tab-${k}`}
            >
              {t(`list.${k}`)}
            </button>
          ))}
        </div>
        <Link className="btn btn--text" to="/pages/lockming/index">
          {t('products')}
        </Link>
      </div>
      <AsOf time={read.time} testId="lockming-list-as-of" />
      {read.data === null ? (
        read.failed ? (
          <NothingSaved testId="lockming-list-nothing-saved" onRetry={() => void read.reload()} />
        ) : (
          <div className="state">
            <Spinner size={24} />
          </div>
        )
      ) : read.data.length === 0 ? (
        <p className="muted center" data-testid="lockming-list-empty">
          {t('list.empty')}
        </p>
      ) : (
        <div className="lockming-list">
          {read.data.map((p) => (
            <PositionCard key={p.id} p={p} onRedeem={setRedeeming} />
          ))}
        </div>
      )}
      <RedeemDialog
        p={redeeming}
        onCancel={() => setRedeeming(null)}
        onDone={() => {
          setRedeeming(null);
          void read.reload();
        }}
      />
    </>
  );
}

/** /pages/lockming/list: the user's positions, locking and expired, with their receipts. */
export function LockmingListPage() {
  return <Screen>{<RequireUser>{(user) => <Positions userId={user.id} />}</RequireUser>}</Screen>;
}
