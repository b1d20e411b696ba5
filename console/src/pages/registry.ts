// Every page of the console, in the navigation's order: add a page by adding its folder and one
// line here (see pages/page.ts).
import { appeals } from './appeals';
import { audit } from './audit';
import { bankDeposits } from './bank-deposits';
import { dashboard } from './dashboard';
import { house } from './house';
import { earn } from './earn';
import { ieo } from './ieo';
import { kyc } from './kyc';
import { listings } from './listings';
import { merchantApplications } from './merchant-applications';
import type { ConsolePage } from './page';
import { operators } from './operators';
import { p2pFreezes } from './p2p-freezes';
import { inbox } from './inbox';
import { live } from './live';
import { publish } from './publish';
import { tokens } from './tokens';
import { users } from './users';
import { withdrawals } from './withdrawals';

export const PAGES: readonly ConsolePage[] = [
  dashboard,
  kyc,
  bankDeposits,
  withdrawals,
  users,
  house,
  merchantApplications,
  appeals,
  p2pFreezes,
  listings,
  ieo,
  earn,
  inbox,
  publish,
  live,
  audit,
  operators,
  tokens,
];
