/**
 * R-TRACK-4: the pour page's small map. The job in the middle and each truck on its way where it
 * last was, on rings of a round distance; north up. Drawn as SVG from the page's own data, so it
 * needs no map tiles, no key and no other request, and shows nothing the page does not.
 */
import { useTranslation } from 'react-i18next';
import type { PourPage } from '@dispatch/domain/tracking/tracking-link';
import classes from './pour-page.module.css';

const width = 320;
const height = 184;
const centre = { x: width / 2, y: height / 2 };
const outer = 82;
/** The ring distances to pick from: the smallest that holds every truck. */
const ringsKm = [0.5, 1, 2, 5, 10, 20, 50, 100] as const;
const kmPerDegreeLatitude = 110.57;
const kmPerDegreeLongitude = 111.32;

/** A position as kilometres east and north of the job. */
function offsetKm(
  job: { latitude: number; longitude: number },
  at: { latitude: number; longitude: number },
) {
  const cos = Math.cos((job.latitude * Math.PI) / 180);
  return {
    east: (at.longitude - job.longitude) * kmPerDegreeLongitude * cos,
    north: (at.latitude - job.latitude) * kmPerDegreeLatitude,
  };
}

export function PourMap({ page }: { page: PourPage }) {
  const { t } = useTranslation();
  const { job } = page;
  if (job === null) return null;
  const trucks = page.loads.flatMap((load) =>
    load.position === null
      ? []
      : [{ label: load.truckNumber ?? '', ...offsetKm(job, load.position) }],
  );
  if (trucks.length === 0) return null;
  const farthest = Math.max(...trucks.map((each) => Math.hypot(each.east, each.north)));
  const ringKm = ringsKm.find((km) => km >= farthest) ?? farthest;
  const scale = outer / ringKm;
  return (
    <svg
      className={classes.map}
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-label={t('pour.map')}
    >
      <circle cx={centre.x} cy={centre.y} r={outer} fill="#f7fafb" stroke="#b8c7ce" />
      <circle
        cx={centre.x}
        cy={centre.y}
        r={outer / 2}
        fill="none"
        stroke="#cdd8dd"
        strokeDasharray="4 4"
      />
      <text x={centre.x + 4} y={centre.y - outer + 14} fontSize="11" fill="#4a5c66">
        {t('pour.mapScale', { km: ringKm.toLocaleString() })}
      </text>
      <text x={16} y={22} fontSize="13" fontWeight="700" fill="#4a5c66">
        ↑ N
      </text>
      <g>
        <circle cx={centre.x} cy={centre.y} r={9} fill="#00445d" />
        <circle cx={centre.x} cy={centre.y} r={3.5} fill="#ffffff" />
        <text
          x={centre.x}
          y={centre.y + 24}
          fontSize="12"
          fontWeight="700"
          textAnchor="middle"
          fill="#00445d"
        >
          {t('pour.mapJob')}
        </text>
      </g>
      {trucks.map((truck) => {
        const x = centre.x + truck.east * scale;
        const y = centre.y - truck.north * scale;
        return (
          <g key={truck.label}>
            <line
              x1={centre.x}
              y1={centre.y}
              x2={x}
              y2={y}
              stroke="#b86e00"
              strokeDasharray="3 4"
            />
            <circle cx={x} cy={y} r={8} fill="#b86e00" stroke="#ffffff" strokeWidth={2} />
            <text
              x={x}
              y={y - 12}
              fontSize="12"
              fontWeight="700"
              textAnchor="middle"
              fill="#7a4900"
            >
              {truck.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
