/**
 * R-MIX-10: the mixes a global change writes, each with its lines before and after: the preview
 * before apply, and an applied change's details (the same table, so both read alike).
 */
import { ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MixChangeMix } from '@dispatch/domain/mixes/mix-design-change';
import { differenceText, quantityText } from './mix-format';

export function MixChangeTable({
  mixes,
  label,
}: {
  mixes: readonly MixChangeMix[];
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <ScrollArea.Autosize mah={480} type="auto" offsetScrollbars="y">
      <Table
        striped={false}
        highlightOnHover
        stickyHeader
        verticalSpacing={5}
        fz="sm"
        aria-label={label}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('mixOperations.change.mix')}</Table.Th>
            <Table.Th>{t('mixOperations.plant')}</Table.Th>
            <Table.Th>{t('mixOperations.modify.rawMaterial')}</Table.Th>
            <Table.Th ta="right">{t('mixOperations.change.before')}</Table.Th>
            <Table.Th ta="right">{t('mixOperations.change.after')}</Table.Th>
            <Table.Th ta="right">{t('mixOperations.change.difference')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mixes.flatMap((mix) =>
            mix.lines.map((line, index) => {
              const difference =
                line.unitBefore === line.unitAfter
                  ? differenceText(language, line.quantityBefore, line.quantityAfter)
                  : '';
              const first = index === 0;
              return (
                <Table.Tr
                  key={`${mix.mixId}/${line.rawMaterialId}`}
                  style={first ? { borderTop: '2px solid var(--mantine-color-gray-3)' } : undefined}
                >
                  {first ? (
                    <>
                      <Table.Td rowSpan={mix.lines.length} style={{ verticalAlign: 'top' }}>
                        <Text size="sm" fw={600}>
                          {mix.description}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {mix.productNumber}
                        </Text>
                      </Table.Td>
                      <Table.Td rowSpan={mix.lines.length} style={{ verticalAlign: 'top' }}>
                        {mix.plantName}
                      </Table.Td>
                    </>
                  ) : null}
                  <Table.Td>
                    {line.code} · {line.description}
                  </Table.Td>
                  <Table.Td ta="right" c={line.quantityBefore === null ? 'dimmed' : undefined}>
                    {line.quantityBefore === null
                      ? t('mixOperations.change.none')
                      : quantityText(language, line.quantityBefore, line.unitBefore)}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    fw={600}
                    c={line.quantityAfter === null ? 'red.8' : undefined}
                  >
                    {line.quantityAfter === null
                      ? t('mixOperations.change.removed')
                      : quantityText(language, line.quantityAfter, line.unitAfter)}
                  </Table.Td>
                  <Table.Td
                    ta="right"
                    c={
                      difference.startsWith('−')
                        ? 'orange.8'
                        : difference.startsWith('+')
                          ? 'green.8'
                          : 'dimmed'
                    }
                  >
                    {difference}
                  </Table.Td>
                </Table.Tr>
              );
            }),
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
