import { Navigate, Route, Routes, useLocation } from 'react-router';
import { errorMessage } from '../api/api-error.ts';
import { useSession } from '../api/session.ts';
import { returnPathFor } from '../features/auth/login-screen.tsx';
import { AutomationConfigureScreen } from '../features/automations/automation-configure-screen.tsx';
import { AutomationStatusScreen } from '../features/automations/automation-status-screen.tsx';
import { CreateAutomationScreen } from '../features/automations/create-automation-screen.tsx';
import { ExecuteScreen } from '../features/execute/execute-screen.tsx';
import { InviteScreen } from '../features/invites/invite-screen.tsx';
import { PlanScreen } from '../features/plan/plan-screen.tsx';
import { PaymentSuccessScreen } from '../features/subscription/payment-success-screen.tsx';
import { SubscriptionScreen } from '../features/subscription/subscription-screen.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { StartupError } from './startup-error.tsx';

export function SignedInApp() {
  const session = useSession();

  if (session.isPending) return <LoadingScreen />;
  if (session.isError) {
    return <StartupError message={errorMessage(session.error)} onRetry={() => session.refetch()} />;
  }

  return (
    <Routes>
      <Route element={<AppLayout session={session.data} />}>
        <Route path="/plan" element={<PlanScreen />} />
        <Route path="/execute" element={<ExecuteScreen />} />
        <Route path="/invite/:inviteToken?" element={<InviteScreen />} />
        <Route path="/subscription" element={<SubscriptionScreen />} />
        <Route path="/subscription/success" element={<PaymentSuccessScreen />} />
        <Route path="/automation" element={<AutomationStatusScreen />} />
        <Route path="/automation/configure" element={<AutomationConfigureScreen />} />
        <Route path="/automation/configure/create" element={<CreateAutomationScreen />} />
        <Route path="*" element={<OtherPath />} />
      </Route>
    </Routes>
  );
}

/**
 * spec §2: any other path goes to /execute; except right after logging in from an invite, when the
 * login screen's address still says where to return (the token lands before its own redirect).
 */
function OtherPath() {
  const { pathname, search } = useLocation();
  const returnPath = pathname === '/login' ? returnPathFor(pathname, search) : '/';
  return <Navigate to={returnPath === '/' ? '/execute' : returnPath} replace />;
}
