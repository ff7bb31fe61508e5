import { useState, type FormEvent } from 'react';
import { Button } from './button.tsx';
import { Modal } from './modal.tsx';
import { ModalFooter } from './modal-footer.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** What a field's text means: the value to save (null clears it), or why it cannot be saved. */
export type CheckedField<V> = { value: V | null; error: null } | { value: null; error: string };

type FieldDialogProps<V> = {
  title: string;
  label: string;
  /** The value now: Save without a change does nothing, and a value can be cleared. */
  current: V | null;
  /** The field's text for the value now. */
  text: string;
  check: (text: string) => CheckedField<V>;
  clearLabel: string;
  onSave: (value: V | null) => void;
  onClose: () => void;
  /** The field's own attributes: its type, hint, placeholder, … */
  field?: Omit<TextFieldProps, 'label' | 'value' | 'error' | 'onChange'>;
};

/**
 * A dialog that sets or clears one value of a task (its deadline, its estimate): one field
 * checked on Save, its message under it until the text changes.
 */
export function FieldDialog<V>(props: FieldDialogProps<V>) {
  const { current, onSave, onClose } = props;
  const [text, setText] = useState(props.text);
  const [error, setError] = useState<string | null>(null);

  const save = (value: V | null) => {
    if (value !== current) onSave(value);
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = props.check(text);
    if (checked.error !== null) setError(checked.error);
    else save(checked.value);
  };

  return (
    <Modal title={props.title} onClose={onClose}>
      <form onSubmit={handleSubmit} noValidate>
        <TextField
          {...props.field}
          label={props.label}
          value={text}
          error={error ?? undefined}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
        />
        <ModalFooter>
          <Button type="button" onClick={onClose}>
            Cancel
          </Button>
          {current !== null && (
            <Button type="button" onClick={() => save(null)}>
              {props.clearLabel}
            </Button>
          )}
          <Button type="submit" variant="primary">
            Save
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
