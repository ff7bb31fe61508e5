import { PlaceholderScreen } from '../../ui/placeholder-screen.tsx';

export function CreateAutomationScreen() {
  return <PlaceholderScreen title="Create automation" />;
}
