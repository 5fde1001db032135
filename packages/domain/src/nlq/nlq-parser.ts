/**
 * The question parser (R-NLQ-1, R-NLQ-2, R-NLQ-8): English or Spanish words in, a typed query out,
 * with no network and no model. Dates first (nlq-dates), then names of plants, customers, jobs,
 * products, trucks and drivers as the database spells them (exact, then fuzzy with fuse.js), then
 * the product's words (nlq-words). What it cannot place it reports, with close alternatives
 * ("Did you mean ...").
 */
import Fuse from 'fuse.js';
import {
  dimensionInView,
  isNlqListing,
  isPeriod,
  measureView,
  nlqDatedViews,
  nlqDefaultRows,
  nlqMaxDimensions,
  nlqMaxRows,
  type NlqDimension,
  type NlqEntityKind,
  type NlqFilterField,
  type NlqMeasure,
  type NlqView,
} from './nlq-catalogue';
import { findDateRange } from './nlq-dates';
import { nlqQuerySchema, type NlqDateRange, type NlqFilter, type NlqQuery } from './nlq-query';
import { foldNlqText, normaliseNlqText, nlqTokens } from './nlq-text';
import { nlqStopWords, nlqWords, type NlqWordMeaning } from './nlq-words';

/** One name from the database the parser may recognise. */
export type NlqEntity = {
  readonly kind: NlqEntityKind;
  readonly id: number;
  readonly name: string;
};

type IndexedEntity = NlqEntity & { readonly normal: string };

/** The names a question is matched against, indexed once (the server keeps one per database). */
export type NlqVocabulary = {
  readonly exact: ReadonlyMap<string, readonly IndexedEntity[]>;
  readonly fuse: Fuse<IndexedEntity>;
  readonly words: Fuse<string>;
  readonly longestName: number;
};

const wordPhrases = Object.keys(nlqWords);
const longestPhrase = Math.max(...wordPhrases.map((phrase) => phrase.split(' ').length));

export function createNlqVocabulary(entities: readonly NlqEntity[]): NlqVocabulary {
  const indexed = entities
    .map((entity) => ({ ...entity, normal: normaliseNlqText(entity.name) }))
    .filter((entity) => entity.normal !== '');
  const exact = new Map<string, IndexedEntity[]>();
  for (const entity of indexed) {
    const list = exact.get(entity.normal) ?? [];
    list.push(entity);
    exact.set(entity.normal, list);
  }
  return {
    exact,
    fuse: new Fuse(indexed, {
      keys: ['normal'],
      includeScore: true,
      ignoreLocation: true,
      ignoreFieldNorm: true,
      threshold: 0.6,
      minMatchCharLength: 2,
    }),
    words: new Fuse(wordPhrases, { includeScore: true, threshold: 0.4 }),
    longestName: Math.min(
      6,
      Math.max(1, ...indexed.map((entity) => entity.normal.split(' ').length)),
    ),
  };
}

export type NlqParseOptions = {
  /** The server's today, YYYY-MM-DD: "last week" and "this month" count from it. */
  readonly today: string;
  readonly vocabulary: NlqVocabulary;
};

export type NlqParseResult =
  | {
      readonly understood: true;
      readonly query: NlqQuery;
      /** Words the parser passed over, shown so the user knows what was not used. */
      readonly ignored: readonly string[];
      /** The question with a passed-over word read as the product's word it is closest to. */
      readonly suggestions: readonly string[];
    }
  | {
      readonly understood: false;
      /** What was missing: what to count, or a name nothing in the database is close to. */
      readonly reason: 'nothingToMeasure' | 'unknownName';
      /** The words not understood. */
      readonly unknown: readonly string[];
      /** Whole questions close to the one asked ("Did you mean ..."). */
      readonly suggestions: readonly string[];
    };

type Item =
  | { readonly type: 'word'; readonly meaning: NlqWordMeaning; readonly text: string }
  | { readonly type: 'entity'; readonly entity: NlqEntity; readonly text: string }
  | { readonly type: 'number'; readonly value: number; readonly text: string }
  | { readonly type: 'unknown'; readonly words: readonly string[]; readonly named: boolean };

