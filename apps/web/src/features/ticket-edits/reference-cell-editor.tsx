/**
 * A grid cell that picks a record by searching as you type (R-PICK-1): the resource pick list in
 * the cell's popup. The cell's value is the record's id with its label, so the grid shows names.
 */
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomCellEditorProps } from 'ag-grid-react';
import type { ResourceDefinition } from '@dispatch/domain/resources/define';
import { ReferenceSelect } from '../../resources/reference-select';
import { resourceQueries } from '../../resources/resource-queries';

export type PickedRecord = { id: number; label: string } | null;

export type ReferenceCellEditorParams = { target: ResourceDefinition; label: string };

export function ReferenceCellEditor(
  props: CustomCellEditorProps<unknown, PickedRecord> & ReferenceCellEditorParams,
) {
  const queryClient = useQueryClient();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector('input')?.focus();
  }, []);
  const value = props.value ?? null;
  return (
    <div ref={box} style={{ width: 320, padding: 6, background: 'var(--mantine-color-body)' }}>
      <ReferenceSelect
        target={props.target}
        name={props.label}
        label={props.label}
        hideLabel
        value={value?.id ?? null}
        currentLabel={value?.label}
        onChange={(id) => {
          if (id === null) {
            props.onValueChange(null);
            props.stopEditing();
            return;
          }
          void queryClient
            .fetchQuery(resourceQueries.optionIds(props.target, [id]))
            .then((options) => {
              const option = options.find((candidate) => candidate.id === id);
              const label = option
                ? option.number
                  ? `${option.number} · ${option.name}`
                  : option.name
                : String(id);
              props.onValueChange({ id, label });
              setTimeout(() => props.stopEditing(), 0);
            });
        }}
      />
    </div>
  );
}
