import { PlaceholderScreen } from '../../ui/placeholder-screen.tsx';

export function InviteScreen() {
  return <PlaceholderScreen title="Invite" />;
}
