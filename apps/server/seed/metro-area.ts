/**
 * The metro area the seeded lookups and the demo producer live in: Columbus, Ohio and its suburbs.
 * Suburbs, zones and tax schedules are reference data; the demo's addresses and coordinates are
 * drawn from the same places so every job, plant and customer is where its lookups say it is.
 *
 * Address lines follow one layout everywhere (plants, customers, jobs, employees, companies):
 * 1 street, 2 second line (suite, lot, site name), 3 city, 4 directions or cross streets,
 * 5 state, 6 county, 7 ZIP code. Lines 3, 5 and 7 are the ones requireJobAddresses357 demands.
 */

export const downtown = { lat: 39.9612, lon: -82.9988 } as const;

export const counties = {
  franklin: { name: 'Franklin County', taxScheduleId: 1 },
  delaware: { name: 'Delaware County', taxScheduleId: 2 },
  fairfield: { name: 'Fairfield County', taxScheduleId: 3 },
  licking: { name: 'Licking County', taxScheduleId: 4 },
  madison: { name: 'Madison County', taxScheduleId: 5 },
  union: { name: 'Union County', taxScheduleId: 6 },
} as const;

export type CountyKey = keyof typeof counties;

/** The schedule of customers and jobs that pay no sales tax (governments, schools, resale). */
export const taxExemptScheduleId = 7;

export type Place = {
  /** Also the suburb id. */
  readonly id: number;
  readonly suburb: string;
  readonly city: string;
  readonly county: CountyKey;
  readonly zip: string;
  readonly lat: number;
  readonly lon: number;
};

export const places: readonly Place[] = [
  place(1, 'Downtown', 'Columbus', 'franklin', '43215', 39.9612, -82.9988),
  place(2, 'Short North', 'Columbus', 'franklin', '43201', 39.984, -83.004),
  place(3, 'Clintonville', 'Columbus', 'franklin', '43214', 40.042, -83.02),
  place(4, 'Linden', 'Columbus', 'franklin', '43211', 40.008, -82.97),
  place(5, 'Northland', 'Columbus', 'franklin', '43229', 40.085, -82.97),
  place(6, 'Easton', 'Columbus', 'franklin', '43219', 40.05, -82.915),
  place(7, 'Hilltop', 'Columbus', 'franklin', '43204', 39.95, -83.07),
  place(8, 'Westland', 'Columbus', 'franklin', '43228', 39.945, -83.13),
  place(9, 'South Side', 'Columbus', 'franklin', '43207', 39.905, -82.98),
  place(10, 'Berwick', 'Columbus', 'franklin', '43227', 39.94, -82.89),
  place(11, 'Dublin', 'Dublin', 'franklin', '43017', 40.0992, -83.1141),
  place(12, 'Hilliard', 'Hilliard', 'franklin', '43026', 40.0334, -83.1588),
  place(13, 'Upper Arlington', 'Upper Arlington', 'franklin', '43221', 40.027, -83.062),
  place(14, 'Worthington', 'Worthington', 'franklin', '43085', 40.0931, -83.018),
  place(15, 'Westerville', 'Westerville', 'franklin', '43081', 40.1262, -82.9291),
  place(16, 'Gahanna', 'Gahanna', 'franklin', '43230', 40.0192, -82.8793),
  place(17, 'New Albany', 'New Albany', 'franklin', '43054', 40.0812, -82.8088),
  place(18, 'Whitehall', 'Whitehall', 'franklin', '43213', 39.9667, -82.8855),
  place(19, 'Bexley', 'Bexley', 'franklin', '43209', 39.9689, -82.9377),
  place(20, 'Reynoldsburg', 'Reynoldsburg', 'franklin', '43068', 39.9548, -82.8121),
  place(21, 'Grove City', 'Grove City', 'franklin', '43123', 39.8815, -83.093),
  place(22, 'Groveport', 'Groveport', 'franklin', '43125', 39.8784, -82.8838),
  place(23, 'Obetz', 'Obetz', 'franklin', '43207', 39.8787, -82.9507),
  place(24, 'Canal Winchester', 'Canal Winchester', 'franklin', '43110', 39.8428, -82.8046),
  place(25, 'Galloway', 'Galloway', 'franklin', '43119', 39.9134, -83.1641),
  place(26, 'Lockbourne', 'Lockbourne', 'franklin', '43137', 39.8092, -82.9724),
  place(27, 'Blacklick', 'Blacklick', 'franklin', '43004', 40.0034, -82.8082),
  place(28, 'Pickerington', 'Pickerington', 'fairfield', '43147', 39.8842, -82.7535),
  place(29, 'Lithopolis', 'Lithopolis', 'fairfield', '43136', 39.8028, -82.8063),
  place(30, 'Powell', 'Powell', 'delaware', '43065', 40.1578, -83.0752),
  place(31, 'Lewis Center', 'Lewis Center', 'delaware', '43035', 40.1984, -82.995),
  place(32, 'Delaware', 'Delaware', 'delaware', '43015', 40.2987, -83.068),
  place(33, 'Sunbury', 'Sunbury', 'delaware', '43074', 40.2423, -82.859),
  place(34, 'Pataskala', 'Pataskala', 'licking', '43062', 39.9956, -82.6743),
  place(35, 'Plain City', 'Plain City', 'madison', '43064', 40.1073, -83.2674),
  place(36, 'London', 'London', 'madison', '43140', 39.8864, -83.4483),
  place(37, 'Marysville', 'Marysville', 'union', '43040', 40.2364, -83.3671),
];

