import { formatPhone, phoneDigits } from '@job-casting/rules';
import { useEffect, useState } from 'react';
import { Input, ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog, DialogCloseActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  createSenderNumber,
  deleteSenderNumber,
  setDefaultSenderNumber,
  useSenderNumbers,
} from '../api/sender-numbers.ts';
import type { SenderNumber } from '../api/messaging-types.ts';

/** Shown, not enforced here: the server refuses an eleventh number (spec §5). */
const MAX_REGISTERED_NUMBERS = 10;
const REQUIRED_FIELDS = 'Please fill in all required fields';

interface NewEntry {
  phone: string;
  name: string;
  apiKey: string;
}

const BLANK_ENTRY: NewEntry = { phone: '', name: '', apiKey: '' };

const cellClass = 'px-3 py-2 align-middle';
const inputClass = (invalid: boolean) =>
  `h-9 w-full min-w-0 rounded-lg border bg-white px-2.5 text-sm text-slate-900 outline-none focus:ring-2 focus:ring-brand-600/40
   ${invalid ? 'border-red-600' : 'border-slate-300 focus:border-brand-600'}`;

function defaultLabel(entry: SenderNumber): string {
  return `${entry.name ? `${entry.name} ` : ''}(${formatPhone(entry.phone)})`;
}

/** "010-1234-5678 (Office)": the number as the delete confirmation names it. */
function numberName(entry: SenderNumber): string {
  return `${formatPhone(entry.phone)}${entry.name ? ` (${entry.name})` : ''}`;
}

interface ManagerBodyProps {
  onSelect: (entry: SenderNumber) => void;
}

