// Picks what to load: a tapped card gets the small public card page, everything else the full app.
import './zod-jitless';
import './styles/global.css';
import { parsePublicCardPath } from './features/public-card/card-path';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const publicCard = parsePublicCardPath(window.location.pathname);
if (publicCard) {
  void import('./public-card-entry').then(({ mountPublicCard }) => mountPublicCard(root, publicCard));
} else {
  void import('./app/app-entry').then(({ mountApp }) => mountApp(root));
}
