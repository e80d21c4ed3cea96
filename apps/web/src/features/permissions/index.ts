export { TeamPermissionsPage } from './team-permissions-page';
