/**
 * The customer's jobs, on the form's Jobs tab (R-MAINT-8): each opens at its own URL, and New job
 * starts one for this customer (`/jobs/maintenance/new?customerId=12`).
 */
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { jobResource } from '@dispatch/domain/resources/jobs';
import type { FormPanel } from '../../resources/resource-form-page';
import { RelatedRecords } from '../../resources/related-records';
import { useResourceAccess } from '../../resources/use-resource-access';

const jobsPath = menuEntryByEnumId('JobMaintenance')?.path ?? '/jobs/maintenance';

export const CustomerJobsPanel: FormPanel = ({ record }) => {
  const { t } = useTranslation();
  const jobAccess = useResourceAccess(jobResource);
  if (jobAccess.none) {
    return (
      <Text size="sm" c="dimmed">
        {t('resources.customers.panels.jobsNotAllowed', {
          defaultValue: 'You do not have access to Job Maintenance.',
        })}
      </Text>
    );
  }
  if (!record) {
    return (
      <Text size="sm" c="dimmed">
        {t('resources.customers.panels.jobsAfterSave', {
          defaultValue: 'Jobs can be added once the customer is saved.',
        })}
      </Text>
    );
  }
  return (
    <RelatedRecords
      definition={jobResource}
      field="customerId"
      parentId={record.id}
      screenPath={jobsPath}
      columns={['customerJobNumber', 'address3', 'plantId']}
      canCreate={!jobAccess.readOnly}
    />
  );
};
