import { describe, expect, it } from 'vitest';
import {
  accountingInterfaces,
  parameterGroups,
  systemParameterKeys,
} from '@dispatch/domain/settings/system-parameters';
import { officeScreensEn } from '../../lib/i18n/office-screens-en';
import { es } from '../../lib/i18n/es';

/** R-PARAM-2: every word of the System Parameters screen in English and in Spanish. */
describe('System Parameters in Spanish', () => {
  const texts = es.systemParameters;

  it('has the screen’s own words in both languages', () => {
    for (const key of Object.keys(officeScreensEn.systemParameters)) {
      expect(texts[key as keyof typeof texts], key).toBeTruthy();
    }
  });

  it('names every group, accounting package and parameter, with its description', () => {
    for (const group of parameterGroups) expect(texts.groups[group], group).toBeTruthy();
    for (const choice of accountingInterfaces) {
      expect(texts.accounting[choice || 'none'], choice || 'none').toBeTruthy();
    }
    for (const key of systemParameterKeys) {
      expect(texts.parameters[key].label, `${key}.label`).toBeTruthy();
      expect(texts.parameters[key].description, `${key}.description`).toBeTruthy();
    }
  });
});
