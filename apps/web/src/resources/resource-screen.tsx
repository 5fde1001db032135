/**
 * A maintenance screen made from a definition: its list at the menu path, a record at
 * `<path>/<id>` and a new one at `<path>/new` (R-MAINT-3: every form has a URL).
 */
import { useParams } from 'react-router';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { NotFoundPage } from '../app/shell/not-found-page';
import { ResourceFormPage, type FormPanels } from './resource-form-page';
import { ResourceListPage } from './resource-list-page';

export function ResourceScreen({
  definition,
  screenPath,
  panels,
}: {
  definition: ResourceDefinition;
  screenPath: string;
  /** What the screen adds to the generic form, by section. */
  panels?: FormPanels;
}) {
  const { recordId } = useParams();
  if (recordId === undefined) {
    return <ResourceListPage definition={definition} screenPath={screenPath} />;
  }
  if (recordId === 'new') {
    return (
      <ResourceFormPage
        key="new"
        definition={definition}
        screenPath={screenPath}
        recordId={undefined}
        {...(panels ? { panels } : {})}
      />
    );
  }
  const id = Number(recordId);
  if (!Number.isInteger(id) || id < 0) return <NotFoundPage />;
  return (
    <ResourceFormPage
      key={id}
      definition={definition}
      screenPath={screenPath}
      recordId={id}
      {...(panels ? { panels } : {})}
    />
  );
}
