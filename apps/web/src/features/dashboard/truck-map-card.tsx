/**
 * R-MAP-1..4: the dashboard's map of plants, today's jobs and the trucks moving live, in the
 * dashboard's own truck status colours (those of its trucks-by-status card).
 */
import { useTranslation } from 'react-i18next';
import { TruckMapPanel } from '../../components/truck-map/truck-map-panel';
import { useCompactLayout } from '../../lib/layout';
import { DashboardCard } from './dashboard-card';
import { truckStatusColors } from './status-colors';

export function TruckMapCard() {
  const { t } = useTranslation();
  const phone = useCompactLayout();
  return (
    <DashboardCard title={t('truckMap.title')}>
      <TruckMapPanel
        statusColors={truckStatusColors}
        height={phone ? '50vh' : '26rem'}
        list={phone ? 'below' : 'side'}
        heading={false}
      />
    </DashboardCard>
  );
}
