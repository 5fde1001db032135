/** A small map answer for the map's tests: one plant, one job, a truck on its way and one home. */
import { etaMinutes, type MapTruck, type TruckMap } from '@dispatch/domain/trucks/truck-map';
import { truckStatusIds } from '@dispatch/domain/trucks/truck-status';

export const northPlant = {
  id: 1,
  description: 'North Yard',
  systemTypeId: 1,
  latitude: 40.1262,
  longitude: -82.9291,
  radiusM: 150,
};

export const mallJob = {
  id: 31,
  name: 'Polaris Mall pad',
  customerName: 'Ace Builders',
  latitude: 40.1456,
  longitude: -82.9812,
  radiusM: 120,
};

export function mapTruck(fields: Partial<MapTruck> & Pick<MapTruck, 'truckId'>): MapTruck {
  return {
    identificationNumber: `T${fields.truckId}`,
    plantId: 1,
    statusId: truckStatusIds.inYard,
    statusFromGps: false,
    latitude: northPlant.latitude,
    longitude: northPlant.longitude,
    recordedAt: '2026-03-10T14:00:00.000Z',
    speedKph: null,
    headingDeg: null,
    ticketId: null,
    ticketNumber: null,
    jobId: null,
    etaMinutes: null,
    ...fields,
  };
}

/** T14 on its way to the mall (10 km out at 60 km/h), T12 in the yard. */
export function demoMap(tileUrl: string | null = null): TruckMap {
  const onItsWay = mapTruck({
    truckId: 14,
    statusId: truckStatusIds.toJob,
    latitude: 40.1262,
    longitude: -82.8612,
    speedKph: 60,
    ticketId: 700,
    ticketNumber: 700,
    jobId: mallJob.id,
  });
  return {
    tileUrl,
    tileAttribution: '© Test tiles',
    plants: [northPlant],
    jobs: [mallJob],
    trucks: [{ ...onItsWay, etaMinutes: etaMinutes(onItsWay, mallJob) }, mapTruck({ truckId: 12 })],
  };
}