/** Words after which an unknown word is taken for a name (of a customer, plant, job ...). */
const nameCues = new Set(['for', 'at', 'from', 'para', 'de', 'del', 'en', 'a', 'of']);

const entityNouns: Readonly<Partial<Record<NlqDimension, NlqEntityKind>>> = {
  customer: 'customer',
  plant: 'plant',
  product: 'product',
  job: 'job',
  truck: 'truck',
  driver: 'driver',
};

function exactEntity(
  vocabulary: NlqVocabulary,
  phrase: string,
  kind: NlqEntityKind | undefined,
): IndexedEntity | undefined {
  const found = vocabulary.exact.get(phrase);
  return found?.find((entity) => entity.kind === kind) ?? found?.[0];
}

function kindHint(items: readonly Item[]): NlqEntityKind | undefined {
  const last = items.at(-1);
  if (last?.type !== 'word' || last.meaning.role !== 'noun' || !last.meaning.dimension)
    return undefined;
  return entityNouns[last.meaning.dimension];
}

/** Splits the question into items: names, words of the product, numbers, and the rest. */
function scan(
  tokens: readonly string[],
  vocabulary: NlqVocabulary,
  capitalised: ReadonlySet<string>,
): Item[] {
  const items: Item[] = [];
  let unknown: string[] = [];
  let named = false;
  const flush = () => {
    if (unknown.length > 0) items.push({ type: 'unknown', words: unknown, named });
    unknown = [];
    named = false;
  };
  let index = 0;
  let afterCue = false;
  while (index < tokens.length) {
    const token = tokens[index]!;
    let matched = false;
    // Names as the database spells them, longest first; a one-word name only where no word of
    // ours means something else, and a truck number only after "truck".
    const hint = unknown.length === 0 ? kindHint(items) : undefined;
    for (
      let size = Math.min(vocabulary.longestName, tokens.length - index);
      size >= 1 && !matched;
      size--
    ) {
      const phrase = tokens.slice(index, index + size).join(' ');
      if (size === 1 && (nlqWords[phrase] || nlqStopWords.has(phrase))) continue;
      if (size === 1 && /^\d+$/.test(phrase) && hint !== 'truck') continue;
      const entity = exactEntity(vocabulary, phrase, hint);
      if (entity) {
        flush();
        items.push({ type: 'entity', entity, text: phrase });
        index += size;
        matched = true;
      }
    }
    if (matched) {
      afterCue = false;
      continue;
    }
    for (let size = Math.min(longestPhrase, tokens.length - index); size >= 1 && !matched; size--) {
      const phrase = tokens.slice(index, index + size).join(' ');
      const meaning = nlqWords[phrase];
      if (meaning) {
        flush();
        items.push({ type: 'word', meaning, text: phrase });
        index += size;
        matched = true;
      }
    }
    if (matched) {
      afterCue = false;
      continue;
    }
    if (/^\d+$/.test(token)) {
      flush();
      items.push({ type: 'number', value: Number(token), text: token });
    } else if (nlqStopWords.has(token)) {
      // A stop word between two unknown words keeps them one name ("Lot of Maple").
      if (unknown.length > 0 && !nameCues.has(token)) unknown.push(token);
      else flush();
      afterCue = nameCues.has(token) || (afterCue && unknown.length === 0);
    } else {
      if (unknown.length === 0) named = afterCue || kindHint(items) !== undefined;
      if (capitalised.has(token)) named = true;
      unknown.push(token);
      afterCue = false;
    }
    index += 1;
  }
  flush();
  return items.map((item) =>
    item.type === 'unknown' ? { ...item, words: trimStopWords(item.words) } : item,
  );
}

function trimStopWords(words: readonly string[]): string[] {
  const list = [...words];
  while (list.length > 0 && nlqStopWords.has(list.at(-1)!)) list.pop();
  return list;
}

type FuzzyName = { entity: IndexedEntity; score: number; start: number; size: number };

