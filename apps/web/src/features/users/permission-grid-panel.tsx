/**
 * The permission grid of user and group maintenance (R-USER-2): a level from None to
 * FullWithReadOnlyPrices on every form, grouped as the menu groups them, with a search to find a
 * form and a level to give a whole group at once. The rows it edits are the record's
 * `permissions` (one per form above None; a form not listed is None).
 */
import { useMemo, useState } from 'react';
import {
  Accordion,
  Badge,
  Group,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { permissionGridGroups } from '@dispatch/domain/menu/permission-grid';
import { permissionLevelChoices } from '@dispatch/domain/resources/users';
import { permissionLevels } from '@dispatch/domain/permissions';
import type { FormPanel } from '../../resources/resource-form-page';

type Row = { formId: number; permissionId: number };

function levelsOf(rows: unknown): Map<number, number> {
  const levels = new Map<number, number>();
  if (!Array.isArray(rows)) return levels;
  for (const row of rows as Partial<Row>[]) {
    if (typeof row.formId === 'number' && typeof row.permissionId === 'number') {
      levels.set(row.formId, row.permissionId);
    }
  }
  return levels;
}

export const PermissionGridPanel: FormPanel = ({ form, readOnly }) => {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const rows: unknown = useWatch({ control: form.control, name: 'permissions' });
  const levels = useMemo(() => levelsOf(rows), [rows]);
  // The groups that grant something open first: what the user may do is in view.
  const [opened, setOpened] = useState<string[]>(() =>
    permissionGridGroups
      .filter((group) => group.forms.some((item) => levels.has(item.id)))
      .map((group) => group.group),
  );
  const error = form.formState.errors.permissions;
  const levelOptions = permissionLevelChoices.map((choice) => ({
    value: String(choice.value),
    label: t(`permissionLevels.${choice.label}`, { defaultValue: choice.label }),
  }));

  const write = (changes: Map<number, number>) => {
    // A group given a level stays open once the search is cleared.
    const touched = permissionGridGroups
      .filter((group) => group.forms.some((item) => changes.has(item.id)))
      .map((group) => group.group);
    setOpened((current) => [...new Set([...current, ...touched])]);
    const next = new Map(levels);
    for (const [formId, level] of changes) {
      if (level === permissionLevels.None) next.delete(formId);
      else next.set(formId, level);
    }
    form.setValue(
      'permissions',
      [...next].map(([formId, permissionId]) => ({ formId, permissionId })),
      { shouldDirty: true },
    );
  };

  const needle = search.trim().toLowerCase();
  const groups = permissionGridGroups
    .map((group) => ({
      ...group,
      forms: group.forms.filter((item) => item.name.toLowerCase().includes(needle)),
    }))
    .filter((group) => group.forms.length > 0);
  const granted = (ids: readonly { id: number }[]) =>
    ids.filter((item) => (levels.get(item.id) ?? permissionLevels.None) > permissionLevels.None)
      .length;

  return (
    <Stack gap="sm" role="group" aria-label={t('users.permissions')}>
      <Group justify="space-between" wrap="wrap">
        <TextInput
          type="search"
          placeholder={t('users.findForm')}
          aria-label={t('users.findForm')}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
        />
        <Text size="sm" c="dimmed">
          {t('users.grantedCount', { count: levels.size })}
        </Text>
      </Group>
      {typeof error?.message === 'string' && error.message !== '' && (
        <Text size="sm" c="red" role="alert">
          {error.message}
        </Text>
      )}
      <Accordion
        multiple
        variant="separated"
        transitionDuration={0}
        value={needle !== '' ? groups.map((group) => group.group) : opened}
        onChange={setOpened}
      >
        {groups.map((group) => (
          <Accordion.Item key={group.group} value={group.group}>
            <Accordion.Control>
              <Group gap="sm">
                <Text fw={600}>
                  {t(`menuGroups.${group.group}`, { defaultValue: t('users.classicActions') })}
                </Text>
                <Badge variant="light" color={granted(group.forms) > 0 ? 'blue' : 'gray'}>
                  {granted(group.forms)} / {group.forms.length}
                </Badge>
              </Group>
            </Accordion.Control>
            <Accordion.Panel>
              <Table striped highlightOnHover verticalSpacing={4}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('users.form')}</Table.Th>
                    <Table.Th w={260}>
                      {readOnly ? (
                        t('users.level')
                      ) : (
                        <NativeSelect
                          size="xs"
                          aria-label={t('users.setGroup', {
                            group: t(`menuGroups.${group.group}`, { defaultValue: group.group }),
                          })}
                          data={[
                            { value: '', label: t('users.setGroup', { group: '' }) },
                            ...levelOptions,
                          ]}
                          value=""
                          onChange={(event) => {
                            const level = Number(event.currentTarget.value);
                            if (!level) return;
                            write(new Map(group.forms.map((item) => [item.id, level])));
                          }}
                        />
                      )}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {group.forms.map((item) => (
                    <Table.Tr key={item.id}>
                      <Table.Td>
                        <Text size="sm">
                          {item.translationId
                            ? t(item.translationId, { defaultValue: item.name })
                            : item.name}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <NativeSelect
                          size="xs"
                          aria-label={t('users.levelOn', { form: item.name })}
                          data={levelOptions}
                          disabled={readOnly}
                          value={String(levels.get(item.id) ?? permissionLevels.None)}
                          onChange={(event) =>
                            write(new Map([[item.id, Number(event.currentTarget.value)]]))
                          }
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Stack>
  );
};
