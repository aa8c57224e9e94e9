// The secondary signed-in screens under the app header (issue 27 point 4): Invitations and the menu
// stay one tap away wherever the member is. The contacts and the map fill the viewport and place the
// header in their own layout.
import { Outlet } from 'react-router';
import { usePendingInvitationCount } from '../sync/invitation-count';
import { AppHeader } from '../ui/app-header';

export function AppFrame() {
  return (
    <>
      <AppHeader invitationCount={usePendingInvitationCount()} />
      <Outlet />
    </>
  );
}
