import { describe, expect, it } from 'vitest';
import {
  checkParameterValue,
  parameterValue,
  systemParameterCatalogue,
} from '../settings/system-parameters';

describe('R-ACCT-3: the accounts of the accounting export are system parameters', () => {
  it('defaults to the names QuickBooks gives them, edited as one line of text', () => {
    expect(parameterValue('accountingReceivableAccount', undefined)).toBe('Accounts Receivable');
    expect(parameterValue('accountingSalesTaxAccount', undefined)).toBe('Sales Tax Payable');
    expect(parameterValue('accountingSalesTaxItem', undefined)).toBe('Sales Tax');
    expect(systemParameterCatalogue.accountingReceivableAccount).toMatchObject({
      group: 'integrations',
      kind: 'text',
      inServerConfig: false,
    });
  });

  it('takes a sub-account, and refuses an empty, a multi-line or a too long name', () => {
    expect(checkParameterValue('accountingReceivableAccount', ' Assets:Receivables ')).toEqual({
      ok: true,
      value: 'Assets:Receivables',
    });
    const reasons = (value: unknown) => {
      const checked = checkParameterValue('accountingSalesTaxAccount', value);
      return checked.ok ? [] : checked.problems.map((problem) => problem.reason);
    };
    expect(reasons('  ')).toEqual(['is required']);
    expect(reasons('Sales\tTax')).toEqual(['must be one line, without tabs']);
    expect(reasons('x'.repeat(101))).toEqual(['must be at most 100 characters']);
    expect(reasons(12)).toEqual(['must be text']);
  });
});
