import { formatKoreanDateTime } from '@job-casting/rules';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { bodyCell, headCell, TableScroll, tableClass, tableRow } from '../../../components/ui/data-table.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../lib/paths.ts';
import { useCampaigns } from '../api/email-campaigns.ts';
import { CampaignProgress, CampaignStateBadge, campaignWait } from '../components/campaign-state.tsx';
import { pageFromParams, withPage } from '../../../lib/page-param.ts';

/** Every e-mail campaign, newest first, with its progress; a running one is refreshed as it goes. */
export function CampaignsPage() {
  const [params, setParams] = useSearchParams();
  const campaigns = useCampaigns(pageFromParams(params));

  let content;
  if (campaigns.error && !campaigns.data) content = <Alert>Failed to load the campaigns.</Alert>;
  else if (!campaigns.data) content = <Loading label="Loading campaigns…" />;
  else if (campaigns.data.data.length === 0)
    content = (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-sm text-slate-600">
        No campaigns yet. Pick posts on the dashboard to start one.
      </p>
    );
  else
    content = (
      <>
        <TableScroll label="Campaigns">
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={headCell('start')}>Campaign</th>
                <th className={headCell()}>State</th>
                <th className={headCell()}>Progress</th>
                <th className={headCell()}>From</th>
                <th className={headCell()}>Created</th>
              </tr>
            </thead>
            <tbody>
              {campaigns.data.data.map((campaign) => (
                <tr key={campaign.id} className={tableRow}>
                  <td className={bodyCell('start')}>
                    <Link
                      to={paths.emailCampaign(campaign.id)}
                      className={`font-medium text-brand-800 underline ${focusRing}`}
                    >
                      #{campaign.id} · {campaign.templateTitle}
                    </Link>
                  </td>
                  <td className={bodyCell()}>
                    <div className="flex flex-col items-start gap-1">
                      <CampaignStateBadge state={campaign.state} />
                      {campaignWait(campaign) && (
                        <span className="text-xs text-slate-600">{campaignWait(campaign)}</span>
                      )}
                    </div>
                  </td>
                  <td className={bodyCell()}>
                    <CampaignProgress campaign={campaign} />
                  </td>
                  <td className={`${bodyCell()} whitespace-nowrap`}>{campaign.accountEmail ?? '—'}</td>
                  <td className={`${bodyCell()} whitespace-nowrap`}>
                    {formatKoreanDateTime(campaign.createdAt)}
                    {campaign.createdBy && <span className="block text-xs text-slate-600">{campaign.createdBy}</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <Pager
          pagination={campaigns.data.pagination}
          onPageChange={(next) => setParams(withPage(params, next))}
          label="Campaign pages"
        />
      </>
    );

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="E-mails to many posts' customers, each with its post and selected models, paced within Gmail's limits."
      />
      <div className="flex flex-col gap-4">{content}</div>
    </>
  );
}
