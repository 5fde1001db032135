/**
 * Form Letter Maintenance (`/credit/form-letter-maintenance`, R-CREDIT-6..R-CREDIT-10): the
 * templates listed by the resource engine's list page (search, language filter, export), and a
 * template at `<path>/<id>` (or `<path>/new`) in its own editor with merge fields and a preview.
 */
import { useParams } from 'react-router';
import { letterTemplateResource } from '@dispatch/domain/credit/letter-templates';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { NotFoundPage } from '../../app/shell/not-found-page';
import { ResourceListPage } from '../../resources/resource-list-page';
import { LetterTemplateEditor } from './letter-template-editor';

const screenPath = menuEntryByEnumId('FormLetterMaintenance')!.path!;

export function LetterTemplatesScreen() {
  const { recordId } = useParams();
  if (recordId === undefined) {
    return <ResourceListPage definition={letterTemplateResource} screenPath={screenPath} />;
  }
  if (recordId === 'new') {
    return <LetterTemplateEditor key="new" recordId={undefined} screenPath={screenPath} />;
  }
  const id = Number(recordId);
  if (!Number.isInteger(id) || id < 1) return <NotFoundPage />;
  return <LetterTemplateEditor key={id} recordId={id} screenPath={screenPath} />;
}
