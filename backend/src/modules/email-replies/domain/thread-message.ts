// What a message that arrived in the thread of one of our sends is: the account's own mail, the customer's reply,
// a delivery-status report (a bounce, or a delay), or an automatic answer. Pure.

/** The headers of a thread's message that tell what it is (names as Gmail gives them, any case). */
export interface ThreadMessage {
  labelIds: readonly string[];
  headers: Readonly<Record<string, string>>;
}

export type ThreadMessageKind =
  /** Sent from the account: our send itself, or staff answering from Gmail. */
  | 'own'
  /** A person answered: the e-mail is replied. */
  | 'reply'
  /** A mail system's delivery-status report: a bounce when it reports a permanent failure. */
  | 'delivery-report'
  /** Mail no person wrote (an out-of-office answer, a mail system's notice): neither a reply nor a bounce. */
  | 'automatic';

/** The mail systems' own senders (RFC 5321 §4.5.1, and the name every MTA uses for its bounces). */
const SYSTEM_SENDERS = new Set(['mailer-daemon', 'postmaster']);

/** The headers the classification reads; what the read port asks Gmail for. */
export const CLASSIFYING_HEADERS = ['From', 'Content-Type', 'Auto-Submitted'] as const;

function header(message: ThreadMessage, name: string): string | null {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(message.headers)) if (key.toLowerCase() === wanted) return value;
  return null;
}

/** The address of a From header (`Name <addr>` or a bare address), lower case; null when it has none. */
export function senderAddress(from: string | null): string | null {
  if (!from) return null;
  const address = (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim().toLowerCase();
  return address.includes('@') ? address : null;
}

/** A multipart/report whose report-type is delivery-status (RFC 6522, RFC 3464). */
function isDeliveryReport(contentType: string | null): boolean {
  if (!contentType || !/^\s*multipart\/report\s*(;|$)/i.test(contentType)) return false;
  return /;\s*report-type\s*=\s*"?delivery-status"?/i.test(contentType);
}

/** What a message of our send's thread is, seen from the account `accountEmail`. */
export function threadMessageKind(message: ThreadMessage, accountEmail: string): ThreadMessageKind {
  const from = senderAddress(header(message, 'From'));
  if (message.labelIds.includes('SENT') || from === accountEmail.trim().toLowerCase()) return 'own';
  if (isDeliveryReport(header(message, 'Content-Type'))) return 'delivery-report';
  if (from === null || SYSTEM_SENDERS.has(from.slice(0, from.lastIndexOf('@')))) return 'automatic';
  // RFC 3834: an answer a program sent (auto-replied, auto-generated) says so; a person's reply has none or "no".
  const autoSubmitted = header(message, 'Auto-Submitted')?.trim().toLowerCase();
  if (autoSubmitted && autoSubmitted !== 'no') return 'automatic';
  return 'reply';
}
