/**
 * R-MAP-1..4: the map itself, drawn with Leaflet (its own lazily loaded chunk, with its CSS). The
 * plants and today's jobs with their fences, and the trucks at their last positions in their
 * status's colour, each with its number; a click or tap opens its status, ticket and ETA. Without
 * a tile URL the map is a plain ground that still pans and zooms. The first answer fits the view to
 * the plants and jobs; later answers and moves leave the dispatcher's view alone.
 */
import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { MapTruck, TruckMap } from '@dispatch/domain/trucks/truck-map';
import { fitPoints, statusKeyOf } from './truck-map-live';
import classes from './truck-map.module.css';

export type TruckMapViewProps = {
  map: TruckMap;
  /** The CSS colour of a truck status (null: no status). */
  colorOf: (statusId: number | null) => string;
  /** Pan to this truck and open its popup; `seq` repeats a request for the same truck. */
  focus: { truckId: number; seq: number } | null;
};

type Leaflet = {
  map: L.Map;
  places: L.LayerGroup;
  trucks: L.LayerGroup;
  markers: Map<number, { marker: L.Marker; look: string; truck: MapTruck }>;
  tiles: L.TileLayer | null;
  fitted: boolean;
};

/** The view before the first answer, and when there is nothing to fit to. */
const worldView: [number, number] = [20, 0];
const fitMaxZoom = 14;
const focusZoom = 13;

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function useTruckTexts() {
  const { t } = useTranslation();
  return {
    t,
    statusName: (statusId: number | null) => {
      const key = statusKeyOf(statusId);
      return key ? t(`truckMap.statuses.${key}`) : t('truckMap.noStatus');
    },
  };
}

type Texts = ReturnType<typeof useTruckTexts>;

function truckIcon(truck: MapTruck, color: string, texts: Texts): L.DivIcon {
  const mark = element('span', classes.truckMark ?? '', truck.identificationNumber);
  mark.style.background = color;
  if (truck.statusFromGps) mark.append(element('span', '', '·'));
  mark.setAttribute(
    'aria-label',
    `${truck.identificationNumber}, ${texts.statusName(truck.statusId)}`,
  );
  return L.divIcon({ html: mark, className: classes.truckIcon ?? '', iconSize: [0, 0] });
}

function truckPopup(truck: MapTruck, color: string, { t, statusName }: Texts): HTMLElement {
  const popup = element('div', classes.popup ?? '');
  popup.append(element('div', classes.popupTitle ?? '', truck.identificationNumber));
  const status = element('div', '');
  const swatch = element('span', classes.swatch ?? '');
  swatch.style.background = color;
  status.append(swatch, statusName(truck.statusId));
  if (truck.statusFromGps) {
    const gps = element('span', classes.gps ?? '', t('truckMap.gps'));
    gps.title = t('truckMap.gpsTitle');
    status.append(gps);
  }
  popup.append(status);
  popup.append(
    element(
      'div',
      '',
      truck.ticketNumber === null
        ? t('truckMap.noTicket')
        : t('truckMap.ticket', { number: truck.ticketNumber }),
    ),
  );
  if (truck.etaMinutes !== null) {
    popup.append(element('div', '', t('truckMap.eta', { minutes: truck.etaMinutes })));
  }
  return popup;
}

/** A plant's mark with its name beside it, under the trucks (which rise above every place). */
function plantIcon(name: string): L.DivIcon {
  const mark = element('span', classes.plantMark ?? '', 'P');
  mark.append(element('span', classes.plantName ?? '', name));
  return L.divIcon({ html: mark, className: classes.plantIcon ?? '', iconSize: [20, 20] });
}

function jobIcon(): L.DivIcon {
  return L.divIcon({
    html: element('span', classes.jobMark ?? ''),
    className: classes.jobIcon ?? '',
    iconSize: [12, 12],
  });
}

function drawPlaces(leaflet: Leaflet, map: TruckMap, { t }: Texts): void {
  leaflet.places.clearLayers();
  for (const plant of map.plants) {
    const at: L.LatLngTuple = [plant.latitude, plant.longitude];
    if (plant.radiusM !== null && plant.radiusM > 0) {
      L.circle(at, {
        radius: plant.radiusM,
        className: classes.plantFence ?? '',
        weight: 2,
        fillOpacity: 0.12,
        interactive: false,
      }).addTo(leaflet.places);
    }
    L.marker(at, { icon: plantIcon(plant.description), keyboard: false, interactive: false }).addTo(
      leaflet.places,
    );
  }
  for (const job of map.jobs) {
    const at: L.LatLngTuple = [job.latitude, job.longitude];
    L.circle(at, {
      radius: job.radiusM,
      className: classes.jobFence ?? '',
      weight: 1.5,
      dashArray: '4 3',
      fillOpacity: 0.1,
      interactive: false,
    }).addTo(leaflet.places);
    const popup = element('div', classes.popup ?? '');
    popup.append(
      element('div', classes.popupTitle ?? '', job.name),
      element('div', '', job.customerName),
      element('div', '', t('truckMap.fence', { radius: Math.round(job.radiusM) })),
    );
    L.marker(at, { icon: jobIcon(), title: `${t('truckMap.job')}: ${job.name}` })
      .bindTooltip(job.name, { direction: 'top', offset: [0, -6] })
      .bindPopup(popup)
      .addTo(leaflet.places);
  }
}

