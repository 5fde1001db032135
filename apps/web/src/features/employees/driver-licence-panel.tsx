/**
 * The employee's driver tab (R-MAINT-12): below the driver details, a warning when the licence
 * has expired or expires within 30 days, following the date as it is typed, and the next call-in
 * load scheduling has set for the driver.
 */
import { Alert, Stack, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormPanel } from '../../resources/resource-form-page';
import { licenceExpiry, localToday } from './licence-expiry';
import { dateLocale } from '../../lib/i18n/i18n';

type DriverRow = { driversLicenseExpireDate?: unknown; scheduledCallInTime?: unknown };

export const DriverLicencePanel: FormPanel = ({ record, form }) => {
  const { t } = useTranslation();
  const rows: unknown = useWatch({ control: form.control, name: 'driver' });
  const row = (Array.isArray(rows) ? rows[0] : undefined) as DriverRow | undefined;
  const expiry = row?.driversLicenseExpireDate;
  const warning = licenceExpiry(expiry, localToday());
  const stored = (Array.isArray(record?.driver) ? record.driver[0] : undefined) as
    DriverRow | undefined;
  const callIn =
    typeof stored?.scheduledCallInTime === 'string'
      ? new Date(stored.scheduledCallInTime).toLocaleString(dateLocale())
      : null;
  if (!warning && !callIn) return null;
  return (
    <Stack gap="xs">
      {warning?.state === 'expired' && (
        <Alert
          color="red"
          role="alert"
          title={t('resources.employees.texts.licenceExpiredTitle', {
            defaultValue: 'Licence expired',
          })}
        >
          {t('resources.employees.texts.licenceExpired', {
            defaultValue: "The driver's licence expired on {{date}}, {{count}} days ago.",
            date: String(expiry),
            count: warning.days,
          })}
        </Alert>
      )}
      {warning?.state === 'soon' && (
        <Alert
          color="yellow"
          role="alert"
          title={t('resources.employees.texts.licenceSoonTitle', {
            defaultValue: 'Licence expires soon',
          })}
        >
          {t('resources.employees.texts.licenceSoon', {
            defaultValue: "The driver's licence expires on {{date}}, in {{count}} days.",
            date: String(expiry),
            count: warning.days,
          })}
        </Alert>
      )}
      {callIn && (
        <Text size="sm" c="dimmed">
          {t('resources.employees.texts.scheduledCallIn', {
            defaultValue: 'Next scheduled call-in: {{when}}',
            when: callIn,
          })}
        </Text>
      )}
    </Stack>
  );
};
