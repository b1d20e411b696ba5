// Every page of the console, in the navigation's order: add a page by adding its folder and one
// line here (see pages/page.ts).
import { audit } from './audit';
import { bankDeposits } from './bank-deposits';
import { dashboard } from './dashboard';
import { inbox } from './inbox';
import { kyc } from './kyc';
import { live } from './live';
import type { ConsolePage } from './page';
import { operators } from './operators';
import { publish } from './publish';
import { tokens } from './tokens';
import { withdrawals } from './withdrawals';

export const PAGES: readonly ConsolePage[] = [
  dashboard,
  kyc,
  bankDeposits,
  withdrawals,
  inbox,
  publish,
  live,
  audit,
  operators,
  tokens,
];
