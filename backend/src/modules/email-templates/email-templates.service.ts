import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { conflictingFields } from '../../platform/database/record-versions.js';
import { staleSave } from '../../platform/http/stale-save.js';
import { htmlDocument, normaliseNewlines, renderEmail, sampleContext } from './domain/render-email.js';
import type { EmailTemplateDto, SaveEmailTemplateDto, UpdateEmailTemplateDto } from './dto/email-template.dto.js';
import { EmailTemplate } from './email-template.entity.js';

export function toEmailTemplateDto(template: EmailTemplate): EmailTemplateDto {
  return {
    id: template.id,
    title: template.title,
    subject: template.subject,
    template: template.template,
    htmlTemplate: template.htmlTemplate,
    isActive: template.isActive,
    attachComcards: template.attachComcards,
    isDefault: template.isDefault,
    createdAt: template.createdAt.toISOString(),
    updatedAt: template.updatedAt.toISOString(),
    version: template.version,
  };
}

/** The columns of the fields staff write (htmlTemplate is rendered from template). */
const EDITED_COLUMNS = {
  title: 'title',
  subject: 'subject',
  template: 'template',
  isActive: 'is_active',
  attachComcards: 'attach_comcards',
} as const;

/**
 * E-mail templates (spec §7). Writes that can move the default take one transaction-scoped lock, so two staff
 * switching the default at once end with one default, never an error; the database refuses any commit that
 * leaves none or two.
 */
@Injectable()
export class EmailTemplatesService {
  constructor(
    private readonly em: EntityManager,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PUBLIC_URL'>,
  ) {}

  async list(): Promise<EmailTemplateDto[]> {
    const templates = await this.em.fork().find(EmailTemplate, {}, { orderBy: { id: 'asc' } });
    return templates.map(toEmailTemplateDto);
  }

  async get(id: number): Promise<EmailTemplateDto> {
    return toEmailTemplateDto(await load(this.em.fork(), id));
  }

  /** The default template; null when there are no templates. */
  async findDefault(): Promise<EmailTemplateDto | null> {
    const template = await this.em.fork().findOne(EmailTemplate, { isDefault: true });
    return template ? toEmailTemplateDto(template) : null;
  }

  /** The first template becomes the default. */
  async create(input: SaveEmailTemplateDto): Promise<EmailTemplateDto> {
    return this.em.fork().transactional(async (em) => {
      await lockDefault(em);
      const isFirst = (await em.count(EmailTemplate, {})) === 0;
      const template = em.create(EmailTemplate, { ...this.fields(input), isDefault: isFirst });
      await em.flush();
      return toEmailTemplateDto(template);
    });
  }

  /** Made on an older version, a save that would overwrite fields changed since is refused with the template as it is now. */
  async update(id: number, input: UpdateEmailTemplateDto): Promise<EmailTemplateDto> {
    return this.em.fork().transactional(async (em) => {
      const template = await load(em, id, LockMode.PESSIMISTIC_WRITE);
      const fields = this.fields(input);
      const writes = Object.entries(EDITED_COLUMNS).map(([field, column]) => ({
        field,
        column,
        current: template[field as keyof typeof EDITED_COLUMNS],
        next: fields[field as keyof typeof EDITED_COLUMNS],
      }));
      const conflicts = conflictingFields(template, input.version, writes);
      if (conflicts.length > 0) {
        throw staleSave(
          `The template was changed by someone else meanwhile (${conflicts.join(', ')}). Nothing was saved.`,
          {
            conflictingFields: conflicts,
            current: toEmailTemplateDto(template),
          },
        );
      }
      em.assign(template, fields);
      await em.flush();
      return toEmailTemplateDto(template);
    });
  }

  /** Deleting the default hands it to the most recently edited of the others. */
  async remove(id: number): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await lockDefault(em);
      const template = await load(em, id);
      await em.nativeDelete(EmailTemplate, { id });
      if (template.isDefault) {
        const [heir] = await em.find(EmailTemplate, {}, { orderBy: { updatedAt: 'desc', id: 'desc' }, limit: 1 });
        if (heir) await em.nativeUpdate(EmailTemplate, { id: heir.id }, { isDefault: true });
      }
    });
  }

  async setDefault(id: number): Promise<EmailTemplateDto> {
    return this.em.fork().transactional(async (em) => {
      await lockDefault(em);
      const template = await load(em, id);
      // Clear, then set: the unique index sees at most one default after each statement.
      await em.nativeUpdate(EmailTemplate, { isDefault: true, id: { $ne: id } }, { isDefault: false });
      await em.nativeUpdate(EmailTemplate, { id }, { isDefault: true });
      await em.refresh(template);
      return toEmailTemplateDto(template);
    });
  }

  private fields(input: SaveEmailTemplateDto) {
    const template = normaliseNewlines(input.template);
    const subject = input.subject.trim();
    const preview = renderEmail(template, sampleContext(this.config.PUBLIC_URL));
    return {
      title: input.title.trim(),
      subject,
      template,
      htmlTemplate: htmlDocument(preview.html, subject),
      isActive: input.isActive ?? true,
      attachComcards: input.attachComcards ?? false,
    };
  }
}

async function lockDefault(em: EntityManager): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('email_template:default'))`);
}

async function load(em: EntityManager, id: number, lockMode?: LockMode.PESSIMISTIC_WRITE): Promise<EmailTemplate> {
  const template = await em.findOne(EmailTemplate, { id }, lockMode ? { lockMode } : {});
  if (!template) throw new NotFoundException('Email template not found');
  return template;
}
