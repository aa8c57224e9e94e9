// The insights screens, loaded as one chunk and only on their routes: they are opened from each other.
export { DashboardScreen } from './dashboard-screen';
export { EventsScreen } from './events-screen';
export { NewsScreen } from './news-screen';
export { PreferencesScreen } from './preferences-screen';
