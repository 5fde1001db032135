/**
 * A user's groups (R-USER-1, R-SYS-2): every group as a checkbox. Groups 1001 to 1003 unlock the
 * concrete, aggregate and block screens; a group's form levels add to the user's own (R-PERM-7).
 */
import { Checkbox, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { groupResource, systemGroupIds } from '@dispatch/domain/resources/users';
import type { FormPanel } from '../../resources/resource-form-page';
import { resourceQueries } from '../../resources/resource-queries';

export const GroupsPanel: FormPanel = ({ form, readOnly }) => {
  const { t } = useTranslation();
  const options = useQuery(resourceQueries.optionSearch(groupResource, ''));
  const rows: unknown = useWatch({ control: form.control, name: 'groups' });
  const chosen = new Set(
    Array.isArray(rows) ? (rows as { groupId?: number }[]).map((row) => row.groupId) : [],
  );
  const toggle = (groupId: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(groupId);
    else next.delete(groupId);
    form.setValue(
      'groups',
      [...next]
        .filter((id): id is number => typeof id === 'number')
        .map((groupId) => ({ groupId })),
      { shouldDirty: true },
    );
  };
  if (options.isPending) return <Loader size="sm" />;
  return (
    <Stack gap="xs" role="group" aria-label={t('users.groups')}>
      <Text size="sm" c="dimmed">
        {t('users.groupsHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="xs">
        {(options.data ?? []).map((group) => (
          <Checkbox
            key={group.id}
            label={group.name}
            description={
              systemGroupIds.includes(group.id)
                ? t('users.systemGroup')
                : `${t('users.group')} ${group.id}`
            }
            checked={chosen.has(group.id)}
            disabled={readOnly}
            onChange={(event) => toggle(group.id, event.currentTarget.checked)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
};
