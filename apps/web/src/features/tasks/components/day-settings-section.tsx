import {
  BACK_TO_INBOX_MAX,
  CAPACITY_MAX,
  type CarryOverPlace,
  type DaySettings,
} from '@hustle/shared/days';
import { formatMinutes } from '@hustle/shared/estimates';
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

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
/** A day's capacity in half hours, 0 (a day off) to 16 hours. */
const CAPACITY_STEPS = Array.from({ length: CAPACITY_MAX / 30 + 1 }, (_, step) => step * 30);
const capacityChoices = (current: number) =>
  CAPACITY_STEPS.includes(current)
    ? CAPACITY_STEPS
    : [...CAPACITY_STEPS, current].sort((a, b) => a - b);

type DaySettingsChange = Partial<Omit<DaySettings, 'capacity'>> & { capacity?: number[] };

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
  const change = (settings: DaySettingsChange) => run({ kind: 'updateDaySettings', ...settings });
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
  days: DaySettings;
  onChange: (settings: DaySettingsChange) => void;
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
      <CapacityFields capacity={days.capacity} onChange={(capacity) => onChange({ capacity })} />
    </div>
  );
}

/**
 * How much work each weekday holds (issue 30, decision 070): Plan's load bar weighs the day's
 * estimates against it. The whole week is sent with each change, so a change is one command.
 */
function CapacityFields({
  capacity,
  onChange,
}: {
  capacity: readonly number[];
  onChange: (capacity: number[]) => void;
}) {
  return (
    <fieldset className={styles.capacity} aria-describedby="day-capacity-help">
      <legend className={styles.label}>Working day</legend>
      <p className={styles.muted} id="day-capacity-help">
        How much work fits in each day. Plan warns when a day’s estimates add up to more.
      </p>
      <div className={styles.weekdays}>
        {WEEKDAYS.map((weekday, index) => {
          const minutes = capacity[index] ?? 0;
          return (
            <label key={weekday} className={styles.weekday}>
              <span>{weekday}</span>
              <select
                className={styles.select}
                value={minutes}
                onChange={(event) =>
                  onChange(
                    capacity.map((value, at) =>
                      at === index ? Number(event.target.value) : value,
                    ),
                  )
                }
              >
                {capacityChoices(minutes).map((value) => (
                  <option key={value} value={value}>
                    {value === 0 ? 'Day off' : formatMinutes(value)}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
