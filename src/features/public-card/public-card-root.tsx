// The whole public card document: the same tree on the server (entry-server.tsx) and when hydrating.
import { StrictMode, useEffect } from 'react';
import { Toaster } from '../../ui/toaster';
import { PublicCardPage, type PublicCardPageProps } from './public-card-page';

interface PublicCardRootProps extends PublicCardPageProps {
  /** Called once the server's markup is hydrated and its buttons answer. */
  onHydrated?: () => void;
}

export function PublicCardRoot({ onHydrated, ...props }: PublicCardRootProps) {
  return (
    <StrictMode>
      <PublicCardPage {...props} />
      <Toaster />
      <Hydrated onHydrated={onHydrated} />
    </StrictMode>
  );
}

/** Effects run only in the browser, after the tree before them is hydrated. */
function Hydrated({ onHydrated }: { onHydrated: (() => void) | undefined }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return null;
}
