import { PlaceholderScreen } from '../../ui/placeholder-screen.tsx';

export function PlanScreen() {
  return <PlaceholderScreen title="Plan" />;
}
