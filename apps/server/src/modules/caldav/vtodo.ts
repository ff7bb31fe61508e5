import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { ID_PATTERN } from '@hustle/shared/ids';
import { AppError } from '../../lib/errors.ts';
import { dayValue, hustleCalendar } from '../feeds/icalendar.ts';

/** A task as a CalDAV client sees it, in the reading workspace (planning is per workspace). */
export interface TaskObject {
  id: string;
  name: string;
  notes: string;
  deadline: string | null;
  /** The day it is planned for in the reader's workspace; null: not on their list. */
  day: string | null;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** What a client wrote last, if one did: its UID and its whole object (decision 079). */
  uid: string | null;
  kept: string | null;
}

/** What Hustle takes from a client's VTODO; everything else is kept as written. */
export interface TodoFields {
  uid: string;
  name: string;
  notes: string;
  /** DUE's day; null: none. */
  deadline: string | null;
  /** DTSTART's day; null: none. */
  day: string | null;
  completed: boolean;
}

const invalid = (message: string) => new AppError('VALIDATION_FAILED', message);

/** The day of a DATE or DATE-TIME value, as written (a floating or zoned time keeps its date). */
const dayOf = (property: ICAL.Property | null): string | null => {
  const value = property?.getFirstValue();
  if (!(value instanceof ICAL.Time)) return null;
  const day = value.toString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || (!value.isDate && Number.isNaN(value.toUnixTime()))) {
    throw invalid(`${property!.name.toUpperCase()} is not a date.`);
  }
  return day;
};

/**
 * Reads every value of the object once: ical.js reads values when first asked, so a value it
 * cannot read would otherwise fail later, when the kept object is served.
 */
function readEveryValue(component: ICAL.Component): void {
  for (const property of component.getAllProperties()) property.getValues();
  for (const sub of component.getAllSubcomponents()) readEveryValue(sub);
}

/** The one VTODO of a client's object; anything else in a task list is refused. */
function todoOf(calendar: ICAL.Component): ICAL.Component {
  const todos = calendar.getAllSubcomponents('vtodo');
  const others = calendar
    .getAllSubcomponents()
    .filter((component) => !['vtodo', 'vtimezone'].includes(component.name));
  if (todos.length !== 1 || others.length > 0) {
    throw invalid('A task list holds one VTODO per object, and no events or journal entries.');
  }
  return todos[0]!;
}

/** Parses a client's iCalendar object (ical.js) and reads what Hustle models of its VTODO. */
export function readTodo(text: string): { fields: TodoFields; calendar: ICAL.Component } {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch {
    throw invalid('The body is not an iCalendar object.');
  }
  if (calendar.name !== 'vcalendar') throw invalid('The body is not a VCALENDAR object.');
  try {
    readEveryValue(calendar);
  } catch {
    throw invalid('The iCalendar object has a value that cannot be read.');
  }
  const todo = todoOf(calendar);
  const uid = String(todo.getFirstPropertyValue('uid') ?? '').trim();
  if (uid === '' || uid.length > 255)
    throw invalid('A task needs a UID of at most 255 characters.');
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  return {
    calendar,
    fields: {
      uid,
      name: String(todo.getFirstPropertyValue('summary') ?? '').trim() || 'Untitled task',
      notes: String(todo.getFirstPropertyValue('description') ?? ''),
      deadline: dayOf(todo.getFirstProperty('due')),
      day: dayOf(todo.getFirstProperty('dtstart')),
      completed: status === 'COMPLETED' || (status === '' && todo.hasProperty('completed')),
    },
  };
}

const utc = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);

/** Sets a day property to `day`, keeping the client's own value when it names that day. */
function setDay(todo: ICAL.Component, name: 'due' | 'dtstart', day: string | null) {
  if (day === null) {
    todo.removeAllProperties(name);
    return;
  }
  if (dayOf(todo.getFirstProperty(name)) === day) return;
  todo.removeAllProperties(name);
  todo.addPropertyWithValue(name, dayValue(day));
}

/** The task's state, keeping the client's own words for it where they still hold. */
function setState(todo: ICAL.Component, task: TaskObject) {
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  const percent = Number(todo.getFirstPropertyValue('percent-complete') ?? 0);
  if (task.completedAt !== null) {
    todo.updatePropertyWithValue('status', 'COMPLETED');
    if (!todo.hasProperty('completed') || status !== 'COMPLETED') {
      todo.updatePropertyWithValue('completed', utc(task.completedAt));
    }
    todo.updatePropertyWithValue('percent-complete', 100);
    return;
  }
  todo.removeAllProperties('completed');
  if (status !== 'IN-PROCESS') todo.updatePropertyWithValue('status', 'NEEDS-ACTION');
  if (percent >= 100) todo.removeAllProperties('percent-complete');
}

/** The UID Hustle gives a task no client has written: `<task id>@<host>`. */
const hustleUidOf = (taskId: string, uidDomain: string) => `${taskId}@${uidDomain}`;

/** The task id in a UID Hustle gave a task, if it is one (a client may change its case). */
export function taskIdOfHustleUid(uid: string, uidDomain: string): string | null {
  const at = uid.lastIndexOf('@');
  const id = uid.slice(0, at).toLowerCase();
  const isOurs = at > 0 && uid.slice(at + 1).toLowerCase() === uidDomain.toLowerCase();
  return isOurs && ID_PATTERN.test(id) ? id : null;
}

/**
 * The task as an iCalendar object: the client's last one when it wrote one (so what Hustle does
 * not model comes back unchanged), with what Hustle holds now written over it.
 */
export function writeTodo(task: TaskObject, uidDomain: string): string {
  let calendar: ICAL.Component | null = null;
  if (task.kept) calendar = new ICAL.Component(ICAL.parse(task.kept) as unknown[]);
  calendar ??= hustleCalendar('Tasks');
  let todo = calendar.getFirstSubcomponent('vtodo');
  if (!todo) {
    todo = new ICAL.Component('vtodo');
    calendar.addSubcomponent(todo);
  }
  todo.updatePropertyWithValue('uid', task.uid ?? hustleUidOf(task.id, uidDomain));
  todo.updatePropertyWithValue('dtstamp', utc(task.updatedAt));
  if (!todo.hasProperty('created')) todo.updatePropertyWithValue('created', utc(task.createdAt));
  todo.updatePropertyWithValue('last-modified', utc(task.updatedAt));
  todo.updatePropertyWithValue('summary', task.name);
  if (task.notes.trim() === '') todo.removeAllProperties('description');
  else todo.updatePropertyWithValue('description', task.notes);
  setDay(todo, 'dtstart', task.day);
  setDay(todo, 'due', task.deadline);
  setState(todo, task);
  return `${calendar.toString()}\r\n`;
}

/**
 * The entity tag of a task as a reader sees it: a hash of everything its object is written from,
 * so it changes exactly when the object does, without writing the object.
 */
export function etagOf(task: TaskObject): string {
  const hash = createHash('sha256')
    .update(
      JSON.stringify([
        task.name,
        task.notes,
        task.deadline,
        task.day,
        task.completedAt,
        task.updatedAt,
        task.uid,
        task.kept,
      ]),
    )
    .digest('base64url')
    .slice(0, 27);
  return `"${hash}"`;
}
