/**
 * The Columns menu: AG Grid Community has no column chooser, so the grid's toolbar carries this
 * one. Each column is a menu checkbox item (role menuitemcheckbox, so a screen reader says whether
 * it is shown); "Reset columns" puts widths, order and visibility back to the list's defaults.
 */
import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ColumnsMenuItem = { id: string; header: string; visible: boolean };

export type ColumnsMenuProps = {
  /** In the grid's current order. */
  columns: readonly ColumnsMenuItem[];
  onVisibleChange: (id: string, visible: boolean) => void;
  onReset: () => void;
};

export function ColumnsMenu({ columns, onVisibleChange, onReset }: ColumnsMenuProps) {
  const { t } = useTranslation();
  const visibleCount = columns.filter((column) => column.visible).length;
  return (
    <Menu position="bottom-end" shadow="md" width={240} withinPortal>
      <Menu.Target>
        <Button variant="default" size="xs">
          {t('grid.columns', { defaultValue: 'Columns' })}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
        {columns.map((column) => (
          // Checkbox items keep the menu open, so several columns are ticked in one go.
          <Menu.CheckboxItem
            key={column.id}
            checked={column.visible}
            // The last visible column cannot be hidden: an empty grid has nothing left to click.
            disabled={column.visible && visibleCount === 1}
            onChange={(checked) => onVisibleChange(column.id, checked)}
          >
            {column.header}
          </Menu.CheckboxItem>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onReset}>
          {t('grid.resetColumns', { defaultValue: 'Reset columns' })}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
