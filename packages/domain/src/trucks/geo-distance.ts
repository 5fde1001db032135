/**
 * R-GPS-1: distances on the ground and whether a point is inside a fence. A fence is a circle (a
 * plant's latitude, longitude and radius; a job's GPS location and the job radius), so being at a
 * place is one distance compared with one radius.
 */

/** A point in decimal degrees (WGS 84, as GPS devices, plants and jobs give them). */
export type GeoPoint = { readonly latitude: number; readonly longitude: number };

/** A circular geofence: its centre and its radius in metres. */
export type Fence = GeoPoint & { readonly radiusM: number };

/**
 * The Earth's mean radius (IUGG, R1) in metres. A sphere is off the ellipsoid by at most about
 * 0.5 %, far less than a fence's own tolerance of tens of metres.
 */
export const earthRadiusM = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The great-circle distance in metres between two points (the haversine formula, which stays
 * accurate at the few metres that matter at a fence's edge, where the spherical law of cosines
 * loses its digits).
 */
export function distanceM(from: GeoPoint, to: GeoPoint): number {
  const dLat = radians(to.latitude - from.latitude);
  const dLon = radians(to.longitude - from.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  // Rounding can put h a hair above 1 for antipodal points; asin would then be NaN.
  return 2 * earthRadiusM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Inside a fence means within its radius; a point exactly on the edge counts as inside. */
export function insideFence(point: GeoPoint, fence: Fence): boolean {
  return distanceM(point, fence) <= fence.radiusM;
}
