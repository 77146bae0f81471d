import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../platform/clock.js';
import { DomainError, invalid } from '../../platform/domain/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { ConsentService, type ExclusionReason } from '../consent/consent.service.js';
import {
  estimatedCost,
  noTypes,
  remainingIsShort,
  remainingShortMessage,
  type ReviewedType,
} from './domain/send-review.js';
import type { GatewayCredentials, GatewayRemaining } from './providers/sms-gateway.js';
import type { SenderNumber } from './sender-number.entity.js';
import { advertisingText, messageBytes, type MessageType, mobileDigits, sendingHoursProblem } from '@job-casting/rules';
import {
  checkRecipients,
  type CreateMessageSendDto,
  LEFT_OUT_REASONS,
  type LeftOutReason,
  type PreviewMessageDto,
  type PreviewTextDto,
  type SendPreviewDto,
  type SendRecipientDto,
  type TypeCountsDto,
} from './dto/message-send.dto.js';
import { MessageFilesService } from './message-files.service.js';
import { MessageSendReadsService } from './message-send-reads.service.js';
import { type Channel } from './message-send.entity.js';
import { type SendViewer } from './domain/send-access.js';
import { SEND_MESSAGES } from './domain/send-messages.js';
import { type ExcludedRecipient, type NewDelivery, recipientDeliveries } from './domain/send-recipients.js';
import { SenderNumbersService } from './sender-numbers.service.js';

/** How long a send waits for the gateway's remaining counts before it goes on without them. */
const REMAINING_WAIT_MS = 5000;

/**
 * A send as it would go out, decided once for its review and for itself: the messages with their final texts and
 * types, the recipients left out and why, the gateway's remaining counts, and why it would be refused.
 */
export interface SendPlan {
  channel: Channel;
  advertising: boolean;
  scheduledAt: Date | null;
  sender: SenderNumber;
  deliveries: NewDelivery[];
  excluded: ExcludedRecipient[];
  remaining: GatewayRemaining | null;
  remainingProblem: string | null;
  remainingShort: boolean;
  refusal: { message: string; details?: { excluded: ExcludedRecipient[] } } | null;
}

