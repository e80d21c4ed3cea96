export { ProfileSecurityPage } from './profile-security-page';
export { ProfileSettingsPage } from './profile-settings-page';
export { ReauthenticatePage } from './reauthenticate-page';
