/**
 * Dates in questions (R-NLQ-7): calendar periods ("last week", "este mes", "en marzo") by rule,
 * explicit dates and ranges ("since March 3", "el 12 de marzo") by chrono-node, both relative to
 * the server's today. Weeks run Monday to Sunday; a month named alone is the latest one not in
 * the future.
 */
import * as chrono from 'chrono-node';
import type { NlqDateRange } from './nlq-query';

export type FoundDates = {
  readonly range: NlqDateRange;
  /** The question's text with the date words taken out. */
  readonly rest: string;
};

const monthNames: readonly (readonly string[])[] = [
  ['january', 'jan', 'enero'],
  ['february', 'feb', 'febrero'],
  ['march', 'mar', 'marzo'],
  ['april', 'apr', 'abril'],
  ['may', 'mayo'],
  ['june', 'jun', 'junio'],
  ['july', 'jul', 'julio'],
  ['august', 'aug', 'agosto'],
  ['september', 'sep', 'sept', 'septiembre', 'setiembre'],
  ['october', 'oct', 'octubre'],
  ['november', 'nov', 'noviembre'],
  ['december', 'dec', 'diciembre'],
];

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function dayOf(today: string, offset: number): Date {
  const [year = 1970, month = 1, day = 1] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + offset));
}

function range(from: Date, to: Date): NlqDateRange {
  return { from: isoDay(from), to: isoDay(to) };
}

function monthRange(year: number, monthIndex: number): NlqDateRange {
  return range(
    new Date(Date.UTC(year, monthIndex, 1)),
    new Date(Date.UTC(year, monthIndex + 1, 0)),
  );
}

/** Monday of the week `weeks` from today's. */
function weekRange(today: string, weeks: number): NlqDateRange {
  const date = dayOf(today, 0);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return range(dayOf(today, -sinceMonday + weeks * 7), dayOf(today, -sinceMonday + weeks * 7 + 6));
}

type Rule = { pattern: RegExp; range: (today: string, match: RegExpExecArray) => NlqDateRange };

const monthPattern = monthNames.flat().join('|');
const monthWord = new RegExp(`\\b(?:${monthPattern})\\b`);

/** Period phrases, tried in order; the first that matches wins. */
const rules: readonly Rule[] = [
  {
    pattern: /\b(?:last|past|previous|ultimos|ultimas|pasados|pasadas) (\d{1,3}) (?:days|dias)\b/,
    range: (today, match) => range(dayOf(today, -Number(match[1]) + 1), dayOf(today, 0)),
  },
  {
    pattern: /\b(?:today|hoy|so far today)\b/,
    range: (today) => range(dayOf(today, 0), dayOf(today, 0)),
  },
  {
    pattern: /\b(?:yesterday|ayer)\b/,
    range: (today) => range(dayOf(today, -1), dayOf(today, -1)),
  },
  {
    pattern: /\b(?:tomorrow|manana|pasado manana)\b/,
    range: (today) => range(dayOf(today, 1), dayOf(today, 1)),
  },
  {
    pattern:
      /\b(?:last week|previous week|past week|(?:la )?semana pasada|(?:la )?ultima semana)\b/,
    range: (today) => weekRange(today, -1),
  },
  {
    pattern: /\b(?:next week|(?:la )?proxima semana|(?:la )?semana que viene)\b/,
    range: (today) => weekRange(today, 1),
  },
  { pattern: /\b(?:this week|esta semana)\b/, range: (today) => weekRange(today, 0) },
  {
    pattern: /\b(?:last month|previous month|(?:el )?mes pasado|(?:el )?ultimo mes)\b/,
    range: (today) => {
      const date = dayOf(today, 0);
      return monthRange(date.getUTCFullYear(), date.getUTCMonth() - 1);
    },
  },
  {
    pattern: /\b(?:this month|este mes|month to date|(?:en )?lo que va del mes)\b/,
    range: (today) => {
      const date = dayOf(today, 0);
      return monthRange(date.getUTCFullYear(), date.getUTCMonth());
    },
  },
  {
    pattern: /\b(?:this year|este ano|year to date|(?:en )?lo que va del ano)\b/,
    range: (today) => {
      const year = dayOf(today, 0).getUTCFullYear();
      return range(new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year, 11, 31)));
    },
  },
  {
    pattern: /\b(?:last year|(?:el )?ano pasado)\b/,
    range: (today) => {
      const year = dayOf(today, 0).getUTCFullYear() - 1;
      return range(new Date(Date.UTC(year, 0, 1)), new Date(Date.UTC(year, 11, 31)));
    },
  },
  {
    // "in March", "en marzo de 2025", "during march": a month alone, not a day of it.
    pattern: new RegExp(
      `(?<!\\d )\\b(?:in|during|for|en|durante|de) (${monthPattern})(?: (?:de |del )?(\\d{4}))?\\b(?! \\d)`,
    ),
    range: (today, match) => {
      const monthIndex = monthNames.findIndex((names) => names.includes(match[1] ?? ''));
      const current = dayOf(today, 0);
      const explicitYear = match[2] ? Number(match[2]) : undefined;
      const year =
        explicitYear ??
        (monthIndex > current.getUTCMonth()
          ? current.getUTCFullYear() - 1
          : current.getUTCFullYear());
      return monthRange(year, monthIndex);
    },
  },
];

