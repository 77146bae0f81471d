import { messageBytes, messageTextProblem, messageType, type MessageType, mobileDigits } from '@job-casting/rules';
import { attachmentModeOf, attachmentsProblem, MMS_MAX_PICTURES } from './attachments.js';

/** Why a recipient is left out of a send. */
export const LEFT_OUT_REASONS = ['opted-out', 'no-consent', 'not-mobile', 'duplicate'] as const;
export type LeftOutReason = (typeof LEFT_OUT_REASONS)[number];

/** A recipient as a send's request names them. */
export interface RecipientInput {
  phone: string;
  name?: string;
  text: string;
  files?: string[];
  fileType?: string;
}

/** A recipient left out of a send: by the register (once per number), not a mobile number, or a message twice. */
export interface ExcludedRecipient {
  phone: string;
  name: string;
  reason: LeftOutReason;
}

/** One message of a send, as it is recorded. */
export interface NewDelivery {
  phone: string;
  name: string;
  text: string;
  type: MessageType;
  files: string[];
}

/** An uploaded picture, as far as the rules need it. */
export interface KnownPicture {
  folder: string;
  mimeType: string;
}

export type SendChannel = 'sms' | 'kakao';

export const RECIPIENT_MESSAGES = {
  badText: (index: number, phone: string, problem: string) => `Recipient ${index + 1} (${phone}): ${problem}`,
  kakaoPictures: 'A KakaoTalk message carries one JPEG or PNG picture.',
  kakaoLength: (max: number) => `A KakaoTalk message holds at most ${max} characters.`,
} as const;

/** KakaoTalk friend talk's limits: 1,000 characters, 400 with a picture. */
export const KAKAO_MAX_CHARS = 1000;
export const KAKAO_MAX_CHARS_WITH_PICTURE = 400;

/**
 * The deliveries of the recipients: checked, MMS of 3 pictures each. Left out, each with why and their texts not
 * checked: a number that is not a mobile one, the numbers the register leaves out (once each), and the same
 * message to the same number again. A recipient that cannot be sent to is a problem (by its index) instead.
 */
export function recipientDeliveries(
  channel: SendChannel,
  recipients: readonly RecipientInput[],
  finalText: (text: string) => string,
  leaveOut: ReadonlyMap<string, LeftOutReason>,
  pictures: ReadonlyMap<string, KnownPicture>,
): { deliveries: NewDelivery[]; excluded: ExcludedRecipient[]; problems: { index: number; message: string }[] } {
  const problems: { index: number; message: string }[] = [];
  const deliveries: NewDelivery[] = [];
  const excluded: ExcludedRecipient[] = [];
  const leftOutByRegister = new Set<string>();
  const seen = new Set<string>();
  recipients.forEach((recipient, index) => {
    const name = (recipient.name ?? '').slice(0, 200);
    const phone = mobileDigits(recipient.phone);
    if (!phone) return void excluded.push({ phone: recipient.phone.trim(), name, reason: 'not-mobile' });
    const reason = leaveOut.get(phone);
    if (reason) {
      if (!leftOutByRegister.has(phone)) excluded.push({ phone, name, reason });
      leftOutByRegister.add(phone);
      return;
    }
    const problem = (message: string) =>
      void problems.push({ index, message: RECIPIENT_MESSAGES.badText(index, phone, message) });
    const text = finalText(recipient.text);
    const files = recipient.files ?? [];
    // With pictures the text travels as multipart, which turns each line break into two bytes (CRLF).
    const textProblem = messageTextProblem(files.length > 0 ? text.replace(/\r?\n/g, '\r\n') : text);
    if (textProblem) return problem(textProblem);
    const filesProblem = attachmentsProblem(
      attachmentModeOf(recipient.fileType),
      files.map((id) => pictures.get(id)!),
    );
    if (filesProblem) return problem(filesProblem);
    if (channel === 'kakao') {
      if (files.length > 1 || files.some((id) => pictures.get(id)!.mimeType === 'image/gif'))
        return problem(RECIPIENT_MESSAGES.kakaoPictures);
      const max = files.length > 0 ? KAKAO_MAX_CHARS_WITH_PICTURE : KAKAO_MAX_CHARS;
      if ([...text].length > max) return problem(RECIPIENT_MESSAGES.kakaoLength(max));
    }
    const key = `${phone}\n${text}\n${files.join(',')}`;
    if (seen.has(key)) return void excluded.push({ phone, name, reason: 'duplicate' });
    seen.add(key);
    const type = messageType(messageBytes(text).bytes, files.length > 0);
    // An MMS carries three pictures: more go in further messages, numbered so the recipient sees they belong.
    const parts = Math.max(1, Math.ceil(files.length / MMS_MAX_PICTURES));
    for (let part = 0; part < parts; part++) {
      deliveries.push({
        phone,
        name,
        text: part === 0 ? text : `(${part + 1}/${parts})`,
        type,
        files: files.slice(part * MMS_MAX_PICTURES, (part + 1) * MMS_MAX_PICTURES),
      });
    }
  });
  return { deliveries, excluded, problems };
}
