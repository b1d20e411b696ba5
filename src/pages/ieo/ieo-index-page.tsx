import { Link } from 'react-router-dom';
import type { IeoProject } from '../../../domain/ieo-types';
import { AsOf } from '../../components/as-of';
import { ListGroup, ListRow } from '../../components/list';
import { LoadState } from '../../components/load-state';
import { Screen } from '../../components/screen';
import { usePublicRead } from '../../core/use-dated-read';
import { useNumbers } from '../../i18n/use-numbers';
import { useTranslation } from '../../i18n/use-translation';
import '../../styles/ieo.css';
import { Countdown, PhaseBadge } from './countdown';
import { useReadUntilAllocated, useServerNow } from './ieo-hooks';

const NONE: Record<string, never> = {};

/** One project: number, phase, price, total, cap, progress and its countdown. */
function ProjectCard({ p, now }: { p: IeoProject; now: number }) {
  const { t } = useTranslation('ieo');
  const n = useNumbers();
  return (
    <Link className="card ieo-card" to={`/pages/ieo/detail?id=${p.id}`} data-testid="ieo-card" data-id={p.id}>
      <div className="ieo-card__head">
        <span className="ieo-card__coin">{p.coin}</span>
        <span className="ieo-card__name">{p.name}</span>
        <PhaseBadge project={p} now={now} />
      </div>
      <span className="ieo-card__number muted">{p.number}</span>
      <dl className="ieo-figures">
        <div>
          <dt>{t('fields.price')}</dt>
          <dd>
            {n.digits(p.price)} {p.quote}
          </dd>
        </div>
        <div>
          <dt>{t('fields.total')}</dt>
          <dd>
            {n.fixed(p.total, 0)} {p.coin}
          </dd>
        </div>
        <div>
          <dt>{t('fields.cap')}</dt>
          <dd>
            {n.digits(p.cap)} {p.quote}
          </dd>
        </div>
        <div>
          <dt>{t('fields.committed')}</dt>
          <dd>
            {n.fixed(p.committed, 2)} {p.quote}
          </dd>
        </div>
      </dl>
      <Countdown project={p} now={now} />
    </Link>
  );
}

/** /pages/ieo/index: the projects, newest first, with live countdowns against the server clock. */
export function IeoIndexPage() {
  const { t } = useTranslation('ieo');
  const read = usePublicRead('ieo/projects', NONE);
  const now = useServerNow(read.data?.serverTime, read.time);
  useReadUntilAllocated(read.data?.projects ?? null, now, read.reload);
  return (
    <Screen onRefresh={read.reload}>
      <p className="muted ieo-intro">{t('intro')}</p>
      <ListGroup>
        <ListRow icon="orders" label={t('myLog')} to="/pages/ieo/log" testId="ieo-my-log" />
      </ListGroup>
      <AsOf time={read.time} testId="ieo-as-of" />
      {read.data === null ? (
        <LoadState failed={read.failed} onRetry={() => void read.reload()} testId="ieo-list" />
      ) : read.data.projects.length === 0 ? (
        <p className="muted center" data-testid="ieo-empty">
          {t('empty')}
        </p>
      ) : (
        <div className="ieo-list" data-testid="ieo-list">
          {read.data.projects.map((p) => (
            <ProjectCard key={p.id} p={p} now={now} />
          ))}
        </div>
      )}
    </Screen>
  );
}
