/**
 * Completing a quick sale (R-QSALE-5..8): checked with the domain's rules first, the server's
 * refusals beside their fields (a decline beside the card number), then the receipt to print and
 * a new sale. Ctrl+Enter completes the sale from any field.
 */
import { useState } from 'react';
import { useHotkeys } from '@mantine/hooks';
import type { UseFormReturn } from 'react-hook-form';
import type { QuickSaleSystemTypeId } from '@dispatch/domain/orders/quick-sale';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { FieldProblem } from '@dispatch/domain/api/field-problem';
import type { RefusedNumbers } from '../../components/number-field/refused-numbers';
import { ApiError } from '../../lib/api-client';
import { openReceipt, postQuickSale, type QuickSaleResult } from './quick-sale-api';
import {
  formFieldOf,
  newSaleValues,
  saleBody,
  saleProblems,
  type SaleValues,
} from './quick-sale-form';

function problemsOf(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError)) return [];
  const data = (error.body as { data?: unknown } | undefined)?.data;
  return Array.isArray(data)
    ? data.filter((item): item is FieldProblem => typeof (item as FieldProblem)?.field === 'string')
    : [];
}

export function useSaleCheckout({
  form,
  systemTypeId,
  total,
  flags,
  refusedNumbers,
}: {
  form: UseFormReturn<SaleValues>;
  systemTypeId: QuickSaleSystemTypeId;
  total: number;
  flags: PermissionFlags;
  refusedNumbers: RefusedNumbers;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [selling, setSelling] = useState(false);
  const [sold, setSold] = useState<QuickSaleResult | null>(null);
  const [printing, setPrinting] = useState(false);

  const showProblems = (problems: FieldProblem[]) => {
    const unplaced: string[] = [];
    problems.forEach((problem, index) => {
      const field = formFieldOf(problem.field);
      if (field === null) {
        unplaced.push(problem.reason);
        return;
      }
      form.setError(
        field as 'customerId',
        { type: 'server', message: problem.reason },
        { shouldFocus: index === 0 },
      );
    });
    if (unplaced.length > 0) setFormError(unplaced.join(' · '));
  };

  const handleSell = async () => {
    if (selling || sold) return;
    if (refusedNumbers.focusFirst()) return;
    setFormError(null);
    form.clearErrors();
    const formValues = form.getValues();
    const body = saleBody(formValues, systemTypeId, total, flags);
    const problems = saleProblems(body, total, new Date());
    if (problems.length > 0) {
      showProblems(problems);
      return;
    }
    setSelling(true);
    try {
      const result = await postQuickSale(body);
      // The card's digits leave the page with the sale.
      form.setValue('cardNumber', '');
      form.setValue('securityValue', '');
      setSold(result);
    } catch (error) {
      // A decline lands beside the card number, a bad field beside itself; the rest on top.
      const problems = problemsOf(error);
      if (problems.length > 0) showProblems(problems);
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSelling(false);
    }
  };

  const handleNewSale = () => {
    setSold(null);
    setFormError(null);
    form.reset(newSaleValues());
  };

  const handlePrint = async (sale: QuickSaleResult) => {
    setPrinting(true);
    try {
      await openReceipt(sale.orderId, sale.ticketNumber);
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setPrinting(false);
    }
  };

  // No tag ignored: Ctrl+Enter completes the sale from inside a field too.
  useHotkeys([['mod+Enter', () => void handleSell()]], []);

  return {
    formError,
    setFormError,
    selling,
    sold,
    printing,
    handleSell,
    handleNewSale,
    handlePrint,
  };
}
