import { PlaceholderScreen } from '../../ui/placeholder-screen.tsx';

export function ExecuteScreen() {
  return <PlaceholderScreen title="Execute" />;
}
