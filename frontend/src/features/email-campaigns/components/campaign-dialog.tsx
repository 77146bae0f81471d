import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { bodyCell, headCell, TableScroll, tableClass, tableRow } from '../../../components/ui/data-table.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { countOf } from '../../../lib/count-words.ts';
import { idempotencyKeys } from '../../../lib/idempotency-keys.ts';
import {
  createCampaign,
  previewCampaignEmail,
  reviewCampaign,
  type Campaign,
  type CampaignPreview,
  type CampaignReview,
} from '../api/email-campaigns.ts';
import { useEmailTemplates } from '../../email-templates/index.ts';
import { sendTestEmail } from '../../posts/index.ts';
import { FollowUpSteps, type FollowUpDraft } from './campaign-follow-ups.tsx';
import type { CampaignPick } from '../../posts/index.ts';
import { RenderedEmail } from '../../email-templates/index.ts';

type Timing = 'now' | 'later';
type OverQuota = 'spread' | 'refuse';

export interface CampaignDialogProps {
  isOpen: boolean;
  picks: readonly CampaignPick[];
  /** The account the dashboard shows: the campaign's e-mails go from it. */
  account: { id: number; email: string } | null;
  onClose: () => void;
  onCreated: (campaign: Campaign) => void;
}

/** A datetime-local value ("2026-12-01T09:30", seconds optional) read as Korean time, the product's time. */
export function koreanInstant(local: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(local);
  return match ? `${match[1]}${match[2] ?? ':00'}+09:00` : null;
}

