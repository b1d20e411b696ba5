import { PositionsSection } from './positions-section';
import { useLeverLive } from './use-lever';
import { usePositionActions } from './use-position-actions';
import './lever.css';

/** Lever positions and entrusting orders on the CSD tab, beside the spot orders. */
export function EntrustLeverSection() {
  const live = useLeverLive();
  const { actions, dialogs } = usePositionActions(live.state, live.reload);
  return (
    <>
      <PositionsSection state={live.state} actions={actions} />
      {dialogs}
    </>
  );
}
