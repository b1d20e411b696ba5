import type { ComponentType } from 'react';
import { StoreDetailPage } from './ad-form-page';
import { CollectMoneyPage } from './collect-money-page';
import { LegalPage } from './legal-page';
import { LegalTransferPage, StoreUserPage, TransactionRecordPage } from './legal-misc-pages';
import { OrderDetailPage } from './order-detail-page';
import { OrderPage, StoreOrderPage } from './order-page';
import { RecordListPage, StorePage } from './store-page';

/**
 * Every fiat page by its route name, in one chunk behind one dynamic import of the route table: the
 * table stays small in the shell, and moving between fiat pages on a weak network loads nothing more.
 */
export const LEGAL_PAGES: Readonly<Record<string, ComponentType>> = {
  legal: LegalPage,
  store: StorePage,
  storeUser: StoreUserPage,
  storeDetail: StoreDetailPage,
  transactionRecord: TransactionRecordPage,
  transfer: LegalTransferPage,
  storeOrder: StoreOrderPage,
  orderDetail: OrderDetailPage,
  order: OrderPage,
  recordlist: RecordListPage,
  collect_money: CollectMoneyPage,
};
