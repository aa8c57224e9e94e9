// /sessions: where the member is signed in (issue 30 point 4), with a way to sign out a lost phone or a
// borrowed computer, one or all at once.
import { memberSessionCalls } from '../../api/sessions';
import { useSessionList } from '../../sync/use-session-list';
import { Panel } from '../../ui/panel';
import { Screen } from '../../ui/screen';
import { SessionListView } from '../../ui/session-list';

export function SessionsScreen() {
  const sessions = useSessionList(memberSessionCalls);
  return (
    <Screen title="Signed-in Devices" backTo="/settings" width="reading">
      <Panel
        title="Where you are signed in"
        description="Each browser or app you signed in with. Ending a session signs that device out at once; it needs your password to come back."
      >
        <SessionListView controls={sessions} />
      </Panel>
    </Screen>
  );
}
