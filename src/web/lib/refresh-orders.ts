/**
 * The manual refresh event (docs/product.md#live-updates): refetches every order list and order on screen.
 * Safe to call from first-paint code: the data layer is loaded on demand, and when it has not
 * loaded yet there is nothing on screen to refresh.
 */
export function refreshOrders(): Promise<void> {
  return import('./orders/order-cache').then((m) => m.refetchAllOrders());
}