/** The best name for some run of the unknown words, by fuzzy match (fuse.js). */
function fuzzyName(
  vocabulary: NlqVocabulary,
  words: readonly string[],
  kind: NlqEntityKind | undefined,
): FuzzyName | undefined {
  let best: FuzzyName | undefined;
  for (let size = words.length; size >= 1; size--) {
    for (let start = 0; start + size <= words.length; start++) {
      const phrase = words.slice(start, start + size).join(' ');
      if (phrase.length < 3) continue;
      const limit = size === 1 ? 0.15 : 0.3;
      const results = vocabulary.fuse
        .search(phrase, { limit: 10 })
        .filter((result) => kind === undefined || result.item.kind === kind);
      const [closest] = results;
      if (!closest) continue;
      const score = closest.score ?? 1;
      const tied = results.filter((result) => (result.score ?? 1) - score < 0.01);
      // A plant is named by its first word ("Riverside"): among names as close, one plant wins.
      const plants = tied.filter((result) => result.item.kind === 'plant');
      const first = plants.length === 1 ? plants[0]! : closest;
      // Two different names as close as each other: the question does not say which (R-NLQ-8).
      const ambiguous =
        plants.length !== 1 && tied.some((result) => result.item.normal !== first.item.normal);
      if (score <= limit && !ambiguous && (!best || score < best.score - 0.001)) {
        best = { entity: first.item, score, start, size };
      }
    }
    if (best) break;
  }
  return best;
}

type Draft = {
  measures: NlqMeasure[];
  dimensions: NlqDimension[];
  wantsStatus: boolean;
  filters: Map<NlqFilterField, Map<number, string>>;
  top: { direction: 'asc' | 'desc'; limit: number | undefined } | undefined;
  delivered: boolean;
  ordered: boolean;
  ignored: string[];
  unknownNames: string[];
};

function addFilter(draft: Draft, field: NlqFilterField, id: number, label: string): void {
  const values = draft.filters.get(field) ?? new Map<number, string>();
  values.set(id, label);
  draft.filters.set(field, values);
}

function addDimension(draft: Draft, dimension: NlqDimension): void {
  if (!draft.dimensions.includes(dimension)) draft.dimensions.push(dimension);
}

/** Reads the items into a draft: what to measure, by what, for which names and statuses. */
function read(items: readonly Item[], vocabulary: NlqVocabulary): Draft {
  const draft: Draft = {
    measures: [],
    dimensions: [],
    wantsStatus: false,
    filters: new Map(),
    top: undefined,
    delivered: false,
    ordered: false,
    ignored: [],
    unknownNames: [],
  };
  let by = false;
  let topPending = false;
  for (let index = 0; index < items.length; index++) {
    const item = items[index]!;
    const next = items[index + 1];
    if (item.type === 'entity') {
      addFilter(draft, item.entity.kind, item.entity.id, item.entity.name);
      by = false;
      continue;
    }
    if (item.type === 'unknown') {
      if (item.words.length === 0) continue;
      const previous = items[index - 1];
      const hint = previous ? kindHint([previous]) : undefined;
      const found = fuzzyName(vocabulary, item.words, hint);
      if (found) {
        addFilter(draft, found.entity.kind, found.entity.id, found.entity.name);
        draft.ignored.push(
          ...item.words.slice(0, found.start),
          ...item.words.slice(found.start + found.size),
        );
      } else if (item.named) {
        draft.unknownNames.push(item.words.join(' '));
      } else {
        draft.ignored.push(...item.words);
      }
      by = false;
      continue;
    }
    if (item.type === 'number') {
      if (topPending && draft.top) draft.top.limit = item.value;
      else if (next?.type === 'word' && next.meaning.role === 'top') {
        draft.top = { direction: next.meaning.direction, limit: item.value };
      } else if (next?.type === 'word' && next.meaning.role === 'noun' && !draft.top) {
        draft.top = { direction: 'desc', limit: item.value };
        topPending = true;
      } else draft.ignored.push(item.text);
      continue;
    }
    const meaning = item.meaning;
    switch (meaning.role) {
      case 'measure':
        draft.measures.push(meaning.measure);
        by = false;
        break;
      case 'noun': {
        // A noun naming the kind of the name that follows is a hint, not a breakdown.
        const kind = meaning.dimension ? entityNouns[meaning.dimension] : undefined;
        const hinted = next?.type === 'entity' && kind === next.entity.kind;
        const hintedFuzzy = next?.type === 'unknown' && kind !== undefined && next.words.length > 0;
        if (hinted || (hintedFuzzy && !by && !topPending)) break;
        if (meaning.dimension && (by || topPending || meaning.measure === null)) {
          addDimension(draft, meaning.dimension);
        } else if (meaning.measure) draft.measures.push(meaning.measure);
        by = false;
        topPending = false;
        break;
      }
      case 'period':
        addDimension(draft, meaning.period);
        by = false;
        break;
      case 'status':
        draft.wantsStatus = true;
        by = false;
        break;
      case 'code':
        addFilter(draft, meaning.field, meaning.id, meaning.key);
        break;
      case 'by':
        by = true;
        break;
      case 'top':
        draft.top = { direction: meaning.direction, limit: draft.top?.limit };
        topPending = true;
        break;
      case 'delivered':
        draft.delivered = true;
        break;
      case 'ordered':
        draft.ordered = true;
        break;
      case 'now':
      case 'noise':
        break;
    }
  }
  return draft;
}

