import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { bodyCell, headCell, TableScroll, tableClass } from '../../../components/ui/data-table.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { countOf } from '../../../lib/count-words.ts';
import { displayPostDate } from '../../../lib/korean-time.ts';
import { modelName, type Model } from '../../models/index.ts';
import type { Post } from '../api/use-dashboard-posts.ts';
import { emailOutcomeText } from './email-outcome.tsx';
import { PostCard, type Language, type SendAction } from './post-card.tsx';
import type { CampaignPicks } from '../domain/campaign-picks.ts';

interface PostListViewProps {
  posts: readonly Post[];
  language: Language;
  /** Each post's selected models by postId; a post missing is not known yet. */
  selections: ReadonlyMap<string, readonly Model[]>;
  onMemo: (post: Post) => void;
  onSendAction: (action: SendAction, post: Post) => void;
  isBusy?: boolean;
  /** The dashboard's picks for an e-mail campaign: a checkbox column when given. */
  picks?: CampaignPicks;
}

/** The row's own press (which opens the panel) must not take a press meant for the pick checkbox. */
const keepPressInCheckbox = {
  onPointerDown: (event: SyntheticEvent) => event.stopPropagation(),
  onClick: (event: SyntheticEvent) => event.stopPropagation(),
  onKeyDown: (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === ' ' || event.key === 'Enter') event.stopPropagation();
  },
};

/** A text cell that keeps to one line, the whole value in its tooltip. */
function Clipped({ value, width }: { value: string | null | undefined; width: string }) {
  if (!value) return <span className="text-slate-400">—</span>;
  return (
    <span className={`block truncate ${width}`} title={value}>
      {value}
    </span>
  );
}

function Flag({ children, tone, title }: { children: ReactNode; tone: string; title?: string }) {
  return (
    <span
      title={title}
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
    >
      {children}
    </span>
  );
}

/**
 * Favourite, memo, sent, what came back and selected models side by side, each in a slot of its own width, so that a flag sits
 * at the same place in every row and the column reads at a glance.
 */
function PostFlags({ post, models }: { post: Post; models: readonly Model[] | undefined }) {
  return (
    <span className="flex items-center gap-1.5">
      <span className="w-5 text-center text-base leading-none text-rose-600">
        {post.isFavorite && (
          <span title="Favourite">
            <span aria-hidden="true">♥</span>
            <span className="sr-only">Favourite</span>
          </span>
        )}
      </span>
      <span className="w-12">
        {post.memo && (
          <Flag tone="bg-amber-100 text-amber-950" title={post.memo}>
            Memo
          </Flag>
        )}
      </span>
      <span className="w-11">{post.isEmailSent && <Flag tone="bg-emerald-100 text-emerald-900">Sent</Flag>}</span>
      <span className="w-16">
        {post.lastEmailOutcome && (
          <Flag
            tone={post.lastEmailOutcome.kind === 'replied' ? 'bg-sky-100 text-sky-900' : 'bg-rose-100 text-rose-900'}
            title={emailOutcomeText(post.lastEmailOutcome)}
          >
            {post.lastEmailOutcome.kind === 'replied' ? 'Replied' : 'Bounced'}
            {post.lastEmailOutcome.reason && <span className="sr-only">: {post.lastEmailOutcome.reason}</span>}
          </Flag>
        )}
      </span>
      <span className="min-w-16">
        {models && models.length > 0 && (
          <Flag tone="bg-violet-100 text-violet-900" title={models.map(modelName).join(', ')}>
            {countOf(models.length, 'model')}
          </Flag>
        )}
      </span>
    </span>
  );
}

const rowClass = `cursor-pointer bg-white hover:bg-slate-50 data-selected:bg-brand-100 data-selected:hover:bg-brand-100 ${focusRing} data-focus-visible:-outline-offset-2`;

/**
 * The posts as a compact table, one row per post; choosing a row (click, Enter or Space) shows its full card,
 * with every action, in a panel beside the table. Esc or Close closes the panel.
 */
