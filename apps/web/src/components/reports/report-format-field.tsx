/**
 * The files a run makes (R-RPT-52): PDF, CSV and Excel, at least one. Shared by the reports
 * screen and the scheduling form.
 */
import { Checkbox, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { reportFormats, type ReportFormat } from '@dispatch/domain/reports/report-catalogue';

type ReportFormatFieldProps = {
  value: readonly ReportFormat[];
  onChange: (value: ReportFormat[]) => void;
  error?: string | undefined;
};

export function ReportFormatField({ value, onChange, error }: ReportFormatFieldProps) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={t('reports.formats')}
      value={[...value]}
      // Kept in the catalogue's order whatever order they were ticked in.
      onChange={(next) => onChange(reportFormats.filter((format) => next.includes(format)))}
      error={error}
    >
      <Group gap="md" mt={6}>
        {reportFormats.map((format) => (
          <Checkbox key={format} value={format} label={t(`reports.formatNames.${format}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
