import { formatPhone } from '@job-casting/rules';
import type { MouseEvent } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { bodyCell, headCell, TableScroll, tableClass } from '../../../components/ui/data-table.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { FILE_MODE_LABELS } from './attachments.ts';
import type { Recipient } from './recipients.ts';

interface RecipientTableProps {
  recipients: readonly Recipient[];
  checked: ReadonlySet<string>;
  onCheckedChange: (checked: Set<string>) => void;
  /** The recipient whose message is in the editor. */
  loadedKey: string | null;
  /** A click on a row (or its contact) loads its message into the editor; a second click unloads it. */
  onToggleLoad: (recipient: Recipient) => void;
  onEdit: (recipient: Recipient) => void;
}

const checkboxClass = 'size-4 cursor-pointer accent-brand-700 disabled:cursor-not-allowed';

/** A click on the check box or a button of a row is theirs, not the row's. */
const isOnControl = (event: MouseEvent) => (event.target as HTMLElement).closest('button, label, input') !== null;

/** The recipients (spec §2): select, KakaoTalk ID, Contact, Message Content, Attachment Type, Attached Files, Status, Edit. */
export function RecipientTable({
  recipients,
  checked,
  onCheckedChange,
  loadedKey,
  onToggleLoad,
  onEdit,
}: RecipientTableProps) {
  const allChecked = recipients.length > 0 && recipients.every((recipient) => checked.has(recipient.key));
  const someChecked = !allChecked && recipients.some((recipient) => checked.has(recipient.key));

  const setOne = (key: string, isChecked: boolean) => {
    const next = new Set(checked);
    if (isChecked) next.add(key);
    else next.delete(key);
    onCheckedChange(next);
  };

  return (
    <TableScroll label="Recipient list" maxHeight="max-h-[28rem]">
      <table className={tableClass}>
        <caption className="sr-only">Recipients; select a contact to load its message into the editor</caption>
        <thead>
          <tr>
            <th scope="col" className={`${headCell('start')} w-10`}>
              <input
                type="checkbox"
                aria-label="Select all recipients"
                checked={allChecked}
                ref={(box) => {
                  if (box) box.indeterminate = someChecked;
                }}
                disabled={recipients.length === 0}
                onChange={(event) =>
                  onCheckedChange(
                    event.currentTarget.checked ? new Set(recipients.map((recipient) => recipient.key)) : new Set(),
                  )
                }
                className={checkboxClass}
              />
            </th>
            <th scope="col" className={headCell()}>
              KakaoTalk ID
            </th>
            <th scope="col" className={headCell()}>
              Contact
            </th>
            <th scope="col" className={headCell()}>
              Message Content
            </th>
            <th scope="col" className={headCell()}>
              Attachment Type
            </th>
            <th scope="col" className={headCell()}>
              Attached Files
            </th>
            <th scope="col" className={headCell()}>
              Status
            </th>
            <th scope="col" className={`${headCell('end')} w-px`}>
              Edit
            </th>
          </tr>
        </thead>
        <tbody>
          {recipients.length === 0 && (
            <tr>
              <td colSpan={8} className="px-4 py-12 text-center text-sm text-slate-600">
                No recipients. Click the &quot;Send&quot; button in the address book to add contacts.
              </td>
            </tr>
          )}
          {recipients.map((recipient) => {
            const isLoaded = recipient.key === loadedKey;
            const label = recipient.name || formatPhone(recipient.phoneNumber);
            return (
              <tr
                key={recipient.key}
                onClick={(event) => !isOnControl(event) && onToggleLoad(recipient)}
                className={`cursor-pointer align-top ${isLoaded ? 'bg-brand-50' : 'bg-white hover:bg-slate-50'}`}
              >
                <td className={bodyCell('start')}>
                  <input
                    type="checkbox"
                    aria-label={`Select ${label}`}
                    checked={checked.has(recipient.key)}
                    onChange={(event) => setOne(recipient.key, event.currentTarget.checked)}
                    className={checkboxClass}
                  />
                </td>
                <td className={`${bodyCell()} tabular-nums whitespace-nowrap text-slate-700`}>
                  {recipient.contactId ?? '-'}
                </td>
                <th scope="row" className={`${bodyCell()} text-left font-normal whitespace-nowrap`}>
                  <AriaButton
                    aria-pressed={isLoaded}
                    onPress={() => onToggleLoad(recipient)}
                    className={`flex cursor-pointer flex-col items-start rounded text-left ${focusRing}`}
                  >
                    <span className="sr-only">{isLoaded ? 'Unload' : 'Load'} the message of </span>
                    <span className="font-medium text-slate-900">{recipient.name || '-'}</span>
                    <span className="text-xs whitespace-nowrap tabular-nums text-slate-600">
                      {formatPhone(recipient.phoneNumber)}
                    </span>
                  </AriaButton>
                </th>
                <td className={`${bodyCell()} w-full`}>
                  <p className="line-clamp-3 min-w-[12rem] break-words whitespace-pre-line">
                    {recipient.messageContent}
                  </p>
                </td>
                <td className={`${bodyCell()} whitespace-nowrap`}>
                  {recipient.isConfigured ? FILE_MODE_LABELS[recipient.fileType] : ''}
                </td>
                <td className={`${bodyCell()} tabular-nums`}>
                  {recipient.files.length > 0 ? recipient.files.length : ''}
                </td>
                <td className={bodyCell()}>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${recipient.isConfigured ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
                  >
                    {recipient.isConfigured ? 'Completed' : 'Incomplete'}
                  </span>
                </td>
                <td className={bodyCell('end')}>
                  <Button variant="secondary" size="xs" aria-label={`Edit ${label}`} onPress={() => onEdit(recipient)}>
                    Edit
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
