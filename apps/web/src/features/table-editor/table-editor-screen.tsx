/**
 * Table Editor (R-MAINT-20): every simple lookup table without a screen of its own (zones, job
 * types, divisions, plant colours, ...), one at a time, chosen from a list. Each table is the
 * generic resource screen over its definition, at <path>/<table>, its records at
 * <path>/<table>/<id>, so a table and a record have URLs like every other screen.
 */
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { menuEntryByEnumId } from '@dispatch/domain/menu/menu-catalogue';
import { tableEditorResources } from '@dispatch/domain/resources/registry';
import { NotFoundPage } from '../../app/shell/not-found-page';
import { ResourceScreen } from '../../resources/resource-screen';
import { pluralName } from '../../resources/resource-text';

const editorPath = menuEntryByEnumId('TableEditor')?.path ?? '/administration/table-editor';

export function TableEditorScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { table } = useParams();
  const tables = useMemo(
    () =>
      tableEditorResources()
        .map((definition) => ({ definition, label: pluralName(t, definition) }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [t],
  );
  const chosen = tables.find(({ definition }) => definition.path === table)?.definition;
  if (table === undefined && tables[0]) {
    return <Navigate to={`${editorPath}/${tables[0].definition.path}`} replace />;
  }
  if (!chosen) return <NotFoundPage />;
  return (
    <>
      <Select
        label={t('tableEditor.table', { defaultValue: 'Table' })}
        data={tables.map(({ definition, label }) => ({ value: definition.path, label }))}
        value={chosen.path}
        onChange={(path) => {
          if (path) void navigate(`${editorPath}/${path}`);
        }}
        allowDeselect={false}
        searchable
        w={{ base: '100%', sm: 320 }}
        mb="md"
      />
      <ResourceScreen
        key={chosen.name}
        definition={chosen}
        screenPath={`${editorPath}/${chosen.path}`}
      />
    </>
  );
}
