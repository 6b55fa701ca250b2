// The map picker's scripts fetched ahead (issue 23, "Fetch ahead"): Leaflet and its helpers are
// loaded only when a map first shows (grocer/components/leaflet.py), which on a slow link put
// their download between "Choisir sur la carte" and the map. Mounted where the next tap may
// open the picker (the cart overlay, the address dialog), this asks for the same modules at
// once, so that the picker waits for its tiles only. Asked once per page; a failed fetch (the
// network) is asked again next time.
import { useEffect } from "react";

let asked = null;

export function fetchMapAhead() {
  if (asked === null) {
    asked = Promise.all([import("react-leaflet"), import("./leaflet/grocer_leaflet.js")]).catch(
      () => {
        asked = null;
      },
    );
  }
  return asked;
}

export function MapAhead() {
  useEffect(() => {
    fetchMapAhead();
  }, []);
  return null;
}
