import type { Post } from '../api/use-dashboard-posts.ts';

export type EmailOutcome = NonNullable<Post['lastEmailOutcome']>;

/** What came back to the post's last e-mail, in one line: Replied, or Bounced with the reason. */
export function emailOutcomeText(outcome: Pick<EmailOutcome, 'kind' | 'reason'>): string {
  return outcome.kind === 'replied' ? 'Replied' : `Bounced: ${outcome.reason ?? 'the e-mail could not be delivered'}`;
}

/** The card's notice of a reply or a bounce to the post's last e-mail. */
export function EmailOutcomeNotice({ outcome }: { outcome: EmailOutcome }) {
  const tone = outcome.kind === 'replied' ? 'bg-sky-50 text-sky-900' : 'bg-rose-50 text-rose-900';
  return (
    <p className={`mt-2 rounded-lg px-3 py-2 text-sm font-medium break-words ${tone}`}>{emailOutcomeText(outcome)}</p>
  );
}
