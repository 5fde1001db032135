/**
 * Customer Maintenance (R-MAINT-8, R-RES-SCREENS): the generic resource screen over the customer
 * definition, narrowed to the user's system types, with the customer's jobs on the Jobs tab and
 * the credit letters it was sent on the Letters tab.
 */
import { useMemo } from 'react';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { ResourceScreen } from '../../resources/resource-screen';
import { useUserAccess } from '../../session/session-queries';
import { customerDefinitionFor } from './customer-definition';
import { CustomerJobsPanel } from './customer-jobs-panel';
import { CustomerLettersPanel } from './customer-letters-panel';

const screenPath = menuEntryByEnumId('CustomerMaintenance')?.path ?? '/customers/maintenance';
const panels = { jobs: CustomerJobsPanel, letters: CustomerLettersPanel };

export function CustomersScreen() {
  const { allowedSystemTypes } = useUserAccess();
  const definition = useMemo(() => customerDefinitionFor(allowedSystemTypes), [allowedSystemTypes]);
  return <ResourceScreen definition={definition} screenPath={screenPath} panels={panels} />;
}
