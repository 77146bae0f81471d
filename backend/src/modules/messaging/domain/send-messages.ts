import { LEFT_OUT_REASONS, type LeftOutReason, RECIPIENT_MESSAGES } from './send-recipients.js';

/** What a send answers when it refuses, in the product's words. */
export const SEND_MESSAGES = {
  noRecipients: 'Please select contacts to send the message to.',
  kakaoScheduled: 'Scheduled sending is not available for KakaoTalk.',
  past: 'The scheduled time has already passed. Please choose a later time.',
  noKakao: 'KakaoTalk sending is not configured (ALIGO_KAKAO_SENDER_KEY).',
  noOptOut: 'Advertising needs the free opt-out number (ADVERTISING_OPT_OUT_NUMBER) to be configured.',
  noSenderName: 'Advertising must name its sender: give the sender number a name in the Phone Number Manager.',
  ...RECIPIENT_MESSAGES,
  notFound: 'No such send.',
  noDelivery: 'No such message in this send.',
  started: 'This send has already started and can no longer be cancelled.',
  notYours: 'Only the staff member who made this send, or a superadmin, can cancel it.',
  creatorDeleted: 'Cancelled: the account of the staff member who made this send was deleted.',
  queueDown: 'The send could not be queued; nothing was sent. Please try again.',
  keyReused: 'This Idempotency-Key was used for a different send.',
  noOriginal: 'The send to resend does not exist.',
  nothingFailed: 'No message of this send has failed: there is nothing to resend.',
  allExcluded: (counts: Record<LeftOutReason, number>) =>
    `Every recipient is left out, so nothing was sent: ${LEFT_OUT_REASONS.filter((reason) => counts[reason] > 0)
      .map((reason) => `${counts[reason]} ${LEFT_OUT_WORDS[reason]}`)
      .join(', ')}.`,
  remainingUnread: 'The gateway did not say in time how much is left.',
} as const;

/** How the refusal of a send where everyone is left out names each reason. */
const LEFT_OUT_WORDS: Record<LeftOutReason, string> = {
  'opted-out': 'opted out (수신거부)',
  'no-consent': 'without advertising consent',
  'not-mobile': 'not a mobile number',
  duplicate: 'the same message twice',
};
