import {
  CONTACT_CHOICE_FIELDS,
  CONTACT_TEXT_FIELD_NAMES,
  EMAIL_ADDRESS_REQUIRED,
  isContactEmail,
  type ContactChoiceField,
} from '@job-casting/rules';
import { memo, type ReactNode, useLayoutEffect, useRef } from 'react';
import { frozenCell } from '../../../components/ui/data-table.tsx';
import type { ColumnSetting } from '../api/column-settings.ts';
import type { Contact } from '../api/contacts-keys.ts';
import { columnStyle, type FrozenColumn } from './column-layout.ts';
import { ChoiceCell } from './choice-cell.tsx';
import { contactToast } from './contact-toast.ts';
import { EditableCell } from './editable-cell.tsx';
import { addFriendButton, editConversationButton } from './kakao-rules.ts';
import type { EditableField } from './pending-changes.ts';

export type RowAction = 'memo' | 'edit' | 'delete' | 'editConversation' | 'addFriend';

/** What a row can ask of the table; one stable object, so rows re-render only when their contact changes. */
export interface RowHandlers {
  check: (contact: Contact, checked: boolean) => void;
  edit: (contact: Contact, field: EditableField, value: string) => void;
  act: (action: RowAction, contact: Contact) => void;
}

// Typed into the cell: the text fields chosen from no list, the memo aside (it has its own dialog).
const TEXT_FIELDS = new Set<string>(
  CONTACT_TEXT_FIELD_NAMES.filter((field) => field !== 'memo' && !(field in CONTACT_CHOICE_FIELDS)),
);

const rowButton = `h-7 rounded-md px-2 text-xs font-semibold ring-1 ring-inset cursor-pointer disabled:cursor-not-allowed
  disabled:opacity-60 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600`;
const neutral = `${rowButton} bg-white text-slate-800 ring-slate-300 hover:bg-slate-50`;

export const nameOf = (contact: Contact) => contact.contactName || `#${contact.id}`;

const isChoiceField = (id: string): id is ContactChoiceField => id in CONTACT_CHOICE_FIELDS;

/** An e-mail cell takes addresses or nothing (the server refuses anything else); the toast names whose it was. */
function emailProblem(name: string) {
  return (typed: string): string | null => {
    if (isContactEmail(typed)) return null;
    contactToast.error(`${EMAIL_ADDRESS_REQUIRED} (${name}: "${typed.trim().slice(0, 60)}")`);
    return EMAIL_ADDRESS_REQUIRED;
  };
}

