// Every route of both spec documents with its guard; screens load with their route, apart from the entry.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { ForgotPasswordScreen } from '../features/auth/forgot-password-screen';
import { LoginScreen } from '../features/auth/login-screen';
import { RegisterScreen } from '../features/auth/register-screen';
import { ResetPasswordScreen } from '../features/auth/reset-password-screen';
import { ContactsScreen } from '../features/contacts/contacts-screen';
import { EnableEditMode } from '../features/contacts/enable-edit-mode';
import { SettingsFrame } from '../features/settings/settings-frame';
import { SettingsScreen } from '../features/settings/settings-screen';
import { AppFrame } from './app-frame';
import { RequireSession, SignedOutOnly } from './guards';
import { RouteError } from './route-error';
import { Shell } from './shell';

/** Loaded on demand: a full page load of a card path never comes here (see main.tsx). */
function publicCardRoute(path: string): RouteObject {
  return { path, lazy: async () => ({ Component: (await import('./public-card-route')).PublicCardRoute }) };
}

/** The account, privacy and notification screens share one chunk: they are opened from each other. */
function accountSettingsRoute(
  path: string,
  screen: keyof typeof import('../features/account-settings/screens'),
): RouteObject {
  return {
    path,
    lazy: async () => ({ Component: (await import('../features/account-settings/screens'))[screen] }),
  };
}

/** The insights screens share one chunk, loaded only on their routes. */
function insightsRoute(
  path: string,
  screen: keyof typeof import('../features/insights/screens'),
): RouteObject {
  return { path, lazy: async () => ({ Component: (await import('../features/insights/screens'))[screen] }) };
}

const publicRoutes: RouteObject[] = [
  {
    path: '/login',
    element: (
      <SignedOutOnly>
        <LoginScreen />
      </SignedOutOnly>
    ),
  },
  {
    path: '/register',
    element: (
      <SignedOutOnly>
        <RegisterScreen />
      </SignedOutOnly>
    ),
  },
  { path: '/forgot-password', element: <ForgotPasswordScreen /> },
  { path: '/reset-password/:token', element: <ResetPasswordScreen /> },
  ...['/my-display-card/:nfcUID', '/display-card/:nfcUID', '/nfc/:nfcUID', '/c/:nfcUID'].map(publicCardRoute),
  // Operator areas guard themselves with their own sign-in (insights-and-operators.md).
  {
    path: '/admin',
    lazy: async () => ({
      Component: (await import('../features/admin/admin-redirect-screen')).AdminRedirectScreen,
    }),
  },
  // The dashboard's chunk carries the charts (nivo): only this route loads them.
  {
    path: '/admin/dashboard',
    lazy: async () => ({
      Component: (await import('../features/admin/admin-dashboard-screen')).AdminDashboardScreen,
    }),
  },
  {
    // The dashboard, its attack map and d3-geo load only here.
    path: '/security',
    lazy: async () => ({ Component: (await import('../features/security/security-screen')).SecurityScreen }),
  },
];

/** Under the app header (AppFrame). */
const secondaryRoutes: RouteObject[] = [
  {
    path: '/contacts/new',
    lazy: async () => ({
      Component: (await import('../features/add-someone/add-someone-screen')).AddSomeoneScreen,
    }),
  },
  { path: '/settings', element: <SettingsScreen /> },
  {
    path: '/invitations',
    lazy: async () => ({
      Component: (await import('../features/invitations/invitations-screen')).InvitationsScreen,
    }),
  },
  {
    path: '/my-card',
    lazy: async () => ({ Component: (await import('../features/card/my-card-screen')).MyCardScreen }),
  },
  {
    path: '/account',
    lazy: async () => ({ Component: (await import('../features/account/account-screen')).AccountScreen }),
  },
  {
    // On wide screens the settings sections stay listed beside the one open.
    element: <SettingsFrame />,
    children: [
      accountSettingsRoute('/account-settings', 'AccountSettingsScreen'),
      accountSettingsRoute('/privacy-settings', 'PrivacySettingsScreen'),
      accountSettingsRoute('/delete-account', 'DeleteAccountScreen'),
      accountSettingsRoute('/notification-settings', 'NotificationSettingsScreen'),
      accountSettingsRoute('/sessions', 'SessionsScreen'),
      {
        path: '/policy',
        lazy: async () => ({ Component: (await import('../features/legal/policy-screen')).PolicyScreen }),
      },
      insightsRoute('/insight-preferences', 'PreferencesScreen'),
      {
        path: '/other-apps',
        lazy: async () => ({
          Component: (await import('../features/other-apps/other-apps-screen')).OtherAppsScreen,
        }),
      },
    ],
  },
  insightsRoute('/insights', 'DashboardScreen'),
  // Analytics and their charts (nivo) load only here, never with the app's entry.
  {
    path: '/insights/analytics',
    lazy: async () => ({
      Component: (await import('../features/analytics/analytics-screen')).AnalyticsScreen,
    }),
  },
  {
    path: '/insights/enhanced-analytics',
    lazy: async () => ({
      Component: (await import('../features/analytics/enhanced-analytics-screen')).EnhancedAnalyticsScreen,
    }),
  },
  insightsRoute('/insights/events', 'EventsScreen'),
  insightsRoute('/insights/news', 'NewsScreen'),
  {
    path: '/analytics',
    lazy: async () => ({
      Component: (await import('../features/analytics/sample-analytics-screen')).SampleAnalyticsScreen,
    }),
  },
];

const signedInRoutes: RouteObject[] = [
  { path: '/contacts', element: <ContactsScreen /> },
  { path: '/edit-contacts', element: <EnableEditMode /> },
  // The map and maplibre load only here and in the contacts panel, never with the app's entry.
  { path: '/map', lazy: async () => ({ Component: (await import('../features/map/map-screen')).MapScreen }) },
  // A secondary screen that fails to open says so under the app header, so the member can go elsewhere.
  { element: <AppFrame />, children: [{ errorElement: <RouteError />, children: secondaryRoutes }] },
];

export const router = createBrowserRouter([
  {
    element: <Shell />,
    children: [
      {
        // Inside the shell, so that a screen that fails to open keeps the sync status and the frame; the
        // secondary screens have their own, under the app header.
        errorElement: <RouteError />,
        children: [
          ...publicRoutes,
          { element: <RequireSession />, children: signedInRoutes },
          { path: '*', element: <Navigate to="/login" replace /> },
        ],
      },
    ],
  },
]);
