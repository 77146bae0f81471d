import { useState } from 'react';
import { type Key, Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { PageHeader } from '../../../components/ui/card.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { ContactListTab } from '../components/contact-list-tab.tsx';
import { DuplicateCheckTab } from '../components/duplicate-check-tab.tsx';
import { MessageSenderTab } from '../components/message-sender-tab.tsx';

const tabClass = `cursor-pointer rounded-t-lg px-4 py-2.5 text-sm font-semibold text-slate-600 hover:text-slate-900
  data-selected:border-b-2 data-selected:border-brand-700 data-selected:text-brand-800 ${focusRing}`;

/** /admin/contact-book: the page titled Address Book with its three tabs (spec §2). */
export function ContactBookPage() {
  const [bookId, setBookId] = useState<number | null>(null);
  const [tab, setTab] = useState<Key>('contact-list');
  // Spec §3, §9: a contact's phone goes to the Duplicate Check tab through storage, which searches it on opening.
  const checkDuplicates = (phone: string) => {
    localStorage.setItem(STORAGE_KEYS.duplicateCheckPhone, phone);
    setTab('duplicate-check');
  };
  return (
    <>
      <PageHeader title="Address Book" />
      <Tabs selectedKey={tab} onSelectionChange={setTab}>
        <TabList aria-label="Address book tabs" className="mb-4 flex gap-1 border-b border-slate-200">
          <Tab id="contact-list" className={tabClass}>
            Address Book
          </Tab>
          <Tab id="message-sender" className={tabClass}>
            Message Sender
          </Tab>
          <Tab id="duplicate-check" className={tabClass}>
            Duplicate Check
          </Tab>
        </TabList>
        {/* Kept mounted while hidden, so that unsaved edits and the clipboard survive a look at another tab. */}
        <TabPanel id="contact-list" shouldForceMount className="outline-none data-inert:hidden">
          <ContactListTab bookId={bookId} onBookChange={setBookId} onCheckDuplicates={checkDuplicates} />
        </TabPanel>
        <TabPanel id="message-sender" className="outline-none">
          <MessageSenderTab />
        </TabPanel>
        <TabPanel id="duplicate-check" className="outline-none">
          <DuplicateCheckTab addressBookId={bookId} />
        </TabPanel>
      </Tabs>
    </>
  );
}
