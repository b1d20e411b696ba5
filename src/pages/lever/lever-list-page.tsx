import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router-dom';
import { Icon } from '../../components/icons';
import { Screen } from '../../components/screen';
import { RequireUser } from '../../components/require-user';
import { PositionsSection } from './positions-section';
import { useLeverLive } from './use-lever';
import { usePositionActions } from './use-position-actions';
import './lever.css';

/** /pages/lever/leverList: current positions and entrusting orders, live. */
export function LeverListPage() {
  const { t } = useTranslation('lever');
  const live = useLeverLive();
  const { actions, dialogs } = usePositionActions(live.state, live.reload);
  const right = (
    <Link className="icon-btn" to="/pages/lever/lever" aria-label={t('account.trade')}>
      <Icon name="chart" />
    </Link>
  );
  return (
    <Screen onRefresh={live.reload} right={right} backTo="/pages/lever/lever">
      <RequireUser>
        {() => (
          <>
            <PositionsSection state={live.state} actions={actions} />
            {dialogs}
          </>
        )}
      </RequireUser>
    </Screen>
  );
}