function ReviewTable({
  review,
  chosen,
  onChoose,
}: {
  review: CampaignReview;
  chosen: string | null;
  onChoose: (postId: string) => void;
}) {
  return (
    <TableScroll label="Recipients" maxHeight="max-h-64">
      <table className={tableClass}>
        <thead>
          <tr>
            <th className={headCell('start')}>Post</th>
            <th className={headCell()}>Customer</th>
            <th className={headCell()}>Subject</th>
            <th className={headCell()}>Models</th>
            <th className={headCell('end')}>
              <span className="sr-only">Preview</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {review.recipients.map((recipient) => (
            <tr key={recipient.postId} className={recipient.postId === chosen ? 'bg-brand-50' : tableRow}>
              <td
                className={`${bodyCell('start')} max-w-[16rem] truncate font-medium text-slate-900`}
                title={recipient.postTitle ?? recipient.postId}
              >
                {recipient.postTitle ?? recipient.postId}
              </td>
              <td className={`${bodyCell()} whitespace-nowrap`}>{recipient.recipient}</td>
              <td className={`${bodyCell()} max-w-[20rem] truncate`} title={recipient.subject}>
                {recipient.subject}
              </td>
              <td className={`${bodyCell()} whitespace-nowrap tabular-nums`}>{recipient.modelCount}</td>
              <td className={bodyCell('end')}>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Preview the e-mail to ${recipient.recipient}`}
                  onPress={() => onChoose(recipient.postId)}
                >
                  Preview
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * An e-mail campaign of the posts picked on the dashboard: a template, then a review of every recipient (each
 * post's customer gets their own e-mail with that post and its selected models), the posts left out and why, the
 * account's Gmail quota, a preview of any one e-mail and a test copy, then now or at a time.
 */
export function CampaignDialog({ isOpen, picks, account, onClose, onCreated }: CampaignDialogProps) {
  return (
    <Dialog title="E-mail Campaign" size="lg" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {/* Mounted only while open: closing forgets the review. */}
      {isOpen && <CampaignForm picks={picks} account={account} onCreated={onCreated} />}
    </Dialog>
  );
}

function CampaignForm({ picks, account, onCreated }: Pick<CampaignDialogProps, 'picks' | 'account' | 'onCreated'>) {
  const templates = useEmailTemplates(true);
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [review, setReview] = useState<CampaignReview | null>(null);
  const [isReviewing, setReviewing] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const [preview, setPreview] = useState<CampaignPreview | null>(null);
  const [timing, setTiming] = useState<Timing>('now');
  const [sendAt, setSendAt] = useState('');
  const [overQuota, setOverQuota] = useState<OverQuota>('spread');
  const [followUps, setFollowUps] = useState<FollowUpDraft[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [tested, setTested] = useState<string | null>(null);
  const [busy, setBusy] = useState<'test' | 'start' | null>(null);
  const [keys] = useState(idempotencyKeys);
  const template = templates.data?.find((candidate) => candidate.id === templateId) ?? null;
  const postIds = picks.map((pick) => pick.postId);

  const runReview = async () => {
    if (!account || templateId === null) return;
    setProblem(null);
    setReviewing(true);
    try {
      const answer = await reviewCampaign({ postIds, templateId, accountId: account.id });
      setReview(answer);
      if (answer.recipients[0]) await choose(answer.recipients[0].postId);
    } catch (error) {
      setProblem(errorMessage(error, 'The campaign could not be reviewed.'));
    } finally {
      setReviewing(false);
    }
  };

  const choose = async (postId: string) => {
    if (!account || templateId === null) return;
    setChosen(postId);
    try {
      setPreview(await previewCampaignEmail({ postId, templateId, accountId: account.id }));
    } catch (error) {
      setPreview(null);
      setProblem(errorMessage(error, 'The e-mail could not be previewed.'));
    }
  };

  const sendTest = async () => {
    if (!account || !template || !chosen) return;
    setBusy('test');
    setProblem(null);
    setTested(null);
    try {
      setTested(
        (
          await sendTestEmail({
            postId: chosen,
            accountId: account.id,
            subject: template.subject,
            content: template.template,
          })
        ).message,
      );
    } catch (error) {
      setProblem(errorMessage(error, 'The test e-mail could not be sent.'));
    } finally {
      setBusy(null);
    }
  };

  const scheduledAt = timing === 'later' ? koreanInstant(sendAt) : null;
  const start = async () => {
    if (!account || templateId === null || !review) return;
    if (timing === 'later' && !scheduledAt) return setProblem('Please choose the day and time to send.');
    const steps = followUps.flatMap((step) =>
      step.templateId === null ? [] : [{ afterDays: step.afterDays, templateId: step.templateId }],
    );
    if (steps.length < followUps.length) return setProblem('Please choose the template of each follow-up.');
    setBusy('start');
    setProblem(null);
    const body = {
      postIds,
      templateId,
      accountId: account.id,
      overQuota,
      ...(scheduledAt ? { scheduledAt } : {}),
      ...(steps.length > 0 ? { followUps: steps } : {}),
    };
    try {
      const campaign = await createCampaign(body, keys.keyFor(body));
      keys.succeeded();
      onCreated(campaign);
    } catch (error) {
      setProblem(errorMessage(error, 'The campaign could not be started.'));
    } finally {
      setBusy(null);
    }
  };

  const count = review?.recipients.length ?? 0;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        {countOf(picks.length, 'post')} picked · from{' '}
        <span className="font-medium text-slate-900">{account?.email ?? 'no account'}</span>
      </p>
      {!account && <Alert>Choose the mail account to send from on the dashboard first.</Alert>}
      <Select
        label="Template"
        placeholder={templates.isLoading ? 'Loading templates…' : 'Select a template'}
        options={(templates.data ?? []).map((candidate) => ({
          id: candidate.id,
          label: candidate.isDefault ? `${candidate.title} (default)` : candidate.title,
        }))}
        value={templateId}
        onChange={(id) => {
          setTemplateId(id);
          setReview(null);
          setPreview(null);
          setTested(null);
        }}
        isDisabled={templates.isLoading}
      />
      {isReviewing && <Loading label="Reviewing the campaign…" />}
      {review && (
        <section aria-label="Review" className="flex flex-col gap-3">
          <p className="text-sm text-slate-800">
            <span className="font-semibold">{countOf(count, 'e-mail')}</span> to send
            {review.leftOut.length > 0 && <> · {countOf(review.leftOut.length, 'post')} left out</>}
          </p>
          <p className="text-sm text-slate-700">
            Gmail quota of {account?.email}: {review.quota.remainingToday} of {review.quota.dailyLimit} left for the
            next 24 hours.
          </p>
          {review.exceedsToday && (
            <div className="flex flex-col gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950">
              <p>More e-mails than the account has left today. Spread, they go as the quota frees:</p>
              <ul className="list-disc pl-5">
                {review.spread.map((day) => (
                  <li key={day.day}>
                    {day.day}: {countOf(day.count, 'e-mail')}
                  </li>
                ))}
              </ul>
              <SegmentedChoice
                label="When the quota runs out"
                options={[
                  { id: 'spread', label: 'Spread over the following days' },
                  { id: 'refuse', label: 'Refuse the campaign' },
                ]}
                value={overQuota}
                onChange={setOverQuota}
              />
            </div>
          )}
          {count > 0 && <ReviewTable review={review} chosen={chosen} onChoose={(postId) => void choose(postId)} />}
          {review.leftOut.length > 0 && (
            <section aria-label="Left out" className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
              <h3 className="font-semibold">Left out</h3>
              <ul className="mt-1 list-disc pl-5">
                {review.leftOut.map((post) => (
                  <li key={post.postId}>
                    {post.postTitle ?? post.postId}: {post.reason}
                  </li>
                ))}
              </ul>
            </section>
          )}
          {preview && (
            <section aria-label="E-mail preview" className="rounded-lg border border-slate-200">
              <p className="border-b border-slate-200 px-4 py-2 text-sm">
                <span className="font-medium text-slate-600">To: </span>
                {preview.recipient}
              </p>
              <div className="max-h-72 overflow-y-auto">
                <RenderedEmail subject={preview.subject} html={preview.html} />
              </div>
            </section>
          )}
          {count > 0 && (
            <div className="flex flex-wrap items-end gap-3">
              <SegmentedChoice
                label="Send"
                options={[
                  { id: 'now', label: 'Now' },
                  { id: 'later', label: 'At a time' },
                ]}
                value={timing}
                onChange={setTiming}
              />
              {timing === 'later' && (
                <TextField
                  label="Day and time (Korean time)"
                  type="datetime-local"
                  value={sendAt}
                  onChange={setSendAt}
                />
              )}
            </div>
          )}
          {count > 0 && <FollowUpSteps steps={followUps} templates={templates.data ?? []} onChange={setFollowUps} />}
        </section>
      )}
      {problem && <Alert>{problem}</Alert>}
      <DialogActions>
        {tested && (
          <p role="status" className="mr-auto text-sm text-emerald-800">
            {tested}
          </p>
        )}
        <Button slot="close" variant="secondary">
          Cancel
        </Button>
        {review ? (
          <>
            <Button
              variant="secondary"
              onPress={() => void sendTest()}
              isDisabled={busy !== null || !chosen}
              isPending={busy === 'test'}
            >
              Send Test to Me
            </Button>
            <Button onPress={() => void start()} isDisabled={busy !== null || count === 0} isPending={busy === 'start'}>
              {timing === 'later' ? `Schedule ${countOf(count, 'e-mail')}` : `Send ${countOf(count, 'e-mail')}`}
            </Button>
          </>
        ) : (
          <Button
            onPress={() => void runReview()}
            isDisabled={!account || templateId === null || isReviewing || picks.length === 0}
            isPending={isReviewing}
          >
            Review
          </Button>
        )}
      </DialogActions>
    </div>
  );
}
