// Client-only helpers around react-leaflet for grocer/components/leaflet.py.
//
// This module imports Leaflet, which touches `window` when it loads, so Python only ever
// imports it lazily (rx.NoSSRComponent): it is never part of the prerendered page nor of the
// first bytes of the shop. Its CSS and the marker images come from the npm package and are
// bundled by Vite with this chunk (no CDN).
//
// Exports (plain React components, no JSX so that Vite needs no transform here):
//   GrocerMarker  a Marker with an explicit icon ("current" blue, "selection" green,
//                 "result" orange, "default"), an optional text popup, opened when `open`.
//   MapEvents     turns map clicks into onPick(lat, lng).
//   MapView       re-centres the map when center/zoom/viewKey change (useMap().setView) and
//                 refreshes its size 150 ms after opening and 50 ms after `refreshKey` changes.

import { createElement, useEffect, useMemo, useRef } from "react";
import { Icon, icon as leafletIcon } from "leaflet";
import { Marker, Popup, useMap, useMapEvents } from "react-leaflet";
import "leaflet/dist/leaflet.css";
import "./grocer_leaflet.css";
import iconUrl from "leaflet/dist/images/marker-icon.png";
import iconRetinaUrl from "leaflet/dist/images/marker-icon-2x.png";
import shadowUrl from "leaflet/dist/images/marker-shadow.png";

const OPEN_DELAY_MS = 150;
const SEARCH_DELAY_MS = 50;

// Leaflet's default icon guesses its path from the stylesheet and asks for /marker-icon.png,
// which does not exist in the bundle: point it at the bundled images once, and give every
// marker of ours an explicit icon anyway.
delete Icon.Default.prototype._getIconUrl;
Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

const ICON_GEOMETRY = {
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
};

const KINDS = new Set(["default", "current", "selection", "result"]);
const icons = {};

export function markerIcon(kind) {
  const name = KINDS.has(kind) ? kind : "default";
  if (!icons[name]) {
    icons[name] = leafletIcon({
      ...ICON_GEOMETRY,
      iconUrl,
      iconRetinaUrl,
      shadowUrl,
      className: `grocer-marker grocer-marker-${name}`,
    });
  }
  return icons[name];
}

function finite(value) {
  return typeof value === "number" && Number.isFinite(value);
}

function asLatLng(position) {
  if (Array.isArray(position) && finite(position[0]) && finite(position[1])) {
    return [position[0], position[1]];
  }
  if (position && finite(position.lat) && finite(position.lng)) {
    return [position.lat, position.lng];
  }
  return null;
}

export function GrocerMarker({ position, kind, title, popup, open, children, ...rest }) {
  const ref = useRef(null);
  const latLng = asLatLng(position);
  const icon = useMemo(() => markerIcon(kind), [kind]);
  const lat = latLng ? latLng[0] : null;
  const lng = latLng ? latLng[1] : null;
  useEffect(() => {
    if (!open) return undefined;
    // A popup given as a lazily loaded child binds a moment after the marker: retry briefly.
    let tries = 0;
    let timer = null;
    const tryOpen = () => {
      const marker = ref.current;
      if (marker && marker.getPopup && marker.getPopup()) {
        marker.openPopup();
      } else if (tries++ < 20) {
        timer = setTimeout(tryOpen, 50);
      }
    };
    tryOpen();
    return () => timer && clearTimeout(timer);
  }, [open, lat, lng]);
  if (!latLng) return null;
  const label = title || undefined;
  return createElement(
    Marker,
    { ...rest, ref, position: latLng, icon, title: label, alt: label || "", keyboard: true },
    popup ? createElement(Popup, { maxWidth: 240, autoPanPadding: [12, 12] }, popup) : null,
    children,
  );
}

export function MapEvents({ onPick }) {
  const handler = useRef(onPick);
  handler.current = onPick;
  const handlers = useMemo(
    () => ({
      click(event) {
        const pick = handler.current;
        if (typeof pick === "function" && event && event.latlng) {
          pick(event.latlng.lat, event.latlng.lng);
        }
      },
    }),
    [],
  );
  useMapEvents(handlers);
  return null;
}

export function MapView({ center, zoom, viewKey, refreshKey }) {
  const map = useMap();
  const latLng = asLatLng(center);
  const lat = latLng ? latLng[0] : null;
  const lng = latLng ? latLng[1] : null;
  const wantedZoom = finite(zoom) ? zoom : null;

  useEffect(() => {
    if (lat === null || lng === null) return;
    map.setView([lat, lng], wantedZoom === null ? map.getZoom() : wantedZoom);
  }, [map, lat, lng, wantedZoom, viewKey]);

  useEffect(() => {
    // A plain credit for Leaflet (its default prefix adds a flag that costs width on phones).
    if (map.attributionControl) {
      map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    }
    const timer = setTimeout(() => map.invalidateSize(), OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [map]);

  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return undefined;
    }
    const timer = setTimeout(() => map.invalidateSize(), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [map, refreshKey]);

  return null;
}
