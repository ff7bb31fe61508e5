import { defineEndpoints } from './endpoint.ts';
import {
  ExportAnswerSchema,
  ExportDocumentSchema,
  ImportPreviewSchema,
  ImportResultSchema,
} from './portability.ts';

const tags = ['portability'];

/** Issue 16: leaving with everything, arriving with everything (docs/export-format.md). */
export const portabilityApi = defineEndpoints({
  exportData: {
    method: 'GET',
    path: '/api/v1/export',
    summary: 'Everything the caller owns, as one versioned document',
    description: 'Every plan may export: leaving is never behind a paywall.',
    tags,
    auth: 'session',
    responses: { 200: ExportAnswerSchema },
  },
  previewImport: {
    method: 'POST',
    path: '/api/v1/import/preview',
    summary: 'What importing a document would add and leave out; stores nothing',
    tags,
    auth: 'session',
    body: ExportDocumentSchema,
    responses: { 200: ImportPreviewSchema },
  },
  importData: {
    method: 'POST',
    path: '/api/v1/import',
    summary: 'Add a document’s projects, tasks and automations to the workspace',
    description:
      'All or nothing, with fresh ids; what the plan or the caps leave no room for is skipped ' +
      'and listed in the answer.',
    tags,
    auth: 'session',
    command: true,
    body: ExportDocumentSchema,
    responses: { 200: ImportResultSchema },
  },
});
