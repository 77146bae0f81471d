import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { createAddressBook, useAddressBooks } from '../api/address-books.ts';
import { saveColumnSettings, useColumnSettings } from '../api/column-settings.ts';
import {
  createContact,
  deleteContacts,
  fetchCheckedContacts,
  moveContacts,
  pasteContacts,
  useContacts,
} from '../api/contacts.ts';
import type { Contact, GroupChoice } from '../api/contacts-keys.ts';
import { createGroup, deleteGroup, useGroups } from '../api/groups.ts';
import { saveKakaoList } from '../api/kakao.ts';
import { clipboardReducer, cutIds, EMPTY_CLIPBOARD, planPaste, takeProblem } from './clipboard.ts';
import { resolveColumns, withWidth } from './column-layout.ts';
import { ColumnSettingsDialog } from './column-settings-dialog.tsx';
import { ContactActions, type BottomAction } from './contact-actions.tsx';
import { BLANK_CONTACT, ContactFormDialog, contactFormValues, type ContactFormValues } from './contact-form-dialog.tsx';
import { nameOf, type RowAction, type RowHandlers } from './contact-row.tsx';
import { ContactTable } from './contact-table.tsx';
import { contactToast, reasonOf, toastFailure } from './contact-toast.ts';
import { ContactToolbar } from './contact-toolbar.tsx';
import { BookImportsDialog } from './book-imports-dialog.tsx';
import { CsvImportDialog } from './csv-import-dialog.tsx';
import { DeleteContactsDialog, type ContactsToDelete } from './delete-contacts-dialog.tsx';
import { FriendRequestDialog, type FriendRequest } from './friend-request-dialog.tsx';
import { GroupsPanel } from './groups-panel.tsx';
import { friendRequestTargets, nicknameTargets, singleFriendTarget } from './kakao-rules.ts';
import { MemoEditorDialog } from './memo-editor-dialog.tsx';
import { MoveGroupDialog } from './move-group-dialog.tsx';
import { NameDialog } from './name-dialog.tsx';
import { NicknameDialog, type NicknameMode, type NicknameOutcome, type NicknameRequest } from './nickname-dialog.tsx';
import { createFirstRowStore, firstRowOfPage } from './paging.ts';
import { withEdits, type ContactEdits } from './pending-changes.ts';
import { RefusedEdits } from './refused-edits.tsx';
import { SendSelectedDialog } from './simple-dialogs.tsx';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { useContactChecks } from './use-contact-checks.ts';
import { useContactEdits } from './use-contact-edits.ts';
import type { VirtualRowsHandle } from './virtual-rows.tsx';
import { countOf } from '../../../lib/count-words.ts';

type OpenDialog =
  | { type: 'newBook' | 'addGroup' | 'columns' | 'imports' }
  | { type: 'addContact'; values: ContactFormValues }
  | { type: 'edit' | 'memo'; contact: Contact }
  | { type: 'delete'; target: ContactsToDelete }
  | { type: 'send' | 'move'; ids: number[] }
  | { type: 'friends'; request: FriendRequest }
  | { type: 'nickname'; request: NicknameRequest }
  | { type: 'import'; file: File };

const ENTIRE: GroupChoice = { kind: 'view', view: 'entire' };

interface ContactListTabProps {
  bookId: number | null;
  onBookChange: (id: number | null) => void;
  /** A contact's phone, to be searched on the Duplicate Check tab. */
  onCheckDuplicates: (phone: string) => void;
}

