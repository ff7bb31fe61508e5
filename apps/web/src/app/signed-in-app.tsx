import { Navigate, Route, Routes, useLocation } from 'react-router';
import { errorMessage } from '../api/api-error.ts';
import { useSession } from '../api/session.ts';
import { returnPathFor } from '../features/auth/return-path.ts';
import { Suspense, useEffect, type ComponentType } from 'react';
import { Loader } from '../ui/loader.tsx';
import { LoadingScreen } from '../ui/loading-screen.tsx';
import { AppLayout } from './layout/app-layout.tsx';
import { afterFirstScreen, firstScreenShown } from '../ui/after-first-screen.ts';
import { lazyScreen } from './lazy-screen.ts';
import { ScreenErrorBoundary } from './screen-error-boundary.tsx';
import { StartupError } from './startup-error.tsx';

// Plan and Execute load apart too (decision 016): a visit starts on one of them, whose script
// downloads beside the session request; the other follows once the first has shown.
const PlanScreen = lazyScreen(() =>
  import('../features/plan/plan-screen.tsx').then((m) => m.PlanScreen),
);
const ExecuteScreen = lazyScreen(() =>
  import('../features/execute/execute-screen.tsx').then((m) => m.ExecuteScreen),
);
const UpcomingScreen = lazyScreen(() =>
  import('../features/upcoming/upcoming-screen.tsx').then((m) => m.UpcomingScreen),
);

const SearchScreen = lazyScreen(() =>
  import('../features/search/search-screen.tsx').then((m) => m.SearchScreen),
);
const LogbookScreen = lazyScreen(() =>
  import('../features/logbook/logbook-screen.tsx').then((m) => m.LogbookScreen),
);
const InviteScreen = lazyScreen(() =>
  import('../features/invites/invite-screen.tsx').then((m) => m.InviteScreen),
);
const SubscriptionScreen = lazyScreen(() =>
  import('../features/billing/subscription-screen.tsx').then((m) => m.SubscriptionScreen),
);
const PaymentSuccessScreen = lazyScreen(() =>
  import('../features/billing/payment-success-screen.tsx').then((m) => m.PaymentSuccessScreen),
);
const AccountScreen = lazyScreen(() =>
  import('../features/account/account-screen.tsx').then((m) => m.AccountScreen),
);
const AdminScreen = lazyScreen(() =>
  import('../features/admin/admin-screen.tsx').then((m) => m.AdminScreen),
);
const AutomationStatusScreen = lazyScreen(() =>
  import('../features/automations/automation-status-screen.tsx').then(
    (m) => m.AutomationStatusScreen,
  ),
);
const AutomationConfigureScreen = lazyScreen(() =>
  import('../features/automations/automation-configure-screen.tsx').then(
    (m) => m.AutomationConfigureScreen,
  ),
);
const CreateAutomationScreen = lazyScreen(() =>
  import('../features/automations/create-automation-screen.tsx').then(
    (m) => m.CreateAutomationScreen,
  ),
);
const EditAutomationScreen = lazyScreen(() =>
  import('../features/automations/create-automation-screen.tsx').then(
    (m) => m.EditAutomationScreen,
  ),
);
const AutomationDetailScreen = lazyScreen(() =>
  import('../features/automations/automation-detail-screen.tsx').then(
    (m) => m.AutomationDetailScreen,
  ),
);

/** A screen inside the layout, with a loader while its script arrives and an error if it fails. */
const screen = (Screen: ComponentType) => (
  <ScreenErrorBoundary>
    <Suspense fallback={<Loader isScreen />}>
      <Screen />
    </Suspense>
  </ScreenErrorBoundary>
);

/** Whether `pathname` is one of the screens that show the workspace's lists. */
export const isListScreenPath = (pathname: string) =>
  pathname === '/plan' || pathname === '/execute' || pathname === '/upcoming';

/** The main screen a visit to `pathname` shows first; any other path goes to /execute. */
const mainScreenFor = (pathname: string) => {
  if (pathname === '/plan') return PlanScreen;
  return pathname === '/upcoming' ? UpcomingScreen : ExecuteScreen;
};

/**
 * Loads the screen a visit to `pathname` shows first; a start that has the user's data at hand
 * waits for it (from the worker's cache), so the screen renders with the data at once.
 */
export const preloadFirstScreen = (pathname: string) => mainScreenFor(pathname).preload();

export function SignedInApp() {
  return (
    <>
      <FirstScreenSignal />
      <SignedInScreens />
    </>
  );
}

function SignedInScreens() {
  const session = useSession();
  const { pathname } = useLocation();

  useEffect(() => {
    void mainScreenFor(pathname).preload();
    // Only the address the visit started at decides what loads first.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (session.isSuccess)
      afterFirstScreen(() => [PlanScreen, ExecuteScreen].forEach((s) => void s.preload()));
  }, [session.isSuccess]);

  if (session.isPending) return <LoadingScreen />;
  // A session kept in the browser carries on when checking it again fails (offline).
  if (session.isError && !session.data) {
    return <StartupError message={errorMessage(session.error)} onRetry={() => session.refetch()} />;
  }

  // An account's features (spec S3.35/S6.8) decide which screens exist for it: without one, its
  // paths go where any other path goes.
  const { featureFlags, isAdmin } = session.data;
  const hasAutomation = featureFlags.includes('automation');
  return (
    <Routes>
      <Route element={<AppLayout session={session.data} />}>
        <Route path="/plan" element={screen(PlanScreen)} />
        <Route path="/execute" element={screen(ExecuteScreen)} />
        <Route path="/upcoming" element={screen(UpcomingScreen)} />
        <Route path="/search" element={screen(SearchScreen)} />
        <Route path="/logbook" element={screen(LogbookScreen)} />
        <Route path="/invite/:inviteToken?" element={screen(InviteScreen)} />
        {featureFlags.includes('subscription') && (
          <Route path="/subscription" element={screen(SubscriptionScreen)} />
        )}
        <Route path="/subscription/success" element={screen(PaymentSuccessScreen)} />
        <Route path="/account" element={screen(AccountScreen)} />
        {isAdmin && <Route path="/admin" element={screen(AdminScreen)} />}
        {hasAutomation && (
          <>
            <Route path="/automation" element={screen(AutomationStatusScreen)} />
            <Route path="/automation/configure" element={screen(AutomationConfigureScreen)} />
            <Route path="/automation/configure/create" element={screen(CreateAutomationScreen)} />
            <Route path="/automation/configure/:id" element={screen(AutomationDetailScreen)} />
            <Route path="/automation/configure/:id/edit" element={screen(EditAutomationScreen)} />
          </>
        )}
        <Route path="*" element={<OtherPath />} />
      </Route>
    </Routes>
  );
}

/**
 * Starts what waits for the first screen (ui/after-first-screen.ts) on a screen other than Plan
 * and Execute once the session is there (or the error that it could not be checked); Plan and
 * Execute say it themselves once their workspace gate has rendered the workspace or its error,
 * so nothing waiting competes with their first render. A component of its own, so the change
 * re-renders nothing else.
 */
function FirstScreenSignal() {
  const session = useSession();
  const { pathname } = useLocation();
  const isShown = session.data ? !isListScreenPath(pathname) : session.isError;
  useEffect(() => {
    if (isShown) firstScreenShown();
  }, [isShown]);
  return null;
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
