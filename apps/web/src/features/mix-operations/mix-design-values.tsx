/**
 * R-MIX-2: a mix's design values, as spec section 3's concrete mix names them, labelled as the
 * concrete product screen labels them (one set of labels, both languages).
 */
import { Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MixDetail } from '@dispatch/domain/mixes/mix-recipe';
import { concreteMixResource } from '@dispatch/domain/resources/concrete-mixes';
import { fieldLabel } from '../../resources/resource-text';
import { numberText } from './mix-format';

const shown = [
  'strength',
  'slump',
  'air',
  'waterToCementRatio',
  'aggregateSize',
  'cementType',
  'sackEquivalent',
  'maxLoadSize',
  'maxExtraWaterGallons',
  'mixerSeconds',
  'applyAdmixDosageFactor',
] as const satisfies readonly (keyof MixDetail)[];

export function MixDesignValues({ mix }: { mix: MixDetail }) {
  const { t, i18n } = useTranslation();
  const valueOf = (name: (typeof shown)[number]) => {
    const value = mix[name];
    if (typeof value === 'boolean') return value ? t('mixOperations.yes') : t('mixOperations.no');
    if (typeof value === 'number') return numberText(i18n.language, value, 4);
    return value === '' || value === null ? '—' : value;
  };
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text fw={600}>{t('mixOperations.modify.design')}</Text>
        {mix.inactiveFlag ? (
          <Badge color="gray" variant="light" tt="none">
            {t('mixOperations.inactive')}
          </Badge>
        ) : null}
      </Group>
      <SimpleGrid
        cols={{ base: 2, sm: 3, lg: 4 }}
        spacing="sm"
        verticalSpacing={6}
        component="dl"
        aria-label={t('mixOperations.modify.design')}
        m={0}
      >
        {shown.map((name) => (
          <div key={name}>
            <Text component="dt" size="xs" c="dimmed">
              {fieldLabel(t, concreteMixResource, name, concreteMixResource.fields[name]!)}
            </Text>
            <Text component="dd" size="sm" fw={500} m={0}>
              {valueOf(name)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
