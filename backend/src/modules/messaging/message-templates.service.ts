import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { type AttachmentMode, attachmentModeOf, attachmentsProblem, ATTACHMENT_MODE_WORDS } from './domain/attachments.js';
import type { CreateMessageTemplateDto, MessageTemplateDto, UpdateMessageTemplateDto } from './dto/message-template.dto.js';
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
} as const;

function toDto(template: MessageTemplate, files: readonly MessageFile[]): MessageTemplateDto {
  return {
    id: template.id,
    title: template.title,
    message: template.message,
    fileType: ATTACHMENT_MODE_WORDS[template.fileType as AttachmentMode],
    files: [...template.files],
    attachments: files.map(toMessageFileDto),
    updatedAt: template.updatedAt.toISOString(),
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
    const files = await this.files.describe([...new Set(templates.flatMap((template) => template.files))]).catch(() => null);
    const byId = new Map((files ?? []).map((file) => [file.id, file]));
    return templates.map((template) => toDto(template, template.files.flatMap((id) => byId.get(id) ?? [])));
  }

  async create(userId: number, input: CreateMessageTemplateDto): Promise<MessageTemplateDto> {
    const fields = await this.checked(input);
    const em = this.em.fork();
    const id = input.id ?? String(Date.now());
    if (await em.findOne(MessageTemplate, { id })) throw new ConflictException(MESSAGE_TEMPLATE_MESSAGES.exists);
    const template = em.create(MessageTemplate, { id, ...fields.values, createdBy: userId });
    await em.flush();
    return toDto(template, fields.files);
  }

  async update(id: string, input: UpdateMessageTemplateDto): Promise<MessageTemplateDto> {
    const fields = await this.checked(input);
    const em = this.em.fork();
    const template = await em.findOne(MessageTemplate, { id });
    if (!template) throw new NotFoundException(MESSAGE_TEMPLATE_MESSAGES.notFound);
    em.assign(template, fields.values);
    await em.flush();
    return toDto(template, fields.files);
  }

  async remove(id: string): Promise<void> {
    const removed = await this.em.fork().nativeDelete(MessageTemplate, { id });
    if (removed === 0) throw new NotFoundException(MESSAGE_TEMPLATE_MESSAGES.notFound);
  }

  private async checked(input: UpdateMessageTemplateDto) {
    const title = input.title.trim();
    if (!title) throw new BadRequestException(MESSAGE_TEMPLATE_MESSAGES.titleRequired);
    if (!input.message.trim()) throw new BadRequestException(MESSAGE_TEMPLATE_MESSAGES.messageRequired);
    const fileType = attachmentModeOf(input.fileType);
    const files = await this.files.describe(input.files ?? []);
    const problem = attachmentsProblem(fileType, files);
    if (problem) throw new BadRequestException(problem);
    return { values: { title, message: input.message, fileType, files: files.map((file) => file.id) }, files };
  }
}
