/**
 * Quote Maintenance (R-MAINT-14, R-RES-SCREENS): the generic resource screen over the quote
 * definition (its products on the Products tab), with the quote's validity shown on the form.
 */
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { quoteResource } from '@dispatch/domain/resources/quotes';
import { ResourceScreen } from '../../resources/resource-screen';
import { QuoteValidityPanel } from './quote-validity-panel';

const screenPath = menuEntryByEnumId('QuoteMaintenance')?.path ?? '/quote/maintenance';
const panels = { main: QuoteValidityPanel };

export function QuotesScreen() {
  return <ResourceScreen definition={quoteResource} screenPath={screenPath} panels={panels} />;
}