/** What is measured: the first measure named, else what the statuses and breakdowns imply. */
function chooseMeasure(draft: Draft): NlqMeasure | undefined {
  const named = draft.measures[0];
  const ordersAsked =
    draft.ordered || draft.filters.has('orderStatus') || draft.dimensions.includes('order');
  if (named === 'cubicYards' && ordersAsked && !draft.delivered) return 'orderedYards';
  if (named) return named;
  if (draft.filters.has('truckStatus')) return 'trucks';
  if (ordersAsked) return 'orders';
  if (draft.dimensions.length > 0 || draft.delivered) return 'loads';
  return undefined;
}

function viewDimensions(
  draft: Draft,
  view: NlqView,
): { dimensions: NlqDimension[]; dropped: NlqDimension[] } {
  const wanted = [...draft.dimensions];
  if (draft.wantsStatus) {
    if (view === 'orders') wanted.push('orderStatus');
    if (view === 'trucks') wanted.push('truckStatus');
  }
  const fits = wanted.filter((dimension) => dimensionInView(dimension, view));
  const dropped = wanted.filter((dimension) => !dimensionInView(dimension, view));
  // A period first reads as a time line; an entity first as a ranking.
  const ordered = [
    ...fits.filter((dimension) => !isPeriod(dimension)),
    ...fits.filter((dimension) => isPeriod(dimension)),
  ];
  // A question about trucks or orders with no breakdown asks for the list: each with its plant or
  // customer.
  if (ordered.length === 0 && view === 'trucks') ordered.push('truck', 'plant');
  if (ordered.length === 0 && view === 'orders' && draft.filters.size > 0) {
    ordered.push('order', draft.filters.has('customer') ? 'plant' : 'customer');
  }
  return { dimensions: ordered.slice(0, nlqMaxDimensions), dropped };
}

function build(
  draft: Draft,
  measure: NlqMeasure,
  dateRange: NlqDateRange | null,
): { query: NlqQuery; ignored: string[] } {
  const view = measureView(measure);
  const ignored = [...draft.ignored];
  const { dimensions, dropped } = viewDimensions(draft, view);
  ignored.push(...dropped);
  const filters: NlqFilter[] = [];
  for (const [field, values] of draft.filters) {
    if (!dimensionInView(field, view)) {
      ignored.push(...values.values());
      continue;
    }
    filters.push({ field, values: [...values].map(([id, label]) => ({ id, label })) });
  }
  const listing = isNlqListing(view, dimensions);
  const timeLine = dimensions.some(isPeriod);
  const sort =
    draft.top !== undefined
      ? { by: 'measure' as const, direction: draft.top.direction }
      : timeLine || listing
        ? { by: 'dimension' as const, direction: 'asc' as const }
        : { by: 'measure' as const, direction: 'desc' as const };
  const limit = Math.min(
    nlqMaxRows,
    Math.max(1, draft.top ? (draft.top.limit ?? 10) : nlqDefaultRows),
  );
  const query = nlqQuerySchema.parse({
    view,
    measure,
    dimensions,
    filters,
    dateRange: nlqDatedViews.includes(view) ? dateRange : null,
    sort,
    limit,
  });
  return { query, ignored };
}

