import { useId, useState } from 'react';
import { ToggleButton } from 'react-aria-components';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { toast } from '../../../lib/toast.tsx';
import { setFavourite } from '../api/update-post.ts';
import type { Post } from '../api/use-dashboard-posts.ts';
import { displayPostDate } from '../../../lib/korean-time.ts';
import { countOf } from '../../../lib/count-words.ts';
import { modelName, type Model } from '../../models/index.ts';
import { ClampedBody } from './clamped-body.tsx';
import type { CampaignPicks } from '../domain/campaign-picks.ts';
import { EmailOutcomeNotice } from './email-outcome.tsx';

export type Language = 'eng' | 'kor';

/** The buttons whose dialogs arrive with e-mail sending. */
export type SendAction = 'Send Email' | 'Simple' | 'Specify' | 'Select Models' | 'Quick Message';
const SEND_ACTIONS: readonly SendAction[] = ['Send Email', 'Simple', 'Specify', 'Select Models'];

interface PostCardProps {
  post: Post;
  language: Language;
  onMemo: (post: Post) => void;
  onSendAction: (action: SendAction, post: Post) => void;
  /** The models this staff member selected for the post (Select Models); none shown while unknown. */
  selectedModels?: readonly Model[];
  /** The dashboard's picks for an e-mail campaign: a checkbox on the card when given. */
  picks?: CampaignPicks;
}

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="truncate text-sm text-slate-900" title={value ?? undefined}>
        {value || '—'}
      </dd>
    </div>
  );
}

function FavouriteHeart({ post }: { post: Post }) {
  const [isBusy, setBusy] = useState(false);
  const toggle = async (isFavorite: boolean) => {
    setBusy(true);
    try {
      await setFavourite(post.postId, isFavorite);
      toast.success(isFavorite ? 'Added to favourites' : 'Removed from favourites');
    } catch {
      toast.error('Failed to update favourites');
    } finally {
      setBusy(false);
    }
  };
  return (
    <ToggleButton
      isSelected={post.isFavorite}
      isDisabled={isBusy}
      onChange={(isFavorite) => void toggle(isFavorite)}
      aria-label="Favourite"
      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full text-2xl leading-none transition-colors cursor-pointer
        text-slate-500 hover:bg-rose-50 hover:text-rose-600 data-selected:text-rose-600 disabled:opacity-60 ${focusRing}`}
    >
      {({ isSelected }) => <span aria-hidden="true">{isSelected ? '♥' : '♡'}</span>}
    </ToggleButton>
  );
}

/** The models selected for the post, by name, so that a card says what Send Email would present. */
function SelectedModels({ models }: { models: readonly Model[] }) {
  const labelId = useId();
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1">
      <span id={labelId} className="text-xs font-medium text-slate-600">
        Selected models ({countOf(models.length, 'model')}):
      </span>
      <ul aria-labelledby={labelId} className="flex flex-wrap gap-1.5">
        {models.map((model) => (
          <li
            key={model.id}
            title={model.comcardNo}
            className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-medium text-violet-900"
          >
            {modelName(model)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** One casting post with every field, badge and action of spec §2. */
export function PostCard({ post, language, onMemo, onSendAction, selectedModels, picks }: PostCardProps) {
  const { data } = post;
  // The API answers sanitised HTML for both descriptions (no script, style, handlers or unsafe URLs); safeHtml
  // sanitises it again in the browser.
  const description = language === 'eng' ? data.eng : data.body;
  const title = data.postTitle || 'Untitled post';

  return (
    <article aria-label={title} className="@container rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start gap-3">
        {picks && (
          <input
            type="checkbox"
            aria-label={`Pick ${title} for a campaign`}
            checked={picks.has(post.postId)}
            onChange={() => picks.toggle({ postId: post.postId, title })}
            className="mt-1.5 size-4 shrink-0 accent-brand-700"
          />
        )}
        <div className="min-w-0 flex-1">
          <h2 className="text-lg font-bold text-slate-900 break-words">{title}</h2>
          {data.titleOfTheWork && <p className="mt-0.5 text-sm text-slate-700">{data.titleOfTheWork}</p>}
          <div className="mt-2 flex flex-wrap gap-2">
            {data.produce && (
              <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-900">
                {data.produce}
              </span>
            )}
            {data.recruitmentGender && (
              <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900">
                {data.recruitmentGender}
              </span>
            )}
          </div>
        </div>
        <FavouriteHeart post={post} />
      </div>

      {post.isEmailSent && (
        <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm font-medium text-emerald-900">
          Email has been sent for this posting
        </p>
      )}
      {post.lastEmailOutcome && <EmailOutcomeNotice outcome={post.lastEmailOutcome} />}

      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 @lg:grid-cols-3 @3xl:grid-cols-4">
        <Field label="Number of Recruits" value={data.numberOfRecruits} />
        <Field label="Role" value={data.roleInThePlay} />
        <Field label="Appearance Fee" value={data.appearanceFee} />
        <Field label="Filming Period" value={data.filmingPeriod} />
        <Field label="Deadline" value={data.recruitmentDeadline} />
        <Field label="Post Date" value={displayPostDate(data.postDate)} />
        <Field label="Manager" value={data.manager} />
        <Field label="Phone" value={data.phoneCall} />
        <Field label="Email" value={data.customerEmail || data.email} />
      </dl>

      {description ? (
        <ClampedBody html={description} label={`Description of ${title}`} lang={language === 'eng' ? 'en' : 'ko'} />
      ) : (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">No description.</p>
      )}

      {post.memo && (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm whitespace-pre-wrap text-amber-950">
          <span className="font-semibold">Memo: </span>
          {post.memo}
        </p>
      )}

      {selectedModels && selectedModels.length > 0 && <SelectedModels models={selectedModels} />}

      <div className="mt-4 flex flex-wrap gap-2">
        {data.postUrl ? (
          <a href={data.postUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('secondary', 'h-9')}>
            View Original Post
          </a>
        ) : (
          <Button variant="secondary" className="h-9" isDisabled>
            View Original Post
          </Button>
        )}
        {SEND_ACTIONS.map((action) => (
          <Button
            key={action}
            variant={action === 'Send Email' ? 'primary' : 'secondary'}
            className="h-9"
            onPress={() => onSendAction(action, post)}
          >
            {action}
          </Button>
        ))}
        <Button variant="secondary" className="h-9" onPress={() => onMemo(post)}>
          {post.memo ? 'Update Memo' : 'Add Memo'}
        </Button>
        <Button variant="secondary" className="h-9" onPress={() => onSendAction('Quick Message', post)}>
          Quick Message
        </Button>
      </div>
    </article>
  );
}
