// The attack map's picture: the globe and graticule at once, the countries once their outline has loaded.
// Without the outline (it could not load) the globe alone is the fallback image.
import { useEffect, useState } from 'react';
import styles from './attack-map.module.css';
import { GRATICULE_PATH, loadCountriesPath, MAP_HEIGHT, MAP_WIDTH, SPHERE_PATH } from './world-outline';

type Outline = { status: 'loading' } | { status: 'ready'; path: string } | { status: 'failed' };

function useCountriesOutline(): Outline {
  const [outline, setOutline] = useState<Outline>({ status: 'loading' });
  useEffect(() => {
    let isCurrent = true;
    loadCountriesPath().then(
      (path) => isCurrent && setOutline({ status: 'ready', path }),
      () => isCurrent && setOutline({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  return outline;
}

export function WorldMap() {
  const outline = useCountriesOutline();
  return (
    <svg
      className={styles.world}
      viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
      role="img"
      aria-label={outline.status === 'failed' ? 'World map (outline only)' : 'World map'}
      data-outline={outline.status}
    >
      <path d={SPHERE_PATH} className={styles.sphere} />
      <path d={GRATICULE_PATH} className={styles.graticule} />
      {outline.status === 'ready' && <path d={outline.path} className={styles.land} />}
    </svg>
  );
}
