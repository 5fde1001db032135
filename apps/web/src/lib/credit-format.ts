/** How the credit screens write money, days and dates: in the user's language, dollars signed. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type CreditFormat = {
  money(value: number | null | undefined): string;
  /** A YYYY-MM-DD day, as the language writes a short date. */
  day(value: string): string;
};

export function useCreditFormat(): CreditFormat {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
    const day = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
    return {
      money: (value) => (value === null || value === undefined ? '' : money.format(value)),
      day: (value) => (value ? day.format(new Date(`${value}T00:00:00Z`)) : ''),
    };
  }, [i18n.language]);
}
