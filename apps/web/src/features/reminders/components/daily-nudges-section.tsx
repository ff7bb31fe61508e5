import { useId, useState } from 'react';
import type { DaySettings } from '@hustle/shared/days';
import { useRunCommand } from '../../../sync/outbox/run-command.ts';
import { useWorkspace } from '../../../sync/workspace/get-workspace.ts';
import { Choice } from '../../../ui/choice.tsx';
import { LoadFailure } from '../../../ui/load-failure.tsx';
import { Loader } from '../../../ui/loader.tsx';
import { SettingsCard } from '../../../ui/settings-card.tsx';
import {
  notificationsPermission,
  turnOnNotifications,
  type NotificationsState,
} from '../api/push-subscription.ts';
import { NotificationsNote, NUDGE_NOTES } from './notifications-note.tsx';
import styles from './daily-nudges-section.module.css';

type Nudges = Pick<DaySettings, 'planNudgeAt' | 'finishNudgeAt'>;
type TurnOn = () => Promise<NotificationsState>;

const NUDGES = [
  {
    key: 'planNudgeAt',
    label: 'Plan your day',
    help: 'A morning nudge to choose what to work on.',
    startsAt: '08:00',
  },
  {
    key: 'finishNudgeAt',
    label: 'Finish the day',
    help: 'An evening nudge to look back and close the day.',
    startsAt: '18:00',
  },
] as const;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The daily nudges (issue 30, decision 084): a morning and an evening notification at times the
 * user picks, in the day settings' time zone. Turning one on is when the browser is asked to show
 * notifications, as for a task's reminder (083); without a browser that shows them, they come by
 * e-mail.
 */
export function DailyNudgesSection({ turnOn = turnOnNotifications }: { turnOn?: TurnOn }) {
  const workspace = useWorkspace();
  const run = useRunCommand();
  return (
    <SettingsCard title="Daily nudges">
      {workspace.isPending ? (
        <Loader label="Loading your daily nudges…" />
      ) : workspace.isError ? (
        <LoadFailure
          what="Could not load your daily nudges."
          error={workspace.error}
          onRetry={() => void workspace.refetch()}
        />
      ) : (
        <NudgesForm
          days={workspace.data.days}
          onChange={(change) => run({ kind: 'updateDaySettings', ...change })}
          turnOn={turnOn}
        />
      )}
    </SettingsCard>
  );
}

function NudgesForm({
  days,
  onChange,
  turnOn,
}: {
  days: DaySettings;
  onChange: (change: Partial<Nudges>) => void;
  turnOn: TurnOn;
}) {
  const [asked, setAsked] = useState<NotificationsState | null>(null);
  // Called within the click or key that turned a nudge on: the browser asks only then.
  const ask = () => void turnOn().then(setAsked);
  // A copy kept from before the nudges existed has neither field: off.
  const atOf = (key: keyof Nudges) => days[key] ?? null;
  const isAnyOn = atOf('planNudgeAt') !== null || atOf('finishNudgeAt') !== null;
  const state = isAnyOn ? (asked ?? standingState()) : null;
  return (
    <div className={styles.form}>
      <p className={styles.muted}>
        At these times in your time zone, {days.timeZone.replaceAll('_', ' ')}.
      </p>
      {NUDGES.map((nudge) => (
        <NudgeRow
          key={nudge.key}
          nudge={nudge}
          at={atOf(nudge.key)}
          onChange={(at) => onChange({ [nudge.key]: at })}
          onTurnOn={ask}
        />
      ))}
      {state && <NotificationsNote state={state} notes={NUDGE_NOTES} onAsk={ask} />}
    </div>
  );
}

function NudgeRow({
  nudge,
  at,
  onChange,
  onTurnOn,
}: {
  nudge: (typeof NUDGES)[number];
  at: string | null;
  onChange: (at: string | null) => void;
  onTurnOn: () => void;
}) {
  const id = useId();
  const [typed, setTyped] = useState(at ?? nudge.startsAt);
  // A time changed elsewhere (another device) shows here; what is being typed is kept otherwise.
  const [shownFor, setShownFor] = useState(at);
  if (shownFor !== at) {
    setShownFor(at);
    if (at !== null) setTyped(at);
  }
  return (
    <div className={styles.nudge}>
      <div className={styles.head}>
        <Choice
          type="checkbox"
          checked={at !== null}
          aria-describedby={`${id}-help`}
          onChange={(event) => {
            if (!event.target.checked) return onChange(null);
            onChange(TIME.test(typed) ? typed : nudge.startsAt);
            onTurnOn();
          }}
        >
          {nudge.label}
        </Choice>
        {at !== null && (
          <input
            type="time"
            className={styles.time}
            aria-label={`${nudge.label} at`}
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              if (TIME.test(event.target.value) && event.target.value !== at) {
                onChange(event.target.value);
              }
            }}
          />
        )}
      </div>
      <p id={`${id}-help`} className={styles.help}>
        {nudge.help}
      </p>
    </div>
  );
}

/** What nudges already on meet in this browser, before anything is asked. */
function standingState(): NotificationsState | null {
  const permission = notificationsPermission();
  if (permission === 'denied' || permission === 'unsupported') return permission;
  return permission === 'default' ? 'not-allowed' : null;
}
