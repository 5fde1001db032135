/**
 * Truck Maintenance (R-MAINT-11, R-RES-SCREENS): the generic resource screen over the truck
 * definition, with the time of the truck's live status on the Live status tab.
 */
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { truckResource } from '@dispatch/domain/resources/trucks';
import { ResourceScreen } from '../../resources/resource-screen';
import { TruckStatusPanel } from './truck-status-panel';

const screenPath = menuEntryByEnumId('TruckMaintenance')?.path ?? '/trucks/maintenance';
const panels = { status: TruckStatusPanel };

export function TrucksScreen() {
  return <ResourceScreen definition={truckResource} screenPath={screenPath} panels={panels} />;
}
