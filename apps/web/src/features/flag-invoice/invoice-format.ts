/** How flag invoice shows money, days and a ticket's products. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandidateTicket } from '@dispatch/domain/invoicing/invoice-schemas';
import { isUnitId, unitAbbreviation } from '@dispatch/domain/units';
import { formatDate } from '@dispatch/domain/dates/date-format';

export function useMoney(): (value: number | undefined) => string {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const format = new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return (value: number | undefined) => (value === undefined ? '' : format.format(value));
  }, [i18n.language]);
}

/** A local calendar day `days` from today, as YYYY-MM-DD. */
export function dayFromToday(days = 0, today = new Date()): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return formatDate(day, 'YYYY-MM-DD');
}

/** "9.5 yd 3000 PSI, 1 ea Environmental fee". */
export function productsText(ticket: CandidateTicket): string {
  return ticket.lines
    .map((line) => {
      const unit =
        line.unitOfMeasure !== null && isUnitId(line.unitOfMeasure)
          ? ` ${unitAbbreviation(line.unitOfMeasure)}`
          : '';
      return `${line.quantity}${unit} ${line.description}`;
    })
    .join(', ');
}
