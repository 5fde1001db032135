/** How the inquiry screens show money, quantities, days and times, in the user's language. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';

export type InquiryFormat = {
  money(value: number | null | undefined): string;
  quantity(value: number | null | undefined, unit?: number | null): string;
  day(iso: string | null | undefined): string;
  time(iso: string | null | undefined): string;
  dateTime(iso: string | null | undefined): string;
  /** Date and time as a grid cell shows them: short. */
  shortDateTime(iso: string | null | undefined): string;
  /** A calendar day held as YYYY-MM-DD (an invoice's date), read as that day. */
  calendarDay(day: string): string;
};

export const unitText = (unit: number | null | undefined): string =>
  unit !== null && unit !== undefined && isUnitId(unit) ? unitAbbreviation(unit) : '';

export function useInquiryFormat(): InquiryFormat {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const language = i18n.language;
    const money = new Intl.NumberFormat(language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    const quantity = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
    const day = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });
    const time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' });
    const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const shortDateTime = new Intl.DateTimeFormat(language, {
      dateStyle: 'short',
      timeStyle: 'short',
    });
    const instant = (iso: string | null | undefined) => (iso ? new Date(iso) : undefined);
    return {
      money: (value) => (value === null || value === undefined ? '' : money.format(value)),
      quantity: (value, unit) =>
        value === null || value === undefined
          ? ''
          : [quantity.format(value), unitText(unit)].filter(Boolean).join(' '),
      day: (iso) => (iso ? day.format(instant(iso)) : ''),
      time: (iso) => (iso ? time.format(instant(iso)) : ''),
      dateTime: (iso) => (iso ? dateTime.format(instant(iso)) : ''),
      shortDateTime: (iso) => (iso ? shortDateTime.format(instant(iso)) : ''),
      calendarDay: (value) => {
        const [year = 0, month = 1, date = 1] = value.split('-').map(Number);
        return day.format(new Date(year, month - 1, date));
      },
    };
  }, [i18n.language]);
}