/** Where a word of the question was probably mistyped: the product's word it is closest to. */
function closestWord(vocabulary: NlqVocabulary, word: string): string | undefined {
  if (word.length < 3) return undefined;
  const best = vocabulary.words.search(word, { limit: 1 })[0];
  return best && (best.score ?? 1) <= 0.3 && Math.abs(best.item.length - word.length) <= 2
    ? best.item
    : undefined;
}

function closestNames(vocabulary: NlqVocabulary, words: string): IndexedEntity[] {
  // One mistyped letter in a short word is already a different name.
  const limit = words.length <= 5 ? 0.15 : 0.3;
  return vocabulary.fuse
    .search(words, { limit: 3 })
    .filter((result) => (result.score ?? 1) <= limit)
    .map((result) => result.item);
}

/** Replaces words of the question (as typed, any case or accent) with others. */
function replaceWords(question: string, from: string, to: string): string {
  const words = question.trim().split(/\s+/);
  const size = from.split(' ').length;
  for (let index = 0; index + size <= words.length; index++) {
    if (normaliseNlqText(words.slice(index, index + size).join(' ')) === from) {
      return [...words.slice(0, index), to, ...words.slice(index + size)].join(' ');
    }
  }
  return question;
}

function capitalisedWords(question: string): Set<string> {
  const words = question.split(/\s+/).slice(1);
  return new Set(
    words.filter((word) => /^\p{Lu}/u.test(word)).map((word) => normaliseNlqText(word)),
  );
}

/** R-NLQ-1..8: a question into a typed query, or what it could not place and what is close. */
export function parseNlqQuestion(question: string, options: NlqParseOptions): NlqParseResult {
  const folded = foldNlqText(question);
  const dates = findDateRange(folded, options.today);
  const tokens = nlqTokens(dates ? dates.rest : folded);
  const items = scan(tokens, options.vocabulary, capitalisedWords(question));
  const draft = read(items, options.vocabulary);
  const measure = chooseMeasure(draft);
  if (draft.unknownNames.length > 0 || measure === undefined) {
    const unknown =
      draft.unknownNames.length > 0
        ? draft.unknownNames
        : items.flatMap((item) => (item.type === 'unknown' ? item.words : []));
    const suggestions = new Set<string>();
    for (const words of draft.unknownNames) {
      for (const entity of closestNames(options.vocabulary, words)) {
        suggestions.add(replaceWords(question, words, entity.name));
      }
    }
    for (const words of unknown) {
      for (const word of words.split(' ')) {
        const close = closestWord(options.vocabulary, word);
        if (close) suggestions.add(replaceWords(question, word, close));
      }
    }
    // Without the name nothing knows, the rest of the question may still be worth asking.
    for (const words of draft.unknownNames) {
      const without = replaceWords(question, words, '')
        .replace(/\s+(?:for|at|from|of|para|de|del|en|a)\s*$/i, '')
        .replace(/\s+/g, ' ')
        .trim();
      if (without !== '') suggestions.add(without);
    }
    return {
      understood: false,
      reason: draft.unknownNames.length > 0 ? 'unknownName' : 'nothingToMeasure',
      unknown,
      suggestions: [...suggestions].filter((suggestion) => suggestion !== question).slice(0, 5),
    };
  }
  const { query, ignored } = build(draft, measure, dates?.range ?? null);
  const suggestions = ignored.flatMap((word) => {
    const close = closestWord(options.vocabulary, word);
    return close ? [replaceWords(question, word, close)] : [];
  });
  return { understood: true, query, ignored, suggestions };
}
