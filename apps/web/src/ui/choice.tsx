import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './choice.module.css';

/** A checkbox or radio button with its words beside it, the whole row a 44 px target. */
export function Choice({
  children,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'children'> & {
  type: 'checkbox' | 'radio';
  children: ReactNode;
}) {
  return (
    <label className={styles.choice}>
      <input {...input} />
      {children}
    </label>
  );
}

/** Choices under one legend, side by side where they fit (a setting's options). */
export function ChoiceGroup({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
