/**
 * R-DEMO-7: where a demo truck is, worked out from its status and how long it has been in it, so
 * the simulator needs no memory and picks up after a restart or a re-based day. Trucks drive the
 * grid, as streets run: first north or south, then east or west, at a road speed of their own.
 */
import { earthRadiusM, type GeoPoint } from '@dispatch/domain/trucks/geo-distance';
import { truckStatusIds, type TruckStatusId } from '@dispatch/domain/trucks/truck-status';

const metresPerDegreeLatitude = (earthRadiusM * Math.PI) / 180;
const metresPerDegreeLongitude = (latitude: number) =>
  metresPerDegreeLatitude * Math.cos((latitude * Math.PI) / 180);

/** The minutes a demo driver spends at each stop before pressing the next button or leaving. */
export const demoDwellMinutes = {
  /** Loading until the plant marks the truck Loaded, if nothing else has. */
  loading: 10,
  /** Loaded, ticket in hand, before pulling out of the yard. */
  loaded: 3,
  /** On the job before the pour starts. */
  onJob: 4,
  unloading: 12,
  washing: 6,
} as const;

/** A road speed per truck, 38 to 52 km/h, so the fleet does not move in step. */
export function demoSpeedKph(truckId: number): number {
  return 38 + ((truckId * 7) % 15);
}

/** The grid route from one point to another: its corner and length in metres. */
function gridRoute(from: GeoPoint, to: GeoPoint) {
  const corner = { latitude: to.latitude, longitude: from.longitude };
  const first = Math.abs(to.latitude - from.latitude) * metresPerDegreeLatitude;
  const second = Math.abs(to.longitude - from.longitude) * metresPerDegreeLongitude(to.latitude);
  return { corner, first, second, length: first + second };
}

const lerp = (a: number, b: number, share: number) => a + (b - a) * share;
const between = (a: GeoPoint, b: GeoPoint, share: number): GeoPoint => ({
  latitude: lerp(a.latitude, b.latitude, share),
  longitude: lerp(a.longitude, b.longitude, share),
});

/** The point `metres` along the grid route, the end once the route is driven. */
export function alongRoute(from: GeoPoint, to: GeoPoint, metres: number): GeoPoint {
  const route = gridRoute(from, to);
  if (metres <= 0) return from;
  if (metres >= route.length) return to;
  if (metres <= route.first) return between(from, route.corner, metres / route.first);
  return between(route.corner, to, (metres - route.first) / route.second);
}

export type DemoTruck = {
  readonly truckId: number;
  readonly statusId: number;
  readonly statusDateTime: Date;
  readonly plant: GeoPoint & { readonly radiusM: number };
  readonly job: GeoPoint;
  readonly jobRadiusM: number;
};

/** What the simulated driver does at this tick: where the phone is, and a button, if any. */
export type DemoMove = {
  readonly at: GeoPoint;
  readonly speedKph: number;
  readonly press: TruckStatusId | null;
};

/**
 * R-DEMO-7: the truck's place now. On the road it is as far along as its speed has taken it since
 * the status began (plus the fence it had to leave to get that status, which GPS set as it crossed
 * the edge); at a stop it stands, and presses the next button when its dwell is over.
 */
export function demoMove(truck: DemoTruck, now: Date): DemoMove {
  const minutes = (now.getTime() - truck.statusDateTime.getTime()) / 60_000;
  const kph = demoSpeedKph(truck.truckId);
  const driven = (afterMinutes: number) => Math.max(0, minutes - afterMinutes) * (kph / 60) * 1000;
  const standing = (at: GeoPoint, press: TruckStatusId | null): DemoMove => ({
    at,
    speedKph: 0,
    press,
  });
  const { plant, job } = truck;
  switch (truck.statusId) {
    case truckStatusIds.loading:
      return standing(plant, minutes >= demoDwellMinutes.loading ? truckStatusIds.loaded : null);
    case truckStatusIds.loaded:
      return minutes < demoDwellMinutes.loaded
        ? standing(plant, null)
        : {
            at: alongRoute(plant, job, driven(demoDwellMinutes.loaded)),
            speedKph: kph,
            press: null,
          };
    case truckStatusIds.toJob:
      return { at: alongRoute(plant, job, plant.radiusM + driven(0)), speedKph: kph, press: null };
    case truckStatusIds.onJob:
      return standing(job, minutes >= demoDwellMinutes.onJob ? truckStatusIds.unloading : null);
    case truckStatusIds.unloading:
      return standing(job, minutes >= demoDwellMinutes.unloading ? truckStatusIds.washing : null);
    case truckStatusIds.washing:
      return minutes < demoDwellMinutes.washing
        ? standing(job, null)
        : {
            at: alongRoute(job, plant, driven(demoDwellMinutes.washing)),
            speedKph: kph,
            press: null,
          };
    case truckStatusIds.toPlant:
      return {
        at: alongRoute(job, plant, truck.jobRadiusM + driven(0)),
        speedKph: kph,
        press: null,
      };
    default:
      return standing(plant, null);
  }
}
