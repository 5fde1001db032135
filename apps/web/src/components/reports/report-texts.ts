/**
 * A report's title and description in the user's language (R-RPT-50), by catalogue key, with
 * the catalogue's English as the fallback. Shared by the reports and report scheduling screens.
 */
import { useTranslation } from 'react-i18next';
import { reportDefinition, type ReportKey } from '@dispatch/domain/reports/report-catalogue';

export function useReportTexts() {
  const { t } = useTranslation();
  return {
    title: (key: ReportKey) =>
      t(`reports.catalogue.${key}.title`, { defaultValue: reportDefinition(key).title }),
    description: (key: ReportKey) =>
      t(`reports.catalogue.${key}.description`, {
        defaultValue: reportDefinition(key).description,
      }),
  };
}
