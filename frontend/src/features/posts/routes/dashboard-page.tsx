import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { useSenderAccounts } from '../../mail-accounts/index.ts';
import { paths } from '../../../lib/paths.ts';
import { writeSelectedMailAccount } from '../../../lib/storage.ts';
import { countOf } from '../../../lib/count-words.ts';
import { useSelectedMailAccountId } from '../../../lib/use-selected-mail-account.ts';
import { useStoredUser } from '../../../lib/use-stored-user.ts';
import { postSource } from '../api/post-source.ts';
import { useDashboardPosts } from '../api/use-dashboard-posts.ts';
import { AccountSwitcher } from '../../mail-accounts/index.ts';
import { CampaignDialog } from '../../email-campaigns/index.ts';
import { useCampaignPicks } from '../domain/campaign-picks.ts';
import { DriveFilePicker, type PickerMode } from '../../sheet-imports/index.ts';
import { EmailTemplatesDialog } from '../../email-templates/index.ts';
import { FilterBar } from '../components/filter-bar.tsx';
import { InstructionsDialog } from '../components/instructions-dialog.tsx';
import { ModelListDialog } from '../../models/index.ts';
import { EmptyPosts, PostResults } from '../components/post-results.tsx';
import { usePostsView } from '../lib/posts-view.ts';
import { ReauthBanner } from '../../mail-accounts/index.ts';
import { useSettledKeyword } from '../lib/use-settled-keyword.ts';
import { readDashboardParams, writeDashboardParams, type DashboardParams } from './dashboard-params.ts';

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

  // The filters, the settled keyword, the page and the page size live in the address: a reload or a shared link
  // shows the same list.
  const [params, setParams] = useSearchParams();
  const filters = readDashboardParams(params);
  const { gender, language, scope, dateRange, page, pageSize } = filters;
  const update = (changes: Partial<DashboardParams>, options?: { replace: boolean }) =>
    // From the address as it is now, not as this render saw it: a control holding an older handler (a choice made
    // right after another) must not put back a filter changed since.
    setParams(() => writeDashboardParams(new URLSearchParams(window.location.search), changes), options);
  // Only the settled keyword goes to the address, in place of the last one, so that typing adds no history.
  const keywordField = useSettledKeyword(
    filters.keyword,
    (keyword) => update({ keyword }, { replace: true }),
    KEYWORD_DEBOUNCE_MS,
  );

  const source = postSource({ gender, keyword: filters.keyword, scope, dateRange });
  const posts = useDashboardPosts(source, page, pageSize);

  // A page past the last (an old link, fewer posts since) shows the last page.
  const lastPage = posts.data && !posts.isValidating ? posts.data.pagination.totalPages : null;
  useEffect(() => {
    if (lastPage !== null && lastPage >= 1 && page > lastPage)
      setParams(() => writeDashboardParams(new URLSearchParams(window.location.search), { page: lastPage }), {
        replace: true,
      });
  }, [lastPage, page, setParams]);

  // Cards or list: a preference of this browser (kept across reloads and visits), not part of the shared address.
  const [view, setView] = usePostsView();
  const [picker, setPicker] = useState<PickerMode | null>(null);
  const [isInstructionsOpen, setInstructionsOpen] = useState(false);
  const [openDialog, setOpenDialog] = useState<'templates' | 'models' | 'campaign' | null>(null);
  const picks = useCampaignPicks(useStoredUser()?.id ?? null);

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
        description={
          account
            ? `${account.name} · ${account.email} · Gmail: ${countOf(account.remainingToday, 'e-mail')} of ${account.dailyLimit} left for the next 24 hours`
            : accountId === null
              ? 'Admin'
              : undefined
        }
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
        <AccountSwitcher
          accounts={senders.data ?? []}
          value={account?.id ?? null}
          onChange={switchAccount}
          isDisabled={senders.isLoading}
        />
      </nav>
      {account?.needsReauth && (
        <div className="mb-4">
          <ReauthBanner account={account} />
        </div>
      )}
      <div className="mb-6">
        <FilterBar
          gender={gender}
          onGenderChange={(next) => update({ gender: next })}
          language={language}
          onLanguageChange={(next) => update({ language: next })}
          keyword={keywordField.keyword}
          onKeywordChange={keywordField.setKeyword}
          isKeywordPending={keywordField.isPending}
          isSearching={posts.isLoading}
          scope={scope}
          onScopeChange={(next) => update({ scope: next })}
          onSearchNow={keywordField.settleNow}
          dateRange={dateRange}
          onDateRangeChange={(next) => update({ dateRange: next })}
          pageSize={pageSize}
          onPageSizeChange={(next) => update({ pageSize: next })}
          view={view}
          onViewChange={setView}
        />
      </div>
      {picks.picks.length > 0 && (
        <section
          aria-label="Picked posts"
          className="sticky top-16 z-20 mb-4 flex flex-wrap items-center gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2 shadow-sm"
        >
          <p className="text-sm font-medium text-brand-950">
            {countOf(picks.picks.length, 'post')} picked for a campaign
          </p>
          <Button size="sm" onPress={() => setOpenDialog('campaign')}>
            E-mail Campaign…
          </Button>
          <Button size="sm" variant="secondary" onPress={picks.clear}>
            Clear
          </Button>
        </section>
      )}
      <PostResults
        picks={picks}
        data={posts.data}
        error={posts.error}
        isLoading={posts.isLoading}
        isValidating={posts.isValidating}
        language={language}
        accountId={account?.id ?? accountId}
        view={view}
        onPageChange={(next) => {
          update({ page: next });
          document.getElementById('main')?.scrollIntoView({ block: 'start' });
        }}
        errorTitle="Error"
        errorText="Failed to fetch posts."
        empty={<EmptyPosts title="No Data Available" text="There is no data for the selected category." />}
      />
      <DriveFilePicker mode={picker} accountId={account?.id ?? accountId} onClose={() => setPicker(null)} />
      <InstructionsDialog isOpen={isInstructionsOpen} onClose={() => setInstructionsOpen(false)} />
      <EmailTemplatesDialog
        isOpen={openDialog === 'templates'}
        onOpenChange={(isOpen) => setOpenDialog(isOpen ? 'templates' : null)}
      />
      <ModelListDialog
        isOpen={openDialog === 'models'}
        onOpenChange={(isOpen) => setOpenDialog(isOpen ? 'models' : null)}
      />
      <CampaignDialog
        isOpen={openDialog === 'campaign'}
        picks={picks.picks}
        account={account}
        onClose={() => setOpenDialog(null)}
        onCreated={(campaign) => {
          picks.clear();
          setOpenDialog(null);
          void navigate(paths.emailCampaign(campaign.id));
        }}
      />
    </>
  );
}
