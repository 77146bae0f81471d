import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/ui/card.tsx';
import { useSenderAccounts } from '../../mail-accounts/index.ts';
import { useSentEmails } from '../api/use-sent-emails.ts';
import { AccountSwitcher } from '../../mail-accounts/index.ts';
import { EmptyPosts, PostResults } from '../components/post-results.tsx';
import { pageFromParams, withPage } from '../../../lib/page-param.ts';

const PAGE_SIZE = 50;
/** Spec §3: the pseudo account All (id 0) exists only on this page. */
const ALL_ACCOUNTS = { id: 0, name: 'All', email: '' };

/** Posts with a sent e-mail, for every account or one. */
export function SentEmailsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageFromParams(params);
  const [senderId, setSenderId] = useState(0);
  const senders = useSenderAccounts();
  const sent = useSentEmails(senderId, page, PAGE_SIZE);

  return (
    <>
      <PageHeader title="Sent Emails" description="Posts an e-mail has been sent for, most recently e-mailed first." />
      <div className="mb-6">
        <AccountSwitcher
          label="Account"
          accounts={[ALL_ACCOUNTS, ...(senders.data ?? [])]}
          value={senderId}
          onChange={(id) => {
            setSenderId(id);
            setParams(withPage(params, 1));
          }}
        />
      </div>
      <PostResults
        data={sent.data}
        error={sent.error}
        isLoading={sent.isLoading}
        isValidating={sent.isValidating}
        language="kor"
        onPageChange={(next) => setParams(withPage(params, next))}
        errorTitle="Error Loading Data"
        errorText="Failed to fetch posts."
        empty={<EmptyPosts title="No emails sent yet." />}
      />
    </>
  );
}
