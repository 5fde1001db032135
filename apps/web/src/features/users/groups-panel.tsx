/**
 * A user's groups (R-USER-1, R-SYS-2) as a selection list (R-SELECT-1, R-CONST-13): each group
 * toggles; Ctrl+A ticks every active group (again: clears them). An inactive group is shown and
 * cannot be toggled, so it is neither given nor taken away while inactive. Groups 1001 to 1003
 * unlock the concrete, aggregate and block screens; a group's form levels add to the user's own
 * (R-PERM-7).
 */
import { Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { groupResource, systemGroupIds } from '@dispatch/domain/resources/users';
import { SelectionList } from '../../components/selection-list/selection-list';
import type { FormPanel } from '../../resources/resource-form-page';
import { resourceQueries } from '../../resources/resource-queries';

export const GroupsPanel: FormPanel = ({ form, readOnly }) => {
  const { t } = useTranslation();
  const options = useQuery(
    resourceQueries.optionSearch(groupResource, '', { includeInactive: 'true' }),
  );
  const rows: unknown = useWatch({ control: form.control, name: 'groups' });
  const chosen = Array.isArray(rows)
    ? (rows as { groupId?: number }[]).flatMap((row) =>
        typeof row.groupId === 'number' ? [row.groupId] : [],
      )
    : [];
  if (options.isPending) return <Loader size="sm" />;
  return (
    <SelectionList
      label={t('users.groups')}
      description={`${t('users.groupsHint')} ${t('users.groupsSelectAll')}`}
      orientation="vertical"
      items={(options.data ?? []).map((group) => ({
        value: group.id,
        label: group.name,
        description: group.inactive
          ? t('users.inactiveGroup')
          : systemGroupIds.includes(group.id)
            ? t('users.systemGroup')
            : `${t('users.group')} ${group.id}`,
        disabled: readOnly || group.inactive,
      }))}
      value={chosen}
      onChange={(groupIds) =>
        form.setValue(
          'groups',
          groupIds.map((groupId) => ({ groupId })),
          { shouldDirty: true },
        )
      }
    />
  );
};
