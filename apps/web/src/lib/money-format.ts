/** Money as the screens show it: two decimals, in the browser's own number format (R-CONST-12). */
export const formatMoney = (value: number): string =>
  value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
