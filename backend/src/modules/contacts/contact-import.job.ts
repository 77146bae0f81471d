/** The job of the `contact-import` queue: the import's id only; the file and the progress live in its row. */
export const CONTACT_IMPORT_JOB = 'import-contacts';

export interface ContactImportJobData {
  importId: string;
}

/** The import's id as the job's: a second add of the same import is ignored by BullMQ. */
export const CONTACT_IMPORT_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