function ManagerBody({ onSelect }: ManagerBodyProps) {
  const numbers = useSenderNumbers();
  const [entry, setEntry] = useState<NewEntry | null>(null);
  const [missing, setMissing] = useState<ReadonlySet<keyof NewEntry>>(new Set());
  const [isCreating, setCreating] = useState(false);
  const [busyId, setBusyId] = useState<number | null>(null);
  /** The number whose deletion waits for confirmation. */
  const [toDelete, setToDelete] = useState<SenderNumber | null>(null);
  const entries = numbers.data ?? [];
  const selected = entries.find((candidate) => candidate.isSelected);

  useEffect(() => {
    if (numbers.error) toast.error('Failed to fetch phone number entries');
  }, [numbers.error]);

  const setField = (field: keyof NewEntry) => (value: string) => {
    setEntry((current) => current && { ...current, [field]: value });
    setMissing((current) => (current.has(field) ? new Set([...current].filter((name) => name !== field)) : current));
  };

  const confirm = async () => {
    if (!entry) return;
    const phone = phoneDigits(entry.phone);
    const apiKey = entry.apiKey.trim();
    const blank = new Set<keyof NewEntry>([
      ...(phone ? [] : ['phone' as const]),
      ...(apiKey ? [] : ['apiKey' as const]),
    ]);
    if (blank.size > 0) {
      setMissing(blank);
      toast.error(REQUIRED_FIELDS);
      return;
    }
    setCreating(true);
    try {
      await createSenderNumber({ phone, apiKey, ...(entry.name.trim() ? { name: entry.name.trim() } : {}) });
      toast.success('Phone number entry created successfully');
      setEntry(null);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to create phone number entry'));
    } finally {
      setCreating(false);
    }
  };

  const makeDefault = async (id: number) => {
    setBusyId(id);
    try {
      const chosen = await setDefaultSenderNumber(id);
      toast.success(`${defaultLabel(chosen)} set as default`);
      onSelect(chosen);
    } catch {
      toast.error('Failed to set default phone number');
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (target: SenderNumber) => {
    setBusyId(target.id);
    try {
      await deleteSenderNumber(target.id);
      toast.success('Phone number entry deleted successfully');
    } catch {
      toast.error('Failed to delete phone number entry');
    } finally {
      setBusyId(null);
      setToDelete(null);
    }
  };

  let table;
  if (numbers.error && !numbers.data) {
    table = (
      <div className="flex flex-col items-start gap-3">
        <Alert>Failed to fetch phone number entries</Alert>
        <Button variant="secondary" isPending={numbers.isValidating} onPress={() => void numbers.mutate()}>
          Try Again
        </Button>
      </div>
    );
  } else if (!numbers.data) {
    table = <Loading label="Loading phone numbers…" />;
  } else {
    table = (
      <ToggleButtonGroup
        aria-label="Set Default"
        selectionMode="single"
        disallowEmptySelection
        selectedKeys={selected ? [String(selected.id)] : []}
        onSelectionChange={(keys) => {
          const [id] = [...keys];
          if (id !== undefined) void makeDefault(Number(id));
        }}
        isDisabled={busyId !== null}
        className="block overflow-x-auto rounded-lg border border-slate-200"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Registered phone numbers</caption>
          <thead className="bg-slate-50 text-xs font-semibold text-slate-700">
            <tr>
              <th scope="col" className={cellClass}>
                Set Default
              </th>
              <th scope="col" className={cellClass}>
                Phone
              </th>
              <th scope="col" className={cellClass}>
                Name
              </th>
              <th scope="col" className={cellClass}>
                API Key
              </th>
              <th scope="col" className={cellClass}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {entries.map((number) => (
              <tr key={number.id} className={number.isSelected ? 'bg-brand-50/60' : undefined}>
                <td className={cellClass}>
                  <ToggleButton
                    id={String(number.id)}
                    aria-label={`Set ${formatPhone(number.phone)} as default`}
                    className={`group flex cursor-pointer items-center rounded-full ${focusRing}`}
                  >
                    <span
                      aria-hidden="true"
                      className="flex size-5 items-center justify-center rounded-full border-2 border-slate-400 bg-white group-data-selected:border-brand-700"
                    >
                      <span className="size-2.5 rounded-full bg-brand-700 opacity-0 group-data-selected:opacity-100" />
                    </span>
                  </ToggleButton>
                </td>
                <th scope="row" className={`${cellClass} font-medium whitespace-nowrap text-slate-900 tabular-nums`}>
                  {formatPhone(number.phone)}
                </th>
                <td className={`${cellClass} text-slate-800`}>{number.name}</td>
                <td className={`${cellClass} font-mono text-xs text-slate-700`}>{number.apiKey}</td>
                <td className={cellClass}>
                  <Button
                    variant="danger"
                    size="sm"
                    aria-label={`Delete ${formatPhone(number.phone)}`}
                    isPending={busyId === number.id}
                    isDisabled={busyId !== null}
                    onPress={() => setToDelete(number)}
                  >
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
            {entry && (
              <tr>
                <td className={cellClass} />
                <td className={cellClass}>
                  <Input
                    aria-label="Phone"
                    aria-required
                    aria-invalid={missing.has('phone')}
                    autoFocus
                    type="tel"
                    placeholder="010-0000-0000"
                    value={entry.phone}
                    onChange={(event) => setField('phone')(event.target.value)}
                    className={inputClass(missing.has('phone'))}
                  />
                </td>
                <td className={cellClass}>
                  <Input
                    aria-label="Name"
                    value={entry.name}
                    onChange={(event) => setField('name')(event.target.value)}
                    className={inputClass(false)}
                  />
                </td>
                <td className={cellClass}>
                  <Input
                    aria-label="API Key"
                    aria-required
                    aria-invalid={missing.has('apiKey')}
                    value={entry.apiKey}
                    onChange={(event) => setField('apiKey')(event.target.value)}
                    className={inputClass(missing.has('apiKey'))}
                  />
                </td>
                <td className={cellClass}>
                  <Button variant="secondary" size="sm" onPress={() => setEntry(null)}>
                    Cancel
                  </Button>
                </td>
              </tr>
            )}
            {entries.length === 0 && !entry && (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-center text-sm text-slate-600">
                  No phone numbers registered.
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </ToggleButtonGroup>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
        <p>You must register a phone number before using the service.</p>
        <p>Maximum registered numbers: {MAX_REGISTERED_NUMBERS}.</p>
      </div>
      <p className="text-sm font-medium text-slate-800" aria-live="polite">
        Registered numbers: {entries.length}/{MAX_REGISTERED_NUMBERS}
      </p>
      {table}
      <div>
        {entry ? (
          <Button isPending={isCreating} onPress={() => void confirm()}>
            Confirm
          </Button>
        ) : (
          <Button
            variant="secondary"
            onPress={() => {
              setEntry(BLANK_ENTRY);
              setMissing(new Set());
            }}
          >
            + Add New Phone Number
          </Button>
        )}
      </div>
      <ConfirmDeleteDialog
        subject={toDelete}
        title="Delete Phone Number"
        question={(entry) => `Delete the sender number ${numberName(entry)}?`}
        onCancel={() => setToDelete(null)}
        onConfirm={remove}
      />
    </div>
  );
}

interface PhoneNumberManagerDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** Called with the number made the default, for the sender to use it. */
  onSelect: (entry: SenderNumber) => void;
}

/** The Phone Number Manager (spec §2): the sender numbers, the default among them, adding and deleting. */
export function PhoneNumberManagerDialog({ isOpen, onOpenChange, onSelect }: PhoneNumberManagerDialogProps) {
  return (
    <Dialog title="Phone Number Manager" size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      {isOpen && <ManagerBody onSelect={onSelect} />}
      <DialogCloseActions />
    </Dialog>
  );
}
