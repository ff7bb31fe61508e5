import { BACK_TO_INBOX_MAX, type CarryOverPlace } from '@hustle/shared/days';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { Button } from '../../../ui/button.tsx';
import { Choice, ChoiceGroup } from '../../../ui/choice.tsx';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import styles from './day-settings-section.module.css';

const PLACES: { value: CarryOverPlace; label: string }[] = [
  { value: 'top', label: 'At the top of today' },
  { value: 'bottom', label: 'At the bottom of today' },
];

/** The carry-overs after which a task goes back: a few steps, not all thirty. */
const LIMITS = [1, 2, 3, 5, 7, 10, 14, 21, BACK_TO_INBOX_MAX];

const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const knownZones = (current: string) => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes(current) ? zones : [current, ...zones];
};

/**
 * Days on the account page (issue 29, decision 060): where the user's day ends, and what the
 * day's end does with unfinished tasks. Each change is one command: offline, undo and other
 * devices come with it.
 */
export function DaySettingsSection() {
  const workspace = useWorkspace();
  const run = useRunCommand();
  const change = (settings: {
    timeZone?: string;
    carryOverTo?: CarryOverPlace;
    backToInboxAfter?: number | null;
  }) => run({ kind: 'updateDaySettings', ...settings });
  return (
    <SettingsCard title="Days">
      {workspace.isPending ? (
        <Loader label="Loading your day settings…" />
      ) : workspace.isError ? (
        <LoadFailure
          what="Could not load your day settings."
          error={workspace.error}
          onRetry={() => void workspace.refetch()}
        />
      ) : (
        <DaySettingsForm days={workspace.data.days} onChange={change} />
      )}
    </SettingsCard>
  );
}

function DaySettingsForm({
  days,
  onChange,
}: {
  days: { timeZone: string; carryOverTo: CarryOverPlace; backToInboxAfter: number | null };
  onChange: (settings: {
    timeZone?: string;
    carryOverTo?: CarryOverPlace;
    backToInboxAfter?: number | null;
  }) => void;
}) {
  const device = deviceZone();
  return (
    <div className={styles.form}>
      <div className={styles.field}>
        <label htmlFor="day-time-zone" className={styles.label}>
          Time zone
        </label>
        <p className={styles.muted} id="day-time-zone-help">
          Your day ends at midnight here; unfinished tasks then move to the new day.
        </p>
        <div className={styles.row}>
          <select
            id="day-time-zone"
            className={styles.select}
            aria-describedby="day-time-zone-help"
            value={days.timeZone}
            onChange={(event) => onChange({ timeZone: event.target.value })}
          >
            {knownZones(days.timeZone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </select>
          {device !== days.timeZone && (
            <Button onClick={() => onChange({ timeZone: device })}>
              Use this device’s ({device.replaceAll('_', ' ')})
            </Button>
          )}
        </div>
      </div>
      <ChoiceGroup legend={<span className={styles.label}>Unfinished tasks move</span>}>
        {PLACES.map((place) => (
          <Choice
            key={place.value}
            type="radio"
            name="carry-over-to"
            value={place.value}
            checked={days.carryOverTo === place.value}
            onChange={() => onChange({ carryOverTo: place.value })}
          >
            {place.label}
          </Choice>
        ))}
      </ChoiceGroup>
      <div className={styles.field}>
        <label htmlFor="day-back-to-inbox" className={styles.label}>
          Take a task off the plan
        </label>
        <select
          id="day-back-to-inbox"
          className={styles.select}
          value={days.backToInboxAfter ?? ''}
          onChange={(event) =>
            onChange({
              backToInboxAfter: event.target.value === '' ? null : Number(event.target.value),
            })
          }
        >
          <option value="">Never: it stays until done</option>
          {LIMITS.map((limit) => (
            <option key={limit} value={limit}>
              After it was carried over {limit === 1 ? 'once' : `${limit} times`}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
