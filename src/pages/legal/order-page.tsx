import { Screen } from '../../components/screen';
import '../../styles/legal.css';
import { RequireUser } from '../../components/require-user';
import { OrderList } from './order-list';

/** /pages/legal/order: the caller's fiat orders. */
export function OrderPage() {
  return (
    <Screen backTo="/pages/legal/legal">
      <RequireUser>{() => <OrderList asMerchant={false} />}</RequireUser>
    </Screen>
  );
}

/** /pages/legal/storeOrder: the orders of the caller's shop, with the same filters. */
export function StoreOrderPage() {
  return (
    <Screen backTo="/pages/legal/store">
      <RequireUser>{() => <OrderList asMerchant />}</RequireUser>
    </Screen>
  );
}