function place(
  id: number,
  suburb: string,
  city: string,
  county: CountyKey,
  zip: string,
  lat: number,
  lon: number,
): Place {
  return { id, suburb, city, county, zip, lat, lon };
}

export function placeById(id: number): Place {
  const found = places.find((candidate) => candidate.id === id);
  if (!found) throw new RangeError(`Unknown place ${String(id)}`);
  return found;
}

/** Great-circle distance in miles. */
export function milesBetween(
  a: { lat: number; lon: number },
  b: { lat: number; lon: number },
): number {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.lat - a.lat);
  const dLon = toRadians(b.lon - a.lon);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

/** Delivery zones are rings around downtown; the zone ids are the ring numbers. */
export const zoneRings = [
  { id: 1, description: 'Zone 1 - Central (0-6 mi)', maxMiles: 6, deliveryCharge: 0 },
  { id: 2, description: 'Zone 2 (6-12 mi)', maxMiles: 12, deliveryCharge: 35 },
  { id: 3, description: 'Zone 3 (12-20 mi)', maxMiles: 20, deliveryCharge: 60 },
  { id: 4, description: 'Zone 4 (20+ mi)', maxMiles: Number.POSITIVE_INFINITY, deliveryCharge: 95 },
] as const;

export function zoneIdOf(point: { lat: number; lon: number }): number {
  const miles = milesBetween(downtown, point);
  const ring = zoneRings.find((candidate) => miles < candidate.maxMiles);
  return ring?.id ?? 4;
}

/** Streets of the area, for street addresses; the numbers in front are made up. */
export const streets = [
  'Sawmill Rd',
  'Hayden Run Rd',
  'Cemetery Rd',
  'Trabue Rd',
  'Fishinger Rd',
  'Henderson Rd',
  'Bethel Rd',
  'Morse Rd',
  'Cleveland Ave',
  'Karl Rd',
  'Sunbury Rd',
  'Hamilton Rd',
  'E Broad St',
  'W Broad St',
  'Main St',
  'Livingston Ave',
  'Refugee Rd',
  'Noe Bixby Rd',
  'Brice Rd',
  'Gender Rd',
  'Diley Rd',
  'Winchester Pike',
  'Alum Creek Dr',
  'Parsons Ave',
  'S High St',
  'N High St',
  'Harrisburg Pike',
  'Frank Rd',
  'Stringtown Rd',
  'Hoover Rd',
  'Jackson Pike',
  'Gantz Rd',
  'Broadway',
  'Davidson Rd',
  'Cosgray Rd',
  'Avery Rd',
  'Post Rd',
  'Perimeter Dr',
  'Tuttle Crossing Blvd',
  'Emerald Pkwy',
  'Polaris Pkwy',
  'Worthington Rd',
  'Lazelle Rd',
  'Schrock Rd',
  'Cooper Rd',
  'Africa Rd',
  'Big Walnut Rd',
  'Walnut St',
  'State St',
  'Maple St',
  'Olentangy River Rd',
  'Riverside Dr',
  'Dublin Rd',
  'McKinley Ave',
  'Fisher Rd',
  'Roberts Rd',
  'Hilliard Rome Rd',
  'Scioto Darby Rd',
  'Leap Rd',
  'Alton Darby Creek Rd',
  'Rings Rd',
  'Bright Rd',
  'Smoky Row Rd',
  'Home Rd',
  'Orange Rd',
  'Lewis Center Rd',
  'Cheshire Rd',
  'Johnstown Rd',
  'Reynoldsburg New Albany Rd',
  'Taylor Station Rd',
  'Waggoner Rd',
  'Groveport Rd',
  'Rohr Rd',
  'London Groveport Rd',
  'Ashville Pike',
] as const;