function cell(contact: Contact, column: ColumnSetting, handlers: RowHandlers): ReactNode {
  const name = nameOf(contact);
  if (isChoiceField(column.id)) {
    const field = column.id;
    return (
      <ChoiceCell
        field={field}
        value={contact[field] ?? ''}
        label={`${column.name} of ${name}`}
        onCommit={(value) => handlers.edit(contact, field, value)}
      />
    );
  }
  if (TEXT_FIELDS.has(column.id)) {
    const field = column.id as EditableField;
    return (
      <EditableCell
        value={String(contact[field] ?? '')}
        label={`${column.name} of ${name}`}
        type={field === 'email' ? 'email' : field === 'phoneNumber' ? 'tel' : 'text'}
        owner={contact.id}
        onCommit={(value) => handlers.edit(contact, field, value)}
        validate={field === 'email' ? emailProblem(name) : undefined}
      />
    );
  }
  switch (column.id) {
    case 'check':
      return (
        <input
          type="checkbox"
          checked={contact.check}
          onChange={(event) => handlers.check(contact, event.currentTarget.checked)}
          aria-label={`Select ${name}`}
          className="size-4 accent-brand-700"
        />
      );
    case 'id':
      return <span className="px-1.5 tabular-nums text-slate-700">{contact.id}</span>;
    case 'Group':
      return <span className="truncate px-1.5 text-slate-800">{contact.Group ?? ''}</span>;
    case 'memo':
      return (
        <button
          type="button"
          aria-label={`Memo of ${name}`}
          onClick={() => handlers.act('memo', contact)}
          className={`${neutral} w-full truncate text-left font-normal`}
        >
          {/* One span with or without a memo: a reused row then changes text, not elements. */}
          <span className={contact.memo ? undefined : 'text-slate-500'}>{contact.memo || '+ Memo'}</span>
        </button>
      );
    case 'editConversation': {
      const state = editConversationButton(contact.checklistConfirm);
      return (
        <button
          type="button"
          disabled={state.isDisabled}
          aria-label={`${state.label} conversation name of ${name}`}
          onClick={() => handlers.act('editConversation', contact)}
          className={neutral}
        >
          {state.label}
        </button>
      );
    }
    case 'addFriend': {
      const state = addFriendButton(contact.checklistConfirm);
      return (
        <button
          type="button"
          disabled={state.isDisabled}
          aria-label={`${state.label} friend ${name}`}
          onClick={() => handlers.act('addFriend', contact)}
          className={neutral}
        >
          {state.label}
        </button>
      );
    }
    case 'edit':
      return (
        <button
          type="button"
          aria-label={`Edit ${name}`}
          onClick={() => handlers.act('edit', contact)}
          className={neutral}
        >
          Edit
        </button>
      );
    case 'delete':
      return (
        <button
          type="button"
          aria-label={`Delete ${name}`}
          onClick={() => handlers.act('delete', contact)}
          className={`${rowButton} bg-white text-red-700 ring-red-200 hover:bg-red-50`}
        >
          Delete
        </button>
      );
    default:
      return null;
  }
}

interface ContactRowProps {
  contact: Contact;
  index: number;
  top: number;
  height: number;
  columns: readonly ColumnSetting[];
  frozen: ReadonlyMap<string, FrozenColumn>;
  isCut: boolean;
  isEdited: boolean;
  handlers: RowHandlers;
}

/**
 * One contact, placed by the windowing; a cut contact is dimmed until pasted. The row moves by a transform, not by
 * `top`: a reused row then moves without a layout of its frozen cells (about a fifth of the long tasks while
 * flinging through 50,000 contacts, bench --only contact-table).
 */
export const ContactRow = memo(function ContactRow({
  contact,
  index,
  top,
  height,
  columns,
  frozen,
  isCut,
  isEdited,
  handlers,
}: ContactRowProps) {
  const row = useRef<HTMLDivElement>(null);
  const shownId = useRef(contact.id);
  // The table reuses a row for another contact as it scrolls. Focus leaves it, so that keys pressed next do not act
  // on a contact nobody chose (an edit in progress has been committed for its own contact by then: EditableCell).
  useLayoutEffect(() => {
    if (shownId.current === contact.id) return;
    shownId.current = contact.id;
    const active = row.current?.ownerDocument.activeElement;
    if (active instanceof HTMLElement && row.current?.contains(active)) active.blur();
  }, [contact.id]);

  return (
    <div
      ref={row}
      role="row"
      aria-rowindex={index + 2}
      aria-selected={contact.check}
      data-cut={isCut || undefined}
      style={{ transform: `translateY(${top}px)`, height }}
      className={`absolute top-0 left-0 flex w-full items-center border-b border-slate-100 text-sm ${contact.check ? 'bg-brand-50' : 'bg-white'} ${
        isCut ? 'opacity-45' : ''
      }`}
    >
      {columns.map((column) => {
        const frozenAt = frozen.get(column.id);
        return (
          <div
            key={column.id}
            role="cell"
            style={columnStyle(column.width, frozenAt)}
            className={`flex h-full shrink-0 items-center overflow-hidden px-1 ${frozenAt ? frozenCell(frozenAt.side) : ''}`}
          >
            {cell(contact, column, handlers)}
          </div>
        );
      })}
      {isEdited && <span className="sr-only">(unsaved)</span>}
      {isCut && <span className="sr-only">(cut)</span>}
    </div>
  );
});
