/** A new id for a task, project or automation, made here and accepted by the server (decision 021). */
export const newEntityId = (): string => crypto.randomUUID();
