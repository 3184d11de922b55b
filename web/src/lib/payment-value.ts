import { centsToDollars, dollarsToCents } from '#contract/money.ts';

/** CHECKOUT keeps the cart's total for the payment page (display only: the server prices orders). */
const PAYMENT_VALUE_KEY = 'paymentValue';

export const paymentValue = {
  set: (total: number) => sessionStorage.setItem(PAYMENT_VALUE_KEY, String(total)),
  get: (): number | undefined => {
    const value = Number(sessionStorage.getItem(PAYMENT_VALUE_KEY));
    return Number.isFinite(value) && value > 0 ? centsToDollars(dollarsToCents(value)) : undefined;
  },
  clear: () => sessionStorage.removeItem(PAYMENT_VALUE_KEY),
};
