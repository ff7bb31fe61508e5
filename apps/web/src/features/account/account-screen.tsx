import { SettingsPage } from '../../ui/settings-page.tsx';
import { downloadExport } from '../portability/api/export-data.ts';
import { CalendarFeedsSection } from '../feeds/components/calendar-feeds-section.tsx';
import { DailyNudgesSection } from '../reminders/components/daily-nudges-section.tsx';
import { DaySettingsSection } from '../tasks/components/day-settings-section.tsx';
import { TokensSection } from '../tokens/components/tokens-section.tsx';
import { WebhooksSection } from '../webhooks/components/webhooks-section.tsx';
import { DeleteAccountSection } from './components/delete-account-section.tsx';
import { DevicesSection } from './components/devices-section.tsx';
import { EmailSection } from './components/email-section.tsx';
import { ThemeSection } from './components/theme-section.tsx';

/** The account (issue 17, part 4): signed-in devices, the sign-in address, deleting it all. */
export function AccountScreen() {
  return (
    <SettingsPage title="Account" subtitle="Where you are signed in, and how you sign in.">
      <DevicesSection />
      <EmailSection />
      <ThemeSection />
      <DaySettingsSection />
      <DailyNudgesSection />
      <CalendarFeedsSection />
      <TokensSection />
      <WebhooksSection />
      <DeleteAccountSection exportData={downloadExport} />
    </SettingsPage>
  );
}
