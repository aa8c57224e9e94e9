// The public card inside the app, reached by a client-side navigation (e.g. Preview Card on /my-card).
import { useLocation, useNavigate, useParams } from 'react-router';
import { PublicCardPage } from '../features/public-card/public-card-page';

const MY_CARD_PATH = '/my-card';

export function PublicCardRoute() {
  const { nfcUID = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const cameFromMyCard =
    typeof state === 'object' && state !== null && 'from' in state && state.from === MY_CARD_PATH;
  const isOwnerPreview = location.pathname.startsWith('/my-display-card/');
  return (
    <PublicCardPage
      key={nfcUID}
      nfcUID={nfcUID}
      initial={null}
      backTo={isOwnerPreview || cameFromMyCard ? MY_CARD_PATH : null}
      navigate={(to) => navigate(to)}
    />
  );
}
