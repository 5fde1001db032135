/**
 * R-INPUT-1: the number fields of a form that hold refused text. A field in error keeps the text
 * typed and the form's value is left as it was, so a save must ask first: each NumberField inside
 * a `RefusedNumbersContext` reports to it, and the form's save stops while any field is refused.
 */
import { createContext, useState } from 'react';

type Refused = { message: string; focus(): void };

export type RefusedNumbers = {
  /** A field's refusal, or null once it is corrected, reset or gone. */
  report(id: string, refused: Refused | null): void;
  /** True while a field holds refused text; the first such field (in report order) gets focus. */
  focusFirst(): boolean;
};

export function createRefusedNumbers(): RefusedNumbers {
  const refused = new Map<string, Refused>();
  return {
    report(id, entry) {
      if (entry) refused.set(id, entry);
      else refused.delete(id);
    },
    focusFirst() {
      const first = refused.values().next();
      if (first.done) return false;
      first.value.focus();
      return true;
    },
  };
}

export const RefusedNumbersContext = createContext<RefusedNumbers | null>(null);

/** A form's own registry, the same for the form's life. */
export function useRefusedNumbers(): RefusedNumbers {
  const [registry] = useState(createRefusedNumbers);
  return registry;
}
