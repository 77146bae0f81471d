/** The job of the `contact-import` queue: the import's id only; the file and the progress live in its row. */
export const CONTACT_IMPORT_JOB = 'import-contacts';

export interface ContactImportJobData {
  importId: string;
}
