import { useEffect, useState } from 'react';
import { formatDate } from '@dispatch/domain/dates/date-format';

const today = (): string => formatDate(new Date(), 'YYYY-MM-DD');

/** Minutes are enough: the day only has to turn over soon after midnight. */
const checkEveryMs = 30_000;

/**
 * Today as YYYY-MM-DD on this computer's clock, the day the dispatcher reads on the wall. A
 * dashboard left open overnight moves to the new day by itself.
 */
export function useBusinessDay(): string {
  const [day, setDay] = useState(today);
  useEffect(() => {
    const timer = setInterval(() => setDay(today()), checkEveryMs);
    return () => clearInterval(timer);
  }, []);
  return day;
}
