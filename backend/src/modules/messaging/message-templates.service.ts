import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { conflict, invalid, notFound } from '../../platform/domain/domain-error.js';
import { conflictingFields } from '../../platform/database/record-versions.js';
import { staleSave } from '../../platform/http/stale-save.js';
import {
  type AttachmentMode,
  attachmentModeOf,
  attachmentsProblem,
  ATTACHMENT_MODE_WORDS,
} from './domain/attachments.js';
import type {
  CreateMessageTemplateDto,
  MessageTemplateDto,
  MessageTemplateFieldsDto,
  UpdateMessageTemplateDto,
} from './dto/message-template.dto.js';
import { MessageFilesService, toMessageFileDto } from './message-files.service.js';
import type { MessageFile } from './message-file.entity.js';
import { MessageTemplate } from './message-template.entity.js';

/** The spec's Korean messages (spec §5 and §8, Message templates). */
export const MESSAGE_TEMPLATE_MESSAGES = {
  titleRequired: '템플릿 제목을 입력해주세요.',
  messageRequired: '메시지 내용을 입력해주세요.',
  created: '새 템플릿이 추가되었습니다.',
  updated: '템플릿이 수정되었습니다.',
  deleted: '템플릿이 삭제되었습니다.',
  notFound: '템플릿을 찾을 수 없습니다.',
  exists: '같은 id의 템플릿이 이미 있습니다.',
  changedMeanwhile: (fields: readonly string[]) =>
    `The template was changed by someone else meanwhile (${fields.join(', ')}). Nothing was saved.`,
} as const;

/** The column of each field a save writes. */
const TEMPLATE_COLUMNS = { title: 'title', message: 'message', fileType: 'file_type', files: 'files' } as const;

function toDto(template: MessageTemplate, files: readonly MessageFile[]): MessageTemplateDto {
  return {
    id: template.id,
    title: template.title,
    message: template.message,
    fileType: ATTACHMENT_MODE_WORDS[template.fileType as AttachmentMode],
    files: [...template.files],
    attachments: files.map(toMessageFileDto),
    updatedAt: template.updatedAt.toISOString(),
    version: template.version,
  };
}

/** Message templates, shared by all staff. */
@Injectable()
export class MessageTemplatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly files: MessageFilesService,
  ) {}

  async list(): Promise<MessageTemplateDto[]> {
    const templates = await this.em.fork().find(MessageTemplate, {}, { orderBy: { createdAt: 'desc', id: 'desc' } });
    const files = await this.files
      .describe([...new Set(templates.flatMap((template) => template.files))])
      .catch(() => null);
    const byId = new Map((files ?? []).map((file) => [file.id, file]));
    return templates.map((template) =>
      toDto(
        template,
        template.files.flatMap((id) => byId.get(id) ?? []),
      ),
    );
  }

  async create(userId: number, input: CreateMessageTemplateDto): Promise<MessageTemplateDto> {
    const fields = await this.checked(input);
    const em = this.em.fork();
    const id = input.id ?? String(Date.now());
    if (await em.findOne(MessageTemplate, { id })) throw conflict(MESSAGE_TEMPLATE_MESSAGES.exists);
    const template = em.create(MessageTemplate, { id, ...fields.values, createdBy: userId });
    await em.flush();
    return toDto(template, fields.files);
  }

  /** Made on an older version, a save that would overwrite fields changed since is refused with the template as it is now. */
  async update(id: string, input: UpdateMessageTemplateDto): Promise<MessageTemplateDto> {
    const fields = await this.checked(input);
    return this.em.fork().transactional(async (em) => {
      const template = await em.findOne(MessageTemplate, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!template) throw notFound(MESSAGE_TEMPLATE_MESSAGES.notFound);
      const writes = Object.entries(TEMPLATE_COLUMNS).map(([field, column]) => ({
        field,
        column,
        current: template[field as keyof typeof TEMPLATE_COLUMNS],
        next: fields.values[field as keyof typeof TEMPLATE_COLUMNS],
      }));
      const conflicts = conflictingFields(template, input.version, writes);
      if (conflicts.length > 0) {
        const files = await this.files.describe(template.files).catch(() => []);
        throw staleSave(MESSAGE_TEMPLATE_MESSAGES.changedMeanwhile(conflicts), {
          conflictingFields: conflicts,
          current: toDto(template, files),
        });
      }
      em.assign(template, fields.values);
      await em.flush();
      return toDto(template, fields.files);
    });
  }

  async remove(id: string): Promise<void> {
    const removed = await this.em.fork().nativeDelete(MessageTemplate, { id });
    if (removed === 0) throw notFound(MESSAGE_TEMPLATE_MESSAGES.notFound);
  }

  private async checked(input: MessageTemplateFieldsDto) {
    const title = input.title.trim();
    if (!title) throw invalid(MESSAGE_TEMPLATE_MESSAGES.titleRequired);
    if (!input.message.trim()) throw invalid(MESSAGE_TEMPLATE_MESSAGES.messageRequired);
    const fileType = attachmentModeOf(input.fileType);
    const files = await this.files.describe(input.files ?? []);
    const problem = attachmentsProblem(fileType, files);
    if (problem) throw invalid(problem);
    return { values: { title, message: input.message, fileType, files: files.map((file) => file.id) }, files };
  }
}
