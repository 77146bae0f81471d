// A bounce's delivery-status report (RFC 3464, the message/delivery-status part of a multipart/report) read into
// who failed and why, in words staff understand. Pure.

/** One recipient's block of the report. */
export interface RecipientStatus {
  /** The address as Final-Recipient (or Original-Recipient) names it, lower case. */
  recipient: string;
  /** failed, delayed, delivered, relayed or expanded (RFC 3464 §2.3.3), lower case. */
  action: string;
  /** The RFC 3463 enhanced status code, e.g. 5.1.1; null when missing or malformed. */
  status: string | null;
  /** The remote server's answer (Diagnostic-Code without its type), on one line; null when there is none. */
  diagnostic: string | null;
}

/** What a bounce says of one address: the address and the reason shown to staff. */
export interface Bounce {
  recipient: string;
  reason: string;
}

const STATUS_CODE = /^[245]\.\d{1,3}\.\d{1,3}$/;
const MAX_REASON_LENGTH = 500;

/** The header-like blocks of the report (folded lines joined), each as lower-case field names to values. */
function fieldBlocks(report: string): Map<string, string>[] {
  return report
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      let last: string | null = null;
      for (const line of block.split('\n')) {
        if (/^[ \t]/.test(line) && last !== null) {
          fields.set(last, `${fields.get(last)} ${line.trim()}`);
          continue;
        }
        const colon = line.indexOf(':');
        if (colon <= 0) continue;
        last = line.slice(0, colon).trim().toLowerCase();
        fields.set(last, line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; someone@example.com` → the address (an address-type prefix is optional in practice). */
function addressOf(value: string): string {
  const address = value.includes(';') ? value.slice(value.indexOf(';') + 1) : value;
  return address.trim().replace(/^<|>$/g, '').toLowerCase();
}

/**
 * The SMTP answer without its diagnostic type and the reply codes that start each line of a multi-line answer
 * (`550-5.1.1 The email account … 550 5.1.1 https://…` reads as one sentence).
 */
export function plainDiagnostic(value: string): string {
  const text = value.includes(';') && /^[a-z-]+;/i.test(value) ? value.slice(value.indexOf(';') + 1) : value;
  return text
    .replace(/(^|\s)[245]\d\d[- ](?:[245]\.\d{1,3}\.\d{1,3}\s+)?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Every recipient block of a message/delivery-status body. */
export function readDeliveryStatus(report: string): RecipientStatus[] {
  return fieldBlocks(report).flatMap((fields) => {
    const named = fields.get('final-recipient') ?? fields.get('original-recipient');
    if (!named) return [];
    const status = fields.get('status')?.split(/\s/)[0] ?? '';
    const diagnostic = fields.get('diagnostic-code');
    return [
      {
        recipient: addressOf(named),
        action: (fields.get('action') ?? '').toLowerCase(),
        status: STATUS_CODE.test(status) ? status : null,
        diagnostic: diagnostic ? plainDiagnostic(diagnostic) || null : null,
      },
    ];
  });
}

/** RFC 3463's codes that customers' servers answer most, in plain words; by subject and detail, then by subject. */
const STATUS_WORDS: Record<string, string> = {
  '1.1': 'The address does not exist',
  '1.2': "The address's domain does not exist or takes no mail",
  '1.3': 'The address is not a valid e-mail address',
  '1.6': 'The mailbox has moved',
  '1.10': "The address's domain takes no mail",
  '2.1': 'The mailbox is disabled',
  '2.2': 'The mailbox is full',
  '2.3': 'The message is too large for the mailbox',
  '3.4': 'The message is too large for the receiving server',
  '4.1': "The recipient's server did not answer",
  '4.4': "The recipient's server could not be reached",
  '4.7': 'Delivery took too long and was given up',
  '7.1': "The recipient's server refused the message",
  '1': 'The address was refused',
  '2': 'The mailbox cannot take the message',
  '3': "The recipient's mail system refused the message",
  '4': "The recipient's server could not be reached",
  '5': 'The servers could not agree on delivering the message',
  '6': 'The message could not be delivered as it is',
  '7': "The recipient's server refused the message for its security or policy rules",
};

/** A status code in plain words (its class when the code is unknown). */
export function statusWords(status: string | null): string {
  const [klass, subject, detail] = status?.split('.') ?? [];
  const words = STATUS_WORDS[`${subject}.${detail}`] ?? STATUS_WORDS[subject ?? ''];
  if (words) return words;
  return klass === '4' ? 'Delivery is delayed' : 'The message could not be delivered';
}

/** The reason staff see: the status in plain words with its code, then the server's own answer. */
export function bounceReason(entry: Pick<RecipientStatus, 'status' | 'diagnostic'>): string {
  const words = `${statusWords(entry.status)}${entry.status ? ` (${entry.status})` : ''}`;
  const reason = entry.diagnostic ? `${words}: ${entry.diagnostic}` : words;
  return reason.length > MAX_REASON_LENGTH ? `${reason.slice(0, MAX_REASON_LENGTH - 1)}…` : reason;
}

/**
 * The permanent failure a report gives for one of `recipients` (the addresses we sent to), or null when it reports
 * none: a delay (4.x.x, action delayed) is not a bounce, Gmail still tries; a failure of an address we did not send
 * to (where a forward led) says nothing of ours.
 */
export function bounceOf(report: string, recipients: readonly string[]): Bounce | null {
  const failed = readDeliveryStatus(report).filter(
    (entry) => entry.action === 'failed' && !entry.status?.startsWith('4.'),
  );
  if (failed.length === 0) return null;
  const ours = new Set(recipients.map((recipient) => recipient.trim().toLowerCase()));
  const entry = failed.find((candidate) => ours.has(candidate.recipient));
  return entry ? { recipient: entry.recipient, reason: bounceReason(entry) } : null;
}
