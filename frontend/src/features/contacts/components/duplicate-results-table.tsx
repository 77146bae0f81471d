import { CONTACT_CHOICE_FIELDS, type ContactChoiceField } from '@job-casting/rules';
import type { DuplicateContact } from '../api/use-duplicates.ts';
import { ChoiceCell } from './choice-cell.tsx';
import type { EditableField, Edits } from './duplicate-merge.ts';

/** The columns of the duplicate-tab form (spec §3), in its order; Group and ID are shown, not edited. */
const COLUMNS: readonly { label: string; field: EditableField; width: string }[] = [
  { label: 'Conversation', field: 'chatWindowName', width: 'w-32' },
  { label: 'Name', field: 'contactName', width: 'w-28' },
  { label: 'Phone_Number', field: 'phoneNumber', width: 'w-36' },
  { label: 'Email', field: 'email', width: 'w-48' },
  { label: 'Definition1', field: 'definition1', width: 'w-24' },
  { label: 'Definition2', field: 'definition2', width: 'w-24' },
  { label: 'Definition3', field: 'definition3', width: 'w-24' },
  { label: 'Memo', field: 'memo', width: 'w-44' },
  { label: 'Start_Or', field: 'startStatus', width: 'w-20' },
  { label: 'Whether_Or', field: 'completionStatus', width: 'w-20' },
  { label: 'Checklist', field: 'checklistConfirm', width: 'w-24' },
  { label: 'Dialogue_Name', field: 'kakaoTalk', width: 'w-32' },
  { label: 'Change_Name', field: 'modifyChat', width: 'w-32' },
];

const headClass =
  'sticky top-0 z-10 bg-slate-50 px-2 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-700';
const inputClass = `h-8 rounded-md border bg-white px-2 text-sm text-slate-900 outline-none focus:border-brand-600 focus:ring-2
  focus:ring-brand-600/40 disabled:bg-slate-100`;
const checkboxClass = 'size-4 cursor-pointer accent-brand-700 disabled:cursor-not-allowed';
const isChoiceField = (field: string): field is ContactChoiceField => field in CONTACT_CHOICE_FIELDS;

/** How a row is named to assistive technology: duplicates often share a name, so the ID goes with it. */
export function rowName(contact: Pick<DuplicateContact, 'id' | 'contactName'>): string {
  return contact.contactName ? `${contact.contactName} (ID ${contact.id})` : `ID ${contact.id}`;
}

interface DuplicateResultsTableProps {
  contacts: readonly DuplicateContact[];
  selectedIds: ReadonlySet<number>;
  defaultId: number | null;
  edits: Edits;
  isDisabled: boolean;
  onToggle: (id: number, isSelected: boolean) => void;
  onToggleAll: (isSelected: boolean) => void;
  onEdit: (contact: DuplicateContact, field: EditableField | 'check', value: string | boolean) => void;
}

/** The search results: a select box per row, the Default marker, and every cell of the form editable in place. */
export function DuplicateResultsTable({
  contacts,
  selectedIds,
  defaultId,
  edits,
  isDisabled,
  onToggle,
  onToggleAll,
  onEdit,
}: DuplicateResultsTableProps) {
  const allSelected = contacts.length > 0 && contacts.every((contact) => selectedIds.has(contact.id));
  const someSelected = contacts.some((contact) => selectedIds.has(contact.id));
  return (
    <div className="max-h-[60vh] overflow-auto rounded-lg border border-slate-200 bg-white">
      <table className="w-max min-w-full text-left text-sm">
        <caption className="sr-only">Contacts with this phone number</caption>
        <thead className="border-b border-slate-200">
          <tr>
            <th scope="col" className={headClass}>
              <input
                type="checkbox"
                aria-label="Select all results"
                className={checkboxClass}
                checked={allSelected}
                ref={(element) => {
                  if (element) element.indeterminate = someSelected && !allSelected;
                }}
                disabled={isDisabled}
                onChange={(event) => onToggleAll(event.target.checked)}
              />
            </th>
            <th scope="col" className={headClass}>
              Default
            </th>
            <th scope="col" className={headClass}>
              ID
            </th>
            <th scope="col" className={headClass}>
              Group
            </th>
            <th scope="col" className={headClass}>
              Check
            </th>
            {COLUMNS.map((column) => (
              <th key={column.field} scope="col" className={headClass}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {contacts.map((contact) => {
            const isDefault = contact.id === defaultId;
            const isSelected = selectedIds.has(contact.id);
            const rowEdits = edits[contact.id]?.fields ?? {};
            const name = rowName(contact);
            return (
              <tr
                key={contact.id}
                aria-selected={isSelected}
                className={isDefault ? 'bg-brand-50' : isSelected ? 'bg-slate-50' : 'hover:bg-slate-50/70'}
              >
                <td className="px-2 py-1.5">
                  <input
                    type="checkbox"
                    aria-label={`Select ${name}`}
                    className={checkboxClass}
                    checked={isSelected}
                    disabled={isDisabled}
                    onChange={(event) => onToggle(contact.id, event.target.checked)}
                  />
                </td>
                <td className="px-2 py-1.5">
                  {isDefault && (
                    <span className="inline-flex rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">
                      Default
                    </span>
                  )}
                </td>
                <th scope="row" className="px-2 py-1.5 font-medium whitespace-nowrap text-slate-900">
                  {contact.id}
                </th>
                <td className="px-2 py-1.5 whitespace-nowrap text-slate-700">{contact.Group ?? ''}</td>
                <td className="px-2 py-1.5">
                  <input
                    type="checkbox"
                    aria-label={`Check of ${name}`}
                    className={`${checkboxClass} ${rowEdits.check !== undefined ? 'outline-2 outline-amber-400' : ''}`}
                    checked={rowEdits.check ?? contact.check}
                    disabled={isDisabled}
                    onChange={(event) => onEdit(contact, 'check', event.target.checked)}
                  />
                </td>
                {COLUMNS.map((column) => {
                  const value = rowEdits[column.field] ?? contact[column.field];
                  const isEdited = rowEdits[column.field] !== undefined;
                  const className = `${inputClass} ${column.width} ${isEdited ? 'border-amber-500 bg-amber-50' : 'border-slate-300'}`;
                  const label = `${column.label} of ${name}`;
                  return (
                    <td key={column.field} className="px-1 py-1.5 align-top">
                      {isChoiceField(column.field) ? (
                        // The fixed values are chosen from their list, as in the contact table.
                        <ChoiceCell
                          field={column.field}
                          value={value}
                          label={label}
                          isDisabled={isDisabled}
                          onCommit={(next) => onEdit(contact, column.field, next)}
                          className={`${column.width} rounded-md border ${isEdited ? 'border-amber-500 bg-amber-50' : 'border-slate-300 bg-white'}`}
                        />
                      ) : column.field === 'memo' ? (
                        // A memo may hold several lines (merged memos are joined by line breaks); an input would drop them.
                        <textarea
                          aria-label={label}
                          rows={1}
                          value={value}
                          disabled={isDisabled}
                          onChange={(event) => onEdit(contact, column.field, event.target.value)}
                          className={`${className} block min-h-8 resize-y py-1`}
                        />
                      ) : (
                        <input
                          // Text, not type=email: a merged e-mail cell holds a list.
                          type="text"
                          aria-label={label}
                          value={value}
                          disabled={isDisabled}
                          onChange={(event) => onEdit(contact, column.field, event.target.value)}
                          className={className}
                        />
                      )}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
