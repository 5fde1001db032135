/**
 * R-BOARD-22..23: the truck-demand graphs, all plants first and then each plant: trucks needed per
 * slot, firm and will call stacked, against the trucks available (a red line). A slot needing more
 * than there are is counted in the heading.
 */
import { BarChart } from '@mantine/charts';
import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DemandSeries } from '@dispatch/domain/dispatch/truck-demand';

type Props = {
  all: DemandSeries;
  byPlant: readonly DemandSeries[];
  plantName: (plantId: number) => string;
  formatTime: (at: number) => string;
};

export function DemandCharts({ all, byPlant, plantName, formatTime }: Props) {
  const { t } = useTranslation();
  const shown = byPlant.length > 1 ? [all, ...byPlant] : [all];
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: Math.min(4, shown.length) }} spacing="xs">
      {shown.map((series) => {
        const name =
          series.plantId === null ? t('loadScheduling.allPlants') : plantName(series.plantId);
        return (
          <Paper
            key={series.plantId ?? 'all'}
            withBorder
            p="xs"
            radius="sm"
            role="figure"
            aria-label={t('loadScheduling.demandOf', { plant: name })}
          >
            <Group justify="space-between" gap={4} mb={2} wrap="nowrap">
              <Text size="xs" fw={700} truncate>
                {series.plantId === null ? t('loadScheduling.demandAll') : name}
              </Text>
              <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
                <Badge
                  size="xs"
                  tt="none"
                  variant="light"
                  color={series.peak > series.available ? 'red' : 'teal'}
                >
                  {t('loadScheduling.peak', { peak: series.peak, available: series.available })}
                </Badge>
                {series.shortSlots > 0 && (
                  <Badge
                    size="xs"
                    variant="filled"
                    color="red"
                    tt="none"
                    title={t('loadScheduling.shortTitle')}
                  >
                    {t('loadScheduling.short', { count: series.shortSlots })}
                  </Badge>
                )}
              </Group>
            </Group>
            <BarChart
              h={84}
              data={series.slots.map((slot) => ({
                slot: formatTime(Date.parse(slot.start)),
                firm: slot.firm,
                willCall: slot.willCall,
              }))}
              dataKey="slot"
              type="stacked"
              series={[
                { name: 'firm', label: t('loadScheduling.firm'), color: 'petrol.6' },
                { name: 'willCall', label: t('loadScheduling.willCallSeries'), color: 'yellow.5' },
              ]}
              referenceLines={[
                {
                  y: series.available,
                  color: 'red.6',
                  label: t('loadScheduling.availableSeries'),
                  labelPosition: 'insideTopRight',
                },
              ]}
              yAxisProps={{
                allowDecimals: false,
                width: 24,
                domain: [0, Math.max(series.peak, series.available) + 1],
              }}
              xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 12 }}
              gridAxis="y"
              tickLine="none"
              withLegend={series.plantId === null}
              legendProps={{ verticalAlign: 'top', height: 22 }}
              tooltipAnimationDuration={0}
              barProps={{ isAnimationActive: false }}
            />
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
