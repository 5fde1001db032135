/**
 * Filter fields every audit screen has (R-AUDIT-4, R-OAUD-2): the from/to days, written to the
 * URL as chosen, and the button that clears every filter, shown only while one is set.
 */
import { Button, TextInput } from '@mantine/core';
import type { StyleProp } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function AuditDateRange({
  params,
  setParam,
  w,
}: {
  params: URLSearchParams;
  setParam: (name: string, value: string) => void;
  w: StyleProp<string | number>;
}) {
  const { t } = useTranslation();
  return (
    <>
      {(['from', 'to'] as const).map((name) => (
        <TextInput
          key={name}
          type="date"
          label={t(`auditTrail.${name}`)}
          value={params.get(name) ?? ''}
          onChange={(event) => setParam(name, event.currentTarget.value)}
          w={w}
        />
      ))}
    </>
  );
}

export function ClearFiltersButton({
  filtered,
  onClear,
}: {
  filtered: boolean;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  return filtered ? (
    <Button variant="subtle" onClick={onClear}>
      {t('auditTrail.clear')}
    </Button>
  ) : null;
}
