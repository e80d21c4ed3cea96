export { InvitationPage } from './invitation-page';
export { MyInvitations } from './my-invitations';