export function PostListView({ posts, language, selections, onMemo, onSendAction, isBusy, picks }: PostListViewProps) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  // A post no longer on the page (another page, a filter) closes the panel.
  const selected = posts.find((post) => post.postId === selectedId) ?? null;

  const close = useCallback(() => {
    // Focus in the closing panel (or lost) goes back to the row that was open: the table focuses the row it last
    // had. Focus elsewhere (a filter) stays where it is.
    const focused = document.activeElement;
    const isFocusLeaving = !focused || focused === document.body || !!panelRef.current?.contains(focused);
    setSelectedId(null);
    if (isFocusLeaving) tableRef.current?.focus();
  }, []);

  // Esc closes the panel wherever the focus is (an action may leave it on the page), but not a dialog's Esc.
  const isOpen = selected !== null;
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const inDialog = event.target instanceof Element && event.target.closest('[role="dialog"], [role="alertdialog"]');
      if (event.key === 'Escape' && !event.defaultPrevented && !inDialog) close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen, close]);

  return (
    <div className="flex items-start gap-4">
      <div className="min-w-0 flex-1">
        <TableScroll label="Posts list" isBusy={isBusy} className="shadow-sm">
          <Table
            ref={tableRef}
            aria-label="Posts"
            selectionMode="single"
            selectionBehavior="toggle"
            selectedKeys={selected ? [selected.postId] : []}
            onSelectionChange={(keys) => {
              const [key] = keys === 'all' ? [] : [...keys];
              setSelectedId(key === undefined ? null : String(key));
            }}
            className={tableClass}
          >
            <TableHeader>
              {picks ? (
                <Column className={headCell('start')}>
                  <span className="sr-only">Pick for a campaign</span>
                </Column>
              ) : null}
              <Column isRowHeader className={headCell(picks ? undefined : 'start')}>
                Title
              </Column>
              <Column className={headCell()}>Flags</Column>
              <Column className={headCell()}>Work</Column>
              <Column className={headCell()}>Gender</Column>
              <Column className={headCell()}>Fee</Column>
              <Column className={headCell()}>Deadline</Column>
              <Column className={headCell()}>Post Date</Column>
            </TableHeader>
            {/* The rows are cached per post: a new selection of models must draw them again. */}
            <TableBody items={posts} dependencies={[selections, picks?.picks]}>
              {(post) => {
                const { data } = post;
                const models = selections.get(post.postId);
                return (
                  <Row id={post.postId} textValue={data.postTitle || post.postId} className={rowClass}>
                    {picks ? (
                      <Cell className={bodyCell('start')}>
                        <input
                          type="checkbox"
                          aria-label={`Pick ${data.postTitle || 'Untitled post'} for a campaign`}
                          checked={picks.has(post.postId)}
                          onChange={() =>
                            picks.toggle({ postId: post.postId, title: data.postTitle || 'Untitled post' })
                          }
                          className="size-4 accent-brand-700"
                          {...keepPressInCheckbox}
                        />
                      </Cell>
                    ) : null}
                    <Cell className={`${bodyCell(picks ? undefined : 'start')} font-medium text-slate-900`}>
                      <Clipped value={data.postTitle || 'Untitled post'} width="max-w-[20rem]" />
                    </Cell>
                    <Cell className={bodyCell()}>
                      <PostFlags post={post} models={models} />
                    </Cell>
                    <Cell className={bodyCell()}>
                      <Clipped value={data.titleOfTheWork} width="max-w-[14rem]" />
                    </Cell>
                    <Cell className={`${bodyCell()} whitespace-nowrap`}>
                      {data.recruitmentGender?.trim() || <span className="text-slate-400">—</span>}
                    </Cell>
                    <Cell className={bodyCell()}>
                      <Clipped value={data.appearanceFee} width="max-w-[10rem]" />
                    </Cell>
                    <Cell className={bodyCell()}>
                      <Clipped value={data.recruitmentDeadline} width="max-w-[10rem]" />
                    </Cell>
                    <Cell className={`${bodyCell()} whitespace-nowrap`}>
                      {displayPostDate(data.postDate) ?? <span className="text-slate-400">—</span>}
                    </Cell>
                  </Row>
                );
              }}
            </TableBody>
          </Table>
        </TableScroll>
      </div>
      {selected && (
        <aside
          ref={panelRef}
          aria-label="Selected post"
          className="sticky top-20 flex max-h-[calc(100vh-6rem)] w-[min(34rem,44%)] shrink-0 flex-col rounded-2xl border border-slate-200 bg-slate-100 shadow-sm"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2">
            <p className="text-sm font-semibold text-slate-800">Post details</p>
            <Button variant="secondary" size="sm" onPress={close} aria-label="Close post details">
              Close
            </Button>
          </div>
          <div className="min-h-0 overflow-y-auto p-2">
            <PostCard
              post={selected}
              language={language}
              onMemo={onMemo}
              onSendAction={onSendAction}
              selectedModels={selections.get(selected.postId)}
              picks={picks}
            />
          </div>
        </aside>
      )}
    </div>
  );
}
