/**
 * Employee Maintenance (R-MAINT-12, R-RES-SCREENS): the generic resource screen over the employee
 * definition, with the masked national identifier and its Reveal button on the General tab
 * (R-SENSITIVE) and the licence expiry warning on the Driver tab.
 */
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { employeeResource } from '@dispatch/domain/resources/employees';
import { ResourceScreen } from '../../resources/resource-screen';
import { DriverLicencePanel } from './driver-licence-panel';
import { NationalIdentifierPanel } from './national-identifier-panel';

const screenPath = menuEntryByEnumId('EmployeeMaintenance')?.path ?? '/employees/maintenance';
const panels = { main: NationalIdentifierPanel, driver: DriverLicencePanel };

export function EmployeesScreen() {
  return <ResourceScreen definition={employeeResource} screenPath={screenPath} panels={panels} />;
}
