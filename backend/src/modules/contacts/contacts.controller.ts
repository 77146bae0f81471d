import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentPrincipal, type Principal } from '../../platform/http/auth-decorators.js';
import { ApiErrorResponses } from '../../platform/http/api-error-responses.js';
import { IdParamPipe } from '../../platform/http/id-param.pipe.js';
import { ColumnSettingsService } from './column-settings.service.js';
import { ContactsService } from './contacts.service.js';
import { DuplicatesService } from './duplicates.service.js';
import { ColumnSettingsDto, SaveColumnSettingsDto } from './dto/column-settings.dto.js';
import {
  CheckContactsDto,
  ContactDto,
  ContactIdsDto,
  ContactListDto,
  CountDto,
  MergeContactsDto,
  MoveContactsDto,
  PasteContactsDto,
  SaveContactsDto,
  UpdateContactDto,
} from './dto/contact.dto.js';

/** The contact table's edits and the tools below it (spec §2 Contact list tab, Duplicate check tab). */
@ApiTags('contacts')
@ApiBearerAuth()
@ApiErrorResponses(400, 401, 403)
@Controller()
export class ContactsController {
  constructor(
    private readonly contacts: ContactsService,
    private readonly duplicates: DuplicatesService,
    private readonly columns: ColumnSettingsService,
  ) {}

  @Put('contacts/:id')
  @ApiOkResponse({ type: ContactDto, description: 'A field left out keeps its value' })
  @ApiErrorResponses(404, {
    409: 'Stale: someone changed the fields since the version given (details.conflictingFields, details.current)',
  })
  update(@Param('id', IdParamPipe) id: number, @Body() body: UpdateContactDto): Promise<ContactDto> {
    return this.contacts.update(id, body);
  }

  @Put('contacts')
  @ApiOkResponse({ type: ContactListDto, description: 'Every changed row saved, or none' })
  @ApiErrorResponses(404, {
    409: 'Some rows are stale: none saved; details.staleRecords names each with its current values',
  })
  async saveMany(@Body() body: SaveContactsDto): Promise<ContactListDto> {
    const data = await this.contacts.saveMany(body.contacts);
    return { data, total: data.length };
  }

  @Post('contacts/check')
  @HttpCode(200)
  @ApiOkResponse({ type: CountDto, description: 'Select All or Uncheck All' })
  async check(@Body() body: CheckContactsDto): Promise<CountDto> {
    return { count: await this.contacts.check(body.addressBookId, body.contactIds, body.checked) };
  }

  @Post('contacts/lookup')
  @HttpCode(200)
  @ApiOkResponse({
    type: ContactListDto,
    description: 'The live contacts among those named, in id order (the message sender reads its recipients so)',
  })
  async lookup(@Body() body: ContactIdsDto): Promise<ContactListDto> {
    const data = await this.contacts.read(body.contactIds);
    return { data, total: data.length };
  }

  @Post('contacts/delete')
  @HttpCode(200)
  @ApiOkResponse({ type: CountDto, description: 'Deleted contacts are kept and can be restored' })
  async remove(@Body() body: ContactIdsDto): Promise<CountDto> {
    return { count: await this.contacts.remove(body.contactIds) };
  }

  @Post('contacts/restore')
  @HttpCode(200)
  @ApiOkResponse({ type: ContactListDto, description: 'Deleted or merged-away contacts brought back' })
  async restore(@Body() body: ContactIdsDto): Promise<ContactListDto> {
    const data = await this.contacts.restore(body.contactIds);
    return { data, total: data.length };
  }

  @Post('contacts/paste')
  @HttpCode(200)
  @ApiOkResponse({ type: ContactListDto, description: 'The copies, checked, in the group' })
  paste(@Body() body: PasteContactsDto): Promise<ContactListDto> {
    return this.contacts
      .paste(body.contactIds, body.groupId, body.removeOriginals)
      .then((data) => ({ data, total: data.length }));
  }

  @Post('contacts/move')
  @HttpCode(200)
  @ApiOkResponse({ type: CountDto, description: 'Move Checked Group' })
  @ApiErrorResponses(404)
  async move(@Body() body: MoveContactsDto): Promise<CountDto> {
    return { count: await this.contacts.move(body.contactIds, body.groupId) };
  }

  @Post('contacts/merge')
  @HttpCode(200)
  @ApiOkResponse({ type: ContactDto, description: 'The survivor; the others are kept as deleted rows naming it' })
  merge(@Body() body: MergeContactsDto): Promise<ContactDto> {
    return this.duplicates.merge(body.survivorId, body.contactIds, {
      mergeEmails: body.mergeEmails,
      mergeMemos: body.mergeMemos,
    });
  }

  @Get('contacts/:id/merged')
  @ApiOkResponse({ type: ContactListDto, description: 'The contacts merged into this one, restorable' })
  async merged(@Param('id', IdParamPipe) id: number): Promise<ContactListDto> {
    const data = await this.duplicates.mergedInto(id);
    return { data, total: data.length };
  }

  @Get('contact-column-settings')
  @ApiOkResponse({ type: ColumnSettingsDto })
  async columnSettings(@CurrentPrincipal() principal: Principal): Promise<ColumnSettingsDto> {
    return { columns: await this.columns.get(principal.userId) };
  }

  @Put('contact-column-settings')
  @ApiOkResponse({ type: ColumnSettingsDto })
  async saveColumnSettings(
    @CurrentPrincipal() principal: Principal,
    @Body() body: SaveColumnSettingsDto,
  ): Promise<ColumnSettingsDto> {
    return { columns: await this.columns.save(principal.userId, body.columns) };
  }
}
