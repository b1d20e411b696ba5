import { NotAvailablePage } from '../shared/not-available-page';

/** Being built in this change; replaced by the real page before it lands. */
export function ChargePage() {
  return <NotAvailablePage />;
}
