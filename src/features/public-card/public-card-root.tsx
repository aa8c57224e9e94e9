// The whole public card document: the same tree on the server (entry-server.tsx) and when hydrating.
import { StrictMode } from 'react';
import { Toaster } from '../../ui/toaster';
import { PublicCardPage, type PublicCardPageProps } from './public-card-page';

export function PublicCardRoot(props: PublicCardPageProps) {
  return (
    <StrictMode>
      <PublicCardPage {...props} />
      <Toaster />
    </StrictMode>
  );
}
