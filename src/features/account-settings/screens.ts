// The screens of account management, privacy, deletion, notification settings and signed-in devices,
// loaded as one chunk.
export { AccountSettingsScreen } from './account-settings-screen';
export { DeleteAccountScreen } from './delete-account-screen';
export { NotificationSettingsScreen } from './notification-settings-screen';
export { PrivacySettingsScreen } from './privacy-settings-screen';
export { SessionsScreen } from './sessions-screen';
