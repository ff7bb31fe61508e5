import { v7 as uuidv7 } from 'uuid';

/** Time-ordered random ids (ARCHITECTURE §3: never sequential in URLs). */
export const newId = (): string => uuidv7();