function drawTrucks(
  leaflet: Leaflet,
  map: TruckMap,
  colorOf: TruckMapViewProps['colorOf'],
  texts: Texts,
) {
  const seen = new Set<number>();
  for (const truck of map.trucks) {
    seen.add(truck.truckId);
    const color = colorOf(truck.statusId);
    const look = [
      truck.identificationNumber,
      color,
      truck.statusFromGps,
      texts.statusName(truck.statusId),
    ].join('|');
    const at: L.LatLngTuple = [truck.latitude, truck.longitude];
    const shown = leaflet.markers.get(truck.truckId);
    if (!shown) {
      const marker = L.marker(at, {
        icon: truckIcon(truck, color, texts),
        title: truck.identificationNumber,
        zIndexOffset: 1000,
        riseOnHover: true,
      });
      marker.bindPopup(truckPopup(truck, color, texts), { offset: [0, -6] });
      marker.addTo(leaflet.trucks);
      leaflet.markers.set(truck.truckId, { marker, look, truck });
      continue;
    }
    if (shown.truck === truck) continue;
    const { marker } = shown;
    const was = marker.getLatLng();
    if (was.lat !== truck.latitude || was.lng !== truck.longitude) marker.setLatLng(at);
    if (shown.look !== look) marker.setIcon(truckIcon(truck, color, texts));
    marker.setPopupContent(truckPopup(truck, color, texts));
    leaflet.markers.set(truck.truckId, { marker, look, truck });
  }
  for (const [truckId, { marker }] of leaflet.markers) {
    if (seen.has(truckId)) continue;
    marker.remove();
    leaflet.markers.delete(truckId);
  }
}

export function TruckMapView({ map, colorOf, focus }: TruckMapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const leaflet = useRef<Leaflet | null>(null);
  const texts = useTruckTexts();

  useEffect(() => {
    const node = container.current;
    if (!node) return;
    // Quarter zoom steps: the first view fits the plants and jobs closely.
    const made = L.map(node, { minZoom: 2, maxZoom: 19, zoomSnap: 0.25, worldCopyJump: true });
    made.setView(worldView, 2);
    L.control.scale({ imperial: true, metric: true }).addTo(made);
    leaflet.current = {
      map: made,
      places: L.layerGroup().addTo(made),
      trucks: L.layerGroup().addTo(made),
      markers: new Map(),
      tiles: null,
      fitted: false,
    };
    // A panel opened, closed or resized: Leaflet measures its box again.
    const resized = new ResizeObserver(() => made.invalidateSize());
    resized.observe(node);
    return () => {
      resized.disconnect();
      made.remove();
      leaflet.current = null;
    };
  }, []);

  useEffect(() => {
    const current = leaflet.current;
    if (!current) return;
    current.tiles?.remove();
    current.tiles = map.tileUrl
      ? L.tileLayer(map.tileUrl, { attribution: map.tileAttribution, maxZoom: 19 }).addTo(
          current.map,
        )
      : null;
  }, [map.tileUrl, map.tileAttribution]);

  useEffect(() => {
    const current = leaflet.current;
    if (!current) return;
    drawPlaces(current, map, texts);
    if (current.fitted) return;
    current.fitted = true;
    const points = fitPoints(map);
    if (points.length > 0) {
      current.map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: fitMaxZoom });
    }
    // Redrawn when the places or the language change, not when a truck moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map.plants, map.jobs, texts.t]);

  useEffect(() => {
    const current = leaflet.current;
    if (current) drawTrucks(current, map, colorOf, texts);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map.trucks, colorOf, texts.t]);

  useEffect(() => {
    const current = leaflet.current;
    const shown = focus && current?.markers.get(focus.truckId);
    if (!current || !shown) return;
    current.map.setView(shown.marker.getLatLng(), Math.max(current.map.getZoom(), focusZoom));
    shown.marker.openPopup();
  }, [focus]);

  return <div ref={container} className={classes.map} />;
}
