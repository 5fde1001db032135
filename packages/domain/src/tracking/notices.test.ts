import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../reports/report-period';
import { noticeRecipientsOf, noticeRunDue, orderNoticeSchema } from './notices';

describe('order notices (R-TRACK-10)', () => {
  it('runs the day-before notices from 14:00 and the day’s-end ones from 18:00', () => {
    expect(noticeRunDue('dayBefore', '13:59')).toBe(false);
    expect(noticeRunDue('dayBefore', '14:00')).toBe(true);
    expect(noticeRunDue('daysEnd', '17:30')).toBe(false);
    expect(noticeRunDue('daysEnd', '23:59')).toBe(true);
  });

  it('finds the next day across months and years', () => {
    expect(addCalendarDays('2026-03-10', 1)).toBe('2026-03-11');
    expect(addCalendarDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addCalendarDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('reads the order’s addresses, leaving out blanks, repeats and what is no address', () => {
    expect(noticeRecipientsOf(' Site@Acme.test, office@acme.test;site@acme.test,, nope ')).toEqual([
      'site@acme.test',
      'office@acme.test',
    ]);
    expect(noticeRecipientsOf(null)).toEqual([]);
  });

  it('lists a notice as the order shows it', () => {
    const notice = {
      id: 1,
      kind: 'dayBefore',
      day: '2026-03-11',
      status: 'kept',
      reason: 'No SMTP server is configured.',
      recipients: ['site@acme.test'],
      subject: 'Order 7',
      attachments: [],
      action: null,
      actedAt: null,
      createdAt: '2026-03-10T14:00:00.000Z',
      sentAt: null,
    };
    expect(orderNoticeSchema.parse(notice)).toEqual(notice);
    expect(orderNoticeSchema.safeParse({ ...notice, kind: 'weekly' }).success).toBe(false);
  });
});