/** A send decided before it is recorded: for create() and for the review staff see first, alike. */
@Injectable()
export class SendPlansService {
  constructor(
    private readonly senders: SenderNumbersService,
    private readonly files: MessageFilesService,
    private readonly reads: MessageSendReadsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG)
    private readonly config: Pick<
      AppConfig,
      | 'ALIGO_KAKAO_SENDER_KEY'
      | 'ADVERTISING_OPT_OUT_NUMBER'
      | 'MESSAGE_PRICE_SMS'
      | 'MESSAGE_PRICE_LMS'
      | 'MESSAGE_PRICE_MMS'
      | 'MESSAGE_PRICE_KAKAO'
    >,
    private readonly consent: ConsentService,
  ) {}

  /**
   * The send as POST message-sends would make it, recording nothing: each message's final text, type and bytes,
   * whom it leaves out and why, what it costs, what the gateway has left, and why it would be refused.
   */
  async preview(viewer: SendViewer, input: CreateMessageSendDto): Promise<SendPreviewDto> {
    const plan = await this.plan(viewer.userId, input);
    const counts = noTypes();
    const texts: PreviewTextDto[] = [];
    const textIndex = new Map<string, number>();
    const people = new Set<string>();
    const messages: PreviewMessageDto[] = plan.deliveries.map((delivery) => {
      let index = textIndex.get(delivery.text);
      if (index === undefined) {
        index = texts.push({ text: delivery.text, bytes: messageBytes(delivery.text).bytes }) - 1;
        textIndex.set(delivery.text, index);
      }
      people.add(delivery.phone);
      const type = reviewedType(plan.channel, delivery.type);
      counts[type]++;
      const message: PreviewMessageDto = {
        phone: delivery.phone,
        name: delivery.name,
        type,
        textIndex: index,
        pictures: delivery.files.length,
      };
      if (type === 'KAKAO') message.failover = delivery.type;
      return message;
    });
    const unitPrices = this.unitPrices();
    return {
      channel: plan.channel,
      advertising: plan.advertising,
      senderPhone: plan.sender.phone,
      senderName: plan.sender.name,
      scheduledAt: plan.scheduledAt?.toISOString() ?? null,
      people: people.size,
      total: plan.deliveries.length,
      texts,
      messages,
      excluded: plan.excluded,
      counts,
      unitPrices,
      estimatedCost: estimatedCost(counts, unitPrices),
      remaining: plan.remaining,
      remainingProblem: plan.remainingProblem,
      remainingShort: plan.remainingShort,
      refusal: plan.refusal?.message ?? null,
    };
  }

  /**
   * Decides a send for create() and preview() alike, so that what staff review is what goes out. Input that
   * cannot be sent is a 400 here; what refuses the send as a whole (the night rule, everyone left out, too little
   * left at the gateway) is the plan's refusal, which the review shows and create() answers with.
   */
  async plan(userId: number, input: CreateMessageSendDto): Promise<SendPlan> {
    const now = this.clock.now();
    const channel: Channel = input.channel ?? 'sms';
    const advertising = input.advertising ?? false;
    const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
    if (input.recipients.length === 0) throw invalid(SEND_MESSAGES.noRecipients);
    if (input.resendOf !== undefined && !(await this.reads.findSend(input.resendOf)))
      throw invalid(SEND_MESSAGES.noOriginal);
    if (channel === 'kakao' && scheduledAt) throw invalid(SEND_MESSAGES.kakaoScheduled);
    if (channel === 'kakao' && !this.config.ALIGO_KAKAO_SENDER_KEY) throw invalid(SEND_MESSAGES.noKakao);
    if (scheduledAt && scheduledAt.getTime() <= now.getTime()) throw invalid(SEND_MESSAGES.past);
    if (advertising && !this.config.ADVERTISING_OPT_OUT_NUMBER) throw invalid(SEND_MESSAGES.noOptOut);

    const sender = await this.senders.forSending(userId, input.sender);
    if (advertising && !sender.name.trim()) throw invalid(SEND_MESSAGES.noSenderName);
    const credentials = this.senders.credentials(sender.apiKeyEncrypted ?? null);
    const recipients = checkRecipients(input.recipients);
    // Asked while the recipients are looked at; a gateway that does not answer leaves the counts unknown.
    const remainingAnswer = this.remainingWithin(credentials);
    // The register decides whom to leave out, whatever the client sent: opted-out numbers, and for an
    // advertisement the numbers without a recorded consent.
    const leaveOut = await this.consent.sendExclusions(
      channel,
      advertising,
      recipients.map((recipient) => mobileDigits(recipient.phone)).filter((phone) => phone !== null),
    );
    const finalText = advertising
      ? (text: string) => advertisingText(text, sender.name, this.config.ADVERTISING_OPT_OUT_NUMBER!)
      : (text: string) => text;
    const { deliveries, excluded } = await this.deliveriesOf(channel, recipients, finalText, leaveOut);
    const { remaining, problem: remainingProblem } = await remainingAnswer;

    const needed: Record<MessageType, number> = { SMS: 0, LMS: 0, MMS: 0 };
    for (const delivery of deliveries) needed[delivery.type]++;
    const remainingShort = remaining !== null && remainingIsShort(needed, remaining);
    const hours = sendingHoursProblem({ channel, advertising }, scheduledAt ?? now);
    let refusal: SendPlan['refusal'] = null;
    if (hours) refusal = { message: hours };
    else if (deliveries.length === 0) {
      const counts = Object.fromEntries(
        LEFT_OUT_REASONS.map((reason) => [reason, excluded.filter((recipient) => recipient.reason === reason).length]),
      ) as Record<LeftOutReason, number>;
      refusal = { message: SEND_MESSAGES.allExcluded(counts), details: { excluded } };
    } else if (remainingShort) refusal = { message: remainingShortMessage(needed, remaining!) };
    return {
      channel,
      advertising,
      scheduledAt,
      sender,
      deliveries,
      excluded,
      remaining,
      remainingProblem,
      remainingShort,
      refusal,
    };
  }

  /** The gateway's remaining counts, or why there are none: it refused the key, did not answer, or took too long. */
  private async remainingWithin(
    credentials: GatewayCredentials,
  ): Promise<{ remaining: GatewayRemaining | null; problem: string | null }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<{ remaining: null; problem: string }>((resolve) => {
      timer = setTimeout(() => resolve({ remaining: null, problem: SEND_MESSAGES.remainingUnread }), REMAINING_WAIT_MS);
      // A send refused meanwhile never waits for it: it must not keep the process up.
      timer.unref();
    });
    const asked = this.senders.remaining(credentials).then(
      (remaining) => ({ remaining, problem: null }),
      (error: unknown) => ({
        remaining: null,
        problem: error instanceof DomainError ? error.message : SEND_MESSAGES.remainingUnread,
      }),
    );
    try {
      return await Promise.race([asked, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  private unitPrices(): TypeCountsDto {
    return {
      SMS: this.config.MESSAGE_PRICE_SMS,
      LMS: this.config.MESSAGE_PRICE_LMS,
      MMS: this.config.MESSAGE_PRICE_MMS,
      KAKAO: this.config.MESSAGE_PRICE_KAKAO,
    };
  }

  /** The deliveries of the recipients (domain/send-recipients), with their pictures looked up; a 400 names the rest. */
  private async deliveriesOf(
    channel: Channel,
    recipients: readonly SendRecipientDto[],
    finalText: (text: string) => string,
    leaveOut: ReadonlyMap<string, ExclusionReason>,
  ): Promise<{ deliveries: NewDelivery[]; excluded: ExcludedRecipient[] }> {
    const fileIds = [...new Set(recipients.flatMap((recipient) => recipient.files ?? []))];
    const known = new Map((await this.files.describe(fileIds)).map((file) => [file.id, file]));
    const { deliveries, excluded, problems } = recipientDeliveries(channel, recipients, finalText, leaveOut, known);
    if (problems.length > 0) {
      const first = problems[0].message;
      throw invalid(problems.length === 1 ? first : `${problems.length} recipients cannot be sent to: ${first}`, {
        validation: problems.slice(0, 100).map(({ index, message }) => ({ path: `recipients.${index}`, message })),
      });
    }
    return { deliveries, excluded };
  }
}

/** A message's type as the review shows it: KakaoTalk (falling back to its text message type), or the text message's. */
function reviewedType(channel: Channel, type: MessageType): ReviewedType {
  return channel === 'kakao' ? 'KAKAO' : type;
}
