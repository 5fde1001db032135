/**
 * Where quotes live for the resource engine (R-RES-1): the quotes table and its product lines,
 * saved with the quote. Like plants, quotes are not narrowed by system type (ADR 005 narrows
 * orders, tickets and products); the list filters by system type on request.
 */
import { quoteProducts, quotes } from '../db/schema/quotes';
import type { ResourceBinding } from './resource-binding';

export const quotesBinding: ResourceBinding = {
  table: quotes,
  children: { products: { table: quoteProducts, parentKey: 'quoteId' } },
};
