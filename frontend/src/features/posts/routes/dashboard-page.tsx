import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { useSenderAccounts } from '../../../lib/mail-accounts.ts';
import { paths } from '../../../lib/paths.ts';
import { writeSelectedMailAccount } from '../../../lib/storage.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useSelectedMailAccountId } from '../../../lib/use-selected-mail-account.ts';
import { postSource, type DateRange, type GenderFilter, type PageSize, type SearchScope } from '../api/post-source.ts';
import { useDashboardPosts } from '../api/use-dashboard-posts.ts';
import { AccountSwitcher } from '../components/account-switcher.tsx';
import { DriveFilePicker, type PickerMode } from '../components/drive-file-picker.tsx';
import { EmailTemplatesDialog } from '../components/email-templates-dialog.tsx';
import { FilterBar } from '../components/filter-bar.tsx';
import { InstructionsDialog } from '../components/instructions-dialog.tsx';
import { ModelListDialog } from '../components/model-list-dialog.tsx';
import type { Language } from '../components/post-card.tsx';
import { EmptyPosts, PostResults } from '../components/post-results.tsx';
import { ReauthBanner } from '../components/reauth-banner.tsx';
import { useListPage } from '../components/use-list-page.ts';

/** Spec §9: the keyword waits 2 s after the last keystroke. */
const KEYWORD_DEBOUNCE_MS = 2000;

/** The dashboard of one mail account (spec §2): top navigation, filters, posts. */
export function DashboardPage() {
  const navigate = useNavigate();
  const { accountId: routeAccountId } = useParams();
  const storedAccountId = useSelectedMailAccountId();
  const senders = useSenderAccounts();
  const accountIdText = routeAccountId ?? storedAccountId;
  const accountId = accountIdText && /^\d+$/.test(accountIdText) ? Number(accountIdText) : null;
  const account = senders.data?.find((candidate) => candidate.id === accountId) ?? null;

  const [gender, setGender] = useState<GenderFilter>('All');
  const [language, setLanguage] = useState<Language>('kor');
  const [keyword, setKeyword] = useState('');
  const [scope, setScope] = useState<SearchScope>('all');
  const [dateRange, setDateRange] = useState<DateRange | null>(null);
  const [pageSize, setPageSize] = useState<PageSize>(50);
  const [debouncedKeyword, searchNow] = useDebouncedValue(keyword, KEYWORD_DEBOUNCE_MS);

  const source = postSource({ gender, keyword: debouncedKeyword, scope, dateRange });
  // The page belongs to one source and page size: any change of filter starts again on page 1.
  const [page, setPage] = useListPage(JSON.stringify([source, pageSize]));
  const posts = useDashboardPosts(source, page, pageSize);

  const [picker, setPicker] = useState<PickerMode | null>(null);
  const [isInstructionsOpen, setInstructionsOpen] = useState(false);
  const [openDialog, setOpenDialog] = useState<'templates' | 'models' | null>(null);

  const switchAccount = (id: number) => {
    const chosen = senders.data?.find((candidate) => candidate.id === id);
    if (!chosen) return;
    writeSelectedMailAccount(chosen);
    void navigate(paths.accountDashboard(String(chosen.id)));
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={account ? `${account.name} · ${account.email}` : accountId === null ? 'Admin' : undefined}
      />
      <nav aria-label="Dashboard" className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onPress={() => setOpenDialog('templates')}>
            Email Templates
          </Button>
          <Button variant="secondary" onPress={() => setOpenDialog('models')}>
            Model Templates
          </Button>
          <Button variant="secondary" onPress={() => setPicker('model')}>
            Select Model File
          </Button>
          <Button variant="secondary" onPress={() => setPicker('posting')}>
            Select Posting File
          </Button>
          <Button variant="secondary" onPress={() => setInstructionsOpen(true)}>
            Instructions
          </Button>
        </div>
        <AccountSwitcher accounts={senders.data ?? []} value={account?.id ?? null} onChange={switchAccount} isDisabled={senders.isLoading} />
      </nav>
      {account?.needsReauth && (
        <div className="mb-4">
          <ReauthBanner account={account} />
        </div>
      )}
      <div className="mb-6">
        <FilterBar
          gender={gender}
          onGenderChange={setGender}
          language={language}
          onLanguageChange={setLanguage}
          keyword={keyword}
          onKeywordChange={setKeyword}
          scope={scope}
          onScopeChange={setScope}
          onSearchNow={() => {
            searchNow();
            setPage(1);
          }}
          dateRange={dateRange}
          onDateRangeChange={setDateRange}
          pageSize={pageSize}
          onPageSizeChange={setPageSize}
        />
      </div>
      <PostResults
        data={posts.data}
        error={posts.error}
        isLoading={posts.isLoading}
        isValidating={posts.isValidating}
        language={language}
        accountId={account?.id ?? accountId}
        onPageChange={(next) => {
          setPage(next);
          document.getElementById('main')?.scrollIntoView({ block: 'start' });
        }}
        errorTitle="Error"
        errorText="Failed to fetch posts."
        empty={<EmptyPosts title="No Data Available" text="There is no data for the selected category." />}
      />
      <DriveFilePicker mode={picker} accountId={account?.id ?? accountId} onClose={() => setPicker(null)} />
      <InstructionsDialog isOpen={isInstructionsOpen} onClose={() => setInstructionsOpen(false)} />
      <EmailTemplatesDialog isOpen={openDialog === 'templates'} onOpenChange={(isOpen) => setOpenDialog(isOpen ? 'templates' : null)} />
      <ModelListDialog isOpen={openDialog === 'models'} onOpenChange={(isOpen) => setOpenDialog(isOpen ? 'models' : null)} />
    </>
  );
}
