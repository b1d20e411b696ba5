import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Empty } from '../../../domain/endpoint-def';
import { fromUnits, toUnits } from '../../../domain';
import { AsOf } from '../../components/as-of';
import { ListGroup, ListRow } from '../../components/list';
import { LoadState } from '../../components/load-state';
import { Screen } from '../../components/screen';
import { useUser } from '../../core/contexts';
import { usePrivateData, usePublicRead } from '../../core/use-dated-read';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/ieo.css';
import { Countdown, PhaseBadge } from './countdown';
import { countdownOf, useReadUntilAllocated, useServerNow } from './ieo-hooks';
import { ProjectFigures, ResultCard, RuleCard } from './project-sections';
import { SubscribeForm } from './subscribe-form';

const NONE: Empty = {};

/** /pages/ieo/detail?id=…: the project, its rule, the subscription form while open, the result after. */
export function IeoDetailPage() {
  const { t } = useTranslation(['ieo', 'common']);
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const req = useMemo(() => ({ id }), [id]);
  const read = usePublicRead('ieo/project', req);
  const { user } = useUser();
  const mine = usePrivateData('ieo/mine', NONE, user?.id ?? null);
  const balances = usePrivateData('assets/balances', NONE, user?.id ?? null);
  const now = useServerNow(read.data?.serverTime, read.time);
  const p = read.data?.project ?? null;
  const [readAgain, mineAgain, balancesAgain] = [read.reload, mine.reload, balances.reload];
  const reload = useCallback(async () => {
    await Promise.all([readAgain(), mineAgain(), balancesAgain()]);
  }, [readAgain, mineAgain, balancesAgain]);
  const shown = useMemo(() => (p ? [p] : null), [p]);
  useReadUntilAllocated(shown, now, reload);
  if (!p) {
    return (
      <Screen onRefresh={read.reload}>
        <LoadState failed={read.failed} onRetry={() => void read.reload()} testId="ieo-detail" />
      </Screen>
    );
  }
  const terms = mine.data?.terms ?? null;
  const used = fromUnits(
    (mine.data?.commits ?? [])
      .filter((c) => c.projectId === p.id)
      .reduce((s, c) => s + toUnits(c.amount), 0n),
  );
  const line = balances.data?.find((b) => b.account === (terms?.account ?? 'spot') && b.coin === p.quote);
  const available = balances.data ? (line?.available ?? '0') : null;
  const allocation = mine.data?.allocations.find((a) => a.projectId === p.id) ?? null;
  const phase = countdownOf(p, now).phase;
  return (
    <Screen onRefresh={reload}>
      <AsOf time={read.time} testId="ieo-as-of" />
      <section className="card ieo-head" data-testid="ieo-head">
        <div className="ieo-card__head">
          <span className="ieo-card__coin">{p.coin}</span>
          <span className="ieo-card__name">{p.name}</span>
          <PhaseBadge project={p} now={now} />
        </div>
        <p className="muted">{p.coinName}</p>
        <Countdown project={p} now={now} />
      </section>
      {phase === 'subscribe' && (
        <SubscribeForm
          project={p}
          terms={terms}
          available={available}
          used={used}
          onDone={() => void reload()}
        />
      )}
      {phase === 'ended' && <ResultCard p={p} mine={allocation} />}
      <ProjectFigures p={p} />
      <RuleCard p={p} />
      {p.description && <p className="ieo-description">{p.description}</p>}
      <ListGroup>
        <ListRow
          icon="globe"
          label={t('links.title')}
          value={t('links.open')}
          to={`/pages/ieo/link?id=${p.id}`}
          testId="ieo-links"
        />
      </ListGroup>
    </Screen>
  );
}
