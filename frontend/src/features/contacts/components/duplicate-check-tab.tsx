import { phoneDigits } from '@job-casting/rules';
import { useEffect, useEffectEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { staleRecordsOf } from '../../../lib/stale-save.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import {
  deleteContacts,
  type DuplicateContact,
  mergeContacts,
  type MergeRequest,
  restoreContacts,
  saveDuplicateRows,
  useDuplicates,
} from '../api/use-duplicates.ts';
import { contactToast } from './contact-toast.ts';
import { DuplicateGroupsPanel } from './duplicate-groups-panel.tsx';
import {
  buildMergeRequest,
  buildQuickProcess,
  changedRows,
  checkDeletion,
  checkNoUnsavedEdits,
  checkSearchPhone,
  chooseDefault,
  type DuplicateAction,
  editCell,
  type EditableField,
  type Edits,
  failureMessage,
  type MergeChoices,
  mergeAvailability,
  type Outcome,
  type RowEdits,
  survivorRevert,
  withoutRows,
} from './duplicate-merge.ts';
import { DuplicateMergedSection } from './duplicate-merged-section.tsx';
import { DuplicateResultsTable, rowName } from './duplicate-results-table.tsx';
import { RefusedEdits } from './refused-edits.tsx';
import { refusedMessage, type RefusedEdit } from './use-contact-edits.ts';
import { countOf } from '../../../lib/count-words.ts';

/** Spec §9: with a phone handed over in storage, it appears in the box after 200 ms and is searched 1000 ms later. */
export const AUTO_FILL_DELAY_MS = 200;
export const AUTO_SEARCH_DELAY_MS = 1000;

const NO_MERGE: MergeChoices = { mergeEmails: false, mergeMemos: false };

/** A rule's refusal is a notification, not an error (spec §2: toasts show success, error or notification). */
const warn = (message: string) => contactToast.info(message);

function passes<T>(outcome: Outcome<T>): outcome is { ok: true; value: T } {
  if (!outcome.ok) warn(outcome.message);
  return outcome.ok;
}

/** The status and reason of a failed call: the server's first validation message, else its message. */
function failureOf(error: unknown): { status?: number; reason: string } {
  if (error instanceof ApiError)
    return { status: error.status, reason: error.body?.details?.validation?.[0]?.message ?? error.message };
  return { reason: error instanceof Error ? error.message : String(error) };
}

const fail = (action: DuplicateAction, error: unknown) => contactToast.error(failureMessage(action, failureOf(error)));

/** A merge done here: the survivor before the first merge and after the last, so Undo can give back its fields. */
interface MergeRecord {
  before: DuplicateContact;
  after: DuplicateContact;
}

type Busy = 'merge' | 'delete' | 'save' | 'undo' | null;

