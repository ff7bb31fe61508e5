import { IMPORT_CAPS } from '@hustle/shared/constants';
import type { ImportPreview, ImportResult } from '@hustle/shared/portability';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { api } from '../../../api/api-client.ts';
import { errorMessage } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { Modal } from '../../../ui/modal.tsx';
import { ModalFooter } from '../../../ui/modal-footer.tsx';
import { ImportFileError, readImportFiles, type ImportSource } from '../model/read-import-files.ts';
import styles from './import-data-modal.module.css';
import { countsSentence, CountsList, DetailsList, LeftOut } from './import-summary.tsx';

type Failure = { message: string; issues: string[] };

type Step =
  | { name: 'choose'; failure?: Failure }
  | { name: 'checking'; fileLabel: string }
  | { name: 'preview'; source: ImportSource; preview: ImportPreview; failure?: Failure }
  | { name: 'importing'; source: ImportSource; preview: ImportPreview }
  | { name: 'done'; result: ImportResult; source: ImportSource };

const MAX_ISSUES_SHOWN = 8;
const MAX_MEGABYTES = IMPORT_CAPS.maxBytes / (1024 * 1024);

const failureOf = (error: unknown): Failure =>
  error instanceof ImportFileError
    ? { message: error.message, issues: error.issues }
    : { message: errorMessage(error), issues: [] };

function FailureNote({ failure }: { failure: Failure }) {
  const shown = failure.issues.slice(0, MAX_ISSUES_SHOWN);
  const more = failure.issues.length - shown.length;
  return (
    <div className={styles.failure} role="alert">
      <p>{failure.message}</p>
      {shown.length > 0 && (
        <ul className={styles.issues}>
          {shown.map((issue, index) => (
            <li key={index}>{issue}</li>
          ))}
          {more > 0 && <li>…and {more} more.</li>}
        </ul>
      )}
    </div>
  );
}

function ProgressBar({ label }: { label: string }) {
  const labelId = useId();
  return (
    <div className={styles.progress}>
      <p className={styles.progressLabel} id={labelId}>
        {label}
      </p>
      <div className={styles.bar} role="progressbar" aria-labelledby={labelId} aria-busy="true">
        <div className={styles.barFill} />
      </div>
    </div>
  );
}

/** Import data (issue 16): pick files, see what will be added and left out, import, see how it went. */
export function ImportDataModal({ onClose }: { onClose: () => void }) {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();

  async function check(files: File[]) {
    const fileLabel = files.length === 1 ? files[0]!.name : `${files.length} files`;
    setStep({ name: 'checking', fileLabel });
    try {
      const source = await readImportFiles(files);
      const preview = await api.previewImport({ body: source.document });
      setStep({ name: 'preview', source, preview });
    } catch (error) {
      setStep({ name: 'choose', failure: failureOf(error) });
    }
  }

  async function runImport(source: ImportSource, preview: ImportPreview) {
    setStep({ name: 'importing', source, preview });
    try {
      const result = await api.importData({ body: source.document });
      setStep({ name: 'done', result, source });
      await queryClient.invalidateQueries();
    } catch (error) {
      setStep({ name: 'preview', source, preview, failure: failureOf(error) });
    }
  }

  const isBusy = step.name === 'checking' || step.name === 'importing';

  return (
    <>
      <input
        ref={inputRef}
        type="file"
        accept=".json,.csv,application/json,text/csv"
        multiple
        hidden
        data-testid="import-file-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length > 0) void check(files);
        }}
      />
      {/* While importing, the preview (often taller than the dialog) has nothing to press: its
          scrolling body takes focus so a keyboard can still read it. */}
      <Modal
        title="Import data"
        onClose={isBusy ? () => undefined : onClose}
        isTextOnly={step.name === 'importing'}
      >
        {step.name === 'choose' && (
          <>
            <p className={styles.text}>
              Add projects, tasks and automations from a Hustle export (.json), or from Todoist CSV
              exports, one file per project. Nothing you have now changes: imported items come after
              it.
            </p>
            {step.failure && <FailureNote failure={step.failure} />}
            <ModalFooter note={`Up to ${MAX_MEGABYTES} MB`}>
              <Button variant="primary" autoFocus onClick={() => inputRef.current?.click()}>
                {step.failure ? 'Choose another file' : 'Choose a file'}
              </Button>
            </ModalFooter>
          </>
        )}

        {step.name === 'checking' && <ProgressBar label={`Reading ${step.fileLabel}…`} />}

        {(step.name === 'preview' || step.name === 'importing') && (
          <>
            <section className={styles.section}>
              <h3 className={styles.sectionTitle}>Will be added</h3>
              <CountsList counts={step.preview.added} label="Will be added" />
            </section>
            <DetailsList details={step.preview.details} />
            <LeftOut
              skipped={step.preview.skipped}
              leftOut={step.source.leftOut}
              notes={step.source.notes}
            />
            {step.name === 'importing' ? (
              <ProgressBar label={`Importing ${countsSentence(step.preview.added)}…`} />
            ) : (
              <>
                {step.failure && <FailureNote failure={step.failure} />}
                <ModalFooter>
                  <Button onClick={onClose}>Cancel</Button>
                  {step.failure ? (
                    <Button onClick={() => inputRef.current?.click()}>Choose another file</Button>
                  ) : null}
                  <Button
                    variant="primary"
                    autoFocus
                    disabled={countsSentence(step.preview.added) === 'nothing'}
                    onClick={() => void runImport(step.source, step.preview)}
                  >
                    {step.failure ? 'Try again' : 'Import'}
                  </Button>
                </ModalFooter>
              </>
            )}
          </>
        )}

        {step.name === 'done' && (
          <>
            <p className={styles.done} role="status">
              Imported {countsSentence(step.result.added)}.
            </p>
            <CountsList counts={step.result.added} label="Added" />
            <DetailsList details={step.result.details} />
            <LeftOut
              skipped={step.result.skipped}
              leftOut={step.source.leftOut}
              notes={step.source.notes}
            />
            <ModalFooter>
              <Button variant="primary" autoFocus onClick={onClose}>
                Done
              </Button>
            </ModalFooter>
          </>
        )}
      </Modal>
    </>
  );
}
