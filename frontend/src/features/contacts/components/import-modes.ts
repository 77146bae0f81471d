import type { BookImport, ImportMatches, ImportMode, RevertReport } from '../api/contact-imports.ts';
import { fieldLabel } from './contact-fields.ts';
import { countOf } from '../../../lib/count-words.ts';

/** The choice of the CSV dialog: what happens to a row whose phone matches a contact of the book. */
export const IMPORT_MODES: readonly { id: ImportMode; label: string; description: string }[] = [
  { id: 'add', label: 'Add all', description: 'Every row becomes a new contact, matching or not.' },
  {
    id: 'update',
    label: 'Update matches',
    description: 'A matched contact gets the row’s non-empty fields; other rows are added.',
  },
  { id: 'skip', label: 'Skip matches', description: 'Matched rows are left out; other rows are added.' },
];

/** What the import will do in a mode, in the preview's words. */
export function modeOutcome(mode: ImportMode, matches: ImportMatches): string {
  const newRows = countOf(matches.newRows, 'new contact');
  if (mode === 'add') return `${countOf(matches.newRows + matches.matchingRows, 'contact')} will be added.`;
  if (mode === 'skip') return `${newRows} will be added; ${countOf(matches.matchingRows, 'matching row')} left out.`;
  return `${newRows} will be added; ${countOf(matches.matchedContacts, 'contact')} updated from ${countOf(matches.matchingRows, 'matching row')}.`;
}

/** The label of the import button: rows, as not every mode makes a contact of each. */
export function importButtonLabel(mode: ImportMode, validRows: number): string {
  return `Import ${mode === 'add' ? countOf(validRows, 'contact') : countOf(validRows, 'row')}`;
}

/** The question before a revert, naming what it does. */
export function revertQuestion(item: Pick<BookImport, 'addedInBook' | 'updated'>): string {
  const parts = [];
  if (item.addedInBook > 0) parts.push(`${countOf(item.addedInBook, 'added contact')} will be removed`);
  if (item.updated > 0) parts.push(`${countOf(item.updated, 'updated contact')} restored`);
  if (parts.length === 0) return 'Revert this import? It left nothing in the book to undo.';
  return `Revert this import? ${parts.join(' and ')}.`;
}

/** The question before undoing a revert. */
export function restoreQuestion(item: Pick<BookImport, 'lastReport'>): string {
  const report = item.lastReport;
  if (!report) return 'Restore this import?';
  const parts = [];
  if (report.removed > 0) parts.push(`${countOf(report.removed, 'removed contact')} will come back`);
  if (report.restored > 0) parts.push(`${countOf(report.restored, 'restored contact')} get the import’s values again`);
  return parts.length === 0 ? 'Restore this import?' : `Restore this import? ${parts.join(' and ')}.`;
}

/** What a revert or restore did, for its notice; fields staff changed since are named with their contacts. */
export function reportText(report: RevertReport): string {
  const done =
    report.action === 'revert'
      ? `Import reverted: ${countOf(report.removed, 'contact')} removed, ${countOf(report.restored, 'contact')} restored.`
      : `Import restored: ${countOf(report.removed, 'contact')} back, ${countOf(report.restored, 'contact')} updated again.`;
  if (report.keptCount === 0) return done;
  const named = report.kept.map((kept) => `${kept.name} (${kept.fields.map(fieldLabel).join(', ')})`).join('; ');
  const more = report.keptCount > report.kept.length ? ` and ${report.keptCount - report.kept.length} more` : '';
  return `${done} Changed since the import and kept: ${named}${more}.`;
}
