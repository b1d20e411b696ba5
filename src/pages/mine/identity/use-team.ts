import type { TeamSummary } from '../../../../domain/identity-endpoints';
import { useKept } from './use-kept';

/** The invite page's team summary. */
export interface TeamState {
  summary: TeamSummary | null;
  /** When the shown summary was saved, while it is the device's copy. */
  savedAt: number | null;
  failed: boolean;
  reload(): Promise<void>;
}

/** `team/summary`, kept from the last visit until the live one arrives. */
export function useTeam(): TeamState {
  const { data, savedAt, failed, reload } = useKept('team/summary');
  return { summary: data, savedAt, failed, reload };
}