const sincePattern = /\b(?:since|after|from|desde(?: el)?|a partir del?(?: el)?)\s*$/;
const untilPattern = /\b(?:until|till|before|through|hasta(?: el)?|antes del?(?: el)?)\s*$/;

function cut(text: string, index: number, length: number): string {
  return `${text.slice(0, index)} ${text.slice(index + length)}`.replace(/\s+/g, ' ').trim();
}

/** Removes a cue word ("since", "desde") left before a cut date. */
function withoutCue(text: string, index: number): string {
  const before = text.slice(0, index);
  const cue = sincePattern.exec(before) ?? untilPattern.exec(before);
  return cue ? before.slice(0, cue.index) : before;
}

function chronoDates(text: string, today: string): FoundDates | null {
  const [year = 1970, month = 1, date = 1] = today.split('-').map(Number);
  // chrono reads and answers wall-clock dates in the process's zone; noon keeps the day.
  const instant = new Date(year, month - 1, date, 12);
  const results = [
    ...chrono.en.casual.parse(text, instant, { forwardDate: false }),
    ...chrono.es.casual.parse(text, instant, { forwardDate: false }),
  ]
    // A bare number ("top 10") is not a date, nor is "now": a day needs a month or a full date.
    .filter(
      (result) =>
        result.start.isCertain('month') && (/\d/.test(result.text) || monthWord.test(result.text)),
    )
    .sort((a, b) => a.index - b.index);
  const first = results[0];
  if (!first) return null;
  const day = (date: Date) =>
    isoDay(new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())));
  const start = day(first.start.date());
  const before = text.slice(0, first.index);
  const second = results.find((result) => result.index >= first.index + first.text.length);
  if (first.end) {
    const end = day(first.end.date());
    return {
      range: { from: start, to: end < start ? start : end },
      rest: withoutCue(text, first.index) + text.slice(first.index + first.text.length),
    };
  }
  if (
    second &&
    /^\s*(?:and|to|until|through|y|al|hasta|-)\s*$/.test(
      text.slice(first.index + first.text.length, second.index),
    )
  ) {
    const end = day(second.start.date());
    const rest = withoutCue(text, first.index) + text.slice(second.index + second.text.length);
    return { range: start <= end ? { from: start, to: end } : { from: end, to: start }, rest };
  }
  if (sincePattern.test(before)) {
    return {
      range: { from: start, to: today < start ? start : today },
      rest: withoutCue(text, first.index) + text.slice(first.index + first.text.length),
    };
  }
  if (untilPattern.test(before)) {
    return {
      range: { from: '2000-01-01', to: start },
      rest: withoutCue(text, first.index) + text.slice(first.index + first.text.length),
    };
  }
  return { range: { from: start, to: start }, rest: cut(text, first.index, first.text.length) };
}

/**
 * The date range a (normalised) question names, and the question without it; null when it
 * names none.
 */
export function findDateRange(text: string, today: string): FoundDates | null {
  for (const rule of rules) {
    const match = rule.pattern.exec(text);
    if (match) {
      return { range: rule.range(today, match), rest: cut(text, match.index, match[0].length) };
    }
  }
  const found = chronoDates(text, today);
  return found ? { range: found.range, rest: found.rest.replace(/\s+/g, ' ').trim() } : null;
}