function DuplicateCheck({ addressBookId }: { addressBookId: number }) {
  const [phone, setPhone] = useState('');
  const [searched, setSearched] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const [defaultId, setDefaultId] = useState<number | null>(null);
  const [edits, setEdits] = useState<Edits>({});
  const [refused, setRefused] = useState<readonly RefusedEdit<RowEdits>[]>([]);
  const [choices, setChoices] = useState<MergeChoices>(NO_MERGE);
  const [busy, setBusy] = useState<Busy>(null);
  const [quickPlan, setQuickPlan] = useState<MergeRequest | null>(null);
  const [merges, setMerges] = useState<ReadonlyMap<number, MergeRecord>>(() => new Map());
  const [deleted, setDeleted] = useState<DuplicateContact[]>([]);

  const { data, error, isLoading, mutate: reload } = useDuplicates(addressBookId, searched);
  const results = data ?? [];
  const shownDefault = results.some((contact) => contact.id === defaultId) ? defaultId : null;
  const available = mergeAvailability(results);
  const survivor = results.find((contact) => contact.id === shownDefault) ?? (results.length === 1 ? results[0] : null);

  const search = (typed: string) => {
    const checked = checkSearchPhone(typed);
    if (!passes(checked)) return;
    setSelected(new Set());
    setDefaultId(null);
    setEdits({});
    setRefused([]);
    setChoices(NO_MERGE);
    if (checked.value === searched) void reload();
    else setSearched(checked.value);
  };

  // Spec §9: another screen hands a phone over in storage; fill it in, then search it.
  const searchStored = useEffectEvent((stored: string) => search(stored));
  useEffect(() => {
    const stored = localStorage.getItem(STORAGE_KEYS.duplicateCheckPhone)?.trim();
    if (!stored) return;
    let searchTimer: ReturnType<typeof setTimeout> | undefined;
    const fillTimer = setTimeout(() => {
      setPhone(stored);
      searchTimer = setTimeout(() => searchStored(stored), AUTO_SEARCH_DELAY_MS);
    }, AUTO_FILL_DELAY_MS);
    return () => {
      clearTimeout(fillTimer);
      clearTimeout(searchTimer);
    };
  }, []);

  const merge = async (request: MergeRequest) => {
    const before = results.find((contact) => contact.id === request.survivorId);
    setBusy('merge');
    try {
      const after = await mergeContacts(addressBookId, request);
      if (before) {
        setMerges((current) =>
          new Map(current).set(after.id, { before: current.get(after.id)?.before ?? before, after }),
        );
      }
      setDefaultId(after.id);
      setSelected(new Set());
      setChoices(NO_MERGE);
      contactToast.success(`Merged ${countOf(request.contactIds.length - 1, 'contact')} into ${rowName(after)}.`);
      return true;
    } catch (failure) {
      fail('merge', failure);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const undoMerge = async (kept: DuplicateContact, merged: DuplicateContact[]) => {
    setBusy('undo');
    try {
      await restoreContacts(
        addressBookId,
        merged.map((contact) => contact.id),
      );
      const record = merges.get(kept.id);
      const revert = record ? survivorRevert(record.before, record.after, kept) : null;
      if (revert) await saveDuplicateRows(addressBookId, [revert]);
      setMerges((current) => {
        const next = new Map(current);
        next.delete(kept.id);
        return next;
      });
      contactToast.success(`Restored ${countOf(merged.length, 'merged contact')}.`);
    } catch (failure) {
      fail('process', failure);
    } finally {
      setBusy(null);
    }
  };

  const setAsDefault = () => {
    const outcome = chooseDefault(results.filter((contact) => selected.has(contact.id)).map((contact) => contact.id));
    if (!passes(outcome)) return;
    setDefaultId(outcome.value);
    setSelected(new Set());
  };

  const confirm = () => {
    const request = buildMergeRequest(results, shownDefault, choices);
    if (passes(request) && passes(checkNoUnsavedEdits(edits))) void merge(request.value);
  };

  const quickProcess = () => {
    const plan = buildQuickProcess(results);
    if (passes(plan) && passes(checkNoUnsavedEdits(edits))) setQuickPlan(plan.value);
  };

  const deleteSelected = async () => {
    const outcome = checkDeletion(results, selected);
    if (!passes(outcome)) return;
    const removed = results.filter((contact) => outcome.value.includes(contact.id));
    setBusy('delete');
    try {
      const count = await deleteContacts(addressBookId, outcome.value);
      setDeleted(removed);
      setSelected(new Set());
      contactToast.success(`Deleted ${countOf(count, 'contact')}.`);
    } catch (failure) {
      fail('process', failure);
    } finally {
      setBusy(null);
    }
  };

  const undoDelete = async () => {
    setBusy('undo');
    try {
      const restored = await restoreContacts(
        addressBookId,
        deleted.map((contact) => contact.id),
      );
      setDeleted([]);
      contactToast.success(`Restored ${countOf(restored.length, 'contact')}.`);
    } catch (failure) {
      fail('process', failure);
    } finally {
      setBusy(null);
    }
  };

  /** Modify Confirm. Rows someone else changed meanwhile are refused: they show as saved now, their edits set aside to re-apply; the rest is saved. */
  const modifyConfirm = async () => {
    let unsaved = edits;
    const rows = changedRows(results, unsaved);
    if (!passes(rows)) return;
    setBusy('save');
    const refusedNow: RefusedEdit<RowEdits>[] = [];
    try {
      let body = rows.value;
      let saved = 0;
      while (body.length > 0) {
        try {
          saved = (await saveDuplicateRows(addressBookId, body)).length;
          unsaved = {};
          body = [];
        } catch (failure) {
          const stale = staleRecordsOf<DuplicateContact>(failure);
          if (!stale) throw failure;
          const ids = stale.map((row) => row.id);
          refusedNow.push(
            ...stale.map(({ id, conflictingFields, current }) => ({
              contact: current,
              conflictingFields,
              edits: unsaved[id]?.fields ?? {},
            })),
          );
          unsaved = withoutRows(unsaved, ids);
          // None of the rows was saved: the others go again.
          const rest = changedRows(results, unsaved);
          body = rest.ok ? rest.value : [];
        }
      }
      setEdits(unsaved);
      if (refusedNow.length === 0) return contactToast.success(`Saved ${countOf(saved, 'contact')}.`);
      const ids = refusedNow.map((item) => item.contact.id);
      setRefused((current) => [...current.filter((item) => !ids.includes(item.contact.id)), ...refusedNow]);
      contactToast.error(
        `${refusedMessage(refusedNow)}${saved > 0 ? ` Saved ${countOf(saved, 'other contact')}.` : ''}`,
      );
      await reload();
    } catch (failure) {
      fail('save', failure);
    } finally {
      setBusy(null);
    }
  };

  const reapply = (contactId: number) => {
    const item = refused.find((candidate) => candidate.contact.id === contactId);
    if (!item) return;
    setRefused((current) => current.filter((candidate) => candidate !== item));
    setEdits((current) =>
      Object.entries(item.edits).reduce(
        (next, [field, value]) =>
          editCell(next, item.contact, field as EditableField | 'check', value as string | boolean),
        current,
      ),
    );
  };

  const isBusy = busy !== null;
  const searchFailure = error ? failureOf(error) : null;

  return (
    <div className="space-y-4">
      <form
        role="search"
        aria-label="Duplicate phone number search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          search(phone);
        }}
      >
        <div className="w-64">
          <TextField label="Phone number" type="tel" value={phone} onChange={setPhone} placeholder="010-1234-5678" />
        </div>
        <Button type="submit" isPending={isLoading}>
          Search
        </Button>
        <Button variant="secondary" isDisabled={isBusy} onPress={quickProcess}>
          Quick Process
        </Button>
      </form>

      <DuplicateGroupsPanel
        addressBookId={addressBookId}
        activeDigits={searched === null ? null : phoneDigits(searched)}
        onPick={(picked) => {
          setPhone(picked);
          search(picked);
        }}
      />

      <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
        <label className="inline-flex items-center gap-2 text-sm text-slate-800 has-disabled:text-slate-500">
          <input
            type="checkbox"
            className="size-4 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
            checked={choices.mergeEmails && available.emails}
            disabled={!available.emails || isBusy}
            onChange={(event) => setChoices((current) => ({ ...current, mergeEmails: event.target.checked }))}
          />
          Merge emails
        </label>
        <label className="inline-flex items-center gap-2 text-sm text-slate-800 has-disabled:text-slate-500">
          <input
            type="checkbox"
            className="size-4 cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
            checked={choices.mergeMemos && available.memos}
            disabled={!available.memos || isBusy}
            onChange={(event) => setChoices((current) => ({ ...current, mergeMemos: event.target.checked }))}
          />
          Merge memos
        </label>
        <div className="ml-auto flex flex-wrap gap-2">
          <Button variant="secondary" isDisabled={isBusy} onPress={setAsDefault}>
            Set as Default
          </Button>
          <Button isDisabled={isBusy} isPending={busy === 'merge'} onPress={confirm}>
            Confirm
          </Button>
          <Button
            variant="danger"
            isDisabled={isBusy}
            isPending={busy === 'delete'}
            onPress={() => void deleteSelected()}
          >
            Delete Selected
          </Button>
          <Button
            variant="secondary"
            isDisabled={isBusy}
            isPending={busy === 'save'}
            onPress={() => void modifyConfirm()}
          >
            Modify Confirm
          </Button>
        </div>
      </div>

      {searched === null ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
          Enter a phone number in any written form and press Search, or choose a duplicate phone number above.
        </p>
      ) : isLoading ? (
        <Loading label="Searching…" />
      ) : searchFailure ? (
        <Alert>{searchFailure.status === 400 ? searchFailure.reason : failureMessage('process', searchFailure)}</Alert>
      ) : (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p role="status" className="text-sm text-slate-700">
              {results.length === 0
                ? `No contacts found with the phone number ${searched}.`
                : `${countOf(results.length, 'contact')} with the phone number ${searched}${shownDefault === null ? '' : `, default ID ${shownDefault}`}`}
            </p>
            {/* In a new tab, so that edits here stay as they are. */}
            <ButtonLink variant="secondary" size="sm" href={paths.outreach(searched)} target="_blank" rel="noopener">
              Outreach History
            </ButtonLink>
          </div>
          <RefusedEdits
            refused={refused}
            onReapply={reapply}
            onDismiss={(contactId) => setRefused((current) => current.filter((item) => item.contact.id !== contactId))}
          />
          {results.length > 0 && (
            <DuplicateResultsTable
              contacts={results}
              selectedIds={selected}
              defaultId={shownDefault}
              edits={edits}
              isDisabled={isBusy}
              onToggle={(id, isSelected) =>
                setSelected((current) => {
                  const next = new Set(current);
                  if (isSelected) next.add(id);
                  else next.delete(id);
                  return next;
                })
              }
              onToggleAll={(isSelected) =>
                setSelected(isSelected ? new Set(results.map((contact) => contact.id)) : new Set())
              }
              onEdit={(contact: DuplicateContact, field: EditableField | 'check', value: string | boolean) =>
                setEdits((current) => editCell(current, contact, field, value))
              }
            />
          )}
        </>
      )}

      <DuplicateMergedSection
        survivor={survivor}
        isBusy={isBusy}
        onUndo={(kept, merged) => void undoMerge(kept, merged)}
      />

      {deleted.length > 0 && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm text-slate-700"
        >
          <span>Deleted {deleted.map(rowName).join(', ')}</span>
          <Button variant="secondary" size="sm" isDisabled={isBusy} onPress={() => void undoDelete()}>
            Undo delete
          </Button>
        </div>
      )}

      <ConfirmDialog
        subject={quickPlan}
        title="Quick Process"
        question="Merge every contact found into the first one?"
        describe={(plan) => {
          const first = results.find((contact) => contact.id === plan.survivorId);
          const joined = [plan.mergeEmails && 'e-mails', plan.mergeMemos && 'memos'].filter(Boolean).join(' and ');
          return `${countOf(plan.contactIds.length, 'contact')} into ${first ? rowName(first) : `ID ${plan.survivorId}`}${joined ? `, joining their ${joined}` : ''}.`;
        }}
        confirmLabel="Merge"
        busyLabel="Merging…"
        onCancel={() => setQuickPlan(null)}
        onConfirm={async (plan) => {
          await merge(plan);
          setQuickPlan(null);
        }}
      />
    </div>
  );
}

/**
 * The Duplicate Check tab of the contact book (spec §2): search a phone in any written form, choose the default,
 * merge the others into it (kept restorable, Undo merge), delete or edit rows, or Quick Process a whole result.
 */
export function DuplicateCheckTab({ addressBookId }: { addressBookId: number | null }) {
  if (addressBookId === null)
    return <Alert tone="info">Select an address book first to check it for duplicates.</Alert>;
  return <DuplicateCheck key={addressBookId} addressBookId={addressBookId} />;
}
