import { useCallback } from 'react';
import { mutate } from 'swr';
import { checkContacts } from '../api/contacts.ts';
import { contactsKey, groupsKey, type Contact, type GroupChoice } from '../api/contacts-keys.ts';
import { toastFailure } from './contact-toast.ts';

type ContactList = { data: Contact[]; total: number };

/**
 * The table's checks, kept on the server (the selected group lists them): shown at once, then sent; a failure
 * puts the server's state back.
 */
export function useContactChecks(bookId: number | null, choice: GroupChoice | null) {
  return useCallback(
    async (checked: boolean, contactIds: number[] | 'book') => {
      if (bookId === null) return;
      const key = contactsKey(bookId, choice);
      const ids = contactIds === 'book' ? null : new Set(contactIds);
      await mutate<ContactList>(
        key,
        (list) =>
          list && {
            ...list,
            data: list.data.map((contact) =>
              ids === null || ids.has(contact.id)
                ? contact.check === checked
                  ? contact
                  : { ...contact, check: checked }
                : contact,
            ),
          },
        { revalidate: false },
      );
      try {
        await checkContacts(bookId, checked, contactIds === 'book' ? undefined : contactIds);
        await mutate(groupsKey(bookId));
        // The selected group lists checked contacts: it is read again when shown.
        if (choice?.kind === 'view' && choice.view === 'selected') await mutate(key);
      } catch (failure) {
        toastFailure(failure, 'An error occurred while saving: the checks were not saved');
        await mutate(key);
      }
    },
    [bookId, choice],
  );
}
