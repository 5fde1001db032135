/** A definition's grid columns: every field, the listed ones shown, prices only where allowed. */
import type { TFunction } from 'i18next';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import type { PermissionFlags } from '@dispatch/domain/permissions';
import type { GridColumn, GridRow } from '../components/data-grid/resource-grid';
import { fieldLabel } from './resource-text';

export function resourceColumns(
  t: TFunction,
  definition: ResourceDefinition,
  flags: PermissionFlags,
): GridColumn[] {
  const sortable = new Set(definition.sort);
  const columns: GridColumn[] = [];
  if (definition.givenId) {
    columns.push({
      field: 'id',
      header: t('resource.code', { defaultValue: 'Code' }),
      kind: 'integer',
      sortable: sortable.has('id'),
      width: 90,
    });
  }
  for (const [name, field] of Object.entries(definition.fields)) {
    if (field.price && flags.hidePrice) continue;
    const column: GridColumn = {
      field: name,
      header: fieldLabel(t, definition, name, field),
      kind: field.kind,
      sortable: sortable.has(name),
      hidden: !field.list,
    };
    if (field.reference) {
      column.format = (row: GridRow) =>
        (row.labels as Record<string, string> | undefined)?.[name] ?? '';
    } else if (field.choices) {
      const choices = field.choices;
      column.format = (row: GridRow) => {
        const label = choices.find((item) => item.value === row[name])?.label;
        return label ? t(`resources.choices.${label}`, { defaultValue: label }) : '';
      };
    }
    columns.push(column);
  }
  return columns;
}
