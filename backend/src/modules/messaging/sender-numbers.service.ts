import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import { conflict, invalid, notFound, upstream } from '../../platform/domain/domain-error.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { SecretBox } from '../../platform/crypto/secret-box.js';
import { User } from '../users/user.entity.js';
import type { CreateSenderNumberDto, SenderNumberDto } from './dto/sender-number.dto.js';
import { plainGatewayReason } from './domain/gateway-reasons.js';
import {
  type GatewayCredentials,
  GatewayOutcomeUnknown,
  GatewayRefusal,
  type GatewayRemaining,
  GatewayUnreachable,
  SMS_GATEWAY,
  type SmsGateway,
} from './providers/sms-gateway.js';
import { SenderNumber } from './sender-number.entity.js';

/** At most this many sender numbers per staff member (spec §9); the spec's client only shows it, we enforce it. */
export const MAX_SENDER_NUMBERS = 10;

export const SENDER_NUMBER_MESSAGES = {
  required: 'Please fill in all required fields',
  limit: `Maximum registered numbers: ${MAX_SENDER_NUMBERS}. Delete a number before adding another.`,
  duplicate: 'This phone number is already registered.',
  notFound: 'No such phone number entry.',
  badPhone: 'Please enter a phone number of 8 to 11 digits.',
  noSender: 'You must register a phone number before using the service.',
  noGateway: 'The SMS gateway is not configured (ALIGO_USER_ID).',
} as const;

const KEY_HINT_LENGTH = 4;

export function maskedKey(hint: string): string {
  return `********${hint}`;
}

function toDto(entry: SenderNumber): SenderNumberDto {
  return {
    id: entry.id,
    phone: entry.phone,
    name: entry.name,
    apiKey: maskedKey(entry.apiKeyHint),
    isSelected: entry.isDefault,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** Each staff member's sender numbers, with their gateway keys sealed; exactly one default once there are any. */
@Injectable()
export class SenderNumbersService {
  constructor(
    private readonly em: EntityManager,
    private readonly secrets: SecretBox,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'ALIGO_USER_ID' | 'ALIGO_API_KEY'>,
    @Inject(SMS_GATEWAY) private readonly gateway: SmsGateway,
  ) {}

  async list(userId: number): Promise<SenderNumberDto[]> {
    const entries = await this.em
      .fork()
      .find(SenderNumber, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
    return entries.map(toDto);
  }

  async selected(userId: number): Promise<SenderNumberDto | null> {
    const entry = await this.em.fork().findOne(SenderNumber, { user: userId, isDefault: true });
    return entry ? toDto(entry) : null;
  }

  async create(userId: number, input: CreateSenderNumberDto): Promise<SenderNumberDto> {
    const phone = input.phone.replace(/\D/g, '');
    const apiKey = input.apiKey ?? '';
    if (!phone || (!apiKey && !this.config.ALIGO_API_KEY)) throw invalid(SENDER_NUMBER_MESSAGES.required);
    if (phone.length < 8 || phone.length > 11) throw invalid(SENDER_NUMBER_MESSAGES.badPhone);
    // The gateway must take the key: a wrong one is refused now, not at the first send.
    await this.remaining(this.credentialsOf(apiKey || this.config.ALIGO_API_KEY));
    return this.em.fork().transactional(async (em) => {
      await this.lockOwner(em, userId);
      const entries = await em.find(SenderNumber, { user: userId });
      if (entries.some((entry) => entry.phone === phone)) throw conflict(SENDER_NUMBER_MESSAGES.duplicate);
      if (entries.length >= MAX_SENDER_NUMBERS) throw invalid(SENDER_NUMBER_MESSAGES.limit);
      const entry = em.create(SenderNumber, {
        user: userId,
        phone,
        name: input.name ?? '',
        apiKeyEncrypted: apiKey ? this.secrets.seal(apiKey) : null,
        // A key too short to keep anything hidden shows no characters at all.
        apiKeyHint: apiKey.length >= 2 * KEY_HINT_LENGTH ? apiKey.slice(-KEY_HINT_LENGTH) : '',
        isDefault: entries.length === 0,
      });
      await em.flush();
      return toDto(entry);
    });
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await this.lockOwner(em, userId);
      const entry = await em.findOne(SenderNumber, { id, user: userId });
      if (!entry) throw notFound(SENDER_NUMBER_MESSAGES.notFound);
      em.remove(entry);
      await em.flush();
      // The default gone, the oldest number left takes its place.
      if (entry.isDefault) {
        const next = await em.findOne(SenderNumber, { user: userId }, { orderBy: { createdAt: 'asc', id: 'asc' } });
        if (next) next.isDefault = true;
      }
    });
  }

  async makeDefault(userId: number, id: number): Promise<SenderNumberDto> {
    return this.em.fork().transactional(async (em) => {
      await this.lockOwner(em, userId);
      const entry = await em.findOne(SenderNumber, { id, user: userId });
      if (!entry) throw notFound(SENDER_NUMBER_MESSAGES.notFound);
      await em.nativeUpdate(SenderNumber, { user: userId, isDefault: true, id: { $ne: id } }, { isDefault: false });
      entry.isDefault = true;
      await em.flush();
      return toDto(entry);
    });
  }

  /**
   * The staff member's row, locked: their additions, deletions and default changes go one at a time, so that two at
   * once can neither pass the limit together nor leave two defaults or none.
   */
  private async lockOwner(em: EntityManager, userId: number): Promise<void> {
    await em.findOneOrFail(User, { id: userId }, { lockMode: LockMode.PESSIMISTIC_WRITE, fields: ['id'] });
  }

  /** The staff member's number with this phone (digits), for a send; 400 when it is not theirs. */
  async forSending(userId: number, phone: string | undefined): Promise<SenderNumber> {
    const em = this.em.fork();
    const digits = (phone ?? '').replace(/\D/g, '');
    const entry = digits
      ? await em.findOne(SenderNumber, { user: userId, phone: digits })
      : await em.findOne(SenderNumber, { user: userId, isDefault: true });
    if (!entry) throw invalid(SENDER_NUMBER_MESSAGES.noSender);
    return entry;
  }

  /** The staff member's sender numbers (digits). */
  async phonesOf(userId: number): Promise<string[]> {
    return (await this.em.fork().find(SenderNumber, { user: userId }, { fields: ['phone'] })).map(
      (entry) => entry.phone,
    );
  }

  /** The gateway credentials for a sealed key (a number's own, or the configured default when null). */
  credentials(apiKeyEncrypted: string | null): GatewayCredentials {
    return this.credentialsOf(apiKeyEncrypted ? this.secrets.open(apiKeyEncrypted) : this.config.ALIGO_API_KEY);
  }

  /** What the gateway account has left, asked with these credentials: a refusal is 400 in plain words, no answer 502. */
  async remaining(credentials: GatewayCredentials): Promise<GatewayRemaining> {
    try {
      return await this.gateway.remaining(credentials);
    } catch (error) {
      if (error instanceof GatewayRefusal) throw invalid(plainGatewayReason(error.code, error.message));
      if (error instanceof GatewayUnreachable || error instanceof GatewayOutcomeUnknown)
        throw upstream(`Failed to query remaining count. ${error.message}`);
      throw error;
    }
  }

  private credentialsOf(apiKey: string | undefined): GatewayCredentials {
    if (!this.config.ALIGO_USER_ID || !apiKey) throw invalid(SENDER_NUMBER_MESSAGES.noGateway);
    return { userId: this.config.ALIGO_USER_ID, apiKey };
  }
}