/** The Address Book tab (spec §2, Contact list tab). */
export function ContactListTab({ bookId, onBookChange, onCheckDuplicates }: ContactListTabProps) {
  const navigate = useNavigate();
  const books = useAddressBooks();
  const [choice, setChoice] = useState<GroupChoice | null>(ENTIRE);
  const groups = useGroups(bookId);
  const contacts = useContacts(bookId, choice);
  const columnSettings = useColumnSettings();
  const [autosave, setAutosave] = useState(true);
  const edits = useContactEdits(bookId, autosave);
  const [clipboard, dispatchClipboard] = useReducer(clipboardReducer, EMPTY_CLIPBOARD);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [firstRow] = useState(createFirstRowStore);
  const [pendingBook, setPendingBook] = useState<number | null>(null);
  const table = useRef<VirtualRowsHandle>(null);
  const setChecks = useContactChecks(bookId, choice);
  const close = () => setDialog(null);

  // The first book is chosen once the books are known; a book that disappeared is dropped.
  useEffect(() => {
    const list = books.data;
    if (!list) return;
    if (bookId === null || !list.some((book) => book.id === bookId)) onBookChange(list[0]?.id ?? null);
  }, [books.data, bookId, onBookChange]);

  useEffect(() => {
    if (books.error) contactToast.error('Failed to load address books');
  }, [books.error]);
  useEffect(() => {
    if (contacts.error) contactToast.error('Failed to load address book records');
  }, [contacts.error]);

  const serverRows = contacts.data?.data;
  const rows = useMemo(
    () => (serverRows ?? []).map((contact) => withEdits(contact, edits.pending)),
    [serverRows, edits.pending],
  );
  const groupNames = useMemo(
    () => new Map((groups.data?.groups ?? []).map((group) => [group.id, group.name])),
    [groups.data],
  );
  const shownRows = useMemo(
    () =>
      rows.map((row) =>
        edits.pending.get(row.id)?.fields.groupId !== undefined
          ? { ...row, Group: row.groupId === null ? null : (groupNames.get(row.groupId) ?? null) }
          : row,
      ),
    [rows, edits.pending, groupNames],
  );
  const checked = useMemo(() => shownRows.filter((row) => row.check), [shownRows]);
  const columns = useMemo(() => resolveColumns(columnSettings.data), [columnSettings.data]);
  const cut = useMemo(() => cutIds(clipboard), [clipboard]);
  const bookGroups = groups.data?.groups ?? [];
  const original = useCallback((id: number) => serverRows?.find((row) => row.id === id), [serverRows]);

  const { edit } = edits;
  const editContact = useCallback(
    (contact: Contact, changes: ContactEdits) => {
      const server = original(contact.id);
      if (server) edit(server, changes);
    },
    [original, edit],
  );

  const actRef = useRef<(action: RowAction, contact: Contact) => void>(() => {});
  const handlers = useMemo<RowHandlers>(
    () => ({
      check: (contact, isChecked) => void setChecks(isChecked, [contact.id]),
      edit: (contact, field, value) => editContact(contact, { [field]: value }),
      act: (action, contact) => actRef.current(action, contact),
    }),
    [setChecks, editContact],
  );

  useEffect(() => {
    actRef.current = (action, contact) => {
      if (action === 'memo' || action === 'edit') return setDialog({ type: action, contact });
      if (action === 'delete')
        return setDialog({ type: 'delete', target: { ids: [contact.id], names: [nameOf(contact)] } });
      if (action === 'editConversation')
        return setDialog({ type: 'nickname', request: { contacts: [contact], mode: 'existing', canChooseMode: true } });
      const single = singleFriendTarget(contact);
      if (!single.ok) return contactToast.error(single.message);
      setDialog({ type: 'friends', request: { contacts: single.contacts, leftOut: [], single: true } });
    };
  });

  const chooseBook = (id: number) => {
    if (id === bookId) return;
    if (edits.pending.size > 0) return setPendingBook(id);
    switchBook(id);
  };
  const switchBook = (id: number) => {
    edits.discard();
    dispatchClipboard({ type: 'clear' });
    setChoice(ENTIRE);
    firstRow.set(0);
    onBookChange(id);
  };

  const goToPage = (next: number) => table.current?.scrollToRow(firstRowOfPage(next, shownRows.length));

  /** The batches take every checked contact of the book, not only the group on screen, with their unsaved edits. */
  const checkedOfBook = async (id: number): Promise<Contact[] | null> => {
    try {
      return (await fetchCheckedContacts(id)).map((contact) => withEdits(contact, edits.pending));
    } catch (failure) {
      contactToast.error(`An error occurred while processing: ${reasonOf(failure)}`);
      return null;
    }
  };

  const onAction = async (action: BottomAction) => {
    if (bookId === null) return contactToast.error('Please create or choose an address book first');
    const ids = checked.map((row) => row.id);
    switch (action) {
      case 'addContact':
        return setDialog({ type: 'addContact', values: BLANK_CONTACT(choice?.kind === 'group' ? choice.id : null) });
      case 'copy':
      case 'cut': {
        const problem = takeProblem(action, ids);
        if (problem) return contactToast.error(problem);
        dispatchClipboard({ type: action, ids });
        return contactToast.success(`${countOf(ids.length, 'contact')} ${action === 'copy' ? 'copied' : 'cut'}`);
      }
      case 'paste': {
        const plan = planPaste(clipboard, choice);
        if (!plan.ok) return contactToast.error(plan.message);
        try {
          const copies = await pasteContacts(bookId, plan.contactIds, plan.groupId, plan.removeOriginals);
          dispatchClipboard({ type: 'clear' });
          return contactToast.success(`${countOf(copies.length, 'contact')} pasted`);
        } catch (failure) {
          return contactToast.error(`An error occurred while processing: ${reasonOf(failure)}`);
        }
      }
      case 'uncheckAll':
        return setChecks(false, 'book');
      case 'sendSelected':
        if (ids.length === 0) return contactToast.error('No contacts selected for sending');
        return setDialog({ type: 'send', ids });
      case 'friendRequests': {
        const contacts = await checkedOfBook(bookId);
        if (!contacts) return;
        const targets = friendRequestTargets(contacts);
        if (!targets.ok) return contactToast.error(targets.message);
        return setDialog({
          type: 'friends',
          request: { contacts: targets.contacts, leftOut: targets.leftOut, single: false },
        });
      }
      case 'nicknameExisting':
      case 'nicknameNew': {
        const contacts = await checkedOfBook(bookId);
        if (!contacts) return;
        const targets = nicknameTargets(contacts);
        if (!targets.ok) return contactToast.error(targets.message);
        return setDialog({
          type: 'nickname',
          request: {
            contacts: targets.contacts,
            mode: action === 'nicknameNew' ? 'new' : 'existing',
            canChooseMode: false,
          },
        });
      }
      case 'moveGroup':
        if (ids.length === 0) return contactToast.error('No contacts selected to move');
        return setDialog({ type: 'move', ids });
    }
  };

  const onDeleteGroup = async () => {
    if (bookId === null || choice === null) return contactToast.error('No group selected for deletion');
    if (choice.kind === 'view') return contactToast.error('System groups cannot be deleted');
    try {
      await deleteGroup(bookId, choice.id);
      setChoice(null);
      contactToast.success('Group deleted');
    } catch (failure) {
      toastFailure(failure, 'An error occurred while processing: the group was not deleted');
    }
  };

  const saveNicknames = async (
    mode: NicknameMode,
    targets: Contact[],
    names: Record<number, string>,
  ): Promise<NicknameOutcome> => {
    if (bookId === null) return { ok: false, message: 'No address book' };
    try {
      const body =
        mode === 'existing'
          ? { kakaoList: targets.map(({ id }) => ({ id })) }
          : { changedContacts: targets.map(({ id }) => ({ id, modifyChat: (names[id] ?? '').trim() })) };
      const result = await saveKakaoList(bookId, body);
      if (!result.success) return { ok: false, message: result.message };
      contactToast.success(result.message);
      return { ok: true };
    } catch (failure) {
      const validation = failure instanceof ApiError ? (failure.body?.details?.validation ?? []) : [];
      const problems: Record<number, string> = {};
      for (const item of validation) {
        const id = Number(/changedContacts\.(\d+)\./.exec(item.path)?.[1]);
        if (id) problems[id] = item.message;
      }
      return { ok: false, message: reasonOf(failure), problems };
    }
  };

  if (books.error) return <Alert>Failed to load address books</Alert>;
  if (!books.data) return <Loading label="Loading address books…" />;

  return (
    <div className="flex flex-col gap-4">
      <ContactToolbar
        books={books.data}
        bookId={bookId}
        onBookChange={chooseBook}
        onNewBook={() => setDialog({ type: 'newBook' })}
        autosave={autosave}
        onAutosaveChange={setAutosave}
        unsaved={edits.pending.size}
        isSaving={edits.isSaving}
        onSave={async () => {
          if (await edits.save()) contactToast.success('Changes saved');
        }}
        onCsvFile={(file) => {
          if (!file.name.toLowerCase().endsWith('.csv')) return contactToast.error('CSV upload accepts .csv only');
          setDialog({ type: 'import', file });
        }}
        onImports={() => setDialog({ type: 'imports' })}
        firstRow={firstRow}
        total={shownRows.length}
        onPage={goToPage}
        onColumnSettings={() => setDialog({ type: 'columns' })}
      />
      {bookId === null ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-sm text-slate-600">
          No address books yet. Create one with New Address Book.
        </p>
      ) : (
        <div className="flex flex-col gap-4 lg:flex-row">
          <GroupsPanel
            groups={groups.data}
            choice={choice}
            onChoose={(next) => {
              setChoice(next);
              firstRow.set(0);
            }}
            onAddGroup={() => setDialog({ type: 'addGroup' })}
            onDeleteGroup={() => void onDeleteGroup()}
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <RefusedEdits
              refused={edits.refused}
              groupNames={groupNames}
              onReapply={edits.reapply}
              onDismiss={edits.dismiss}
            />
            {contacts.error ? (
              <Alert>Failed to load address book records</Alert>
            ) : !contacts.data ? (
              <Loading label="Loading contacts…" />
            ) : (
              <ContactTable
                tableRef={table}
                rows={shownRows}
                columns={columns}
                pending={edits.pending}
                cut={cut}
                handlers={handlers}
                onSelectAll={(isChecked) =>
                  void setChecks(
                    isChecked,
                    choice?.kind === 'view' && choice.view === 'entire' ? 'book' : shownRows.map((row) => row.id),
                  )
                }
                onDeleteSelected={() =>
                  checked.length === 0
                    ? contactToast.error('No contacts were selected to delete')
                    : setDialog({
                        type: 'delete',
                        target: { ids: checked.map((row) => row.id), names: checked.map(nameOf) },
                      })
                }
                onResize={(id, width) =>
                  void saveColumnSettings(withWidth(columns, id, width)).catch((failure: unknown) =>
                    toastFailure(failure, 'An error occurred while saving: the column width was not saved'),
                  )
                }
                onFirstRowChange={firstRow.set}
              />
            )}
            {contacts.data && shownRows.length === 0 && (
              <p className="text-sm text-slate-600">No contacts in this group.</p>
            )}
            <ContactActions onAction={(action) => void onAction(action)} clipboardCount={clipboard.ids.length} />
          </div>
        </div>
      )}

      <NameDialog
        title="New Address Book"
        label="Address book name"
        isOpen={dialog?.type === 'newBook'}
        onClose={close}
        onSubmit={async (name) => {
          try {
            const book = await createAddressBook(name);
            contactToast.success(`Address book ${book.name} created`);
            switchBook(book.id);
            return null;
          } catch (failure) {
            return reasonOf(failure);
          }
        }}
      />
      <NameDialog
        title="Add Group"
        label="Group name"
        isOpen={dialog?.type === 'addGroup'}
        onClose={close}
        onSubmit={async (name) => {
          if (bookId === null) return null;
          try {
            const group = await createGroup(bookId, name);
            contactToast.success(`Group ${group.name} added`);
            return null;
          } catch (failure) {
            return reasonOf(failure);
          }
        }}
      />
      <ContactFormDialog
        title="Add Contact"
        initial={dialog?.type === 'addContact' ? dialog.values : null}
        groups={bookGroups}
        onClose={close}
        onSubmit={async (values) => {
          if (bookId === null) return null;
          try {
            await createContact(bookId, { ...values, check: false });
            contactToast.success('Contact added');
            close();
            return null;
          } catch (failure) {
            const validation =
              failure instanceof ApiError ? failure.body?.details?.validation?.[0]?.message : undefined;
            return validation ?? reasonOf(failure);
          }
        }}
      />
      <ContactFormDialog
        title="Edit Contact"
        initial={dialog?.type === 'edit' ? contactFormValues(dialog.contact) : null}
        groups={bookGroups}
        onClose={close}
        onCheckDuplicates={(phone) => {
          close();
          onCheckDuplicates(phone);
        }}
        onSubmit={async (values) => {
          if (dialog?.type === 'edit') editContact(dialog.contact, values);
          close();
          return null;
        }}
      />
      <MemoEditorDialog
        contact={dialog?.type === 'memo' ? dialog.contact : null}
        onClose={close}
        onSave={(contact, memo) => {
          editContact(contact, { memo });
          close();
        }}
      />
      <DeleteContactsDialog
        target={dialog?.type === 'delete' ? dialog.target : null}
        onCancel={close}
        onConfirm={async (ids) => {
          if (bookId === null) return;
          try {
            const count = await deleteContacts(bookId, ids);
            contactToast.success(`${countOf(count, 'contact')} deleted`);
            close();
          } catch (failure) {
            contactToast.error(`An error occurred while processing: ${reasonOf(failure)}`);
          }
        }}
      />
      <SendSelectedDialog
        contactIds={dialog?.type === 'send' ? dialog.ids : null}
        onClose={close}
        onSend={(ids) => {
          localStorage.setItem(STORAGE_KEYS.selectedContactsForMessage, JSON.stringify(ids));
          close();
          void navigate(paths.messageSender());
        }}
      />
      <MoveGroupDialog
        contactIds={dialog?.type === 'move' ? dialog.ids : null}
        groups={bookGroups}
        onClose={close}
        onMove={async (ids, groupId) => {
          if (bookId === null) return;
          try {
            const count = await moveContacts(bookId, ids, groupId);
            contactToast.success(`${countOf(count, 'contact')} moved`);
            close();
          } catch (failure) {
            contactToast.error(`An error occurred while processing: ${reasonOf(failure)}`);
          }
        }}
      />
      <FriendRequestDialog
        request={dialog?.type === 'friends' ? dialog.request : null}
        onClose={close}
        onSend={async (request) => {
          if (bookId === null) return;
          try {
            const body = request.single
              ? { singleContact: { id: request.contacts[0]!.id } }
              : { filteredKakaoList: request.contacts.map(({ id }) => ({ id })) };
            const result = await saveKakaoList(bookId, body);
            if (result.success) contactToast.success(result.message);
            else contactToast.error(result.message);
            close();
          } catch (failure) {
            contactToast.error(`An error occurred while processing: ${reasonOf(failure)}`);
          }
        }}
      />
      <NicknameDialog
        request={dialog?.type === 'nickname' ? dialog.request : null}
        onClose={close}
        onSave={saveNicknames}
      />
      <ColumnSettingsDialog
        columns={columns}
        isOpen={dialog?.type === 'columns'}
        onClose={close}
        onSave={async (next) => {
          try {
            await saveColumnSettings(next);
            contactToast.success('Column settings saved');
            close();
          } catch (failure) {
            contactToast.error(`An error occurred while saving: ${reasonOf(failure)}`);
          }
        }}
      />
      <CsvImportDialog
        file={dialog?.type === 'import' ? dialog.file : null}
        bookName={books.data.find((book) => book.id === bookId)?.name ?? ''}
        onClose={close}
      />
      <BookImportsDialog
        bookId={bookId}
        bookName={books.data.find((book) => book.id === bookId)?.name ?? ''}
        isOpen={dialog?.type === 'imports'}
        onClose={close}
      />
      <UnsavedChangesGuard
        count={edits.pending.size}
        bookSwitch={pendingBook !== null}
        onStayOnBook={() => setPendingBook(null)}
        onLeaveBook={() => {
          if (pendingBook !== null) switchBook(pendingBook);
          setPendingBook(null);
        }}
      />
    </div>
  );
}
