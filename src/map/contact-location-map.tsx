// STAND-IN (interfaces.md): the map helper's maplibre map replaces this file at merge. Same props and
// default export; it only says where the map would be centred.
const DEFAULT_CENTRE = { lat: 51.505, lng: -0.09 };

export default function ContactLocationMap({ location }: { location: { lat: number; lng: number } | null }) {
  const centre = location ?? DEFAULT_CENTRE;
  const zoom = location ? 15 : 13;
  return (
    <div
      role="img"
      aria-label={`Map centred on ${centre.lat.toFixed(4)}, ${centre.lng.toFixed(4)}`}
      data-zoom={zoom}
      style={{
        display: 'grid',
        placeItems: 'center',
        height: '100%',
        minHeight: 180,
        borderRadius: 10,
        background: 'repeating-linear-gradient(45deg, #eef2ff, #eef2ff 12px, #e0e7ff 12px, #e0e7ff 24px)',
        color: '#3730a3',
        fontWeight: 600,
      }}
    >
      {centre.lat.toFixed(4)}, {centre.lng.toFixed(4)}
    </div>
  );
}
