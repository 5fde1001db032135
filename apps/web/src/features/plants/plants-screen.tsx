/**
 * Plant Maintenance (R-MAINT-13, R-RES-SCREENS): the generic resource screen over the plant
 * definition, with the concrete plant or aggregate pit details on the Plant details tab, the
 * batch panel's last inventory on the Operations tab, and a pit's live scale on the Scale tab.
 */
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { plantResource } from '@dispatch/domain/resources/plants';
import { ResourceScreen } from '../../resources/resource-screen';
import { PlantDetailsPanel, PlantReadingsPanel } from './plant-details-panel';
import { PlantScalePanel } from './plant-scale-panel';

const screenPath = menuEntryByEnumId('PlantMaintenance')?.path ?? '/plants/maintenance';
const panels = {
  details: PlantDetailsPanel,
  operations: PlantReadingsPanel,
  scale: PlantScalePanel,
};

export function PlantsScreen() {
  return <ResourceScreen definition={plantResource} screenPath={screenPath} panels={panels} />;
}
