import { describe, expect, it } from 'vitest';
import { distanceM, earthRadiusM, insideFence } from './geo-distance';

/**
 * Reference distances on the WGS 84 ellipsoid (Vincenty's inverse formula, to the decimetre); the
 * sphere must come within 0.5 % of each.
 */
const cities = [
  { name: 'London to Paris', from: [51.5074, -0.1278], to: [48.8566, 2.3522], m: 343_923.1 },
  { name: 'Madrid to Barcelona', from: [40.4168, -3.7038], to: [41.3874, 2.1686], m: 506_300.1 },
  { name: 'Chicago to Denver', from: [41.8781, -87.6298], to: [39.7392, -104.9903], m: 1_481_331 },
  // Nashville (BNA) to Los Angeles (LAX): the classic haversine worked example.
  { name: 'BNA to LAX', from: [36.12, -86.67], to: [33.94, -118.4], m: 2_892_777 },
  {
    name: 'New York to Los Angeles',
    from: [40.7128, -74.006],
    to: [34.0522, -118.2437],
    m: 3_944_422.2,
  },
  {
    name: 'Sydney to Melbourne',
    from: [-33.8688, 151.2093],
    to: [-37.8136, 144.9631],
    m: 713_857.7,
  },
  {
    name: 'Quito to Singapore',
    from: [-0.1807, -78.4678],
    to: [1.3521, 103.8198],
    m: 19_743_445.7,
  },
] as const;

const point = ([latitude, longitude]: readonly [number, number]) => ({ latitude, longitude });
const metresPerDegree = (earthRadiusM * Math.PI) / 180;

describe('R-GPS-1: great-circle distance', () => {
  it.each(cities)('$name is within 0.5 % of the geodesic', ({ from, to, m }) => {
    const distance = distanceM(point(from), point(to));
    expect(Math.abs(distance - m) / m).toBeLessThan(0.005);
    // The same either way round.
    expect(distanceM(point(to), point(from))).toBeCloseTo(distance, 6);
  });

  it('measures metres at a fence’s scale: a degree of latitude, of longitude at the equator, none', () => {
    const origin = { latitude: 0, longitude: 0 };
    expect(distanceM(origin, { latitude: 1, longitude: 0 })).toBeCloseTo(metresPerDegree, 3);
    expect(distanceM(origin, { latitude: 0, longitude: 1 })).toBeCloseTo(metresPerDegree, 3);
    expect(distanceM(origin, origin)).toBe(0);
    const denver = { latitude: 39.7392, longitude: -104.9903 };
    const north = {
      latitude: denver.latitude + 100 / metresPerDegree,
      longitude: denver.longitude,
    };
    expect(distanceM(denver, north)).toBeCloseTo(100, 6);
  });

  it('stays a number for antipodal points, half the circumference', () => {
    const distance = distanceM({ latitude: 10, longitude: 20 }, { latitude: -10, longitude: -160 });
    expect(distance).toBeCloseTo(Math.PI * earthRadiusM, 0);
  });

  it('crosses the antimeridian the short way', () => {
    const west = { latitude: 0, longitude: 179.999 };
    const east = { latitude: 0, longitude: -179.999 };
    expect(distanceM(west, east)).toBeCloseTo(0.002 * metresPerDegree, 3);
  });
});

describe('R-GPS-1: inside a fence', () => {
  const fence = { latitude: 39.7392, longitude: -104.9903, radiusM: 150 };
  const north = (metres: number) => ({
    latitude: fence.latitude + metres / metresPerDegree,
    longitude: fence.longitude,
  });

  it('is within the radius, the edge included', () => {
    expect(insideFence(fence, fence)).toBe(true);
    expect(insideFence(north(149), fence)).toBe(true);
    expect(insideFence(north(150 - 1e-6), fence)).toBe(true);
    expect(insideFence(north(151), fence)).toBe(false);
    expect(insideFence(north(5_000), fence)).toBe(false);
  });
});
