import type { AutomationStatus } from '@hustle/shared/automations';
import { STATUS_TEXT } from '../model/status-text.ts';
import styles from '../automations.module.css';

const TONE: Record<AutomationStatus, string | undefined> = {
  DONE: styles.toneSuccess,
  IDLE: styles.toneMuted,
  ERROR: styles.toneDanger,
  ACTIVE: styles.toneWarning,
  WARNING: styles.toneWarning,
  SKIPPED: styles.toneMuted,
  PAUSED: styles.toneMuted,
};

function Glyph({ status }: { status: AutomationStatus }) {
  switch (status) {
    case 'DONE':
      return (
        <>
          <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
          <path d="m7.5 12.5 3 3 6-6.5" stroke="var(--status-ink)" strokeWidth="2.2" />
        </>
      );
    case 'IDLE':
      return (
        <>
          <circle cx="12" cy="12" r="9" strokeDasharray="3 2.6" />
          <path d="M12 7.5V12l3 2" />
        </>
      );
    case 'ACTIVE':
      return (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" stroke="none" />
        </>
      );
    case 'WARNING':
      return (
        <>
          <path d="M10.3 3.9 2.4 17.5A2 2 0 0 0 4.1 20.5h15.8a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
          <path d="M12 9.5v4M12 17v.01" />
        </>
      );
    case 'ERROR':
      return (
        <>
          <circle cx="12" cy="12" r="10" fill="currentColor" stroke="none" />
          <path d="M12 7v6M12 16.5v.01" stroke="var(--status-ink)" strokeWidth="2.4" />
        </>
      );
    case 'SKIPPED':
      return (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="m9 8.5 4 3.5-4 3.5M15 8.5v7" />
        </>
      );
    case 'PAUSED':
      return (
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M10 8.5v7M14 8.5v7" />
        </>
      );
  }
}

/**
 * spec §2 status icons: DONE green tick, IDLE grey, ERROR red, ACTIVE and WARNING orange;
 * SKIPPED and PAUSED grey like IDLE. The shapes differ too, so the colour is never the only signal.
 */
export function StatusIcon({ status }: { status: AutomationStatus }) {
  return (
    <span
      className={`${styles.statusIcon} ${TONE[status] ?? ''}`}
      role="img"
      aria-label={STATUS_TEXT[status].label}
    >
      <svg
        width="22"
        height="22"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <Glyph status={status} />
      </svg>
    </span>
  );
}
