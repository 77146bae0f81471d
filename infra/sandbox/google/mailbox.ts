// Each account's Gmail mailbox: the messages it sent and received, their threads, and the history of changes
// that users.history.list pages through. History ids grow across every mailbox of the process (and across
// resets), so an id kept from before a reset or a trim is older than what a mailbox keeps and answers 404.
import { headerValue, parseMime, snippetOf, type MimePart } from './mime.ts';

export interface MailboxMessage {
  id: string;
  threadId: string;
  labelIds: string[];
  /** The change that added it. */
  historyId: number;
  /** When the mailbox received it, in ms since the epoch. */
  internalDate: number;
  raw: Buffer;
  root: MimePart;
  snippet: string;
  /** The Message-ID header, with its angle brackets. */
  messageId: string | null;
}

export interface HistoryRecord {
  id: number;
  message: MailboxMessage;
}

let lastHistoryId = Math.floor(Date.now() / 1000) * 8;
let historyStep = 0;

/** The next history id: increasing, with gaps, as Gmail's are. */
function nextHistoryId(): number {
  historyStep = (historyStep + 1) % 7;
  lastHistoryId += 1 + ((historyStep * 5) % 7);
  return lastHistoryId;
}

let idCounter = 0;

/** A Gmail-like message id: 16 hex digits that grow with time. */
export function newMessageId(): string {
  idCounter = (idCounter + 1) % 4096;
  return (BigInt(Date.now()) * 4096n + BigInt(idCounter)).toString(16).padStart(16, '0');
}

/** Message-IDs named by In-Reply-To and References, the nearest parent first. */
function referencedIds(root: MimePart): string[] {
  const text = `${headerValue(root.headers, 'in-reply-to') ?? ''} ${(headerValue(root.headers, 'references') ?? '').split(/\s+/).reverse().join(' ')}`;
  return text.match(/<[^<>\s]+>/g) ?? [];
}

export class Mailbox {
  readonly account: string;
  readonly messages: MailboxMessage[] = [];
  private records: HistoryRecord[] = [];
  /** The current history id of the mailbox. */
  historyId: number;
  /** The oldest start id history.list still answers; older ones get 404. */
  private floor: number;

  constructor(account: string) {
    this.account = account;
    this.historyId = nextHistoryId();
    this.floor = this.historyId;
  }

  /**
   * Adds a message. It joins the thread named by `threadId` when the mailbox has it, else the thread of the
   * message its In-Reply-To or References name, else starts its own.
   */
  add(
    raw: Buffer,
    labelIds: string[],
    options: { id?: string; threadId?: string | null; internalDate?: number } = {},
  ): MailboxMessage {
    const root = parseMime(raw);
    const id = options.id ?? newMessageId();
    let threadId =
      options.threadId && this.messages.some((m) => m.threadId === options.threadId) ? options.threadId : null;
    if (!threadId) {
      for (const reference of referencedIds(root)) {
        const parent = this.messages.find((m) => m.messageId === reference);
        if (parent) {
          threadId = parent.threadId;
          break;
        }
      }
    }
    const historyId = nextHistoryId();
    const message: MailboxMessage = {
      id,
      threadId: threadId ?? id,
      labelIds,
      historyId,
      internalDate: options.internalDate ?? Date.now(),
      raw,
      root,
      snippet: snippetOf(root),
      messageId: headerValue(root.headers, 'message-id')?.match(/<[^<>\s]+>/)?.[0] ?? null,
    };
    this.messages.push(message);
    this.records.push({ id: historyId, message });
    this.historyId = historyId;
    return message;
  }

  find(id: string): MailboxMessage | undefined {
    return this.messages.find((m) => m.id === id);
  }

  thread(threadId: string): MailboxMessage[] {
    return this.messages.filter((m) => m.threadId === threadId);
  }

  threadCount(): number {
    return new Set(this.messages.map((m) => m.threadId)).size;
  }

  /** Forgets the history kept so far, as Gmail does after a while: earlier start ids then answer 404. */
  trimHistory(): void {
    this.records = [];
    this.floor = this.historyId;
  }

  /** The records after `start`, or null when `start` is older than the history kept. */
  historySince(start: number): HistoryRecord[] | null {
    if (start < this.floor) return null;
    return this.records.filter((record) => record.id > start);
  }
}

export class Mailboxes {
  private byAccount = new Map<string, Mailbox>();

  of(account: string): Mailbox {
    const key = account.toLowerCase();
    let mailbox = this.byAccount.get(key);
    if (!mailbox) {
      mailbox = new Mailbox(account);
      this.byAccount.set(key, mailbox);
    }
    return mailbox;
  }

  all(): Mailbox[] {
    return [...this.byAccount.values()];
  }

  /** The mailbox and message of a message id, in any mailbox. */
  findMessage(id: string): { mailbox: Mailbox; message: MailboxMessage } | null {
    for (const mailbox of this.byAccount.values()) {
      const message = mailbox.find(id);
      if (message) return { mailbox, message };
    }
    return null;
  }

  clear(): void {
    this.byAccount.clear();
  }
}
