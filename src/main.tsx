// Mounts the app: session check, router, service worker.
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setSessionExpiredNavigator } from './api/client';
import { router } from './app/router';
import { registerServiceWorker } from './app/service-worker';
import { checkSession } from './session/check-session';
import './styles/global.css';

setSessionExpiredNavigator((to) => {
  router.navigate(to, { replace: true });
});
checkSession();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
