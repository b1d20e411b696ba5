import type { IeoProject } from '../../../domain/ieo-types';
import { useTranslation } from '../../i18n/use-translation';
import { clockOf, countdownOf } from './ieo-hooks';

/** The phase badge of a project at `now`. */
export function PhaseBadge({ project, now }: { project: IeoProject; now: number }) {
  const { t } = useTranslation('ieo');
  const { phase } = countdownOf(project, now);
  return (
    <span className={`badge ieo-phase ieo-phase--${phase}`} data-testid="ieo-phase" data-phase={phase}>
      {t(`phase.${phase}`)}
    </span>
  );
}

/** "Opens in 01:02:03", "Ends in 2d 00:10:00", or the end state (allocating, allocated). */
export function Countdown({ project, now }: { project: IeoProject; now: number }) {
  const { t } = useTranslation('ieo');
  const { phase, left } = countdownOf(project, now);
  if (phase === 'ended') {
    return (
      <p className="ieo-countdown ieo-countdown--ended" data-testid="ieo-countdown">
        {t(project.result ? 'countdown.allocated' : 'countdown.allocating')}
      </p>
    );
  }
  const { days, clock } = clockOf(left);
  return (
    <p className="ieo-countdown" data-testid="ieo-countdown">
      <span className="ieo-countdown__label">
        {t(phase === 'preheat' ? 'countdown.opensIn' : 'countdown.endsIn')}
      </span>
      <span className="ieo-countdown__clock mono" role="timer">
        {days > 0 && `${t('days', { days })} `}
        {clock}
      </span>
    </p>
  );
}
